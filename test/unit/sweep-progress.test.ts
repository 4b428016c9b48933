/**
 * A sweep's progress counts the model inputs it runs (issue 44: "7,128 of 7,128 predictions" while
 * 1,764 were run): InputProgress by hand, and the app's sweep (runSweep) and the CLI's
 * (runSweepStream) ending at exactly the inputs their predictor received, the same figure.
 */
import { describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { DEFAULT_SWEEP, InputProgress, plannedInputs, progressCount, runSweep, runSweepStream, sweepPlan, type Predictor, type SweepProgress } from '../../src/core/entity/index.ts';
import { char, type QaInput, type QaPrediction } from '../../src/core/types.ts';

/** A model answering the passage's first word; counts every input it is given. */
function countingModel(counter: { inputs: number }): Predictor {
  const answer = (x: QaInput): QaPrediction => {
    const text = x.context.split(' ')[0] ?? '';
    const best = { text, start: char(0), end: char(text.length), startLogit: 0, endLogit: 0, score: 0, probability: 1 };
    return { id: x.id, text, best, nbest: [best], nullScoreDiff: null, windows: 1 };
  };
  return async (inputs, onProgress) => {
    counter.inputs += inputs.length;
    onProgress?.(Math.floor(inputs.length / 2), inputs.length);
    return { predictions: inputs.map(answer), cancelled: false };
  };
}

describe('InputProgress (hand-computed)', () => {
  it.each([
    { name: 'one block, exact', steps: (p: InputProgress) => (p.plan(30, 10), p.ran(12)), want: { done: 12, total: 30, label: 'x' } },
    { name: 'into a step', steps: (p: InputProgress) => (p.plan(30, 10), p.ran(12)), inStep: 5.7, want: { done: 17, total: 30, label: 'x' } },
    { name: 'a renaming failed: the total shrinks', steps: (p: InputProgress) => (p.plan(30, 10), p.settle(8, 6)), want: { done: 0, total: 28, label: 'x' } },
    // 4 of 10 questions planned with 12 inputs: 12 + 12/4 × 6 = 30, estimated.
    { name: 'blocks still unread: scaled and marked', steps: (p: InputProgress) => (p.plan(12, 4), p.ran(3)), want: { done: 3, total: 30, label: 'x', estimated: true } },
    { name: 'done never passes the total', steps: (p: InputProgress) => (p.plan(5, 10), p.ran(5)), inStep: 3, want: { done: 5, total: 5, label: 'x' } },
  ])('$name', ({ steps, inStep, want }) => {
    const p = new InputProgress(10);
    steps(p);
    expect(p.progress('x', inStep)).toEqual(want);
  });

  it.each([
    { p: { done: 12, total: 1764 }, want: '12 of 1,764' },
    { p: { done: 3, total: 7000, estimated: true }, want: '3 of about 7,000' },
  ])('progressCount($p) = $want', ({ p, want }) => {
    expect(progressCount(p)).toBe(want);
  });
});

describe('the app\'s and the CLI\'s sweep count the inputs they run', () => {
  const demo = loadDemoSet();
  const config = { ...DEFAULT_SWEEP, seeds: 2 };

  it('runSweep and runSweepStream end at the predictor\'s input count, planned before the first call', async () => {
    const app = { inputs: 0 };
    const appProgress: SweepProgress[] = [];
    await runSweep(demo, config, countingModel(app), { onProgress: (p) => appProgress.push(p) });
    const cli = { inputs: 0 };
    const cliProgress: SweepProgress[] = [];
    await runSweepStream(demo, config, countingModel(cli), { onProgress: (p) => cliProgress.push(p) });
    expect(cli.inputs).toBe(app.inputs);
    const answerable = demo.filter((i) => !i.isImpossible).length;
    // Far fewer than questions × (cells + 1): the old count.
    expect(app.inputs).toBeLessThan(answerable * (sweepPlan(config).length + 1));
    for (const progress of [appProgress, cliProgress]) {
      expect(progress.at(-1)).toEqual(expect.objectContaining({ done: app.inputs, total: app.inputs }));
      // One block: the total is known from the first report on.
      expect(new Set(progress.map((p) => p.total))).toEqual(new Set([app.inputs]));
    }
    const planned = plannedInputs(demo.filter((i) => !i.isImpossible), sweepPlan(config));
    expect(planned.inputs).toBe(app.inputs);
  });
});
