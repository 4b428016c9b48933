/**
 * The window-logit cache is keyed by model, source, dtype and device: a cache filled under one
 * precision or device never answers for another, even when engines share it.
 */
import { describe, expect, it } from 'vitest';
import { LogitCache, modelScope, QaEngine, scopeKey, type LogitScope, type Logits, type ModelRunner } from '../../src/core/qa/engine.ts';
import type { Window } from '../../src/core/qa/windows.ts';
import { loadFixtureTokenizer } from './helpers/fixture-tokenizer.ts';

const tokenizer = loadFixtureTokenizer('bert-cased-mini');

/** A model whose logits depend on the ids and on a precision offset, so two precisions answer differently. */
class PrecisionRunner implements ModelRunner {
  computed = 0;
  constructor(private readonly offset: number) {}
  async run(rows: readonly Window[]): Promise<Logits[]> {
    this.computed += rows.length;
    // Each precision favours a different passage token: start and end peak at the same position.
    return rows.map((w) => {
      const peak = (j: number) => (w.contextSpans[j] && j === w.contextSpans.findIndex(Boolean) + this.offset ? 10 : 0);
      return { start: Float32Array.from(w.inputIds, (_, j) => peak(j)), end: Float32Array.from(w.inputIds, (_, j) => peak(j)) };
    });
  }
}

const fp32Wasm: LogitScope = { model: 'm', dtype: 'fp32', device: 'wasm' };
const input = { id: 'q', question: 'Who is it?', context: 'Paris is the capital of France' };

describe('logit cache keys', () => {
  it.each([
    { a: fp32Wasm, b: { ...fp32Wasm, dtype: 'q8' }, same: false },
    { a: fp32Wasm, b: { ...fp32Wasm, device: 'webgpu' }, same: false },
    { a: fp32Wasm, b: { ...fp32Wasm, model: 'other' }, same: false },
    { a: fp32Wasm, b: { ...fp32Wasm, source: 'files' }, same: false },
    // An id holding the separator cannot collide with another split of the same characters.
    { a: { model: 'a","b', dtype: 'c', device: 'd' }, b: { model: 'a', dtype: 'b","c', device: 'd' }, same: false },
    { a: fp32Wasm, b: { ...fp32Wasm, source: '' }, same: true },
  ])('$b.model $b.dtype $b.device $b.source vs $a.model $a.dtype $a.device: same key $same', ({ a, b, same }) => {
    expect(scopeKey(a) === scopeKey(b)).toBe(same);
    expect(LogitCache.key(a, '1,2,3') === LogitCache.key(b, '1,2,3')).toBe(same);
  });

  it('names a loaded model by id, dtype, device and source', () => {
    expect(scopeKey(modelScope({ id: 'qarx-lexical-qa', dtype: 'fp32', device: 'wasm' }, 'local'))).toBe('["qarx-lexical-qa","fp32","wasm","local"]');
  });

  it('a cache filled under one dtype or device never answers for another', async () => {
    const cache = new LogitCache(100);
    const fp32 = new PrecisionRunner(0);
    const first = await new QaEngine(tokenizer, fp32, { scope: fp32Wasm, cache }).predict([input]);
    expect(first.stats.cached).toBe(0);
    expect(first.predictions[0]?.text).toBe('Paris');

    for (const scope of [{ ...fp32Wasm, dtype: 'q8' }, { ...fp32Wasm, device: 'webgpu' }]) {
      const other = new PrecisionRunner(2);
      const r = await new QaEngine(tokenizer, other, { scope, cache }).predict([input]);
      // Computed afresh by its own model: no window came from the fp32/WASM entries.
      expect(r.stats.cached).toBe(0);
      expect(other.computed).toBe(r.stats.windows);
      expect(r.predictions[0]?.text).toBe('the');
    }

    // The same scope again (a new engine, as after reloading the model) is answered from the cache.
    const again = new PrecisionRunner(1);
    const r = await new QaEngine(tokenizer, again, { scope: fp32Wasm, cache }).predict([input]);
    expect(again.computed).toBe(0);
    expect(r.stats.cached).toBe(r.stats.windows);
    expect(r.predictions[0]?.text).toBe('Paris');
  });
});

describe('scopeKey reuses its last key only for the same scope', () => {
  it.each([
    [{ model: 'm', dtype: 'fp32', device: 'wasm' }, '["m","fp32","wasm",""]'],
    [{ model: 'm', dtype: 'fp32', device: 'wasm', source: '' }, '["m","fp32","wasm",""]'],
    [{ model: 'm', dtype: 'q8', device: 'wasm' }, '["m","q8","wasm",""]'],
    [{ model: 'm', dtype: 'q8', device: 'webgpu' }, '["m","q8","webgpu",""]'],
    [{ model: 'm', dtype: 'q8', device: 'webgpu', source: 'hub' }, '["m","q8","webgpu","hub"]'],
    [{ model: 'n', dtype: 'q8', device: 'webgpu', source: 'hub' }, '["n","q8","webgpu","hub"]'],
    [{ model: 'm', dtype: 'fp32', device: 'wasm' }, '["m","fp32","wasm",""]'],
  ] as [LogitScope, string][])('%j → %s (in this order)', (scope, key) => {
    expect(scopeKey(scope)).toBe(key);
    expect(scopeKey({ ...scope })).toBe(key);
  });

  it('a scope changed in place gets its new key', () => {
    const scope: LogitScope = { model: 'm', dtype: 'fp32', device: 'wasm' };
    expect(scopeKey(scope)).toBe('["m","fp32","wasm",""]');
    scope.device = 'webgpu';
    expect(scopeKey(scope)).toBe('["m","fp32","webgpu",""]');
  });
});
