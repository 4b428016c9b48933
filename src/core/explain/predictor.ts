/**
 * The model as the explanations see it: a Predictor that also says how many windows it computed
 * and how many came from the engine's cache (occluding one sentence recomputes only the windows
 * holding it), so every explanation can report windows run vs reused.
 */
import type { QaEngine } from '../qa/engine.ts';
import type { QaInput, QaPrediction } from '../types.ts';

/** Windows of one or more engine calls: all, computed by the model, reused from the cache. */
export interface WindowStats {
  windows: number;
  computed: number;
  cached: number;
}

/** Answers inputs in order; `stats` when the answers came from the engine (a fake model may leave it out). */
export type ExplainPredictor = (inputs: QaInput[], onProgress?: (done: number, total: number) => void) => Promise<{ predictions: QaPrediction[]; cancelled: boolean; stats?: WindowStats }>;

export const noWindows = (): WindowStats => ({ windows: 0, computed: 0, cached: 0 });

/** Adds b's window counts to a (in place) and returns a. */
export function addStats(a: WindowStats, b: WindowStats | undefined): WindowStats {
  if (b) {
    a.windows += b.windows;
    a.computed += b.computed;
    a.cached += b.cached;
  }
  return a;
}

/** One batched engine call per request, with its window counts, e.g. explainPredictor(engine, { versionTwo: false }). */
export function explainPredictor(engine: QaEngine, opts: { versionTwo: boolean; signal?: AbortSignal }): ExplainPredictor {
  return async (inputs, onProgress) => {
    const r = await engine.predict(inputs, { signal: opts.signal, onProgress: (p) => onProgress?.(p.done, p.total) }, { versionTwo: opts.versionTwo });
    return { predictions: r.predictions, cancelled: r.cancelled, stats: { windows: r.stats.windows, computed: r.stats.computed, cached: r.stats.cached } };
  };
}
