/** Sentence boundaries by a regular expression: no tagger, so the app's explanation view splits passages without loading the NLP packages. */

/** A sentence as [start, end) offsets into its passage. */
export interface Span {
  start: number;
  end: number;
}

/**
 * The sentences of a passage as [start, end) offsets, split after . ! ? before a space or the end
 * (so 3.5 stays whole), after 。！？ and at line breaks, e.g. 'A b. C d.' → [0, 4), [5, 9).
 */
export function sentenceSpans(text: string): Span[] {
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

/**
 * The sentence around a character offset (the first whose end is past it; past the last one, the
 * rest of the text), e.g. sentenceAt('A b. C d. E.', 6) → { start: 5, end: 9 }.
 */
export function sentenceAt(text: string, offset: number): Span {
  const spans = sentenceSpans(text);
  return spans.find((s) => s.end > offset) ?? { start: spans.at(-1)?.end ?? 0, end: text.length };
}

/** The text of a sentence without the spaces or line break it may end with, e.g. sentenceText('A b.\nC', { start: 0, end: 5 }) → 'A b.'. */
export const sentenceText = (text: string, s: Span): string => text.slice(s.start, s.end).trim();
