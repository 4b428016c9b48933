/** predict's streamed outputs: the order and values of run_qa.py's dict (first position, last value), and whole files on a stop. */
import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { QaPrediction } from '../../src/core/index.ts';
import { OrderedById, PredictFolder } from '../../src/cli/predict-out.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-predict-out-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const pred = (id: string, text: string): QaPrediction => ({ id, text, best: null, nbest: [], nullScoreDiff: 0, windows: 1 }) as unknown as QaPrediction;

describe('OrderedById', () => {
  it('emits what new Map(pairs) holds, in its order, as predictions finish (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 20 }), (ids) => {
        const got: [string, string][] = [];
        const o = new OrderedById(ids, (p) => got.push([p.id, p.text]));
        ids.forEach((id, k) => o.add(k, pred(id, `#${k}`)));
        o.flush();
        expect(got).toEqual([...new Map(ids.map((id, k) => [id, `#${k}`]))]);
      }),
    );
  });

  it('on a stop, flush emits the finished ids in order and leaves out those not finished', () => {
    const got: string[] = [];
    const o = new OrderedById(['a', 'b', 'c', 'b', 'd'], (p) => got.push(p.text));
    ['a', 'b', 'c'].forEach((id, k) => o.add(k, pred(id, id)));
    expect(got).toEqual(['a']); // b waits for its last occurrence, c waits behind it
    o.flush();
    expect(got).toEqual(['a', 'c']);
  });
});

describe('PredictFolder', () => {
  it('says partial from the start and closes whole JSON with what was added', () => {
    const f = new PredictFolder(tmp, true, false, { record: { n: 3 } }, 3);
    expect(JSON.parse(readFileSync(join(tmp, 'run.json'), 'utf8'))).toMatchObject({ partial: true, answered: 0, questions: 3 });
    f.add(pred('q1', 'Paris'));
    f.close('interrupted (Ctrl-C)');
    f.close(null); // once only
    expect(JSON.parse(readFileSync(join(tmp, 'predictions.json'), 'utf8'))).toEqual({ q1: 'Paris' });
    expect(JSON.parse(readFileSync(join(tmp, 'null_odds.json'), 'utf8'))).toEqual({ q1: 0 });
    expect(JSON.parse(readFileSync(join(tmp, 'run.json'), 'utf8'))).toEqual({ record: { n: 3 }, partial: true, answered: 1, questions: 3, stopped: 'interrupted (Ctrl-C)' });
  });
});
