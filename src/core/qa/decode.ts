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
 * Kept by insertion into a list of at most n (n is 20 against a window's hundreds of tokens); a NaN,
 * which makes the sort's order arbitrary, or an unusual n falls back to sorting every index.
 */
export function topIndices(values: ArrayLike<number>, n: number): number[] {
  if (!(Number.isInteger(n) && n >= 1)) return sortedTopIndices(values, n);
  const top: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v !== v) return sortedTopIndices(values, n);
    // Index i is higher than every kept one, so it goes before the kept values equal to it.
    let p = top.length;
    if (p === n && v < (values[top[p - 1] as number] as number)) continue;
    while (p > 0 && (values[top[p - 1] as number] as number) <= v) p--;
    top.splice(p, 0, i);
    if (top.length > n) top.pop();
  }
  return top;
}

/** topIndices by sorting every index (the reference order, also for NaN). */
export function sortedTopIndices(values: ArrayLike<number>, n: number): number[] {
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

/** The null candidate (lowest [CLS] score over the windows) and the n-best candidates, best first. */
function rankCandidates(windows: readonly WindowLogits[], opts: DecodeOptions): { minNull: Candidate | null; preds: Candidate[] } {
  const minNull = nullCandidate(windows);
  const preds = Number.isInteger(opts.nBest) && opts.nBest >= 1 ? keptCandidates(windows, opts, minNull) : null;
  // A NaN score (or an unusual nBest) leaves the order to the sort: rank every candidate as the reference does.
  return { minNull, preds: preds ?? sortedCandidates(allCandidates(windows, opts, minNull), opts) };
}

/** The [CLS] candidate with the lowest start + end score over the windows (the first on ties). */
function nullCandidate(windows: readonly WindowLogits[]): Candidate | null {
  let minNull: Candidate | null = null;
  for (const w of windows) {
    const s0 = f32(w.startLogits[0] ?? 0);
    const e0 = f32(w.endLogits[0] ?? 0);
    const nullScore = f32(s0 + e0);
    if (minNull === null || minNull.score > nullScore) {
      minNull = { span: { start: char(0), end: char(0) }, score: nullScore, startLogit: s0, endLogit: e0, isNull: true };
    }
  }
  return minNull;
}

/** Calls `take` with every valid start × end pair of n-best start and end tokens, window by window. */
function forEachPair(windows: readonly WindowLogits[], opts: DecodeOptions, take: (w: WindowLogits, si: number, ei: number, score: number) => boolean): boolean {
  for (const w of windows) {
    const starts = topIndices(w.startLogits, opts.nBest);
    const ends = topIndices(w.endLogits, opts.nBest);
    for (const si of starts) {
      if (w.contextSpans[si] == null) continue;
      const sl = f32(w.startLogits[si] as number);
      for (const ei of ends) {
        if (w.contextSpans[ei] == null) continue;
        if (ei < si || ei - si + 1 > opts.maxAnswerLength) continue;
        if (!take(w, si, ei, f32(sl + f32(w.endLogits[ei] as number)))) return false;
      }
    }
  }
  return true;
}

/** The candidate of a start × end pair. */
function pairCandidate(w: WindowLogits, si: number, ei: number, score: number): Candidate {
  const span = { start: (w.contextSpans[si] as CharSpan).start, end: (w.contextSpans[ei] as CharSpan).end };
  return { span, score, startLogit: f32(w.startLogits[si] as number), endLogit: f32(w.endLogits[ei] as number), isNull: false };
}

/** Every candidate in order (pairs window by window, then the null one for SQuAD 2.0), as run_qa.py lists them. */
function allCandidates(windows: readonly WindowLogits[], opts: DecodeOptions, minNull: Candidate | null): Candidate[] {
  const prelim: Candidate[] = [];
  forEachPair(windows, opts, (w, si, ei, score) => prelim.push(pairCandidate(w, si, ei, score)) > 0);
  if (opts.versionTwo && minNull) prelim.push(minNull);
  return prelim;
}

/** The nBest best candidates by a stable sort on the score, as Python's sorted(reverse=True). */
function sortedCandidates(prelim: Candidate[], opts: DecodeOptions): Candidate[] {
  return prelim.sort((x, y) => y.score - x.score).slice(0, opts.nBest);
}

/**
 * sortedCandidates(allCandidates(…)) without listing them all: each candidate is inserted after
 * the kept ones scoring at least as much (stable), only candidates that make the n-best are built;
 * null when a score is NaN (the sort's order is then arbitrary).
 */
function keptCandidates(windows: readonly WindowLogits[], opts: DecodeOptions, minNull: Candidate | null): Candidate[] | null {
  const kept: Candidate[] = [];
  const n = opts.nBest;
  /** Whether a candidate scoring `score` enters the n-best (a later equal one does not pass a full list's last). */
  const enters = (score: number): boolean => kept.length < n || score > (kept[kept.length - 1] as Candidate).score;
  const complete = forEachPair(windows, opts, (w, si, ei, score) => {
    if (score !== score) return false;
    if (enters(score)) insertKept(kept, n, pairCandidate(w, si, ei, score));
    return true;
  });
  if (!complete) return null;
  if (opts.versionTwo && minNull) {
    if (minNull.score !== minNull.score) return null;
    if (enters(minNull.score)) insertKept(kept, n, minNull);
  }
  return kept;
}

/** Puts a candidate after the kept ones scoring at least as much, keeping at most n. */
function insertKept(kept: Candidate[], n: number, c: Candidate): void {
  let p = kept.length;
  while (p > 0 && (kept[p - 1] as Candidate).score < c.score) p--;
  kept.splice(p, 0, c);
  if (kept.length > n) kept.pop();
}

/**
 * Turns the windows of one question into its prediction, e.g. one window whose best pair is
 * tokens 7..8 → text = context.slice(spans[7].start, spans[8].end).
 */
export function decodeWindows(id: string, context: string, windows: readonly WindowLogits[], opts: DecodeOptions = DEFAULT_DECODE): QaPrediction {
  const { minNull, preds } = rankCandidates(windows, opts);
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
