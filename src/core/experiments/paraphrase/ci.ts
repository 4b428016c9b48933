/**
 * The statistics of a paraphrase run: one comparison over the answerable questions asked, each
 * original question's score vs its paraphrases' mean (as the audit's paraphrase unit tests it).
 */
import type { DprRow } from '../../sensitivity/dpr.ts';
import type { SliceSource } from '../../metrics/slice-keys.ts';
import { paraphraseSliceItems } from '../../metrics/experiment-slices.ts';
import { pairedOfItems, type CiComparison, type ExperimentCi, type ShareInput } from '../../stats/index.ts';
import { withMeasureCi } from '../../results/ci-tables.ts';
import type { ResultTable } from '../../results/table.ts';

/** The comparison key of a paraphrase run. */
export const PARAPHRASE_CI_KEY = 'paraphrased';

/** A paraphrase run's comparison: original question vs the mean of its paraphrases, per question in row order. */
export function paraphraseComparisons(instances: readonly (SliceSource & { id: string })[], rows: readonly DprRow[]): CiComparison[] {
  return [{ key: PARAPHRASE_CI_KEY, items: pairedOfItems(paraphraseSliceItems(instances, rows)) }];
}

/** The share key of the DPR. */
export const DPR_CI_KEY = 'dpr';

/**
 * The DPR as a share for its CI: 1 per (question, paraphrase) pair whose answer changed, 0 else, in
 * row order (Tang et al. 2021, App. F: the mean over the pairs is the DPR); with "passages", the
 * pairs of one original question are resampled together (they share its passage and its answer).
 */
export function dprShares(rows: readonly DprRow[]): ShareInput[] {
  return [{ key: DPR_CI_KEY, values: rows.map((r) => (r.differs ? 1 : 0)), clusters: rows.map((r) => `${r.dataset}\u0000${r.id}`) }];
}

/** The DPR table with the DPR's CI rows (dpr_pct_lo, dpr_pct_hi) and the CI rows of the original-vs-paraphrased comparison (value column, n in its n column). */
export function withParaphraseCi(t: ResultTable, ci: ExperimentCi | undefined): ResultTable {
  const d = ci?.shares?.[DPR_CI_KEY];
  const vi = t.columns.indexOf('value');
  const ni = t.columns.indexOf('n');
  const r4 = (x: number) => (Number.isFinite(x) ? +x.toFixed(4) : null);
  const dprRows = d ? (['lo', 'hi'] as const).map((side) => t.columns.map((_, c) => (c === 0 ? `dpr_pct_${side}` : c === vi ? r4(d[side]) : c === ni ? d.n : null))) : [];
  const withDpr = dprRows.length ? { ...t, rows: [...t.rows, ...dprRows] } : t;
  return withMeasureCi(withDpr, ci, PARAPHRASE_CI_KEY, 'value', 'n');
}
