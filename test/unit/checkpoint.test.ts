/**
 * A checkpoint is what a Cancel at that point gives (issue 40.3): for every kind the inference worker
 * runs, replaying the predictions logged so far to the kind's job code yields exactly the result of
 * the same run cancelled after the same number of predictions.
 */
import { describe, expect, it } from 'vitest';
import { checkpointDue, predictRecorder, replayPredictor, type PredictLog } from '../../src/core/experiments/checkpoint.ts';
import type { Predictor } from '../../src/core/entity/tally.ts';
import type { QaInput, QaPrediction } from '../../src/core/types.ts';
import { cancelledAfter, demoInstances, goldOf, kindBodies, standIn } from './helpers/kind-runs.ts';

const instances = demoInstances();
const answer = standIn(goldOf(instances));
const bodies = kindBodies(instances);

/** The stand-in model with a log, one chunk per prediction; `each` runs after every one. */
function logged(rec: ReturnType<typeof predictRecorder>, each: () => void): Predictor {
  return rec.record(async (inputs) => {
    const out: QaPrediction[] = [];
    for (const i of inputs) {
      const p = answer(i);
      out.push(p);
      rec.chunk([p]);
      each();
    }
    return { predictions: out, cancelled: false };
  });
}


describe('a checkpoint replays the run cancelled at the same point', () => {
  it.each(Object.keys(bodies))('%s', async (kind) => {
    const body = bodies[kind] as (typeof bodies)[string];
    const full = predictRecorder();
    await body(logged(full, () => {}));
    const total = full.count();
    expect(total).toBeGreaterThan(1);
    for (const k of [1, Math.floor(total / 2), total - 1]) {
      const rec = predictRecorder();
      let snap: PredictLog | null = null;
      await body(logged(rec, () => void (rec.count() === k && (snap ??= rec.snapshot()))));
      const replayed = await body(replayPredictor(snap as unknown as PredictLog));
      expect(replayed).toEqual(await body(cancelledAfter(answer, k)));
    }
  });
});

describe('replayPredictor', () => {
  const p = (id: string) => ({ id, text: id }) as unknown as QaPrediction;
  const input = (id: string): QaInput => ({ id, question: 'q', context: 'c' });
  it.each([
    { name: 'a finished call is answered whole', log: { calls: [{ ids: ['a', 'b'], predictions: [p('a'), p('b')], done: true }] }, ids: ['a', 'b'], want: { predictions: [p('a'), p('b')], cancelled: false } },
    { name: 'the running call is cancelled with its predictions so far', log: { calls: [{ ids: ['a', 'b'], predictions: [p('a')], done: false }] }, ids: ['a', 'b'], want: { predictions: [p('a')], cancelled: true } },
    { name: 'a call past the log is cancelled with nothing', log: { calls: [] }, ids: ['a'], want: { predictions: [], cancelled: true } },
    { name: 'a call with other inputs than logged is cancelled with nothing (never a wrong answer)', log: { calls: [{ ids: ['a'], predictions: [p('a')], done: true }] }, ids: ['x'], want: { predictions: [], cancelled: true } },
  ])('$name', async ({ log, ids, want }) => {
    expect(await replayPredictor(log)(ids.map(input))).toEqual(want);
  });
});

describe('checkpointDue', () => {
  it.each([
    { now: 500, lastEnd: 0, cost: 0, want: false },
    { now: 1_000, lastEnd: 0, cost: 0, want: true },
    { now: 1_500, lastEnd: 0, cost: 200, want: false },
    { now: 2_000, lastEnd: 0, cost: 200, want: true },
  ])('at $now ms after a replay ending at $lastEnd that took $cost ms: $want', ({ now, lastEnd, cost, want }) => {
    expect(checkpointDue(now, lastEnd, cost)).toBe(want);
  });
});
