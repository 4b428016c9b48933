/**
 * The token view of an answer: start and end probabilities over the passage's tokens, merged over
 * every window the way the decoder merges them, aligned between two versions of a passage, and the
 * n-best list with duplicate spans from overlapping windows merged for display.
 */
import type { WindowLogits } from './decode.ts';
import { wordDiff } from '../text/diff.ts';
import { char, type AnswerSpan, type CharOffset } from '../types.ts';

/** One passage token with its merged start/end probabilities (0..1). */
export interface TokenProb {
  start: CharOffset;
  end: CharOffset;
  pStart: number;
  pEnd: number;
  /** How many windows hold this token. */
  windows: number;
}

/** The token view of one prediction: passage tokens and the "no answer" ([CLS]) probabilities. */
export interface TokenView {
  tokens: TokenProb[];
  /** Highest [CLS] start and end probability over the windows (the SQuAD 2.0 null answer). */
  nullStart: number;
  nullEnd: number;
}

/** Softmax over the positions of `keep` (others get 0), e.g. softmaxAt([0, 0, 9], [0, 1]) → [0.5, 0.5, 0]. */
export function softmaxAt(logits: ArrayLike<number>, keep: readonly number[]): number[] {
  const out = new Array<number>(logits.length).fill(0);
  if (keep.length === 0) return out;
  const m = Math.max(...keep.map((i) => logits[i] as number));
  let sum = 0;
  for (const i of keep) sum += Math.exp((logits[i] as number) - m);
  for (const i of keep) out[i] = Math.exp((logits[i] as number) - m) / sum;
  return out;
}

/**
 * Merges the windows of one question into per-token probabilities. Within a window, start and end
 * logits are softmaxed over its passage tokens and [CLS] (the positions the decoder may pick). A
 * token held by several windows keeps its highest probability: the decoder ranks the candidates of
 * all windows together, so the window that scores a token highest is the one whose candidate wins.
 */
export function mergeTokenProbs(windows: readonly WindowLogits[]): TokenView {
  const byStart = new Map<number, TokenProb>();
  let nullStart = 0;
  let nullEnd = 0;
  for (const w of windows) {
    const keep = [0, ...w.contextSpans.flatMap((s, i) => (s && i > 0 ? [i] : []))];
    const ps = softmaxAt(w.startLogits, keep);
    const pe = softmaxAt(w.endLogits, keep);
    nullStart = Math.max(nullStart, ps[0] ?? 0);
    nullEnd = Math.max(nullEnd, pe[0] ?? 0);
    w.contextSpans.forEach((s, i) => {
      if (!s || i === 0) return;
      const key = s.start * 0x100000 + s.end;
      const had = byStart.get(key);
      if (had) {
        had.pStart = Math.max(had.pStart, ps[i] ?? 0);
        had.pEnd = Math.max(had.pEnd, pe[i] ?? 0);
        had.windows++;
      } else byStart.set(key, { start: s.start, end: s.end, pStart: ps[i] ?? 0, pEnd: pe[i] ?? 0, windows: 1 });
    });
  }
  const tokens = [...byStart.values()].sort((a, b) => a.start - b.start || a.end - b.end);
  return { tokens, nullStart, nullEnd };
}

/** An n-best entry as displayed: one per distinct span, with the windows it came from merged. */
export interface MergedCandidate extends AnswerSpan {
  /** How many n-best entries (from different windows) had this span. */
  count: number;
}

/**
 * Merges n-best entries with the same span (overlapping windows propose the same answer): the
 * probabilities add up (they are shares of one softmax), the best score and logits are kept, and
 * the order is by merged probability, e.g. [{A .3}, {B .5}, {A .2}] → [{A .5, count 2}, {B .5}].
 */
export function mergeNbest(nbest: readonly AnswerSpan[]): MergedCandidate[] {
  const byKey = new Map<string, MergedCandidate>();
  for (const s of nbest) {
    const key = `${s.start}:${s.end}:${s.text}`;
    const had = byKey.get(key);
    if (!had) {
      byKey.set(key, { ...s, count: 1 });
      continue;
    }
    had.count++;
    had.probability += s.probability;
    if (s.score > had.score) Object.assign(had, { score: s.score, startLogit: s.startLogit, endLogit: s.endLogit });
  }
  // Stable sort: equal probabilities keep the decoder's order.
  return [...byKey.values()].sort((a, b) => b.probability - a.probability);
}

/** One column of the aligned view: a token before, after, or both (same text, same place). */
export interface AlignedToken {
  before: TokenProb | null;
  after: TokenProb | null;
}

/**
 * Maps each character of `a` that the word diff keeps to its offset in `b` (-1 where the diff
 * deleted it), e.g. keptOffsets('Ann met Bob', 'Beth met Bob')[3] === 4.
 */
export function keptOffsets(a: string, b: string): Int32Array {
  const map = new Int32Array(a.length + 1).fill(-1);
  let i = 0;
  let j = 0;
  for (const p of wordDiff(a, b)) {
    if (p.op === 'equal') {
      for (let k = 0; k < p.text.length; k++) map[i + k] = j + k;
      i += p.text.length;
      j += p.text.length;
    } else if (p.op === 'delete') i += p.text.length;
    else j += p.text.length;
  }
  map[a.length] = b.length;
  return map;
}

/**
 * Aligns the tokens of two versions of a passage on the text: a token of `a` whose characters the
 * word diff kept is paired with the token of `b` at the mapped offsets; the others stand alone
 * (deleted or inserted), in text order. Every token of both sides appears exactly once.
 */
export function alignTokens(a: string, before: readonly TokenProb[], b: string, after: readonly TokenProb[]): AlignedToken[] {
  const map = keptOffsets(a, b);
  const afterAt = new Map<string, number>(after.map((t, i) => [`${t.start}:${t.end}`, i]));
  const pairOf = before.map((t) => {
    for (let k = t.start; k < t.end; k++) if ((map[k] ?? -1) < 0) return -1;
    const s = map[t.start] ?? -1;
    const e = (map[t.end - 1] ?? -2) + 1;
    // Kept characters must stay contiguous (no insertion inside the token) to be the same token.
    if (s < 0 || e - s !== t.end - t.start) return -1;
    return afterAt.get(`${char(s)}:${char(e)}`) ?? -1;
  });
  // Pairs must not cross: keep only pairs whose after-index increases (a diff never reorders).
  let last = -1;
  const used = new Set<number>();
  pairOf.forEach((j, i) => {
    if (j > last && !used.has(j)) {
      last = j;
      used.add(j);
    } else pairOf[i] = -1;
  });
  const out: AlignedToken[] = [];
  let j = 0;
  before.forEach((t, i) => {
    const p = pairOf[i] as number;
    if (p < 0) {
      out.push({ before: t, after: null });
      return;
    }
    while (j < p) out.push({ before: null, after: after[j++] as TokenProb });
    out.push({ before: t, after: after[j++] as TokenProb });
  });
  while (j < after.length) out.push({ before: null, after: after[j++] as TokenProb });
  return out;
}
