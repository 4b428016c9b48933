/**
 * Length bucketing and deduplication of pending windows (LengthBuckets) and their use by QaEngine:
 * every window runs once, batches stay within batchSize and pad less, and the predictions are
 * exactly those of the plain path (one window per call, arrival order, no cache).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QaEngine, type Logits, type ModelRunner } from '../../src/core/qa/engine.ts';
import type { QaInput } from '../../src/core/types.ts';
import { LengthBuckets, type Window } from '../../src/core/qa/windows.ts';
import { loadFixtureTokenizer } from './helpers/fixture-tokenizer.ts';

/** A window of `len` tokens whose ids (and so key) are told apart by `id`. */
const win = (id: number, len: number): Window => {
  const inputIds = [id, ...Array<number>(len - 1).fill(7)];
  return { inputIds, tokenTypeIds: inputIds.map(() => 0), contextSpans: inputIds.map(() => null), key: inputIds.join(',') };
};
const lens = (b: Window[]) => b.map((w) => w.inputIds.length);

/** Feeds windows as the engine does (skip what ran, add, run every ready batch) and drains the rest. */
function feed(pool: LengthBuckets, ws: Window[]): { batches: Window[][]; added: boolean[] } {
  const batches: Window[][] = [];
  const ran = new Set<string>();
  const added = ws.map((w) => {
    if (ran.has(w.key)) return false;
    const ok = pool.add(w);
    for (let b = pool.ready(); b; b = pool.ready()) {
      batches.push(b);
      for (const x of b) ran.add(x.key);
    }
    return ok;
  });
  batches.push(...pool.drain());
  return { batches, added };
}

describe('LengthBuckets', () => {
  it.each([
    // [lengths, batchSize, width, expected batch lengths]
    { lens: [100, 300, 110, 310], batch: 2, width: 32, want: [[100, 110], [300, 310]] },
    { lens: [100, 300, 110, 310], batch: 2, width: 0, want: [[100, 300], [110, 310]] },
    { lens: [50, 60, 70], batch: 4, width: 32, want: [[50, 60, 70]] },
    { lens: [384, 60, 384, 61, 384], batch: 2, width: 32, want: [[384, 384], [60, 61], [384]] },
  ])('batches $lens by $batch with width $width → $want', ({ lens: ls, batch, width, want }) => {
    const { batches } = feed(new LengthBuckets(batch, width), ls.map((l, i) => win(i + 1, l)));
    expect(batches.map(lens)).toEqual(want);
  });

  it('a full bucket runs at once; too many waiting windows run the least-padding group', () => {
    const pool = new LengthBuckets(3, 10, 2);
    for (const [i, l] of [[1, 5], [2, 25], [3, 45], [4, 65], [5, 24]] as const) pool.add(win(i, l));
    expect(pool.ready()).toBeNull(); // 5 waiting < hold 2 × batch 3
    pool.add(win(6, 85));
    // 6 waiting: no bucket is full, so the 3 closest lengths run (25, 24 and 45 waste 20+21; 5,24,25 waste 21).
    expect(lens(pool.ready() as Window[])).toEqual([5, 24, 25]);
    expect(pool.size).toBe(3);
    expect(pool.drain().map(lens)).toEqual([[45, 65, 85]]);
    expect(pool.size).toBe(0);
  });

  it('rejects a window whose ids are already waiting, accepts it again once run', () => {
    const pool = new LengthBuckets(2, 32);
    expect(pool.add(win(1, 10))).toBe(true);
    expect(pool.add(win(1, 10))).toBe(false);
    expect(pool.add(win(2, 12))).toBe(true);
    expect(pool.ready()?.length).toBe(2);
    expect(pool.add(win(1, 10))).toBe(true);
  });

  it('property: every distinct window runs exactly once, batches ≤ batchSize, width 0 keeps arrival order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 60 })), { maxLength: 60 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 5 }), (spec, batch, width, hold) => {
        // The same id always has the same length, so equal ids mean an equal window.
        const ws = spec.map(([id]) => win(id, (id * 13) % 60 + 1));
        const { batches } = feed(new LengthBuckets(batch, width, hold), ws);
        const run = batches.flat().map((w) => w.key);
        expect(new Set(run).size).toBe(run.length);
        expect(new Set(run)).toEqual(new Set(ws.map((w) => w.key)));
        expect(batches.every((b) => b.length >= 1 && b.length <= batch)).toBe(true);
        if (width === 0) expect(run).toEqual([...new Set(ws.map((w) => w.key))]);
      }),
    );
  });
});

const tokenizer = loadFixtureTokenizer('bert-cased-mini');

/** Logits that depend only on a window's ids, recording the padded size of every call. */
class PureRunner implements ModelRunner {
  padded = 0;
  real = 0;
  async run(rows: readonly Window[]): Promise<Logits[]> {
    this.padded += rows.length * Math.max(...rows.map((r) => r.inputIds.length));
    this.real += rows.reduce((a, r) => a + r.inputIds.length, 0);
    return rows.map((w) => ({
      start: Float32Array.from(w.inputIds, (id, j) => (((id * 2654435761 + j * 97) >>> 0) % 1000) / 100),
      end: Float32Array.from(w.inputIds, (id, j) => (((id * 40503 + j * 31 + 17) >>> 0) % 1000) / 100),
    }));
  }
}

const words = ['Paris', 'is', 'the', 'capital', 'of', 'France', 'a', 'city', 'river', 'Hello', 'world', 'play', 'Zola'];
const WINDOWS = { maxLength: 48, docStride: 8, maxQueryLength: 64 };

describe('QaEngine with length buckets and deduplication', () => {
  it('property: predictions equal the plain path for any batch size, bucket width and repeated passages', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.array(fc.integer({ min: 0, max: words.length - 1 }), { minLength: 1, maxLength: 120 })), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 24 }),
        fc.boolean(),
        async (spec, batchSize, bucketWidth, versionTwo) => {
          // Inputs reuse passages and questions, so windows repeat within and across the two calls.
          const inputs: QaInput[] = spec.map(([q, ws], i) => ({ id: `i${i}`, question: `${words[q]} is what?`, context: ws.map((w) => words[w]).join(' ') }));
          const plain = new QaEngine(tokenizer, new PureRunner(), { windows: WINDOWS, batchSize: 1, bucketWidth: 0, cacheSize: 0 });
          const want = [];
          for (const x of inputs) want.push(...(await plain.predict([x], {}, { versionTwo })).predictions);
          const fast = new QaEngine(tokenizer, new PureRunner(), { windows: WINDOWS, batchSize, bucketWidth });
          const half = Math.ceil(inputs.length / 2);
          const got = [...(await fast.predict(inputs.slice(0, half), {}, { versionTwo })).predictions, ...(await fast.predict(inputs.slice(half), {}, { versionTwo })).predictions];
          expect(got).toEqual(want);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('bucketing pads less than arrival order on mixed lengths, and computes each distinct window once', async () => {
    const ctx = (n: number, k: number) => Array.from({ length: n }, (_, j) => words[(j * 7 + k) % words.length]).join(' ');
    const inputs: QaInput[] = [5, 30, 6, 31, 4, 29, 7, 32].map((n, i) => ({ id: `x${i}`, question: 'What is?', context: ctx(n, i) }));
    const twice = [...inputs, ...inputs.map((x) => ({ ...x, id: `${x.id}b` }))];
    const plain = new PureRunner();
    const bucketed = new PureRunner();
    const a = await new QaEngine(tokenizer, plain, { windows: WINDOWS, batchSize: 2, bucketWidth: 0 }).predict(twice);
    const b = await new QaEngine(tokenizer, bucketed, { windows: WINDOWS, batchSize: 2, bucketWidth: 8 }).predict(twice);
    expect(b.predictions).toEqual(a.predictions);
    expect(b.stats.computed).toBe(inputs.length);
    expect(bucketed.real).toBe(plain.real);
    expect(bucketed.padded).toBeLessThan(plain.padded);
  });
});
