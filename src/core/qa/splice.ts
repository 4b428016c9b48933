/**
 * Encoding a text from a similar text's encoding: only the part that differs is tokenized, the
 * rest is the other text's tokens with their spans shifted. Occlusion asks for a passage without
 * one sentence nine times over (a first Explain tokenized ten 150-word passages, 15–200 ms of its
 * job under load, issue 44); renamings and live edits change a few words. Exact only for
 * tokenizers whose tokens never cross whitespace and whose normalizer works character by character
 * (BERT's: QaTokenizer.cutsAtWhitespace), so a text cut at a whitespace tokenizes as its two parts;
 * the cuts are placed at ASCII whitespace only (BERT's clean_text deletes \v and \f instead of
 * splitting there, and U+2028 is no whitespace to it).
 */
import { char, type CharSpan } from '../types.ts';
import type { EncodedText } from './tokenizer.ts';

/** A whitespace at which BERT's pre-tokenizer always splits. */
const isCut = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** Where two texts differ: text[start, end) replaces base[start, baseEnd), both cut at whitespace. */
export interface ChangedPart {
  start: number;
  end: number;
  baseEnd: number;
}

/** Whether cutting s at `at` splits no word: at an end, or next to a whitespace. */
const cleanCut = (s: string, at: number): boolean => at <= 0 || at >= s.length || isCut(s[at - 1]) || isCut(s[at]);

/**
 * The part of `text` that differs from `base`, widened until both cuts are clean in both texts,
 * e.g. changedPart('Marie won. She left.', 'She left.') → { start: 0, end: 0, baseEnd: 11 }.
 * A removal or insertion can sit at several places (removing "the b" from "the big the b"): the
 * latest clean one is taken, so a removed sentence leaves nothing to tokenize.
 */
export function changedPart(base: string, text: string): ChangedPart {
  const most = Math.min(base.length, text.length);
  const d = base.length - text.length;
  let prefix = 0;
  while (prefix < most && base.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (suffix < most && base.charCodeAt(base.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)) suffix++;
  const clean = (start: number, end: number) => cleanCut(text, start) && cleanCut(base, start) && cleanCut(text, end) && cleanCut(base, end + d);
  // Only one text has extra characters: any start in [most − suffix, prefix] leaves the rest common.
  for (let k = prefix; k >= most - suffix && prefix + suffix >= most; k--) if (clean(k, k + text.length - most)) return { start: k, end: k + text.length - most, baseEnd: k + base.length - most };
  suffix = Math.min(suffix, most - prefix);
  let start = prefix;
  while (start > 0 && !(cleanCut(text, start) && cleanCut(base, start))) start--;
  let end = text.length - suffix;
  while (end < text.length && !(cleanCut(text, end) && cleanCut(base, end + d))) end++;
  return { start, end, baseEnd: end + d };
}

/** Index of the first token starting at or after `at`; -1 when a token crosses `at` or a zero-width token sits on it. */
function tokenAt(spans: readonly CharSpan[], at: number): number {
  let i = 0;
  for (; i < spans.length && (spans[i] as CharSpan).start < at; i++) if ((spans[i] as CharSpan).end > at) return -1;
  const s = spans[i];
  return s && s.start === at && s.end === at ? -1 : i;
}

/** Spans moved by `by` characters. */
const shifted = (spans: readonly CharSpan[], by: number): CharSpan[] => spans.map((s) => ({ start: char(s.start + by), end: char(s.end + by) }));

/**
 * `text`'s encoding from `base`'s: the changed part tokenized alone (encodePart), the tokens before
 * and after it taken from the base; null when more than half the text changed or a base token
 * crosses a cut. Equal to encoding the whole text for a tokenizer that cuts at whitespace.
 */
export function spliceEncoding(base: { text: string; encoded: EncodedText }, text: string, encodePart: (part: string) => EncodedText): EncodedText | null {
  const c = changedPart(base.text, text);
  if (2 * (c.end - c.start) > text.length) return null;
  const spans = base.encoded.spans;
  const from = tokenAt(spans, c.start);
  const to = tokenAt(spans, c.baseEnd);
  if (from < 0 || to < 0 || to < from) return null;
  const mid = c.end > c.start ? encodePart(text.slice(c.start, c.end)) : { ids: [], spans: [] };
  return {
    ids: [...base.encoded.ids.slice(0, from), ...mid.ids, ...base.encoded.ids.slice(to)],
    spans: [...spans.slice(0, from), ...shifted(mid.spans, c.start), ...shifted(spans.slice(to), text.length - base.text.length)],
  };
}
