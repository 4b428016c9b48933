/**
 * The statistics of a paraphrase run: one comparison over the answerable questions asked, each
 * original question's score vs its paraphrases' mean (as the audit's paraphrase unit tests it).
 */
import type { DprRow } from '../../sensitivity/dpr.ts';
import type { SliceSource } from '../../metrics/slice-keys.ts';
import { paraphraseSliceItems } from '../../metrics/experiment-slices.ts';
import { pairedOfItems, type CiComparison, type ExperimentCi } from '../../stats/index.ts';
import { withMeasureCi } from '../../results/ci-tables.ts';
import type { ResultTable } from '../../results/table.ts';

/** The comparison key of a paraphrase run. */
export const PARAPHRASE_CI_KEY = 'paraphrased';

/** A paraphrase run's comparison: original question vs the mean of its paraphrases, per question in row order. */
export function paraphraseComparisons(instances: readonly (SliceSource & { id: string })[], rows: readonly DprRow[]): CiComparison[] {
  return [{ key: PARAPHRASE_CI_KEY, items: pairedOfItems(paraphraseSliceItems(instances, rows)) }];
}

/** The DPR table with the CI rows of the original-vs-paraphrased comparison (value column, n in its n column). */
export const withParaphraseCi = (t: ResultTable, ci: ExperimentCi | undefined): ResultTable => withMeasureCi(t, ci, PARAPHRASE_CI_KEY, 'value', 'n');
