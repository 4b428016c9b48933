/**
 * A sweep's progress counts the model inputs it runs (issue 44: "7,128 of 7,128 predictions" while
 * 1,764 were run): InputProgress by hand, and the app's sweep (runSweep) and the CLI's
 * (runSweepStream) ending at exactly the inputs their predictor received, the same figure.
 */
import { describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { countedPredictor, DEFAULT_SWEEP, InputProgress, runBudget, StepInputs, plannedInputs, progressCount, runSweep, runSweepStream, sweepPlan, type Predictor, type SweepProgress } from '../../src/core/entity/index.ts';
import { DEFAULT_ROBUSTNESS, emptyRow, runRobustness } from '../../src/core/results/robustness.ts';
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

describe('countedPredictor (hand-computed)', () => {
  it('settles the plan to what the step sends and counts it done', async () => {
    // Planned 40 + 10; the first step sends 36 of its 40: total 46, done 36 after it.
    const p = new InputProgress(0);
    p.plan(50, 0);
    const xs = Array.from({ length: 36 }, (_, i) => ({ id: `q${i}`, question: 'Who?', context: 'Ann came.' }));
    const r = await countedPredictor(countingModel({ inputs: 0 }), p, 40, 'a')(xs);
    expect(r.predictions).toHaveLength(36);
    expect(p.progress('a')).toEqual({ done: 36, total: 46, label: 'a' });
  });
});

describe('the budget run counts the inputs it runs (issue 44: it counted items × (B + 1) steps)', () => {
  const demo = loadDemoSet().filter((i) => !i.isImpossible).slice(0, 60);
  it.each([
    { name: 'plain, B = 3', resemble: null },
    { name: 'with RESEMBLE (names chosen on a validation part, M = 3)', resemble: { m: 3 as const, temperature: 2, type: 'PER' as const } },
  ])('$name: ends at the predictor\'s input count, never past it', async ({ resemble }) => {
    const counter = { inputs: 0 };
    const progress: SweepProgress[] = [];
    await runBudget(demo, { type: 'PER', source: 'randstr', origin: 'us', budget: 3, resemble, versionTwo: false }, countingModel(counter), { onProgress: (p) => progress.push(p) });
    expect(counter.inputs).toBeGreaterThan(0);
    expect(progress.at(-1)).toEqual(expect.objectContaining({ done: counter.inputs, total: counter.inputs }));
    expect(progress.every((p, i) => p.done <= p.total && (i === 0 || p.done >= (progress[i - 1] as SweepProgress).done))).toBe(true);
  });
});

describe('the robustness table counts the inputs it runs (issue 44: it counted percent of 7 steps)', () => {
  it('StepInputs by hand: estimates until the last step starts, then exact', () => {
    const seen: SweepProgress[] = [];
    const s = new StepInputs([10, 20], (p) => seen.push(p));
    s.settle(6); // step 1 sends 6, not 10
    s.report('a', 4);
    s.next();
    s.settle(25);
    s.report('b', 5);
    expect(seen).toEqual([{ done: 4, total: 26, label: 'a', estimated: true }, { done: 11, total: 31, label: 'b' }]);
  });

  it('runRobustness ends at the predictor\'s input count', { timeout: 120_000 }, async () => {
    const demo = loadDemoSet().slice(0, 40);
    const config = { ...DEFAULT_ROBUSTNESS, types: ['PER' as const], seeds: 1, budget: 2 };
    const counter = { inputs: 0 };
    const progress: SweepProgress[] = [];
    await runRobustness(demo, config, countingModel(counter), emptyRow('m', 'cpu', config), { onProgress: (p) => progress.push(p) });
    expect(progress.at(-1)).toEqual(expect.objectContaining({ done: counter.inputs, total: counter.inputs }));
    expect(progress.at(-1)?.estimated).toBeUndefined();
    expect(progress.every((p, i) => p.done <= p.total && (i === 0 || p.done >= (progress[i - 1] as SweepProgress).done))).toBe(true);
  });
});
