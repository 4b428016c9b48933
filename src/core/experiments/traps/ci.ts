/**
 * The statistics of a trap run: one comparison, each question's score on the original vs the
 * trapped passage, in row order — what `qarx compare --ci` tests on the trapped file.
 */
import type { TrapRow } from '../../trap/summary.ts';
import type { SliceSource } from '../../metrics/slice-keys.ts';
import { trapSliceItems } from '../../metrics/experiment-slices.ts';
import { pairedOfItems, type CiComparison, type ExperimentCi } from '../../stats/index.ts';
import { withRowCi } from '../../results/ci-tables.ts';
import type { ResultTable } from '../../results/table.ts';

/** The comparison key of a trap run. */
export const TRAPS_CI_KEY = 'trapped';

/** A trap run's comparison: original vs trapped passage per question, in row order. */
export function trapComparisons(instances: readonly (SliceSource & { id: string })[], rows: readonly TrapRow[]): CiComparison[] {
  return [{ key: TRAPS_CI_KEY, items: pairedOfItems(trapSliceItems(instances, rows)) }];
}

/** The trap table with the CI columns on its "all" row (the similarity buckets have none). */
export const withTrapCi = (t: ResultTable, ci: ExperimentCi | undefined): ResultTable => withRowCi(t, ci, (cell) => (cell('similarity') === 'all' ? TRAPS_CI_KEY : null), 'orig', 'trapped');
