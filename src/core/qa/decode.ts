/**
 * Span decoding identical to Hugging Face `postprocess_qa_predictions` (examples/pytorch/
 * question-answering/utils_qa.py): n-best start × end candidates per window, score = start + end
 * logit, SQuAD 2.0 null score = the minimum over windows of the [CLS] start + end, softmax over the
 * kept n-best. Arithmetic is done in float32 like numpy on float32 logits.
 *
 * Windows are not padded (as with run_qa.py's pad_to_max_length=False), so padding positions never
 * take n-best slots. Equal logits are ordered as a stable argsort would order them; numpy's default
 * sort is not stable beyond 16 elements, so exact ties may come out in another order there.
 */
import { char, type AnswerSpan, type CharSpan, type QaPrediction } from '../types.ts';

/** Decoding settings; defaults are those of run_qa.py. */
export interface DecodeOptions {
  nBest: number;
  maxAnswerLength: number;
  /** SQuAD 2.0: allow the empty answer. */
  versionTwo: boolean;
  nullScoreDiffThreshold: number;
}

export const DEFAULT_DECODE: DecodeOptions = { nBest: 20, maxAnswerLength: 30, versionTwo: false, nullScoreDiffThreshold: 0 };

/** Model output for one window: logits over its tokens and each token's passage span (null outside the passage). */
export interface WindowLogits {
  startLogits: ArrayLike<number>;
  endLogits: ArrayLike<number>;
  contextSpans: readonly (CharSpan | null)[];
}

const f32 = Math.fround;

/**
 * Indices of the n largest values, largest first; ties go to the higher index, as numpy's
 * `argsort(x)[-1:-n-1:-1]` does with a stable ascending sort. e.g. topIndices([1, 3, 3], 2) → [2, 1].
 */
export function topIndices(values: ArrayLike<number>, n: number): number[] {
  const idx = Array.from({ length: values.length }, (_, i) => i);
  idx.sort((a, b) => (values[b] as number) - (values[a] as number) || b - a);
  return idx.slice(0, n);
}

interface Candidate {
  span: CharSpan;
  score: number;
  startLogit: number;
  endLogit: number;
  isNull: boolean;
}

/**
 * Turns the windows of one question into its prediction, e.g. one window whose best pair is
 * tokens 7..8 → text = context.slice(spans[7].start, spans[8].end).
 */
export function decodeWindows(id: string, context: string, windows: readonly WindowLogits[], opts: DecodeOptions = DEFAULT_DECODE): QaPrediction {
  let minNull: Candidate | null = null;
  const prelim: Candidate[] = [];
  for (const w of windows) {
    const s0 = f32(w.startLogits[0] ?? 0);
    const e0 = f32(w.endLogits[0] ?? 0);
    const nullScore = f32(s0 + e0);
    if (minNull === null || minNull.score > nullScore) {
      minNull = { span: { start: char(0), end: char(0) }, score: nullScore, startLogit: s0, endLogit: e0, isNull: true };
    }
    const starts = topIndices(w.startLogits, opts.nBest);
    const ends = topIndices(w.endLogits, opts.nBest);
    for (const si of starts) {
      for (const ei of ends) {
        const a = w.contextSpans[si];
        const b = w.contextSpans[ei];
        if (a == null || b == null) continue;
        if (ei < si || ei - si + 1 > opts.maxAnswerLength) continue;
        const sl = f32(w.startLogits[si] as number);
        const el = f32(w.endLogits[ei] as number);
        prelim.push({ span: { start: a.start, end: b.end }, score: f32(sl + el), startLogit: sl, endLogit: el, isNull: false });
      }
    }
  }
  if (opts.versionTwo && minNull) prelim.push(minNull);
  // Array.prototype.sort is stable, like Python's sorted(reverse=True) on equal keys.
  const preds = prelim.slice().sort((x, y) => y.score - x.score).slice(0, opts.nBest);
  if (opts.versionTwo && minNull && !preds.some((p) => p.span.start === 0 && p.span.end === 0)) preds.push(minNull);

  const texts = preds.map((p) => context.slice(p.span.start, p.span.end));
  let spans: AnswerSpan[] = preds.map((p, i) => ({
    text: texts[i] as string,
    start: p.span.start,
    end: p.span.end,
    startLogit: p.startLogit,
    endLogit: p.endLogit,
    score: p.score,
    probability: 0,
  }));
  const filler = spans.length === 0 || (spans.length === 1 && spans[0]?.text === '');
  if (filler) {
    spans = [{ text: 'empty', start: char(0), end: char(0), startLogit: 0, endLogit: 0, score: 0, probability: 0 }, ...spans];
  }
  // The filler's score is a Python float, so numpy builds a float64 array and the softmax is float64.
  const probs = filler ? softmax64(spans.map((s) => s.score)) : softmax32(spans.map((s) => s.score));
  spans.forEach((s, i) => (s.probability = probs[i] as number));

  if (!opts.versionTwo) {
    const best = spans[0] ?? null;
    return { id, text: best?.text ?? '', best, nbest: spans, nullScoreDiff: null, windows: windows.length };
  }
  const best = spans.find((s) => s.text !== '') ?? null;
  const nullScore = minNull?.score ?? 0;
  const diff = best ? f32(f32(nullScore - best.startLogit) - best.endLogit) : 0;
  const text = diff > opts.nullScoreDiffThreshold || !best ? '' : best.text;
  return { id, text, best, nbest: spans, nullScoreDiff: diff, windows: windows.length };
}

/** Softmax with the max-subtraction trick, rounded to float32, e.g. softmax32([0, 0]) → [0.5, 0.5]. */
export function softmax32(scores: number[]): number[] {
  if (scores.length === 0) return [];
  const m = Math.max(...scores);
  const ex = scores.map((s) => f32(Math.exp(f32(s - m))));
  const sum = f32(ex.reduce((a, b) => a + b, 0));
  return ex.map((e) => f32(e / sum));
}

/** Softmax in float64, for the scores numpy holds as float64 (those next to the "empty" filler). */
function softmax64(scores: number[]): number[] {
  const m = Math.max(...scores);
  const ex = scores.map((s) => Math.exp(s - m));
  const sum = ex.reduce((a, b) => a + b, 0);
  return ex.map((e) => e / sum);
}

/**
 * An nbest entry in the key order run_qa.py writes to nbest_predictions.json; its "empty" filler
 * (non-empty text on an empty span) keeps the filler's own key order.
 */
export function nbestJson(span: AnswerSpan): Record<string, string | number> {
  const isFiller = span.text !== '' && span.start === span.end;
  return isFiller
    ? { text: span.text, start_logit: span.startLogit, end_logit: span.endLogit, probability: span.probability }
    : { start_logit: span.startLogit, end_logit: span.endLogit, text: span.text, probability: span.probability };
}
