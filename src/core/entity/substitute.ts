/**
 * Whole-word substitution with offset bookkeeping. Unlike plain substring replacement ("Ann" →
 * "Beth" turning "announced" into "Bethounced"), a mention only matches where the characters on
 * both sides are not letters or digits (whole code points: "𝒜" is a letter); Chinese names, which
 * have no word boundaries, match as exact strings outside longer names. Every edit is recorded so
 * offsets map both ways.
 */
import { isLowSurrogateAt } from '../text/codepoints.ts';
import { char, type CharOffset } from '../types.ts';

/** One source name and what it becomes. */
export interface Substitution {
  from: string;
  to: string;
}

/** One replaced mention: where it was in the original and where its replacement is in the result. */
export interface Edit {
  start: CharOffset;
  end: CharOffset;
  newStart: CharOffset;
  newEnd: CharOffset;
  from: string;
  to: string;
}

const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}\p{M}_]/u.test(c);

/**
 * The whole character (code point) just before UTF-16 offset `i`, e.g. charBefore('𝒜nn', 2) === '𝒜':
 * text[i - 1] would be half a surrogate pair, which is no letter, so "nn" would look like a word.
 */
function charBefore(text: string, i: number): string | undefined {
  if (i <= 0) return undefined;
  const at = isLowSurrogateAt(text, i - 1) ? i - 2 : i - 1;
  return String.fromCodePoint(text.codePointAt(at) as number);
}

/** The whole character (code point) starting at UTF-16 offset `i`, e.g. charAt('Ann𝒜', 3) === '𝒜'. */
function charAt(text: string, i: number): string | undefined {
  return i < text.length ? String.fromCodePoint(text.codePointAt(i) as number) : undefined;
}

/**
 * Every whole-word occurrence of `name`, e.g. findMentions('Ann announced; ANN left', 'Ann') →
 * spans of 'Ann' and 'ANN'. A name of Chinese characters has no word boundaries: every exact
 * occurrence counts except one inside an occurrence of a longer name of `longer` (印度 inside 印度尼西亚).
 */
export function findMentions(text: string, name: string, longer: readonly string[] = []): { start: number; end: number }[] {
  if (!name) return [];
  if (/^\p{Script=Han}+$/u.test(name)) return hanMentions(text, name, longer);
  const out: { start: number; end: number }[] = [];
  // The name as written, and in capitals for headlines ("CURIE").
  const forms = [...new Set([name, name.toUpperCase()])];
  for (const form of forms) {
    let i = text.indexOf(form);
    while (i >= 0) {
      const end = i + form.length;
      if (!isWordChar(charBefore(text, i)) && !isWordChar(charAt(text, end))) out.push({ start: i, end });
      i = text.indexOf(form, i + 1);
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The spans of every occurrence of a string, overlapping ones included, e.g. occurrences('aaa', 'aa') → 0..2, 1..3. */
function occurrences(text: string, s: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (let i = text.indexOf(s); i >= 0; i = text.indexOf(s, i + 1)) out.push({ start: i, end: i + s.length });
  return out;
}

/** Exact occurrences of a Chinese name, less those inside an occurrence of a longer name, e.g. hanMentions('印度和印度尼西亚', '印度', ['印度尼西亚']) → 0..2 only. */
function hanMentions(text: string, name: string, longer: readonly string[]): { start: number; end: number }[] {
  const inside = longer.filter((l) => l.length > name.length && l.includes(name)).flatMap((l) => occurrences(text, l));
  return occurrences(text, name).filter((m) => !inside.some((o) => o.start <= m.start && m.end <= o.end));
}

/** `to` in the casing of the mention: capitals stay capitals, e.g. matchCase('CURIE', 'Curie', 'Smith') === 'SMITH'. */
export function matchCase(mention: string, from: string, to: string): string {
  return mention !== from && mention === mention.toUpperCase() ? to.toUpperCase() : to;
}

/**
 * Replaces every whole-word mention of each substitution, longest names first so "New York" wins
 * over "York", and returns the edits in text order, e.g. applySubstitutions('Ann met Ann.', [{ from: 'Ann', to: 'Beth' }]).text === 'Beth met Beth.'.
 * `longer` gives, for a Chinese name, the longer names its occurrences must not lie inside (findMentions).
 */
export function applySubstitutions(text: string, subs: readonly Substitution[], longer: (name: string) => readonly string[] = () => []): { text: string; edits: Edit[] } {
  const taken: { start: number; end: number; sub: Substitution }[] = [];
  const ordered = [...subs].sort((a, b) => b.from.length - a.from.length);
  for (const sub of ordered) {
    for (const m of findMentions(text, sub.from, longer(sub.from))) {
      if (!taken.some((t) => t.start < m.end && m.start < t.end)) taken.push({ ...m, sub });
    }
  }
  return applyEdits(
    text,
    taken.map((t) => ({ start: t.start, end: t.end, to: matchCase(text.slice(t.start, t.end), t.sub.from, t.sub.to) })),
  );
}

/**
 * Applies non-overlapping replacements of [start, end) spans (inserts when start = end) and records
 * the edits, e.g. applyEdits('ab', [{ start: 1, end: 1, to: 'x' }]).text === 'axb'.
 */
export function applyEdits(text: string, spans: readonly { start: number; end: number; to: string }[]): { text: string; edits: Edit[] } {
  let out = '';
  let pos = 0;
  const edits: Edit[] = [];
  for (const t of [...spans].sort((a, b) => a.start - b.start)) {
    if (t.start < pos) continue; // overlaps the previous edit
    out += text.slice(pos, t.start);
    edits.push({ start: char(t.start), end: char(t.end), newStart: char(out.length), newEnd: char(out.length + t.to.length), from: text.slice(t.start, t.end), to: t.to });
    out += t.to;
    pos = t.end;
  }
  return { text: out + text.slice(pos), edits };
}

/** Maps an offset across the edits; inside a replaced mention it snaps to the mention's start or end. */
function mapOffset(edits: readonly Edit[], offset: number, side: 'start' | 'end', forward: boolean): CharOffset {
  let shift = 0;
  for (const e of edits) {
    const [from0, from1, to0, to1] = forward ? [e.start, e.end, e.newStart, e.newEnd] : [e.newStart, e.newEnd, e.start, e.end];
    if (offset <= from0) break;
    if (offset < from1) return side === 'start' ? to0 : to1;
    shift = to1 - from1;
  }
  return char(offset + shift);
}

/**
 * An original offset in the edited text; an offset inside a replaced mention snaps to the
 * mention's start (or end, with `side` 'end'), e.g. with "Ann"→"Beth" at 0, mapForward(edits, 4) === 5.
 */
export function mapForward(edits: readonly Edit[], offset: number, side: 'start' | 'end' = 'start'): CharOffset {
  return mapOffset(edits, offset, side, true);
}

/** The inverse of mapForward: an offset of the edited text in the original, e.g. mapBack(edits, 5) === 4 for "Ann"→"Beth" at 0. */
export function mapBack(edits: readonly Edit[], offset: number, side: 'start' | 'end' = 'start'): CharOffset {
  return mapOffset(edits, offset, side, false);
}

/**
 * A span of the edited text as a span of the original; a span that cuts into a replaced name grows
 * to cover the original name (span-level agreement across names of different lengths).
 */
export function mapSpanBack(edits: readonly Edit[], start: number, end: number): { start: CharOffset; end: CharOffset } {
  return { start: mapBack(edits, start, 'start'), end: mapBack(edits, end, 'end') };
}
