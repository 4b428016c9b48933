/**
 * The statistics of a revision-pair (or synthetic-noise) run: one comparison, each question's score
 * on the original vs the edited passage, in row order — what `qarx compare --ci` tests, so a fixed
 * seed gives the same CI and p in the app and the CLI.
 */
import type { PairRow } from '../../natural/pairs.ts';
import type { SliceSource } from '../../metrics/slice-keys.ts';
import { joinScores } from '../../metrics/slices.ts';
import { pairedOfItems, type CiComparison, type ExperimentCi } from '../../stats/index.ts';
import { withMeasureCi } from '../../results/ci-tables.ts';
import type { ResultTable } from '../../results/table.ts';

/** The comparison key of a pairs run (its one comparison). */
export const PAIRS_CI_KEY = 'pairs';

/** A pairs run's comparison: original vs edited passage per question, in row order (rows without a question left out). */
export function pairsComparisons(instances: readonly (SliceSource & { id: string })[], rows: readonly PairRow[]): CiComparison[] {
  return [{ key: PAIRS_CI_KEY, items: pairedOfItems(joinScores(instances, rows, (r) => ({ original: r.original, perturbed: r.perturbed }))) }];
}

/** The pairs table (measure rows, one column per run) with the CI rows of its comparison in `column`. */
export const withPairsCi = (t: ResultTable, ci: ExperimentCi | undefined, column: string): ResultTable => withMeasureCi(t, ci, PAIRS_CI_KEY, column);
