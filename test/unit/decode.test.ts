/**
 * Span decoding against Hugging Face postprocess_qa_predictions (examples/pytorch/question-answering/
 * utils_qa.py): hand-worked cases, then outputs of a numpy reference run on random float32 logits
 * (test/fixtures/decode/postprocess-reference.json).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeWindows, DEFAULT_DECODE, nbestJson, softmax32, topIndices, type DecodeOptions, type WindowLogits } from '../../src/core/qa/decode.ts';
import { char, type AnswerSpan, type CharSpan } from '../../src/core/types.ts';

const f32 = Math.fround;
const span = (s: number, e: number): CharSpan => ({ start: char(s), end: char(e) });

// One window over a 2-token question:
//   0 [CLS]  1-2 question  3 [SEP]  4 Marie  5 Curie  6 discovered  7 radium  8 in  9 Paris  10 .  11 [SEP]
const CONTEXT = 'Marie Curie discovered radium in Paris.';
const SPANS: (CharSpan | null)[] = [null, null, null, null, span(0, 5), span(6, 11), span(12, 22), span(23, 29), span(30, 32), span(33, 38), span(38, 39), null];
const LOW = -20;

/** Logits that are LOW everywhere except the given positions. */
function logits(set: Record<number, number>, n = SPANS.length, base = LOW): Float32Array {
  const a = new Float32Array(n).fill(base);
  for (const [i, v] of Object.entries(set)) a[Number(i)] = v;
  return a;
}
function win(starts: Record<number, number>, ends: Record<number, number>, spans = SPANS): WindowLogits {
  return { startLogits: logits(starts, spans.length), endLogits: logits(ends, spans.length), contextSpans: spans };
}
const opts = (o: Partial<DecodeOptions> = {}): DecodeOptions => ({ ...DEFAULT_DECODE, ...o });

interface Case {
  name: string;
  windows: WindowLogits[];
  options?: Partial<DecodeOptions>;
  text: string;
  best?: { text: string; startLogit: number; endLogit: number } | null;
  nullScoreDiff?: number | null;
  /** The whole n-best, by text. */
  nbestTexts?: string[];
  /** The first n-best entries, by text. */
  nbestHead?: string[];
}

const cases: Case[] = [
  {
    name: 'best span = highest start + end logit',
    windows: [win({ 4: 5, 7: 3 }, { 5: 4, 9: 2 })],
    text: 'Marie Curie',
    best: { text: 'Marie Curie', startLogit: 5, endLogit: 4 },
    nullScoreDiff: null,
  },
  {
    name: 'max answer length: a 6-token span is dropped at 3',
    windows: [win({ 4: 5 }, { 9: 6, 5: 1 })],
    options: { maxAnswerLength: 3 },
    text: 'Marie Curie',
  },
  {
    name: 'max answer length: the same 6-token span is kept at 6',
    windows: [win({ 4: 5 }, { 9: 6, 5: 1 })],
    options: { maxAnswerLength: 6 },
    text: 'Marie Curie discovered radium in Paris',
  },
  {
    name: 'end before start is not a span',
    windows: [win({ 9: 8, 5: 1 }, { 4: 8, 6: 1 })],
    text: 'Curie discovered',
    best: { text: 'Curie discovered', startLogit: 1, endLogit: 1 },
  },
  {
    name: 'question, [CLS] and [SEP] tokens are never part of an answer',
    windows: [win({ 0: 10, 2: 9, 3: 9, 11: 9, 7: 1 }, { 0: 10, 1: 9, 3: 9, 11: 9, 7: 1 })],
    text: 'radium',
  },
  {
    name: 'SQuAD 2.0: null wins when null − best > threshold (7 − 5 = 2 > 0)',
    windows: [win({ 0: 4, 7: 3 }, { 0: 3, 7: 2 })],
    options: { versionTwo: true },
    text: '',
    best: { text: 'radium', startLogit: 3, endLogit: 2 },
    nullScoreDiff: 2,
    nbestHead: ['', 'radium'],
  },
  {
    name: 'SQuAD 2.0: diff equal to the threshold keeps the answer (2 > 2 is false)',
    windows: [win({ 0: 4, 7: 3 }, { 0: 3, 7: 2 })],
    options: { versionTwo: true, nullScoreDiffThreshold: 2 },
    text: 'radium',
    nullScoreDiff: 2,
  },
  {
    name: 'SQuAD 2.0: threshold below the diff picks null',
    windows: [win({ 0: 4, 7: 3 }, { 0: 3, 7: 2 })],
    options: { versionTwo: true, nullScoreDiffThreshold: 1.9 },
    text: '',
  },
  {
    name: 'SQuAD 2.0: answer wins when best > null',
    windows: [win({ 0: 1, 7: 3 }, { 0: 1, 7: 2 })],
    options: { versionTwo: true },
    text: 'radium',
    nullScoreDiff: -3,
    nbestHead: ['radium', ''],
  },
  {
    name: 'SQuAD 2.0: null score is the MIN over windows (7 in the first, 2 in the second)',
    windows: [win({ 0: 4, 7: 3 }, { 0: 3, 7: 2 }), win({ 0: 1 }, { 0: 1 })],
    options: { versionTwo: true },
    text: 'radium',
    nullScoreDiff: -3,
  },
  {
    name: 'SQuAD 2.0: MIN over windows does not depend on window order',
    windows: [win({ 0: 1 }, { 0: 1 }), win({ 0: 4, 7: 3 }, { 0: 3, 7: 2 })],
    options: { versionTwo: true },
    text: 'radium',
    nullScoreDiff: -3,
  },
  {
    name: 'v1: [CLS] logits do not matter',
    windows: [win({ 0: 40, 7: 3 }, { 0: 40, 7: 2 })],
    text: 'radium',
    nullScoreDiff: null,
  },
  {
    name: 'no candidate at all (v1): the "empty" filler',
    windows: [win({ 9: 1 }, { 4: 1 }, SPANS.map(() => null))],
    text: 'empty',
    best: { text: 'empty', startLogit: 0, endLogit: 0 },
    nbestTexts: ['empty'],
  },
  {
    name: 'no candidate (v2), null score > 0: filler kept in n-best, answer ""',
    windows: [win({ 0: 1 }, { 0: 0.5 }, SPANS.map(() => null))],
    options: { versionTwo: true },
    text: '',
    best: { text: 'empty', startLogit: 0, endLogit: 0 },
    nullScoreDiff: 1.5,
    nbestTexts: ['empty', ''],
  },
  {
    name: 'no candidate (v2), null score ≤ 0: Hugging Face answers the filler text "empty"',
    windows: [win({ 0: -1 }, { 0: -0.5 }, SPANS.map(() => null))],
    options: { versionTwo: true },
    text: 'empty',
    nullScoreDiff: -1.5,
    nbestTexts: ['empty', ''],
  },
  {
    name: 'ties keep candidate order: starts and ends by descending logit, higher index first',
    // starts [7, 4], ends [7, 4] → (7,7), (7,4)✗, (4,7), (4,4), all scoring 4.
    windows: [win({ 4: 2, 7: 2 }, { 4: 2, 7: 2 })],
    options: { nBest: 2 },
    text: 'radium',
    nbestTexts: ['radium', 'Marie Curie discovered radium'],
  },
  {
    name: 'n-best keeps the nBest highest candidates',
    windows: [win({ 4: 3, 6: 2, 9: 1 }, { 5: 3, 7: 2, 10: 1 })],
    options: { nBest: 3 },
    text: 'Marie Curie',
    // 6 candidates: (4,5)=6 (4,7)=5 (4,10)=4 (6,7)=4 (6,10)=3 (9,10)=2 → first three, ties in candidate order.
    nbestTexts: ['Marie Curie', 'Marie Curie discovered radium', 'Marie Curie discovered radium in Paris.'],
  },
  {
    name: 'SQuAD 2.0: a null pushed out of the n-best is added back at the end',
    windows: [win({ 0: -30, 4: 3, 6: 2 }, { 0: -30, 5: 3, 7: 2 })],
    options: { versionTwo: true, nBest: 2 },
    text: 'Marie Curie',
    nbestTexts: ['Marie Curie', 'Marie Curie discovered radium', ''],
  },
];

describe('decodeWindows: hand-worked cases', () => {
  it.each(cases)('$name', ({ windows, options, text, best, nullScoreDiff, nbestTexts, nbestHead }) => {
    const p = decodeWindows('q1', CONTEXT, windows, opts(options));
    expect(p.id).toBe('q1');
    expect(p.text).toBe(text);
    expect(p.windows).toBe(windows.length);
    if (best !== undefined) expect(p.best && { text: p.best.text, startLogit: p.best.startLogit, endLogit: p.best.endLogit }).toEqual(best);
    if (nullScoreDiff !== undefined) expect(p.nullScoreDiff).toBe(nullScoreDiff);
    if (nbestTexts) expect(p.nbest.map((s) => s.text)).toEqual(nbestTexts);
    if (nbestHead) expect(p.nbest.slice(0, nbestHead.length).map((s) => s.text)).toEqual(nbestHead);
    // Invariants of every prediction.
    for (const s of p.nbest) {
      expect(s.score).toBe(f32(s.startLogit + s.endLogit));
      if (s.text !== 'empty') expect(s.text).toBe(CONTEXT.slice(s.start, s.end));
    }
  });

  it('an answer crossing a window border comes from the window that holds all of it', () => {
    // Window 1 holds Marie Curie discovered; window 2 (stride overlap) holds discovered radium in Paris .
    const w1: (CharSpan | null)[] = [null, null, null, null, span(0, 5), span(6, 11), span(12, 22), null];
    const w2: (CharSpan | null)[] = [null, null, null, null, span(12, 22), span(23, 29), span(30, 32), span(33, 38), span(38, 39), null];
    // Both windows want to start at "discovered"; only window 2 sees "radium" to end on.
    const p = decodeWindows('q', CONTEXT, [win({ 6: 5 }, { 6: -3 }, w1), win({ 4: 5 }, { 5: 5 }, w2)]);
    expect(p.text).toBe('discovered radium');
    expect(p.best).toMatchObject({ start: 12, end: 29, startLogit: 5, endLogit: 5, score: 10 });
    // The window-1 candidate "discovered" (5 − 3) is still in the n-best, below.
    expect(p.nbest.map((s) => s.text).indexOf('discovered')).toBeGreaterThan(0);
  });

  it('logits are float32: values and sums are rounded like numpy float32', () => {
    const p = decodeWindows('q', CONTEXT, [{ startLogits: [0, 0, 0, 0, 0.1], endLogits: [0, 0, 0, 0, 0.2], contextSpans: SPANS.slice(0, 5) }]);
    expect(p.best?.startLogit).toBe(f32(0.1));
    expect(p.best?.endLogit).toBe(f32(0.2));
    expect(p.best?.score).toBe(f32(f32(0.1) + f32(0.2)));
    expect(p.best?.score).not.toBe(0.1 + 0.2);
  });

  it('probabilities are float32 and sum to 1', () => {
    const starts = Float32Array.from({ length: 12 }, (_, i) => Math.sin(i * 1.7) * 4);
    const ends = Float32Array.from({ length: 12 }, (_, i) => Math.cos(i * 0.9) * 4);
    const p = decodeWindows('q', CONTEXT, [{ startLogits: starts, endLogits: ends, contextSpans: SPANS }], opts({ versionTwo: true }));
    expect(p.nbest.length).toBeGreaterThan(5);
    for (const s of p.nbest) expect(f32(s.probability)).toBe(s.probability);
    expect(Math.abs(p.nbest.reduce((a, s) => a + s.probability, 0) - 1)).toBeLessThan(1e-6);
    const probs = p.nbest.map((s) => s.probability);
    expect(probs).toEqual([...probs].sort((a, b) => b - a));
  });

  it('the filler case is a float64 softmax (numpy promotes the Python 0.0)', () => {
    const p = decodeWindows('q', CONTEXT, [win({ 0: 1 }, { 0: 0.5 }, SPANS.map(() => null))], opts({ versionTwo: true }));
    const e = Math.exp(-1.5);
    expect(p.nbest.map((s) => s.text)).toEqual(['empty', '']);
    expect(p.nbest.map((s) => s.probability)).toEqual([e / (e + 1), 1 / (e + 1)]);
  });
});

describe('topIndices and softmax32', () => {
  it.each([
    { name: 'largest first', values: [1, 5, 3, 4], n: 2, expected: [1, 3] },
    { name: 'ties go to the higher index', values: [1, 3, 3], n: 2, expected: [2, 1] },
    { name: 'all equal: reverse index order', values: [0, 0, 0, 0], n: 3, expected: [3, 2, 1] },
    { name: 'n larger than the array', values: [2, 1], n: 20, expected: [0, 1] },
    { name: 'negative values', values: [-3, -1, -2], n: 3, expected: [1, 2, 0] },
  ])('$name', ({ values, n, expected }) => {
    expect(topIndices(values, n)).toEqual(expected);
  });

  it('softmax32', () => {
    expect(softmax32([])).toEqual([]);
    expect(softmax32([0, 0])).toEqual([0.5, 0.5]);
    const p = softmax32([f32(2.5), f32(-1), f32(0.25)]);
    p.forEach((x) => expect(f32(x)).toBe(x));
    expect(p[0]).toBeGreaterThan(p[2] as number);
    expect(softmax32([1000, 0])).toEqual([1, 0]); // no overflow thanks to max subtraction
  });
});

describe('nbestJson', () => {
  const base: AnswerSpan = { text: 'radium', start: char(23), end: char(29), startLogit: 3, endLogit: 2, score: 5, probability: 0.75 };
  it('answer entries use run_qa.py key order', () => {
    expect(Object.keys(nbestJson(base))).toEqual(['start_logit', 'end_logit', 'text', 'probability']);
    expect(nbestJson(base)).toEqual({ start_logit: 3, end_logit: 2, text: 'radium', probability: 0.75 });
  });
  it('the null answer too', () => {
    expect(Object.keys(nbestJson({ ...base, text: '', start: char(0), end: char(0) }))).toEqual(['start_logit', 'end_logit', 'text', 'probability']);
  });
  it('the "empty" filler keeps its own key order', () => {
    expect(Object.keys(nbestJson({ ...base, text: 'empty', start: char(0), end: char(0) }))).toEqual(['text', 'start_logit', 'end_logit', 'probability']);
  });
  it('JSON text of a prediction', () => {
    const p = decodeWindows('q', CONTEXT, [win({ 4: 5 }, { 5: 4 })], opts({ nBest: 1 }));
    expect(JSON.stringify(p.nbest.map(nbestJson))).toBe('[{"start_logit":5,"end_logit":4,"text":"Marie Curie","probability":1}]');
  });
});

// ---------------------------------------------------------------------------------------------
// Reference outputs of utils_qa.postprocess_qa_predictions (numpy 2.4, float32 logits).

interface RefCase {
  name: string;
  context: string;
  options: DecodeOptions;
  windows: { startLogits: number[]; endLogits: number[]; offsets: ([number, number] | null)[] }[];
  expected: { text: string; nbest: Record<string, string | number>[]; nullScoreDiff: number | null };
}
const reference = JSON.parse(readFileSync(new URL('../fixtures/decode/postprocess-reference.json', import.meta.url), 'utf8')) as RefCase[];

describe('decodeWindows against the numpy reference', () => {
  it('has the reference cases', () => {
    expect(reference.length).toBeGreaterThanOrEqual(10);
  });

  it.each(reference)('$name', ({ context, options, windows, expected }) => {
    const wl: WindowLogits[] = windows.map((w) => ({
      startLogits: Float32Array.from(w.startLogits),
      endLogits: Float32Array.from(w.endLogits),
      contextSpans: w.offsets.map((o) => (o ? span(o[0], o[1]) : null)),
    }));
    const p = decodeWindows('ref', context, wl, options);
    expect(p.text).toBe(expected.text);
    expect(p.nullScoreDiff).toBe(expected.nullScoreDiff);
    const got = p.nbest.map(nbestJson);
    expect(got.map((e) => Object.keys(e))).toEqual(expected.nbest.map((e) => Object.keys(e)));
    const exact = (e: Record<string, string | number>) => ({ text: e.text, start_logit: e.start_logit, end_logit: e.end_logit });
    expect(got.map(exact)).toEqual(expected.nbest.map(exact));
    // numpy's float32 exp is a SIMD approximation (up to a few ulp off); compare probabilities to ~1e-6.
    got.forEach((e, i) => {
      const want = expected.nbest[i]?.probability as number;
      expect(Math.abs((e.probability as number) - want)).toBeLessThanOrEqual(1e-6 * want + 1e-30);
    });
  });
});
