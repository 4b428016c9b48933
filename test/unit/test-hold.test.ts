import { describe, expect, it } from 'vitest';
import { heldPredictor, holdNextSweep, takeSweepHold } from '../../src/worker/test-hold.ts';
import type { Predictor } from '../../src/core/entity/tally.ts';

const echo: Predictor = async (inputs) => ({ predictions: inputs.map((i) => ({ id: i.id, text: i.question, start: 0, end: 0, score: 1 }) as never), cancelled: false });
const input = { id: 'q', question: 'Who?', context: 'Ann.' };

describe('test hook: hold a sweep after its n-th cell', () => {
  it('is taken once by the next sweep', () => {
    holdNextSweep(3);
    expect(takeSweepHold()).toBe(3);
    expect(takeSweepHold()).toBeNull();
  });

  it('passes calls through before the hold, then waits for the abort and reports cancelled', async () => {
    let cells = 0;
    const ctrl = new AbortController();
    const p = heldPredictor(echo, 2, ctrl.signal, () => cells);
    expect((await p([input])).cancelled).toBe(false);
    cells = 2;
    let settled = false;
    const held = p([input]).then((r) => ((settled = true), r));
    await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    ctrl.abort();
    expect(await held).toEqual({ predictions: [], cancelled: true });
  });

  it('is the predictor itself when no hold was asked', () => {
    expect(heldPredictor(echo, null, new AbortController().signal, () => 0)).toBe(echo);
  });
});
