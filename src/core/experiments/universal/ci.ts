/**
 * The statistics of a universal-names run: per listed top name (in rank order), original vs the
 * name put in on the questions it was tried on, Holm over the names — what `qarx universal --ci` prints.
 */
import { topNames, type UniversalResult } from '../../entity/universal-options.ts';
import type { SliceSource } from '../../metrics/slice-keys.ts';
import { universalSliceItems } from '../../metrics/experiment-slices.ts';
import { pairedOfItems, type CiComparison, type ExperimentCi } from '../../stats/index.ts';
import { withRowCi } from '../../results/ci-tables.ts';
import type { ResultTable } from '../../results/table.ts';

/** One comparison per top name (key: the name), in the ranking's order. */
export function universalComparisons(instances: readonly (SliceSource & { id: string })[], r: Pick<UniversalResult, 'rows' | 'top'>): CiComparison[] {
  return topNames(r).rows.map((row) => ({ key: row.name, items: pairedOfItems(universalSliceItems(instances, row)) }));
}

/** The universal-names table with the CI columns of each name's row (a name not listed in the top has none). */
export const withUniversalCi = (t: ResultTable, ci: ExperimentCi | undefined): ResultTable => withRowCi(t, ci, (cell) => (typeof cell('name') === 'string' && ci && Object.hasOwn(ci.rows, String(cell('name'))) ? String(cell('name')) : null), 'orig', 'renamed');
