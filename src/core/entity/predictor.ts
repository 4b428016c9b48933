/** A Predictor over the QA engine, for experiments in the worker, the CLI and tests. */
import type { QaEngine } from '../engine.ts';
import type { Predictor } from './experiment.ts';

/**
 * Wraps engine.predict: SQuAD 2.0 decoding when `versionTwo`, cancellation through `signal`, e.g.
 * await enginePredictor(engine, { versionTwo: false })([{ id: 'q', question, context }]).
 */
export function enginePredictor(engine: QaEngine, opts: { versionTwo: boolean; signal?: AbortSignal }): Predictor {
  return async (inputs, onProgress) => {
    if (inputs.length === 0) return { predictions: [], cancelled: !!opts.signal?.aborted };
    const r = await engine.predict(inputs, { signal: opts.signal, onProgress: (p) => onProgress?.(Math.round((p.done / Math.max(1, p.total)) * inputs.length), inputs.length) }, { versionTwo: opts.versionTwo });
    return { predictions: r.predictions, cancelled: r.cancelled };
  };
}
