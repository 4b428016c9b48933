/** The app's statistics worker (issue 27): CIs and paired tests of an experiment result, off the main thread. */
import type { CiComparison, CiOptions, ExperimentCi, ShareInput } from '../core/stats/index.ts';

export type StatsRequest =
  /** Paired statistics of every comparison of one result, Holm-adjusted together, and the CI of each share (e.g. the DPR). */
  { type: 'ci'; reqId: number; comparisons: CiComparison[]; options: CiOptions; shares?: ShareInput[] };

export type StatsEvent =
  | { type: 'ci-done'; reqId: number; result: ExperimentCi; ms: number }
  | { type: 'ci-error'; reqId: number; message: string };
