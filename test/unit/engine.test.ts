/**
 * QaEngine batching, caching, progress, cancellation and callback order, with a deterministic
 * in-test ModelRunner (logits are a pure function of the token ids) and a fixture tokenizer.
 */
import { describe, expect, it } from 'vitest';
import { QaEngine, type EngineOptions, type Logits, type ModelRunner, type PredictProgress } from '../../src/core/qa/engine.ts';
import type { QaInput, QaPrediction } from '../../src/core/types.ts';
import type { Window } from '../../src/core/qa/windows.ts';
import { loadFixtureTokenizer } from './helpers/fixture-tokenizer.ts';

const tokenizer = loadFixtureTokenizer('bert-cased-mini');

/** A fake model: each logit depends only on the window's token ids, so equal windows give equal logits. */
class FakeRunner implements ModelRunner {
  readonly calls: Window[][] = [];
  onCall: ((call: number) => void) | null = null;

  async run(rows: readonly Window[], padId: number): Promise<Logits[]> {
    expect(padId).toBe(tokenizer.tokenId('[PAD]'));
    this.calls.push([...rows]);
    this.onCall?.(this.calls.length);
    await new Promise((r) => setTimeout(r, 0)); // a real model is asynchronous
    return rows.map((w) => ({
      start: Float32Array.from(w.inputIds, (id, j) => (((id * 2654435761) >>> 0) % 1000) / 100 - ((j * 7) % 5)),
      end: Float32Array.from(w.inputIds, (id, j) => (((id * 40503 + 17) >>> 0) % 1000) / 100 - ((j * 3) % 4)),
    }));
  }

  get computedKeys(): string[] {
    return this.calls.flat().map((w) => w.key);
  }
}

const WINDOWS = { maxLength: 32, docStride: 8, maxQueryLength: 64 };
// Words that are one token each in bert-cased-mini, so n words = n passage tokens.
const words = ['Paris', 'is', 'the', 'capital', 'of', 'France', 'a', 'city', 'river', 'Hello', 'world', 'play', 'Zola', 'café', 'Émile', 'The'];
/** A pseudo-random passage of n one-token words; seed k gives a different passage. */
function passage(n: number, k = 0): string {
  let x = 12345 + k * 7919;
  return Array.from({ length: n }, () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return words[(x >>> 16) % words.length];
  }).join(' ');
}

function engine(runner: ModelRunner, options: Partial<EngineOptions> = {}) {
  return new QaEngine(tokenizer, runner, { windows: WINDOWS, batchSize: 3, ...options });
}
const input = (id: string, context: string, question = 'What is the capital?'): QaInput => ({ id, question, context });

describe('QaEngine', () => {
  it('windows a long passage as expected (sanity check of the test setup)', () => {
    const e = engine(new FakeRunner());
    expect(e.windowsFor(input('a', passage(10)))).toHaveLength(1);
    // question "What is the capital?" = W ##h ##a ##t is the capital ? → 8 tokens; room 32-8-3 = 21, step 13.
    expect(e.windowsFor(input('a', passage(60)))).toHaveLength(4);
  });

  it.each([1, 2, 3, 5, 16])('batches across inputs never exceed batchSize %i', async (batchSize) => {
    const runner = new FakeRunner();
    const inputs = [input('a', passage(60, 0)), input('b', passage(40, 1)), input('c', passage(10, 2)), input('d', passage(60, 3))];
    const e = engine(runner, { batchSize });
    const total = inputs.reduce((a, x) => a + e.windowsFor(x).length, 0);
    const r = await e.predict(inputs);
    expect(r.cancelled).toBe(false);
    expect(r.stats).toEqual({ windows: total, computed: total, cached: 0 });
    expect(runner.calls.every((c) => c.length <= batchSize)).toBe(true);
    // All batches are full except the last: windows of different inputs share a batch.
    expect(runner.calls.map((c) => c.length)).toEqual([...Array<number>(Math.floor(total / batchSize)).fill(batchSize), ...(total % batchSize ? [total % batchSize] : [])]);
    expect(r.predictions.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('batch size does not change the answers', async () => {
    const inputs = [input('a', passage(60, 0)), input('b', passage(40, 1)), input('c', passage(10, 2))];
    const one = await engine(new FakeRunner(), { batchSize: 1 }).predict(inputs, {}, { versionTwo: true });
    const many = await engine(new FakeRunner(), { batchSize: 7 }).predict(inputs, {}, { versionTwo: true });
    expect(many.predictions).toEqual(one.predictions);
    expect(one.predictions.every((p) => p.nullScoreDiff !== null)).toBe(true);
  });

  it('cached windows are not recomputed', async () => {
    const runner = new FakeRunner();
    const e = engine(runner);
    const inputs = [input('a', passage(60)), input('b', passage(20, 1))];
    const first = await e.predict(inputs);
    const calls = runner.calls.length;
    const second = await e.predict(inputs);
    expect(runner.calls.length).toBe(calls);
    expect(second.stats).toEqual({ windows: first.stats.windows, computed: 0, cached: first.stats.windows });
    expect(second.predictions).toEqual(first.predictions);
  });

  it('clearCache forgets the logits', async () => {
    const runner = new FakeRunner();
    const e = engine(runner);
    await e.predict([input('a', passage(20))]);
    e.clearCache();
    const r = await e.predict([input('a', passage(20))]);
    expect(r.stats.computed).toBe(1);
  });

  it.each([
    { name: 'a word near the end (same token count)', edit: (words: string[]) => words.with(-3, 'river'), recomputedMax: 2 },
    { name: 'a word in the middle (same token count)', edit: (words: string[]) => words.with(30, 'river'), recomputedMax: 2 },
    { name: 'an extra word at the start shifts every window', edit: (words: string[]) => ['Hello', ...words], recomputedMax: Infinity },
  ])('an edited long passage recomputes only the windows that changed: $name', async ({ edit, recomputedMax }) => {
    const runner = new FakeRunner();
    const e = engine(runner);
    const original = passage(80);
    const edited = edit(original.split(' ')).join(' ');
    expect(edited).not.toBe(original);
    await e.predict([input('a', original)]);
    const before = new Set(e.windowsFor(input('a', original)).map((w) => w.key));
    const after = e.windowsFor(input('a', edited));
    const changed = after.filter((w) => !before.has(w.key));
    runner.calls.length = 0;
    const r = await e.predict([input('a', edited)]);
    expect(runner.computedKeys.sort()).toEqual(changed.map((w) => w.key).sort());
    expect(r.stats).toEqual({ windows: after.length, computed: changed.length, cached: after.length - changed.length });
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThanOrEqual(recomputedMax);
    if (recomputedMax !== Infinity) expect(changed.length).toBeLessThan(after.length);
  });

  it('duplicate windows within one call are computed once', async () => {
    const runner = new FakeRunner();
    const e = engine(runner);
    const ctx = passage(60);
    // Same question and passage under two ids; c's passage is exactly a's first window (21 tokens).
    const head = ctx.split(' ').slice(0, 21).join(' ');
    const inputs = [input('a', ctx), input('b', ctx), input('c', head), input('d', passage(30, 9))];
    const per = inputs.map((x) => e.windowsFor(x).length);
    expect(per[2]).toBe(1);
    expect(e.windowsFor(inputs[2] as QaInput)[0]?.key).toBe(e.windowsFor(inputs[0] as QaInput)[0]?.key);
    const r = await e.predict(inputs);
    const keys = runner.computedKeys;
    expect(new Set(keys).size).toBe(keys.length);
    expect(r.stats).toEqual({ windows: per[0]! + per[1]! + 1 + per[3]!, computed: per[0]! + per[3]!, cached: per[1]! + 1 });
    expect(r.predictions.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    const [a, b] = r.predictions as [QaPrediction, QaPrediction];
    expect({ ...b, id: 'a' }).toEqual(a);
  });

  it('progress is monotonic, counts every window once and ends at total', async () => {
    const runner = new FakeRunner();
    const e = engine(runner, { batchSize: 2 });
    await e.predict([input('warm', passage(20, 3))]);
    const events: PredictProgress[] = [];
    const inputs = [input('a', passage(60)), input('warm', passage(20, 3)), input('b', passage(40, 2)), input('a2', passage(60))];
    const total = inputs.reduce((a, x) => a + e.windowsFor(x).length, 0);
    const r = await e.predict(inputs, { onProgress: (p) => events.push({ ...p }) });
    expect(events.length).toBeGreaterThan(3);
    events.forEach((p, i) => {
      expect(p.total).toBe(total);
      expect(p.done).toBeLessThanOrEqual(total);
      expect(p.cached).toBeLessThanOrEqual(p.done);
      if (i > 0) {
        expect(p.done).toBeGreaterThanOrEqual((events[i - 1] as PredictProgress).done);
        expect(p.cached).toBeGreaterThanOrEqual((events[i - 1] as PredictProgress).cached);
      }
    });
    expect(events.at(-1)).toEqual({ done: total, total, cached: r.stats.cached });
    expect(r.stats.computed + r.stats.cached).toBe(total);
  });

  it('abort keeps the predictions finished before it and reports cancelled', async () => {
    const inputs = ['a', 'b', 'c', 'd', 'e'].map((id, k) => input(id, passage(30, k)));
    const full = await engine(new FakeRunner(), { batchSize: 2 }).predict(inputs);
    const runner = new FakeRunner();
    const e = engine(runner, { batchSize: 2 });
    expect(inputs.every((x) => e.windowsFor(x).length === 2)).toBe(true); // one batch per input
    const controller = new AbortController();
    runner.onCall = (n) => {
      if (n === 3) controller.abort(); // while the third batch (input c) is running
    };
    const seen: string[] = [];
    const r = await e.predict(inputs, { signal: controller.signal, onPrediction: (p) => seen.push(p.id) });
    expect(r.cancelled).toBe(true);
    expect(runner.calls).toHaveLength(3); // nothing is started after the abort
    // a and b were done before the abort; c's batch was already running and completed.
    expect(r.predictions.map((p) => p.id)).toEqual(['a', 'b', 'c']);
    expect(seen).toEqual(['a', 'b', 'c']);
    expect(r.predictions).toEqual(full.predictions.slice(0, 3));
  });

  it('an already aborted signal runs nothing', async () => {
    const runner = new FakeRunner();
    const controller = new AbortController();
    controller.abort();
    const r = await engine(runner).predict([input('a', passage(30))], { signal: controller.signal });
    expect(r).toMatchObject({ predictions: [], cancelled: true });
    expect(runner.calls).toHaveLength(0);
  });

  it('onPrediction is called in input order, mixing cached and computed inputs', async () => {
    const runner = new FakeRunner();
    const e = engine(runner, { batchSize: 4 });
    await e.predict([input('c', passage(30, 2)), input('e', passage(10, 4))]); // c and e are cached
    const inputs = ['a', 'b', 'c', 'd', 'e', 'f'].map((id, k) => input(id, passage([60, 10, 30, 45, 10, 5][k] as number, k)));
    const seen: { id: string; windows: number }[] = [];
    const r = await e.predict(inputs, { onPrediction: (p, detail) => seen.push({ id: p.id, windows: detail.windows.length }) });
    expect(seen.map((s) => s.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(seen.map((s) => s.windows)).toEqual(inputs.map((x) => e.windowsFor(x).length));
    expect(r.predictions.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(r.predictions.map((p) => p.windows)).toEqual(seen.map((s) => s.windows));
  });

  it('predictions decode the logits of their own windows', async () => {
    const runner = new FakeRunner();
    const e = engine(runner);
    const ctx = passage(12);
    const details: Logits[][] = [];
    const r = await e.predict([input('a', ctx)], { onPrediction: (_p, d) => details.push(d.windows.map((w) => w.logits)) });
    const p = r.predictions[0] as QaPrediction;
    expect(ctx.slice(p.best?.start, p.best?.end)).toBe(p.text);
    expect(details).toHaveLength(1);
    expect(details[0]?.[0]?.start).toHaveLength(e.windowsFor(input('a', ctx))[0]?.inputIds.length as number);
  });

  // Known engine bug (src/core/qa/engine.ts is outside this suite's remit): after an input is decoded its
  // windows' logits are dropped from the call's `fresh` map even when a later input repeats them, so
  // with a cache too small to hold them (cacheSize 0, or eviction) the later input is never decoded
  // and silently missing from `predictions`. Flip to `it` once the engine keeps shared windows.
  it('duplicate windows with cacheSize 0: every input still gets a prediction', async () => {
    const runner = new FakeRunner();
    const e = engine(runner, { cacheSize: 0 });
    const r = await e.predict([input('a', passage(20)), input('b', passage(20))]);
    expect(r.predictions.map((p) => p.id)).toEqual(['a', 'b']);
  });

  // Known engine gap: decoding is only attempted after a model batch, so an input answered entirely
  // from the cache is reported after the next (possibly slow) batch instead of "as soon as" it is
  // complete. Flip to `it` once predict() decodes after each input's cache hits.
  it('a fully cached input is reported before the next model batch starts', async () => {
    const runner = new FakeRunner();
    const e = engine(runner);
    await e.predict([input('cached', passage(10, 1))]);
    const seen: string[] = [];
    let seenAtCall: string[] = [];
    runner.onCall = () => (seenAtCall = [...seen]);
    await e.predict([input('cached', passage(10, 1)), input('fresh', passage(10, 2))], { onPrediction: (p) => seen.push(p.id) });
    expect(seenAtCall).toEqual(['cached']);
  });
});

describe('serializeRunner', () => {
  it('runs one batch at a time, in call order, and survives a failed batch', async () => {
    const { serializeRunner } = await import('../../src/core/qa/engine.ts');
    const log: string[] = [];
    let active = 0;
    const slow = {
      async run(rows: readonly { key: string }[]) {
        active++;
        expect(active).toBe(1);
        log.push(`start ${rows[0]?.key}`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`end ${rows[0]?.key}`);
        active--;
        if (rows[0]?.key === 'bad') throw new Error('boom');
        return [];
      },
    };
    const r = serializeRunner(slow as never);
    const a = r.run([{ key: 'a' }] as never, 0);
    const bad = r.run([{ key: 'bad' }] as never, 0);
    const b = r.run([{ key: 'b' }] as never, 0);
    await a;
    await expect(bad).rejects.toThrow('boom');
    await b;
    expect(log).toEqual(['start a', 'end a', 'start bad', 'end bad', 'start b', 'end b']);
  });
});
