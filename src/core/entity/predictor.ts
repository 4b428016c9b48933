/** A Predictor over the QA engine, for experiments in the worker, the CLI and tests. */
import type { QaEngine } from '../qa/engine.ts';
import type { QaPrediction } from '../types.ts';
import type { Predictor } from './experiment.ts';
import { nextTask } from '../runtime/next-task.ts';

/** Inputs per engine call: between calls the event loop runs, so a cancel can arrive. */
const CHUNK = 64;

/**
 * Wraps engine.predict: SQuAD 2.0 decoding when `versionTwo`, cancellation through `signal`, e.g.
 * await enginePredictor(engine, { versionTwo: false })([{ id: 'q', question, context }]).
 */
export function enginePredictor(engine: QaEngine, opts: { versionTwo: boolean; signal?: AbortSignal; between?: () => Promise<void>; onChunk?: (predictions: readonly QaPrediction[]) => void }): Predictor {
  return async (inputs, onProgress) => {
    const predictions: QaPrediction[] = [];
    for (let i = 0; i < inputs.length; i += CHUNK) {
      // An ONNX run can resolve without leaving the microtask queue: yield so messages are read.
      if (i > 0) await nextTask();
      // A caller's pause between chunks (the CLI's test hold); none by default.
      if (i > 0) await opts.between?.();
      if (opts.signal?.aborted) return { predictions, cancelled: true };
      const chunk = inputs.slice(i, i + CHUNK);
      const r = await engine.predict(chunk, { signal: opts.signal, onProgress: (p) => onProgress?.(i + Math.round((p.done / Math.max(1, p.total)) * chunk.length), inputs.length) }, { versionTwo: opts.versionTwo });
      predictions.push(...r.predictions);
      // Each finished chunk, for a checkpoint of the run (src/core/experiments/checkpoint.ts).
      opts.onChunk?.(r.predictions);
      if (r.cancelled) return { predictions, cancelled: true };
    }
    return { predictions, cancelled: !!opts.signal?.aborted && predictions.length < inputs.length };
  };
}
