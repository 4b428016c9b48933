/** The result tables of the built-in experiments (sweep, budget, revision pairs, synthetic noise), as exported and compared. */
import { PAIR_CATEGORIES, type PairCategory } from './natural/categories.ts';
import type { PairSummary } from './natural/pairs.ts';
import { wrongShares, type BudgetResult, type BudgetScores, type SweepRow } from './entity/stats.ts';
import type { CellValue, ResultTable } from './result-table.ts';

/** A number rounded for a file (4 decimals), e.g. r4(1 / 3) === 0.3333. */
const r4 = (x: number): number => +x.toFixed(4);

/** A sweep summary, one row per type × source × origin; partial rows say so in `complete`. */
export function sweepTable(rows: readonly SweepRow[]): ResultTable {
  const columns = ['type', 'source', 'origin', 'n', 'seeds', 'planned_seeds', 'complete', 'orig_em', 'orig_f1', 'renamed_em_mean', 'renamed_em_std', 'renamed_f1_mean', 'renamed_f1_std', 'drop_em', 'drop_f1', 'wrong_entity_pct', 'wrong_boundary_pct'];
  return {
    title: 'Entity-renaming sweep',
    columns,
    key: ['type', 'source', 'origin'],
    headline: ['orig_f1', 'renamed_f1_mean', 'drop_f1'],
    rows: rows.map((r) => {
      const sh = wrongShares(r.errors.pert);
      return [r.type, r.source, r.origin, r.n, r.seeds, r.plannedSeeds, r.complete, r4(r.orig.em), r4(r.orig.f1), r4(r.pertEm.mean), r4(r.pertEm.std), r4(r.pertF1.mean), r4(r.pertF1.std), r4(r.dropEm), r4(r.dropF1), r4(sh.entity), r4(sh.boundary)];
    }),
  };
}

/** Worst/best over a budget: one row per measure, EM and F1 of the model and (when run) RESEMBLE. */
export function budgetTable(r: BudgetResult): ResultTable {
  const measures: [string, (s: BudgetScores) => [number, number]][] = [
    ['original', (s) => [s.original.em, s.original.f1]],
    ['random_mean', (s) => [s.random.em, s.random.f1]],
    ['random_std', (s) => [s.randomStd.em, s.randomStd.f1]],
    ['worst', (s) => [s.worst.em, s.worst.f1]],
    ['best', (s) => [s.best.em, s.best.f1]],
    ['stability_pct', (s) => [100 * s.stability, 100 * s.stability]],
  ];
  const side = (s: BudgetScores | null, m: (s: BudgetScores) => [number, number]): CellValue[] => (s ? m(s).map(r4) : [null, null]);
  return {
    title: 'Worst and best case over a budget of renamings',
    columns: ['measure', 'n', 'model_em', 'model_f1', 'resemble_em', 'resemble_f1'],
    key: ['measure'],
    headline: ['model_em', 'model_f1', 'resemble_em', 'resemble_f1'],
    rows: measures.map(([name, m]) => [name, r.n, ...side(r.plain, m), ...side(r.defended, m)]),
  };
}

/** Revision pairs and/or synthetic noise summarised: one row per measure, one column per set. */
export function pairsTable(cols: readonly { name: string; s: PairSummary }[]): ResultTable {
  const names = cols.map((c) => c.name);
  const row = (measure: string, f: (s: PairSummary) => number): CellValue[] => [measure, ...cols.map((c) => r4(f(c.s)))];
  return {
    title: 'Natural perturbations',
    columns: ['measure', ...names],
    key: ['measure'],
    headline: names,
    rows: [
      row('questions', (s) => s.n),
      ...PAIR_CATEGORIES.map((k: PairCategory) => row(k, (s) => s.categories[k])),
      row('em_original', (s) => s.original.em),
      row('f1_original', (s) => s.original.f1),
      row('em_changed', (s) => s.perturbed.em),
      row('f1_changed', (s) => s.perturbed.f1),
      ...(['C2W', 'C2C', 'W2C'] as const).map((k) => row(`unmodified_${k}_pct`, (s) => 100 * s.unmodified[k])),
      row('prediction_changed_pct', (s) => 100 * s.predictionChangeRate),
      row('relative_f1_change_pct', (s) => s.relativeF1Change),
    ],
  };
}
