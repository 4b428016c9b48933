/**
 * The experiments' modules, imported on first use: they bring name lists, compromise and the
 * noise tables, which the first answer does not need (the worker starts before the model loads).
 * Each import is started once and shared; a failed one (e.g. a chunk missing offline) is tried again
 * on the next use instead of failing for good.
 */
import { once } from './once.ts';

export const lazy = {
  entity: once(() => import('../core/entity/index.ts')),
  pairs: once(() => import('../core/natural/pairs.ts')),
  noise: once(() => import('../core/natural/noise-passage.ts')),
  paraphrases: once(() => import('../core/sensitivity/dpr.ts')),
  robustness: once(() => import('../core/results/robustness.ts')),
  traps: once(() => import('./trap-jobs.ts')),
};
