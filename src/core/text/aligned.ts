/**
 * Text that remembers where every character came from. Normalizers (NFKC, lowercasing, regex
 * replacements, stripping) change lengths, so each normalized code point keeps the original
 * code-unit span [start, end) it was produced from; a token's offsets are then read off directly.
 */

/** Normalized code points, each with the original UTF-16 span it came from. */
export interface Aligned {
  chars: string[];
  start: number[];
  end: number[];
}

/** An unchanged text: every code point maps to itself, e.g. alignedOf('aé').end → [1, 2]. */
export function alignedOf(text: string, offset = 0): Aligned {
  const a: Aligned = { chars: [], start: [], end: [] };
  let i = offset;
  for (const ch of text) {
    a.chars.push(ch);
    a.start.push(i);
    a.end.push(i + ch.length);
    i += ch.length;
  }
  return a;
}

/** The normalized string, e.g. textOf(alignedOf('ab')) === 'ab'. */
export const textOf = (a: Aligned): string => a.chars.join('');

/** Pushes the code points of `s`, all produced from the span [start, end). */
function pushAll(out: Aligned, s: string, start: number, end: number): void {
  for (const ch of s) {
    out.chars.push(ch);
    out.start.push(start);
    out.end.push(end);
  }
}

/** Replaces each code point by fn's string ('' drops it), e.g. lowercasing 'İ' → 'i̇' (both map to İ). */
export function mapChars(a: Aligned, fn: (ch: string, k: number) => string): Aligned {
  const out: Aligned = { chars: [], start: [], end: [] };
  a.chars.forEach((ch, k) => pushAll(out, fn(ch, k), a.start[k] as number, a.end[k] as number));
  return out;
}

// A code point that can combine with the one before it under normalization: marks and Hangul
// medial/final jamo (which compose into a syllable under NFC/NFKC).
const COMBINING = /[\p{M}\u1160-\u11ff\ud7b0-\ud7ff]/u;

/**
 * Unicode normalization (NFC/NFD/NFKC/NFKD) with alignment: the text is cut into clusters (a base
 * and its combining marks); a cluster is normalized on its own unless it interacts with the next
 * one, in which case they are joined. Every output code point maps to its whole cluster.
 */
export function normalizeForm(a: Aligned, form: 'NFC' | 'NFD' | 'NFKC' | 'NFKD'): Aligned {
  const clusters: [number, number][] = [];
  a.chars.forEach((ch, k) => {
    const last = clusters[clusters.length - 1];
    if (last && COMBINING.test(ch)) last[1] = k + 1;
    else clusters.push([k, k + 1]);
  });
  const join = (from: number, to: number) => a.chars.slice(from, to).join('');
  const out: Aligned = { chars: [], start: [], end: [] };
  let c = 0;
  while (c < clusters.length) {
    const from = (clusters[c] as [number, number])[0];
    let to = (clusters[c] as [number, number])[1];
    let d = c + 1;
    // Join the next cluster while normalizing them together differs from normalizing apart. An
    // ASCII character never composes with what precedes it, so the common case skips the check.
    while (d < clusters.length) {
      const [nextFrom, next] = clusters[d] as [number, number];
      if ((a.chars[nextFrom] as string).charCodeAt(0) < 0x80) break;
      const together = join(from, next).normalize(form);
      if (together === join(from, to).normalize(form) + join(to, next).normalize(form)) break;
      to = next;
      d++;
    }
    const piece = join(from, to);
    pushAll(out, to - from === 1 && piece.charCodeAt(0) < 0x80 ? piece : piece.normalize(form), a.start[from] as number, a.end[to - 1] as number);
    c = d;
  }
  return out;
}

/**
 * Replaces every match of a global regex by `content`; the replacement maps to the span of what
 * it replaced (a zero-width match maps to a zero-width span), e.g. " {2,}" → " " keeps the run.
 */
export function replaceAligned(a: Aligned, pattern: RegExp, content: string): Aligned {
  const text = textOf(a);
  const out: Aligned = { chars: [], start: [], end: [] };
  let k = 0; // code point index
  let u = 0; // its UTF-16 index
  /** Copies code points until the one at UTF-16 index `unit`; returns that code point's index. */
  const copyUntil = (unit: number): number => {
    while (u < unit && k < a.chars.length) {
      out.chars.push(a.chars[k] as string);
      out.start.push(a.start[k] as number);
      out.end.push(a.end[k] as number);
      u += (a.chars[k] as string).length;
      k++;
    }
    return k;
  };
  for (const m of text.matchAll(pattern)) {
    const from = copyUntil(m.index);
    let to = from;
    let v = u;
    while (v < m.index + m[0].length && to < a.chars.length) v += (a.chars[to++] as string).length;
    const origin = from < a.chars.length ? (a.start[from] as number) : (a.end[a.chars.length - 1] ?? 0);
    pushAll(out, content, origin, to > from ? (a.end[to - 1] as number) : origin);
    k = to;
    u = v;
  }
  copyUntil(text.length);
  return out;
}

const WS = /\s/u;

/** Drops leading and/or trailing whitespace (String#trim's notion), e.g. strip(' a ', true, false) → 'a '. */
export function stripAligned(a: Aligned, left: boolean, right: boolean): Aligned {
  let from = 0;
  let to = a.chars.length;
  if (left) while (from < to && WS.test(a.chars[from] as string)) from++;
  if (right) while (to > from && WS.test(a.chars[to - 1] as string)) to--;
  return { chars: a.chars.slice(from, to), start: a.start.slice(from, to), end: a.end.slice(from, to) };
}

/** Puts `s` in front; it comes from no character, so it maps to a zero-width span at the start. */
export function prependAligned(a: Aligned, s: string, at: number): Aligned {
  const out: Aligned = { chars: [], start: [], end: [] };
  const origin = a.start[0] ?? at;
  pushAll(out, s, origin, origin);
  return { chars: [...out.chars, ...a.chars], start: [...out.start, ...a.start], end: [...out.end, ...a.end] };
}

/** Concatenates aligned pieces in order. */
export function concatAligned(parts: readonly Aligned[]): Aligned {
  return { chars: parts.flatMap((p) => p.chars), start: parts.flatMap((p) => p.start), end: parts.flatMap((p) => p.end) };
}

const CASED = /\p{Cased}/u;
const CASE_IGNORABLE = /\p{Case_Ignorable}/u;

/**
 * Whether the capital sigma at `k` lowercases to the final form ς: String#toLowerCase on the whole
 * text applies Unicode's Final_Sigma rule (a cased letter before, none after, case-ignorables skipped).
 */
export function isFinalSigma(chars: readonly string[], k: number): boolean {
  let j = k - 1;
  while (j >= 0 && CASE_IGNORABLE.test(chars[j] as string)) j--;
  if (j < 0 || !CASED.test(chars[j] as string)) return false;
  j = k + 1;
  while (j < chars.length && CASE_IGNORABLE.test(chars[j] as string)) j++;
  return !(j < chars.length && CASED.test(chars[j] as string));
}

/** Lowercases as String#toLowerCase on the whole text does (final sigma included), keeping alignment. */
export function lowercaseAligned(a: Aligned): Aligned {
  return mapChars(a, (ch, k) => (ch === '\u03a3' ? (isFinalSigma(a.chars, k) ? '\u03c2' : '\u03c3') : ch.toLowerCase()));
}
