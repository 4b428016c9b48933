/**
 * The decoder keeps its n-best by insertion instead of sorting every index and every candidate
 * (issue 44: the engine's JS per input); these pin that every number it returns is the one the
 * sorting algorithm (kept here as the reference) returns, ties, infinities and NaN included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeWindows, softmax32, sortedTopIndices, topIndices, type DecodeOptions, type WindowLogits } from '../../src/core/qa/decode.ts';
import { char, type AnswerSpan, type CharSpan, type QaPrediction } from '../../src/core/types.ts';

const f32 = Math.fround;

/** decodeWindows as it was before issue 44's cut: every pair listed, then a stable sort. */
function referenceDecode(id: string, context: string, windows: readonly WindowLogits[], opts: DecodeOptions): QaPrediction {
  type C = { span: CharSpan; score: number; startLogit: number; endLogit: number };
  let minNull: C | null = null;
  const prelim: C[] = [];
  for (const w of windows) {
    const s0 = f32(w.startLogits[0] ?? 0);
    const e0 = f32(w.endLogits[0] ?? 0);
    const nullScore = f32(s0 + e0);
    if (minNull === null || minNull.score > nullScore) minNull = { span: { start: char(0), end: char(0) }, score: nullScore, startLogit: s0, endLogit: e0 };
    for (const si of sortedTopIndices(w.startLogits, opts.nBest)) {
      for (const ei of sortedTopIndices(w.endLogits, opts.nBest)) {
        const a = w.contextSpans[si];
        const b = w.contextSpans[ei];
        if (a == null || b == null || ei < si || ei - si + 1 > opts.maxAnswerLength) continue;
        const sl = f32(w.startLogits[si] as number);
        const el = f32(w.endLogits[ei] as number);
        prelim.push({ span: { start: a.start, end: b.end }, score: f32(sl + el), startLogit: sl, endLogit: el });
      }
    }
  }
  if (opts.versionTwo && minNull) prelim.push(minNull);
  const preds = prelim.slice().sort((x, y) => y.score - x.score).slice(0, opts.nBest);
  if (opts.versionTwo && minNull && !preds.some((p) => p.span.start === 0 && p.span.end === 0)) preds.push(minNull);
  let spans: AnswerSpan[] = preds.map((p) => ({ text: context.slice(p.span.start, p.span.end), start: p.span.start, end: p.span.end, startLogit: p.startLogit, endLogit: p.endLogit, score: p.score, probability: 0 }));
  const filler = spans.length === 0 || (spans.length === 1 && spans[0]?.text === '');
  if (filler) spans = [{ text: 'empty', start: char(0), end: char(0), startLogit: 0, endLogit: 0, score: 0, probability: 0 }, ...spans];
  const scores = spans.map((s) => s.score);
  const m = Math.max(...scores);
  const ex64 = scores.map((s) => Math.exp(s - m));
  const sum64 = ex64.reduce((a, b) => a + b, 0);
  const probs = filler ? ex64.map((e) => e / sum64) : softmax32(scores);
  spans.forEach((s, i) => (s.probability = probs[i] as number));
  if (!opts.versionTwo) return { id, text: spans[0]?.text ?? '', best: spans[0] ?? null, nbest: spans, nullScoreDiff: null, windows: windows.length };
  const best = spans.find((s) => s.text !== '') ?? null;
  const diff = best ? f32(f32((minNull?.score ?? 0) - best.startLogit) - best.endLogit) : 0;
  return { id, text: diff > opts.nullScoreDiffThreshold || !best ? '' : best.text, best, nbest: spans, nullScoreDiff: diff, windows: windows.length };
}

/** Every number compared with Object.is (toEqual would take 0 for -0 and any NaN for another). */
function expectSame(a: unknown, b: unknown, path = '$'): void {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    if (!Object.is(a, b)) expect.fail(`${path}: ${String(a)} vs ${String(b)}`);
    return;
  }
  expect(Object.keys(a).sort(), path).toEqual(Object.keys(b).sort());
  for (const k of Object.keys(a)) expectSame((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
}

const CONTEXT = 'abcdefghijklmnopqrstuvwxyz'.repeat(4);
// Few distinct values, so ties are the rule, as with the lexical model's logits.
const logit = fc.oneof({ arbitrary: fc.constantFrom(-10, -2.5, 0, -0, 1, 2.5, 3.75), weight: 12 }, { arbitrary: fc.float({ noDefaultInfinity: false, noNaN: false }), weight: 2 }, { arbitrary: fc.constantFrom(Infinity, -Infinity, NaN), weight: 1 });
const windowArb = fc.integer({ min: 1, max: 48 }).chain((n) =>
  fc.record({
    startLogits: fc.array(logit, { minLength: n, maxLength: n }).map((a) => Float32Array.from(a)),
    endLogits: fc.array(logit, { minLength: n, maxLength: n }).map((a) => Float32Array.from(a)),
    contextSpans: fc.array(fc.option(fc.integer({ min: 0, max: CONTEXT.length - 1 }).map((s) => ({ start: char(s), end: char(Math.min(CONTEXT.length, s + 2)) })), { freq: 3 }), { minLength: n, maxLength: n }),
  }),
);
const optsArb = fc.record({ nBest: fc.oneof(fc.integer({ min: 1, max: 25 }), fc.constantFrom(0, -1, 2.5)), maxAnswerLength: fc.integer({ min: 1, max: 40 }), versionTwo: fc.boolean(), nullScoreDiffThreshold: fc.constantFrom(0, 1.5) });

describe('decode ranking by insertion', () => {
  it('topIndices equals sorting every index, ties to the higher index', () => {
    fc.assert(fc.property(fc.array(logit, { maxLength: 60 }), fc.oneof(fc.integer({ min: 1, max: 30 }), fc.constantFrom(0, -2, 1.5)), (a, n) => {
      const v = Float32Array.from(a);
      expect(topIndices(v, n)).toEqual(sortedTopIndices(v, n));
    }), { numRuns: 2000 });
  });

  it.each([
    { name: 'all equal: highest indices first', values: [1, 1, 1, 1], n: 2, top: [3, 2] },
    { name: '-0 ties with 0', values: [0, -0, 0], n: 3, top: [2, 1, 0] },
    { name: 'equal infinities tie', values: [Infinity, 1, Infinity], n: 2, top: [2, 0] },
    { name: 'fewer values than n', values: [2, 5], n: 20, top: [1, 0] },
  ])('topIndices: $name', ({ values, n, top }) => {
    expect(topIndices(values, n)).toEqual(top);
    expect(sortedTopIndices(values, n)).toEqual(top);
  });

  it('decodeWindows returns what listing and sorting every candidate returns', () => {
    fc.assert(fc.property(fc.array(windowArb, { minLength: 1, maxLength: 4 }), optsArb, (windows, opts) => {
      expectSame(decodeWindows('q', CONTEXT, windows, opts), referenceDecode('q', CONTEXT, windows, opts));
    }), { numRuns: 1500 });
  });
});
