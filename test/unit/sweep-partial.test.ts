/**
 * A stopped sweep (issue 40.8): its rows are marked incomplete (complete: false), whatever their
 * seed count, and progress counts whole questions (never "136.5333/26550").
 */
import { describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { runSweepStream, summarizeSweep, type Predictor, type SweepConfig } from '../../src/core/entity/index.ts';
import { char, type QaInput, type QaPrediction } from '../../src/core/types.ts';

const demo = loadDemoSet().filter((i) => i.lang === 'en');
const answer = (x: QaInput): QaPrediction => {
  const best = { text: 'x', start: char(0), end: char(1), startLogit: 0, endLogit: 0, score: 0, probability: 1 };
  return { id: x.id, text: 'x', best, nbest: [best], nullScoreDiff: null, windows: 1 };
};
const config: SweepConfig = { types: ['PER', 'ORG'], sources: ['db'], seeds: 2, origin: 'us', origins: [] };

/** A predictor reporting progress a third at a time, that aborts `ctrl` on call `stopAt`. */
function model(ctrl: AbortController, stopAt: number): Predictor {
  let calls = 0;
  return async (inputs, onProgress) => {
    if (++calls === stopAt) ctrl.abort();
    for (let k = 1; k <= 3; k++) onProgress?.(Math.floor((k * inputs.length) / 3), inputs.length);
    return { predictions: inputs.map(answer), cancelled: false };
  };
}

describe('a stopped sweep', () => {
  it.each([2, 7])('stopped at predictor call %i: rows incomplete, progress in whole questions', async (stopAt) => {
    const ctrl = new AbortController();
    const done: number[] = [];
    const r = await runSweepStream(demo, config, model(ctrl, stopAt), { signal: ctrl.signal, blockSize: 5, onProgress: (p) => done.push(p.done) });
    expect(r.cancelled).toBe(true);
    expect(done.length).toBeGreaterThan(0);
    expect(done.filter((d) => !Number.isInteger(d))).toEqual([]);
    const rows = summarizeSweep(r.cells, config.seeds);
    expect(rows.map((x) => x.complete)).toEqual(rows.map(() => false));
  });

  it('a finished sweep: rows complete', async () => {
    const r = await runSweepStream(demo, config, model(new AbortController(), -1), { blockSize: 5 });
    expect(summarizeSweep(r.cells, config.seeds).every((x) => x.complete)).toBe(true);
  });
});
