/**
 * Test builds only (`qarxTest.holdSweep(n)`, see src/app/test-hooks.ts): the next sweep stops
 * before computing anything past its n-th cell until it is cancelled, so a test presses Cancel at
 * a known point instead of racing the model.
 */
import type { Predictor } from '../core/entity/tally.ts';

let pending: number | null = null;

/** Holds the next sweep after `cells` finished cells. */
export function holdNextSweep(cells: number): void {
  pending = Math.max(0, Math.floor(cells));
}

/** The hold the starting sweep takes (and clears), or null. */
export function takeSweepHold(): number | null {
  const h = pending;
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
