/** Sentence boundaries by a regular expression: no tagger, so the app's explanation view splits passages without loading the NLP packages. */

/**
 * The sentences of a passage as [start, end) offsets, split after . ! ? before a space or the end
 * (so 3.5 stays whole), after 。！？ and at line breaks, e.g. 'A b. C d.' → [0, 4), [5, 9).
 */
export function sentenceSpans(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  let start = 0;
  for (const m of [...text.matchAll(/[.!?](?=\s|$)|[。！？]|\n/g), { index: text.length, 0: '' }]) {
    const end = m.index + m[0].length;
    const from = start + Math.max(0, text.slice(start, end).search(/\S/));
    if (end > from && /\S/.test(text.slice(from, end))) out.push({ start: from, end });
    start = end;
  }
  return out;
}
