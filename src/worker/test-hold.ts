/**
 * Test builds only (`qarxTest.holdSweep(n, skip)`, see src/app/shell/test-hooks.ts): the next sweep
 * (or one model's robustness run, counted in rows) stops before computing anything past its n-th
 * cell until it is cancelled, so a test presses Cancel or kills the worker at a known point
 * instead of racing the model. `skip` runs go by unheld first (on several models: the first
 * model's run completes, the next one holds).
 */
import type { Predictor } from '../core/entity/tally.ts';
import type { ExplainPredictor } from '../core/explain/predictor.ts';

let pending: { cells: number; skip: number } | null = null;

/** Holds the sweep after the next `skip` ones after `cells` finished cells. */
export function holdNextSweep(cells: number, skip = 0): void {
  pending = { cells: Math.max(0, Math.floor(cells)), skip: Math.max(0, Math.floor(skip)) };
}

/** The hold the starting run takes (and clears), or null (also while runs are skipped). */
export function takeSweepHold(): number | null {
  if (pending && pending.skip > 0) {
    pending.skip--;
    return null;
  }
  const h = pending?.cells ?? null;
  pending = null;
  return h;
}

/** `predict`, except that once `cellsDone()` reaches `hold` it waits for the abort and reports the call cancelled. */
export function heldPredictor(predict: Predictor, hold: number | null, signal: AbortSignal, cellsDone: () => number): Predictor {
  if (hold === null) return predict;
  return async (inputs, onProgress) => {
    if (cellsDone() < hold) return predict(inputs, onProgress);
    await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
    return { predictions: [], cancelled: true };
  };
}

/** Model calls left before the hold, counted over the next explanation jobs (a map, then its reduction). */
let explainPending: { left: number } | null = null;

/** Holds the next explanation jobs ("Explain", its input reduction, "Find a failure") after `calls` model calls in all. */
export function holdNextExplain(calls: number): void {
  explainPending = { left: Math.max(0, Math.floor(calls)) };
}

/** The hold a starting explanation job shares with the ones after it until it holds, or null. */
export function takeExplainHold(): { left: number } | null {
  return explainPending;
}

/** An explanation predictor that, once the hold's calls are spent, waits for the abort and reports the call cancelled (no answers). */
export function heldExplainPredictor(predict: ExplainPredictor, hold: { left: number } | null, signal: AbortSignal): ExplainPredictor {
  if (hold === null) return predict;
  return async (inputs, onProgress) => {
    if (hold.left-- > 0) return predict(inputs, onProgress);
    if (explainPending === hold) explainPending = null;
    await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
    return { predictions: [], cancelled: true, stats: { windows: 0, computed: 0, cached: 0 } };
  };
}

let runPending: number | null = null;

/** Holds the next checkpointed experiment run (src/worker/checkpoints.ts) once `predictions` model answers are in: it checkpoints, then waits for Cancel. */
export function holdNextRun(predictions: number): void {
  runPending = Math.max(1, Math.floor(predictions));
}

/** The hold the starting run takes (and clears), or null. */
export function takeRunHold(): number | null {
  const h = runPending;
  runPending = null;
  return h;
}
