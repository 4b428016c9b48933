/** The result tables of the experiments (sweep, budget, revision pairs, synthetic noise, universal names, DPR, traps, adversarial SQuAD), as exported and compared. */
import { PAIR_CATEGORIES, type PairCategory } from '../natural/categories.ts';
import type { PairSummary } from '../natural/pairs.ts';
import { wrongShares, type BudgetResult, type BudgetScores, type SweepRow } from '../entity/stats.ts';
import type { CellValue, ResultTable } from './table.ts';
import { worsensMore, type UniversalResult } from '../entity/universal-options.ts';
import type { DprCell, DprKindCell, DprSummary } from '../sensitivity/dpr.ts';
import { isPooled, kindsOf, POOLED_ROWS } from '../sensitivity/kinds.ts';
import type { TrapSummary } from '../trap/summary.ts';
import { adversarialCounts, type AdversarialOutput } from '../trap/adversarial.ts';
import { isSmallN, sliceKeyLabel, type SliceRow, type SliceTable as SliceTableData } from '../metrics/slices.ts';

/** A number rounded for a file (4 decimals), e.g. r4(1 / 3) === 0.3333. */
const r4 = (x: number): number => +x.toFixed(4);

/** The table with a `small` column right after its count column `nCol` (n < SMALL_N; no count → null), e.g. n 12 → small true. */
export function withSmall(t: ResultTable, nCol: string): ResultTable {
  const i = t.columns.indexOf(nCol) + 1;
  if (i === 0) return t;
  const put = <T,>(xs: readonly T[], x: T): T[] => [...xs.slice(0, i), x, ...xs.slice(i)];
  return { ...t, columns: put(t.columns, 'small'), rows: t.rows.map((r) => {
    const n = r[i - 1];
    return put(r, typeof n === 'number' ? isSmallN(n) : null);
  }) };
}

/** A sweep summary, one row per type × source × origin; partial rows say so in `complete`. */
export function sweepTable(rows: readonly SweepRow[]): ResultTable {
  const columns = ['type', 'source', 'origin', 'n', 'seeds', 'planned_seeds', 'complete', 'orig_em', 'orig_f1', 'renamed_em_mean', 'renamed_em_std', 'renamed_f1_mean', 'renamed_f1_std', 'drop_em', 'drop_f1', 'wrong_entity_pct', 'wrong_boundary_pct'];
  return withSmall({
    title: 'Entity-renaming sweep',
    columns,
    key: ['type', 'source', 'origin'],
    headline: ['orig_f1', 'renamed_f1_mean', 'drop_f1'],
    rows: rows.map((r) => {
      const sh = wrongShares(r.errors.pert);
      return [r.type, r.source, r.origin, r.n, r.seeds, r.plannedSeeds, r.complete, r4(r.orig.em), r4(r.orig.f1), r4(r.pertEm.mean), r4(r.pertEm.std), r4(r.pertF1.mean), r4(r.pertF1.std), r4(r.dropEm), r4(r.dropF1), r4(sh.entity), r4(sh.boundary)];
    }),
  }, 'n');
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
  return withSmall({
    title: r.resembleSplit ? `Worst and best case over a budget of renamings (test part; canonical names chosen on ${r.resembleSplit.validationIds.length} validation questions, seed ${r.resembleSplit.seed})` : 'Worst and best case over a budget of renamings',
    columns: ['measure', 'n', 'model_em', 'model_f1', 'resemble_em', 'resemble_f1'],
    key: ['measure'],
    headline: ['model_em', 'model_f1', 'resemble_em', 'resemble_f1'],
    rows: measures.map(([name, m]) => [name, r.n, ...side(r.plain, m), ...side(r.defended, m)]),
  }, 'n');
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
      ['small', ...cols.map((c) => isSmallN(c.s.n))],
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

/** Universal names: every name drawn, best first (rank as in the card: Algorithm 2's weight), with its counts and F1 cost; compared rank by rank. */
export function universalTable(r: UniversalResult): ResultTable {
  const w = (x: number | undefined, k = 1) => (x === undefined ? null : r4(k * x));
  // Listed (app, CLI) are the names that worsen more answers than they improve: each row says whether it does, and how many did.
  const qualified = r.rows.filter(worsensMore).length;
  return withSmall({
    title: 'Universal names',
    columns: ['rank', 'name', 'weight_pct', 'alpha', 'beta', 'draws', 'worsened', 'improved', 'tried', 'changed', 'share_pct', 'mean_f1_drop', 'eligible', 'orig_em', 'orig_f1', 'worsens_more', 'qualified'],
    // Side by side by rank: two runs (other seeds, say) draw other names, and the k-th best still compares.
    key: ['rank'],
    headline: ['weight_pct', 'worsened', 'improved', 'mean_f1_drop'],
    rows: r.rows.map((x, i) => [i + 1, x.name, w(x.weight, 100), w(x.alpha), w(x.beta), x.draws ?? null, x.worsened ?? null, x.improved ?? null, x.tried, x.changed, r4(100 * x.share), r4(x.meanF1Drop), r.eligible, r4(r.original.em), r4(r.original.f1), worsensMore(x), qualified]),
  }, 'tried');
}

/** A DPR cell as [measure, value %, n, changed]; an empty cell's DPR is null. */
const dprRow = (measure: string, c: DprCell): CellValue[] => [measure, c.n ? r4(100 * c.dpr) : null, c.n, c.changed];

/**
 * Over-sensitivity: the DPR and EM/F1 of both sides per paraphrase kind first (the headline: a
 * file's own paraphrases and each generator kind are different quantities, issue 38.4); with several
 * kinds, the figures over all pairs follow only as rows labelled "all kinds pooled".
 */
export function dprTable(s: DprSummary): ResultTable {
  // The pair (original, paraphrase) is the unit (DuReader-robust §2.1, App. F); the originals with each
  // question once are the other weighting, in their own labelled rows with their own count.
  const score = (measure: string, v: number, n: number): CellValue[] => [measure, r4(v), n, null];
  const kinds = kindsOf(s);
  const pooled = isPooled(s) ? POOLED_ROWS : '';
  const sides = (k: string, c: DprKindCell): CellValue[][] => [score(`em_original${k}`, c.original.em, c.n), score(`f1_original${k}`, c.original.f1, c.n), score(`em_paraphrased${k}`, c.paraphrased.em, c.n), score(`f1_paraphrased${k}`, c.paraphrased.f1, c.n)];
  const perKind = kinds.flatMap((k) => {
    const c = s.byKind[k] as DprKindCell;
    // With one kind the overall rows below are that kind's: its name alone says which.
    return pooled ? [dprRow(`dpr_pct ${k}`, c), ...sides(` ${k}`, c)] : [dprRow(`dpr_pct ${k}`, c)];
  });
  const overall = [dprRow(`dpr_pct${pooled}`, s), ...sides(pooled, s), score(`em_original_each_question_once${pooled}`, s.originalQuestions.em, s.questions), score(`f1_original_each_question_once${pooled}`, s.originalQuestions.f1, s.questions)];
  return withSmall({
    title: 'Over-sensitivity (DPR)',
    columns: ['measure', 'value', 'n', 'changed'],
    key: ['measure'],
    headline: ['value'],
    rows: [...(pooled ? perKind : []), ...overall, ...(pooled ? [] : perKind), ...s.buckets.map((b) => dprRow(`dpr_pct similarity ${b.label}${pooled}`, b))],
  }, 'n');
}

/** Over-stability: EM/F1 without and with the trap and the trap-hit share, overall and per similarity bucket. */
export function trapTable(s: TrapSummary): ResultTable {
  const row = (part: string, n: number, o: { em: number; f1: number }, t: { em: number; f1: number }, hit: number): CellValue[] => [part, n, ...(n ? [r4(o.em), r4(o.f1), r4(t.em), r4(t.f1), r4(100 * hit)] : [null, null, null, null, null])];
  return withSmall({
    title: 'Over-stability: trap sentences',
    columns: ['similarity', 'n', 'orig_em', 'orig_f1', 'trapped_em', 'trapped_f1', 'in_trap_pct'],
    key: ['similarity'],
    headline: ['orig_f1', 'trapped_f1', 'in_trap_pct'],
    rows: [row('all', s.n, s.original, s.trapped, s.hitShare), ...s.buckets.map((b) => row(b.label, b.n, b.original, b.trapped, b.hitShare))],
  }, 'n');
}

/** Jia & Liang's four figures with the question counts they rest on. */
export function adversarialTable(o: AdversarialOutput): ResultTable {
  const c = adversarialCounts(o.rows);
  const r = o.result;
  return withSmall({
    title: 'Adversarial SQuAD (Jia & Liang 2017)',
    columns: ['measure', 'originals', 'attacked', 'variants', 'em', 'f1'],
    key: ['measure'],
    headline: ['em', 'f1'],
    rows: [
      ['original', c.originals, c.attacked, c.variants, r4(r.orig_exact_match), r4(r.orig_f1)],
      ['adversarial', c.originals, c.attacked, c.variants, r4(r.adv_exact_match), r4(r.adv_f1)],
    ],
  }, 'originals');
}

/** A slice table as data: one row per slice value and the row of all questions (perturbed and drop = original − perturbed columns when it has them). */
export function sliceResultTable(t: SliceTableData, perturbedLabel: string): ResultTable {
  const side = (s: { em: number; f1: number } | null): CellValue[] => (s ? [r4(s.em), r4(s.f1)] : []);
  const row = (r: SliceRow): CellValue[] => [r.value, r.n, r.small, ...side(r.original), ...(t.perturbed ? [...side(r.perturbed), ...side(r.drop)] : [])];
  const p = perturbedLabel.replace(/\W+/g, '_');
  return {
    title: `Scores by ${sliceKeyLabel(t.key)}`,
    columns: ['slice', 'n', 'small', 'orig_em', 'orig_f1', ...(t.perturbed ? [`${p}_em`, `${p}_f1`, 'drop_em', 'drop_f1'] : [])],
    key: ['slice'],
    headline: t.perturbed ? ['orig_f1', `${p}_f1`, 'drop_f1'] : ['orig_f1'],
    rows: [...t.rows.map(row), row({ ...t.all, value: 'all' })],
  };
}

/** The unperturbed score over the answerable questions (the robustness table's "original F1"), e.g. n 10, F1 62.5. */
export function originalTable(n: number, s: { em: number; f1: number }): ResultTable {
  return withSmall({
    title: 'Original (answerable questions, unperturbed)',
    columns: ['questions', 'n', 'em', 'f1'],
    key: ['questions'],
    headline: ['em', 'f1'],
    rows: [['answerable', n, n ? r4(s.em) : null, n ? r4(s.f1) : null]],
  }, 'n');
}
