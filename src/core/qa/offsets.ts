/**
 * Character offsets for tokens. The JS tokenizers return token strings but no offset mapping, so
 * we re-walk the text with the same normalization the tokenizer applied and find each token.
 */
import { isFinalSigma } from '../text/aligned.ts';
import type { SentencePieceScheme } from './sp-normalize.ts';
import { sentencePieceOffsets } from './sp-offsets.ts';
import { char, type CharOffset, type CharSpan } from '../types.ts';

/** How a tokenizer turns text into token strings, as far as offsets care. */
export type TokenizerScheme =
  | {
      kind: 'wordpiece';
      lowercase: boolean;
      stripAccents: boolean;
      prefix: string;
      unkToken: string;
    }
  | { kind: 'bytelevel-bpe'; unkToken: string | null }
  | SentencePieceScheme;

/** Normalized text and, for every normalized code unit, the original code-unit index it came from. */
export interface NormalizedText {
  text: string;
  origin: number[];
}

// clean_text drops these (Rust `char::is_other`, JS `is_control`); tab, LF and CR count as whitespace.
const CONTROL = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u;
const WHITESPACE = /\s/u;
const MARK = /\p{Mn}/u;
/**
 * Applies BERT's normalizer (clean text, optional lowercasing and accent stripping) keeping a map
 * back to the original string, e.g. normalizeBert('Émile', true, true).text === 'emile'.
 */
export function normalizeBert(text: string, lowercase: boolean, stripAccents: boolean): NormalizedText {
  // clean_text first, as the tokenizer does: control characters are dropped before whitespace is
  // mapped, so e.g. \v, \f and U+FEFF vanish instead of becoming spaces.
  const chars: string[] = [];
  const at: number[] = [];
  let i = 0;
  for (const ch of text) {
    const from = i;
    i += ch.length;
    const ascii = ch.length === 1 && ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : -1;
    if (ascii >= 0) {
      // ASCII without the regexes: its controls are Cc (below 0x20 and 0x7F); tab, LF and CR become spaces.
      const space = ascii === 9 || ascii === 10 || ascii === 13;
      if (!space && (ascii < 0x20 || ascii === 0x7f)) continue;
      chars.push(space ? ' ' : ch);
      at.push(from);
      continue;
    }
    if (ch === '\ufffd') continue;
    if (CONTROL.test(ch)) continue;
    chars.push(WHITESPACE.test(ch) ? ' ' : ch);
    at.push(from);
  }
  const out: string[] = [];
  const origin: number[] = [];
  chars.forEach((ch, k) => {
    let t = ch;
    if (lowercase) t = ch === '\u03a3' ? (isFinalSigma(chars, k) ? '\u03c2' : '\u03c3') : ch.toLowerCase();
    // An ASCII character has no decomposition and no mark to strip.
    if (stripAccents && !(t.length === 1 && t.charCodeAt(0) < 0x80)) t = [...t.normalize('NFD')].filter((c) => !MARK.test(c)).join('');
    for (let u = 0; u < t.length; u++) {
      out.push(t[u] as string);
      origin.push(at[k] as number);
    }
  });
  return { text: out.join(''), origin };
}

/** BERT's notion of punctuation: ASCII symbol ranges plus Unicode P*, e.g. isBertPunct('$') === true. */
export function isBertPunct(ch: string): boolean {
  const cp = ch.codePointAt(0) ?? 0;
  if ((cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126)) return true;
  return /\p{P}/u.test(ch);
}

/** End (exclusive) of the code point starting at `i`, e.g. 2 for an emoji at 0. */
function codePointEnd(s: string, i: number): number {
  const cp = s.codePointAt(i) ?? 0;
  return i + (cp > 0xffff ? 2 : 1);
}

/**
 * CJK ideographs that BERT's normalizer (handle_chinese_chars) surrounds with spaces, so each is a
 * word of its own: the HF tokenizers (Rust) ranges, Extension B and later included (with their
 * 0x2B920 start of the Extension E range). The JS tokenizer tests UTF-16 units and so misses the
 * astral ones; isolateAstralCjk puts the spaces in before it runs.
 */
export function isCjkIdeograph(cp: number): boolean {
  return inCjkRanges(cp, 0x2b920);
}

/** BERT's CJK ideograph ranges with Extension E starting at `extE` (HF tokenizers 0x2B920, DuReader's script 0x2B820). */
export function inCjkRanges(cp: number, extE: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) ||
    (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) ||
    (cp >= extE && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x2f800 && cp <= 0x2fa1f)
  );
}

/** Surrounds astral CJK ideographs with spaces, e.g. 'a𠀀b' → 'a 𠀀 b', as the Rust BertNormalizer does. */
export function isolateAstralCjk(text: string): string {
  return text.replace(/[\u{20000}-\u{2FA1F}]/gu, (ch) => (isCjkIdeograph(ch.codePointAt(0) ?? 0) ? ` ${ch} ` : ch));
}

/**
 * Character spans for WordPiece tokens of `text`, e.g. ['Hel', '##lo'] on "Hello" → [0,3), [3,5).
 * [UNK] covers the rest of the current pre-token (a word, one punctuation character or one CJK
 * ideograph). Pieces of one original character (a Hangul syllable NFD-split into jamo) all map to it.
 */
export function wordPieceOffsets(text: string, tokens: string[], scheme: Extract<TokenizerScheme, { kind: 'wordpiece' }>): CharSpan[] {
  const norm = normalizeBert(text, scheme.lowercase, scheme.stripAccents);
  const n = norm.text;
  const spans: CharSpan[] = [];
  let pos = 0;
  const toOriginal = (from: number, to: number): CharSpan => {
    if (to <= from) {
      const at = from < norm.origin.length ? (norm.origin[from] as number) : text.length;
      return { start: char(at), end: char(at) };
    }
    const s = norm.origin[from] as number;
    const last = norm.origin[to - 1] as number;
    return { start: char(s), end: char(codePointEnd(text, last)) };
  };
  // The normalizer isolates CJK ideographs before lowercasing and NFD, so test the source character
  // (an ideograph may decompose to one outside the ranges, e.g. U+FACF → U+2284A).
  const isolated = (p: number) => isCjkIdeograph(text.codePointAt(norm.origin[p] ?? -1) ?? 0);
  /** End of the pre-token (a word, one punctuation character or one CJK ideograph) starting at `pos`. */
  const preTokenEnd = (pos: number): number => {
    if (pos >= n.length) return pos;
    if (isolated(pos)) {
      let p = pos + 1;
      while (p < n.length && norm.origin[p] === norm.origin[pos]) p++;
      return p;
    }
    const first = String.fromCodePoint(n.codePointAt(pos) as number);
    if (isBertPunct(first)) return pos + first.length;
    let p = pos;
    while (p < n.length && !isolated(p)) {
      const c = String.fromCodePoint(n.codePointAt(p) as number);
      if (WHITESPACE.test(c) || isBertPunct(c)) break;
      p += c.length;
    }
    return p;
  };
  for (const token of tokens) {
    const isCont = token.startsWith(scheme.prefix) && token.length > scheme.prefix.length;
    if (!isCont) while (pos < n.length && n[pos] === ' ') pos++;
    const surface = isCont ? token.slice(scheme.prefix.length) : token;
    // Special tokens typed in the text ("[SEP]") are split off before normalization, so in an
    // uncased text they appear lowercased: look for the normalized form when the raw one is absent.
    let needle = surface;
    if (!n.startsWith(needle, pos)) {
      const normalized = normalizeBert(surface, scheme.lowercase, scheme.stripAccents).text;
      if (normalized && n.startsWith(normalized, pos)) needle = normalized;
    }
    if (token === scheme.unkToken && !n.startsWith(needle, pos)) {
      const from = pos;
      pos = preTokenEnd(pos);
      spans.push(toOriginal(from, pos));
      continue;
    }
    const at = n.startsWith(needle, pos) ? pos : n.indexOf(needle, pos);
    if (at < 0) {
      // Unreachable for a consistent tokenizer; keep a zero-width span rather than fail.
      spans.push(toOriginal(pos, pos));
      continue;
    }
    spans.push(toOriginal(at, at + needle.length));
    pos = at + needle.length;
  }
  return spans;
}

let byteDecoder: Map<string, number> | null = null;

/** GPT-2's byte↔unicode table inverted: maps the printable stand-in character back to its byte. */
function bytesToUnicodeInverse(): Map<string, number> {
  if (byteDecoder) return byteDecoder;
  const bs: number[] = [];
  for (let b = 33; b <= 126; b++) bs.push(b);
  for (let b = 161; b <= 172; b++) bs.push(b);
  for (let b = 174; b <= 255; b++) bs.push(b);
  const cs = [...bs];
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    if (!bs.includes(b)) {
      bs.push(b);
      cs.push(256 + extra++);
    }
  }
  byteDecoder = new Map(bs.map((b, i) => [String.fromCodePoint(cs[i] as number), b]));
  return byteDecoder;
}

/** UTF-8 bytes of `text` and, per byte, the code-unit index of the character it belongs to. */
function utf8WithOrigin(text: string): { bytes: Uint8Array; origin: Int32Array } {
  const enc = new TextEncoder();
  const chunks: number[] = [];
  const origin: number[] = [];
  let i = 0;
  for (const ch of text) {
    for (const b of enc.encode(ch)) {
      chunks.push(b);
      origin.push(i);
    }
    i += ch.length;
  }
  return { bytes: Uint8Array.from(chunks), origin: Int32Array.from(origin) };
}

const isSpaceByte = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * Character spans for byte-level BPE tokens (RoBERTa, GPT-2), trimmed of leading/trailing
 * whitespace like `trim_offsets`, e.g. ['Hello', 'Ġworld'] on "Hello world" → [0,5), [6,11).
 * A token holding only some bytes of a character (one byte of "é" or of an emoji) maps to the
 * whole character, so neighbouring tokens may share it.
 */
export function byteLevelOffsets(text: string, tokens: string[]): CharSpan[] {
  const dec = bytesToUnicodeInverse();
  const enc = new TextEncoder();
  const { bytes, origin } = utf8WithOrigin(text);
  const matchesAt = (p: number, tb: readonly number[], from: number): boolean => {
    if (p + (tb.length - from) > bytes.length) return false;
    for (let k = from; k < tb.length; k++) if (bytes[p + (k - from)] !== tb[k]) return false;
    return true;
  };
  const spans: CharSpan[] = [];
  let pos = 0;
  for (const token of tokens) {
    const tb: number[] = [];
    for (const c of token) {
      const b = dec.get(c);
      if (b !== undefined) tb.push(b);
      else tb.push(...enc.encode(c)); // not a byte symbol: an added token's own text
    }
    // add_prefix_space puts a space before the first word that the text itself does not have.
    let skip = 0;
    while (skip < tb.length && isSpaceByte(tb[skip] as number) && bytes[pos] !== tb[skip]) skip++;
    // Added tokens with lstrip/rstrip (RoBERTa's <mask>) swallow the whitespace next to them.
    if (!matchesAt(pos, tb, skip)) {
      let q = pos;
      while (q < bytes.length && isSpaceByte(bytes[q] as number)) q++;
      if (q > pos && matchesAt(q, tb, skip)) pos = q;
    }
    let from = pos;
    const end = Math.min(pos + (tb.length - skip), bytes.length);
    pos = end;
    while (from < end && isSpaceByte(bytes[from] as number)) from++;
    let last = end;
    while (last > from && isSpaceByte(bytes[last - 1] as number)) last--;
    if (last <= from) {
      const at = from < origin.length ? (origin[from] as number) : text.length;
      spans.push({ start: char(at), end: char(at) });
      continue;
    }
    const s = origin[from] as number;
    const e = codePointEnd(text, origin[last - 1] as number);
    spans.push({ start: char(s), end: char(e) });
  }
  return spans;
}

/** Offsets for any supported scheme, e.g. tokenOffsets('a b', ['a', 'b'], bertCased) → [0,1), [2,3). */
export function tokenOffsets(text: string, tokens: string[], scheme: TokenizerScheme): CharSpan[] {
  if (scheme.kind === 'wordpiece') return wordPieceOffsets(text, tokens, scheme);
  if (scheme.kind === 'sentencepiece') return sentencePieceOffsets(text, tokens, scheme);
  return byteLevelOffsets(text, tokens);
}

/** The substring a span covers, e.g. sliceSpan('Paris is big', {start: 0, end: 5}) === 'Paris'. */
export function sliceSpan(text: string, span: { start: CharOffset; end: CharOffset }): string {
  return text.slice(span.start, span.end);
}
