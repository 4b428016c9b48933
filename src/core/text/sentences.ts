/** Sentence boundaries by a regular expression: no tagger, so the app's explanation view splits passages without loading the NLP packages. */

/** A sentence as [start, end) offsets into its passage. */
export interface Span {
  start: number;
  end: number;
}

/** Calls to sentenceSpans so far: a test checks that trapping many questions of one passage never splits the whole passage. */
export const sentenceSplits = { count: 0 };

/**
 * The sentences of a passage as [start, end) offsets, split after . ! ? before a space or the end
 * (so 3.5 stays whole), after 。！？ and at line breaks, e.g. 'A b. C d.' → [0, 4), [5, 9).
 */
export function sentenceSpans(text: string): Span[] {
  sentenceSplits.count++;
  const out: Span[] = [];
  let start = 0;
  for (const m of [...text.matchAll(/[.!?](?=\s|$)|[。！？]|\n/g), { index: text.length, 0: '' }]) {
    const end = m.index + m[0].length;
    const from = start + Math.max(0, text.slice(start, end).search(/\S/));
    if (end > from && /\S/.test(text.slice(from, end))) out.push({ start: from, end });
    start = end;
  }
  return out;
}

/** Whether the unit at `i` ends a sentence: sentenceSpans' rule (. ! ? before a space or the end, 。！？, a line break). */
function endsSentence(text: string, i: number): boolean {
  const c = text[i];
  if (c === '\n' || c === '。' || c === '！' || c === '？') return true;
  return (c === '.' || c === '!' || c === '?') && (i + 1 === text.length || /\s/.test(text[i + 1] as string));
}

/** The end of the piece starting at `from`: one past the next sentence end, or the text's length. */
function pieceEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && !endsSentence(text, i)) i++;
  return Math.min(i + 1, text.length);
}

/**
 * The sentence around a character offset (the first whose end is past it; past the last one, the
 * rest of the text), e.g. sentenceAt('A b. C d. E.', 6) → { start: 5, end: 9 }. The same as
 * sentenceSpans(text).find(s => s.end > offset), found by looking only around the offset, so a
 * passage asked many questions is not split once per question (issue 40.2).
 */
export function sentenceAt(text: string, offset: number): Span {
  // The piece holding `offset` starts after the last sentence end before it.
  let start = Math.min(Math.max(0, offset), text.length);
  while (start > 0 && !endsSentence(text, start - 1)) start--;
  // Offsets at or past its end, or pieces of spaces only, belong to the next piece with text.
  while (start < text.length) {
    const end = pieceEnd(text, start);
    const from = start + Math.max(0, text.slice(start, end).search(/\S/));
    if (end > offset && /\S/.test(text.slice(from, end))) return { start: from, end };
    start = end;
  }
  // None left: the rest of the text, from the end of the last sentence with text.
  let last = Math.min(Math.max(0, offset), text.length);
  while (last > 0 && !/\S/.test(text[last - 1] as string)) last--;
  return { start: last > 0 ? pieceEnd(text, last - 1) : 0, end: text.length };
}

/** The text of a sentence without the spaces or line break it may end with, e.g. sentenceText('A b.\nC', { start: 0, end: 5 }) → 'A b.'. */
export const sentenceText = (text: string, s: Span): string => text.slice(s.start, s.end).trim();
