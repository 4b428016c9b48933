/**
 * CI and p columns of the experiments' result tables (issue 27), so the app's CSV/JSON exports
 * and saved runs carry them: each figure's 95% CI over questions, the drop's CI (the inverted
 * sign-flip test), p (unadjusted, and Holm-adjusted over the run when it has several comparisons,
 * else empty), mdd, whether the drop is significant, p's Monte-Carlo error, mdd's α and the row's note.
 */
import { budgetKey, dropNote, significant, type BudgetCase, type DropStats, type ExperimentCi, type PairedStats } from '../stats/index.ts';
import type { CellValue, ResultTable } from './table.ts';

const r4 = (x: number | undefined): CellValue => (x === undefined || !Number.isFinite(x) ? null : +x.toFixed(4));

/** The CI columns of one comparison, named with `prefix`; `after` names the perturbed side. */
export const ciColumns = (prefix: string, before: string, after: string): string[] =>
  [`${before}_em_lo`, `${before}_em_hi`, `${before}_f1_lo`, `${before}_f1_hi`, `${after}_em_lo`, `${after}_em_hi`, `${after}_f1_lo`, `${after}_f1_hi`, 'drop_em_lo', 'drop_em_hi', 'drop_f1_lo', 'drop_f1_hi', 'p_em', 'p_f1', 'p_em_holm', 'p_f1_holm', 'mdd_f1', 'f1_significance', ...CI_EXTRA].map((c) => `${prefix}${c}`);

/** Columns after f1_significance: F1 p's Monte-Carlo standard error (empty when exact), the α of mdd_f1, and what the row must say (n.s. after Holm, no variation, …). */
export const CI_EXTRA = ['p_f1_mc_se', 'mdd_f1_alpha', 'f1_note'];

/** A drop's note for a table cell: dropNote and mdd's no-variation note, or null. */
export const noteCell = (d: DropStats): string | null => [dropNote(d), d.mddNote ?? ''].filter(Boolean).join('; ') || null;

/** A drop's significance in words, as the audit writes it. */
const verdict = (d: DropStats): string => (significant(d) ? 'significant' : 'not significant');

/** The cells of ciColumns for one comparison's statistics (all null when it has none). */
export function ciCells(st: PairedStats | null | undefined): CellValue[] {
  if (!st) return Array.from({ length: 18 + CI_EXTRA.length }, () => null);
  const { original: o, perturbed: p, drop: d } = st;
  return [o.em.lo, o.em.hi, o.f1.lo, o.f1.hi, p.em.lo, p.em.hi, p.f1.lo, p.f1.hi, d.em.lo, d.em.hi, d.f1.lo, d.f1.hi, d.em.p, d.f1.p, d.em.pHolm, d.f1.pHolm, d.f1.mdd ?? undefined]
    .map(r4)
    .concat(verdict(d.f1), d.f1.mcSe === undefined ? null : +d.f1.mcSe.toPrecision(2), mddAlphaCell(d.f1), noteCell(d.f1));
}

/** mdd's α as a cell; null for a run saved before issue 39, whose stats have none (its table must still open). */
const mddAlphaCell = (d: Partial<Pick<DropStats, 'mddAlpha'>>): number | null => (typeof d.mddAlpha === 'number' ? +d.mddAlpha.toPrecision(4) : null);

/** The sweep table with the CI columns of each row (key type · source · origin), e.g. orig_f1_lo … f1_significance; unchanged without statistics. */
export function withSweepCi(t: ResultTable, ci: ExperimentCi | undefined): ResultTable {
  if (!ci) return t;
  const [ti, si, oi] = ['type', 'source', 'origin'].map((c) => t.columns.indexOf(c)) as [number, number, number];
  return { ...t, columns: [...t.columns, ...ciColumns('', 'orig', 'renamed')], rows: t.rows.map((r) => [...r, ...ciCells(ci.rows[`${String(r[ti])} · ${String(r[si])} · ${String(r[oi])}`])]) };
}

/** The budget measure rows that have a comparison against the original answers. */
const CASE_OF: Record<string, BudgetCase> = { random_mean: 'random', worst: 'worst', best: 'best' };

/** The budget table with, per side (model_, resemble_), the CI columns of its random, worst and best rows against the original answers. */
export function withBudgetCi(t: ResultTable, ci: ExperimentCi | undefined): ResultTable {
  if (!ci) return t;
  const mi = t.columns.indexOf('measure');
  const sides = ['model', ...(Object.keys(ci.rows).some((k) => k.startsWith('resemble')) ? ['resemble'] : [])] as ('model' | 'resemble')[];
  return {
    ...t,
    columns: [...t.columns, ...sides.flatMap((s) => ciColumns(`${s}_`, 'original', 'case'))],
    rows: t.rows.map((r) => {
      const c = CASE_OF[String(r[mi])];
      return [...r, ...sides.flatMap((s) => ciCells(c ? ci.rows[budgetKey(s, c)] : null))];
    }),
  };
}

/**
 * A table with the CI columns on the rows that have a comparison: `keyOf` names a row's comparison
 * (null: none, cells empty), e.g. a trap table's "all" row, a universal name's row. Unchanged without statistics.
 */
export function withRowCi(t: ResultTable, ci: ExperimentCi | undefined, keyOf: (cell: (column: string) => CellValue) => string | null, before = 'orig', after = 'perturbed'): ResultTable {
  if (!ci) return t;
  return {
    ...t,
    columns: [...t.columns, ...ciColumns('', before, after)],
    rows: t.rows.map((r) => {
      const key = keyOf((c) => r[t.columns.indexOf(c)] ?? null);
      return [...r, ...ciCells(key === null ? null : ci.rows[key])];
    }),
  };
}

/**
 * A measure-per-row table (first column "measure", figures in `valueColumn`) with one more row per
 * CI column of comparison `key`, e.g. ["drop_f1_lo", 3.2]; `count` names a column that gets its n. Unchanged without statistics.
 */
export function withMeasureCi(t: ResultTable, ci: ExperimentCi | undefined, key: string, valueColumn: string, count?: string): ResultTable {
  const st = ci?.rows[key];
  if (!ci || st === undefined) return t;
  const vi = t.columns.indexOf(valueColumn);
  const ni = count ? t.columns.indexOf(count) : -1;
  const cells = ciCells(st);
  const rows = ciColumns('', 'original', 'perturbed').map((measure, i) => t.columns.map((_, c) => (c === 0 ? measure : c === vi ? (cells[i] ?? null) : c === ni && st ? st.n : null)));
  return { ...t, rows: [...t.rows, ...rows] };
}
