/**
 * Unicode code-point offsets, as Python and the SQuAD tools count them, versus the UTF-16 code-unit
 * offsets JavaScript strings use. Inside the tool every offset is UTF-16 (`CharOffset`); any offset
 * read from or written to a file is a code point (`CodePointOffset`) and goes through these.
 */
import { char, type CharOffset } from '../types.ts';

/** An offset counted in Unicode code points (Python's `str` indexing), e.g. in exported SQuAD JSON. */
export type CodePointOffset = number & { readonly __unit: 'codepoint' };
/** Marks a number as a code-point offset. */
export const cp = (n: number): CodePointOffset => n as CodePointOffset;

/** True when the UTF-16 unit at `i` is the second half of a surrogate pair. */
export function isLowSurrogateAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  const p = s.charCodeAt(i - 1);
  return i > 0 && c >= 0xdc00 && c <= 0xdfff && p >= 0xd800 && p <= 0xdbff;
}

/** True when the string has no astral characters, so both counts agree (the common, fast case). */
export function isBmpOnly(s: string): boolean {
  return !/[\ud800-\udfff]/.test(s);
}

/** Python's len(s): the number of code points. */
export function codePointLength(s: string): number {
  if (isBmpOnly(s)) return s.length;
  let n = 0;
  for (let i = 0; i < s.length; i++) if (!isLowSurrogateAt(s, i)) n++;
  return n;
}

/** UTF-16 offset → code-point offset in `s` (an offset inside a pair counts the whole character); conversions about one string in a row share its index. */
export function toCodePoint(s: string, i: CharOffset | number): CodePointOffset {
  return mapperFor(s).toCodePoint(i);
}

/** Code-point offset → UTF-16 offset in `s`; past the end gives s.length. */
export function fromCodePoint(s: string, c: CodePointOffset | number): CharOffset {
  return mapperFor(s).fromCodePoint(c);
}

/** Python's s[start:end] with code-point offsets (for tests and checks of exported files). */
export function codePointSlice(s: string, start: number, end?: number): string {
  return Array.from(s).slice(start, end).join('');
}

/** Converts offsets of one string both ways (see codePointMapper). */
export interface CodePointMapper {
  toCodePoint: (i: number) => CodePointOffset;
  fromCodePoint: (c: number) => CharOffset;
}

/** UTF-16 indices of the high halves of the surrogate pairs of `s`, ascending (one regex pass, no per-unit table). */
function astralStarts(s: string): Int32Array {
  const at: number[] = [];
  for (const m of s.matchAll(/[\ud800-\udbff][\udc00-\udfff]/g)) at.push(m.index);
  return Int32Array.from(at);
}

/** How many entries of ascending `xs` satisfy `below(x)` (a prefix of xs), by binary search. */
export function countWhile(xs: Int32Array, below: (x: number, k: number) => boolean): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (below(xs[mid] as number, mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Calls to codePointMapper so far: a test checks that a passage asked many questions is indexed once, not per question. */
export const mapperBuilds = { count: 0 };

/**
 * A converter for many offsets into one string, both ways in O(log astral characters) after one
 * scan that lists only the astral characters (no table the size of the string): a 1 MB passage asked
 * 2,000 questions is indexed once per call, in about a millisecond (issue 40.2).
 */
export function codePointMapper(s: string): CodePointMapper {
  mapperBuilds.count++;
  return indexCodePoints(s);
}

/** codePointMapper's work, uncounted (a trap sentence's own index in splicedMapper is not a passage's). */
function indexCodePoints(s: string): CodePointMapper {
  const pairs = astralStarts(s);
  if (pairs.length === 0) return { toCodePoint: (i) => cp(Math.min(Math.max(0, i), s.length)), fromCodePoint: (c) => char(Math.min(Math.max(0, c), s.length)) };
  const n = s.length - pairs.length;
  return {
    // Every low half before i is one unit that is not a code point of its own (an offset inside a pair counts the whole character).
    toCodePoint: (i) => {
      const u = Math.min(Math.max(0, i), s.length);
      return cp(u - countWhile(pairs, (p) => p + 1 < u));
    },
    // Code point c starts after the pairs whose own code-point index (p - k) is below c, each one unit longer.
    fromCodePoint: (c) => {
      const k = Math.min(Math.max(0, c), n);
      return char(k + countWhile(pairs, (p, j) => p - j < k));
    },
  };
}

/**
 * Python's context[start:start+len(text)] == text for a code-point `start`, e.g.
 * isAtCodePoint('😀 Ann', 'Ann', 2) → true (a UTF-16 check would want 3).
 */
export function isAtCodePoint(context: string, text: string, start: number, map: CodePointMapper = codePointMapper(context)): boolean {
  if (!Number.isInteger(start) || start < 0) return false;
  const u16 = map.fromCodePoint(start);
  return map.toCodePoint(u16) === start && context.startsWith(text, u16) && u16 + text.length <= context.length;
}

/** True for a UTF-16 high (first) half of a surrogate pair; false for NaN (past either end). */
const isHigh = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
/** True for a UTF-16 low (second) half of a surrogate pair. */
const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * Whether inserting `inserted` into `base` at UTF-16 offset `at` leaves every character of both
 * whole: no pair of `base` is split and no lone half of either side joins one of the other, so the
 * result's characters are base's before `at`, then inserted's, then base's after (what lets its
 * offsets and JSON be derived from the parts), e.g. keepsPairs('😀', 1, 'x') === false.
 */
export function keepsPairs(base: string, at: number, inserted: string): boolean {
  const before = base.charCodeAt(at - 1);
  const after = base.charCodeAt(at);
  return !(isHigh(before) && isLow(after)) && !(isHigh(before) && isLow(inserted.charCodeAt(0))) && !(isHigh(inserted.charCodeAt(inserted.length - 1)) && isLow(after));
}

/**
 * The mapper of base.slice(0, at) + inserted + base.slice(at) from base's own mapper, without
 * reading the passage again: a trap sentence put into a 1 MB passage shifts the passage's
 * offsets instead of re-scanning it per question (issue 40.2). Offsets past the insertion move by
 * its length in each unit; inside it, they count from its start. Where the insertion splits or
 * joins a surrogate pair (keepsPairs false) the whole string is indexed, as codePointMapper does.
 */
export function splicedMapper(base: string, baseMap: CodePointMapper, at: number, inserted: string): CodePointMapper {
  if (!keepsPairs(base, at, inserted)) return codePointMapper(base.slice(0, at) + inserted + base.slice(at));
  const ins = indexCodePoints(inserted);
  const len = inserted.length;
  const atCp: number = baseMap.toCodePoint(at);
  const insCp: number = ins.toCodePoint(len);
  return {
    toCodePoint: (i) => {
      const u = Math.min(Math.max(0, i), base.length + len);
      if (u <= at) return baseMap.toCodePoint(u);
      return cp(u >= at + len ? baseMap.toCodePoint(u - len) + insCp : atCp + ins.toCodePoint(u - at));
    },
    fromCodePoint: (c) => {
      if (c <= atCp) return baseMap.fromCodePoint(c);
      return char(c >= atCp + insCp ? baseMap.fromCodePoint(c - insCp) + len : at + ins.fromCodePoint(c - atCp));
    },
  };
}

let lastMapper: { s: string; map: CodePointMapper } | null = null;

/** codePointMapper(s), reused while calls about one string follow each other (questions of one passage, windows of one question). */
export function mapperFor(s: string): CodePointMapper {
  if (lastMapper?.s !== s) lastMapper = { s, map: codePointMapper(s) };
  return lastMapper.map;
}
