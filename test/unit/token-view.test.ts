/**
 * The token view: per-token probabilities merged over windows, n-best duplicates merged, tokens of
 * two passage versions aligned on the text; the memory check and the robustness table's columns.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignTokens, keptOffsets, mergeNbest, mergeTokenProbs, softmaxAt, type TokenProb } from '../../src/core/qa/token-view.ts';
import type { WindowLogits } from '../../src/core/qa/decode.ts';
import { char, type AnswerSpan, type CharSpan } from '../../src/core/types.ts';
import { memoryBudgetMb, memoryVerdict } from '../../src/core/qa/memory.ts';
import { emptyRow, robustnessColumns, sourceMean, DEFAULT_ROBUSTNESS } from '../../src/core/results/robustness.ts';

const span = (s: number, e: number): CharSpan => ({ start: char(s), end: char(e) });
const MB = 1024 * 1024;

/** Word tokens of a text with their spans (whitespace-separated), as a tokenizer without subwords would give. */
function words(text: string): TokenProb[] {
  return [...text.matchAll(/\S+/g)].map((m) => ({ start: char(m.index), end: char(m.index + m[0].length), pStart: 0, pEnd: 0, windows: 1 }));
}

describe('softmaxAt', () => {
  it.each([
    { logits: [0, 0, 9], keep: [0, 1], want: [0.5, 0.5, 0] },
    { logits: [Math.log(3), 0, 5], keep: [0, 1], want: [0.75, 0.25, 0] },
    { logits: [1, 2], keep: [], want: [0, 0] },
  ])('softmax of $logits over $keep', ({ logits, keep, want }) => {
    softmaxAt(logits, keep).forEach((p, i) => expect(p).toBeCloseTo(want[i] as number, 12));
  });
});

describe('mergeTokenProbs', () => {
  // Passage "aa bb cc" in two windows: [CLS] q [SEP] aa bb [SEP] and [CLS] q [SEP] bb cc [SEP].
  const w1: WindowLogits = { startLogits: [0, 9, 9, 0, Math.log(3), 9], endLogits: [0, 9, 9, 0, 0, 9], contextSpans: [null, null, null, span(0, 2), span(3, 5), null] };
  const w2: WindowLogits = { startLogits: [0, 9, 9, 0, 0, 9], endLogits: [Math.log(2), 9, 9, 0, Math.log(5), 9], contextSpans: [null, null, null, span(3, 5), span(6, 8), null] };

  it('softmaxes each window over [CLS] and its passage tokens, and keeps the highest value of a shared token (hand-computed)', () => {
    const v = mergeTokenProbs([w1, w2]);
    expect(v.tokens.map((t) => [t.start, t.end, t.windows])).toEqual([[0, 2, 1], [3, 5, 2], [6, 8, 1]]);
    // w1 start: exp [1, 1, 3] / 5 → aa 0.2, bb 0.6; w2 start: [1, 1, 1] / 3 → bb 1/3, cc 1/3.
    expect(v.tokens[0]?.pStart).toBeCloseTo(0.2, 12);
    expect(v.tokens[1]?.pStart).toBeCloseTo(0.6, 12);
    expect(v.tokens[2]?.pStart).toBeCloseTo(1 / 3, 12);
    // w1 end: [1, 1, 1] / 3; w2 end: [2, 1, 5] / 8 → bb max(1/3, 1/8), cc 5/8; null end max(1/3, 2/8).
    expect(v.tokens[1]?.pEnd).toBeCloseTo(1 / 3, 12);
    expect(v.tokens[2]?.pEnd).toBeCloseTo(5 / 8, 12);
    expect(v.nullEnd).toBeCloseTo(1 / 3, 12);
  });

  it('gives every window a distribution that sums to 1 over [CLS] and the passage tokens (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: -20, max: 20, noNaN: true }), { minLength: 2, maxLength: 30 }), (logits) => {
        const spans = logits.map((_, i) => (i === 0 ? null : span(i * 2, i * 2 + 1)));
        const v = mergeTokenProbs([{ startLogits: logits, endLogits: logits, contextSpans: spans }]);
        const sum = v.nullStart + v.tokens.reduce((a, t) => a + t.pStart, 0);
        expect(sum).toBeCloseTo(1, 9);
        expect(v.tokens).toHaveLength(logits.length - 1);
      }),
    );
  });
});

describe('mergeNbest', () => {
  const cand = (text: string, start: number, p: number, score: number): AnswerSpan => ({ text, start: char(start), end: char(start + text.length), startLogit: score / 2, endLogit: score / 2, score, probability: p });

  it('adds the probabilities of one span proposed by two windows and keeps its best score', () => {
    const m = mergeNbest([cand('Paris', 10, 0.3, 5), cand('Rome', 0, 0.45, 6), cand('Paris', 10, 0.2, 4)]);
    expect(m.map((c) => [c.text, c.count])).toEqual([['Paris', 2], ['Rome', 1]]);
    expect(m[0]?.probability).toBeCloseTo(0.5, 12);
    expect(m[0]?.score).toBe(5);
  });

  it('keeps the total probability and leaves no duplicate span (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ s: fc.nat(5), p: fc.double({ min: 0, max: 1, noNaN: true }) }), { maxLength: 20 }), (xs) => {
        const nbest = xs.map(({ s, p }) => cand('abc'.slice(0, 1 + (s % 3)), s, p, p));
        const m = mergeNbest(nbest);
        expect(m.reduce((a, c) => a + c.probability, 0)).toBeCloseTo(nbest.reduce((a, c) => a + c.probability, 0), 9);
        expect(new Set(m.map((c) => `${c.start}:${c.end}`)).size).toBe(m.length);
        expect(m.reduce((a, c) => a + c.count, 0)).toBe(nbest.length);
      }),
    );
  });
});

describe('alignTokens', () => {
  it('pairs the kept words and leaves the renamed ones alone (hand-worked)', () => {
    const a = 'Ann met Bob in Oslo';
    const b = 'Beth Lee met Bob in Oslo';
    const cols = alignTokens(a, words(a), b, words(b));
    const show = cols.map((c) => `${c.before ? a.slice(c.before.start, c.before.end) : '∅'}|${c.after ? b.slice(c.after.start, c.after.end) : '∅'}`);
    expect(show).toEqual(['Ann|∅', '∅|Beth', '∅|Lee', 'met|met', 'Bob|Bob', 'in|in', 'Oslo|Oslo']);
  });

  it('maps kept characters through the word diff', () => {
    const m = keptOffsets('Ann met Bob', 'Beth met Bob');
    expect([m[0], m[3], m[4], m[11]]).toEqual([-1, 4, 5, 12]);
  });

  const text = fc.array(fc.constantFrom('Ann', 'Bob', 'met', 'in', 'Oslo', 'the', '1891', 'Curie', 'Paris', 'x'), { maxLength: 14 }).map((ws) => ws.join(' '));

  it('puts every token of both sides in exactly once, in text order, and pairs only equal text (property)', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const ta = words(a);
        const tb = words(b);
        const cols = alignTokens(a, ta, b, tb);
        expect(cols.flatMap((c) => (c.before ? [c.before] : []))).toEqual(ta);
        expect(cols.flatMap((c) => (c.after ? [c.after] : []))).toEqual(tb);
        for (const c of cols) if (c.before && c.after) expect(b.slice(c.after.start, c.after.end)).toBe(a.slice(c.before.start, c.before.end));
      }),
    );
  });

  it('pairs every token with itself when nothing changed (property)', () => {
    fc.assert(
      fc.property(text, (a) => {
        const cols = alignTokens(a, words(a), a, words(a));
        expect(cols.every((c) => c.before !== null && c.after !== null && c.before.start === c.after.start)).toBe(true);
      }),
    );
  });
});

describe('memory check', () => {
  it.each([
    { device: 'wasm' as const, gb: 16, override: null, want: 4096 },
    { device: 'webgpu' as const, gb: 16, override: null, want: 8192 },
    { device: 'webgpu' as const, gb: null, override: null, want: 2048 },
    { device: 'wasm' as const, gb: 8, override: 12, want: 12 },
  ])('budget on $device with $gb GiB and override $override is $want MiB', ({ device, gb, override, want }) => {
    expect(memoryBudgetMb(device, gb, override)).toBe(want);
  });

  it('refuses a model that does not fit beside the loaded ones, naming sizes and models', () => {
    expect(memoryVerdict('m', 3 * MB, [{ id: 'a', bytes: 3 * MB }], 12)).toBeNull(); // 6 + 6 ≤ 12
    const msg = memoryVerdict('big/model', 4 * MB, [{ id: 'a', bytes: 3 * MB }], 12); // 6 + 8 > 12
    expect(msg).toBe('Not loaded: "big/model" needs about 8.0 MiB while loading, and the memory left for models is 6.0 MiB of 12.0 MiB. 1 loaded model (a) uses about 6.0 MiB. Unload a model or pick a smaller precision (q8) first.');
    expect(memoryVerdict('unknown-size', null, [{ id: 'a', bytes: 3 * MB }], 1)).toBeNull();
  });
});

describe('robustness table', () => {
  it('has the papers\' columns, "not run" cells, and source means weighted by questions', () => {
    const cols = robustnessColumns({ types: ['PER', 'ORG'] }).map(([h]) => h);
    expect(cols).toEqual(['original F1', 'PER InDistName F1', 'PER DBName F1', 'PER RandStr F1', 'ORG InDistName F1', 'ORG DBName F1', 'ORG RandStr F1', 'natural pairs F1', 'synthetic noise F1', 'paraphrase DPR %', 'trap F1', 'worst F1', 'best F1', 'stability %']);
    const row = emptyRow('m', 'wasm · fp32', { ...DEFAULT_ROBUSTNESS, types: ['PER', 'ORG'] });
    expect(robustnessColumns({ types: ['PER', 'ORG'] }).every(([, of]) => of(row) === null)).toBe(true);
    row.rename['PER:db'] = { value: 50, n: 1 };
    row.rename['ORG:db'] = { value: 80, n: 3 };
    expect(sourceMean(row, 'db')).toEqual({ value: 72.5, n: 4 });
    expect(sourceMean(row, 'randstr')).toBeNull();
  });
});
