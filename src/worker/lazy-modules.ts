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

/**
 * The modules a run of each experiment kind needs (core/experiments/kind.ts names the kinds): what
 * the worker loads while that experiment's page is open. A sweep's page used to load the natural
 * edits' modules too (their noise tables were ≈ 0.1 s of a demo sweep's start on this machine, issue 44).
 */
export function preloadFor(kinds: readonly string[]): Promise<unknown>[] {
  const loads = new Set<() => Promise<unknown>>();
  for (const k of kinds) {
    if (k === 'sweep' || k === 'budget' || k === 'universal' || k === 'export') loads.add(lazy.entity);
    else if (k === 'natural' || k === 'synthetic') [lazy.pairs, lazy.noise].forEach((l) => loads.add(l));
    else if (k === 'paraphrase') loads.add(lazy.paraphrases);
    else if (k === 'traps' || k === 'adversarial') loads.add(lazy.traps);
    else if (k === 'robustness') loads.add(lazy.robustness);
  }
  return [...loads].map((load) => load());
}
