/**
 * Occlusion units: the pieces of a text an explanation removes one at a time — the passage's
 * sentences (the noise module's sentence rule) or the words of one text span — and the
 * probability the model gives an answer text, the quantity every explanation compares.
 */
import { sentenceSpans } from '../text/sentences.ts';
import type { QaPrediction } from '../types.ts';

/** What is removed one at a time: sentences of the passage, or words (of a sentence or of the question). */
export type UnitKind = 'sentence' | 'word';

/** One removable piece of a text, [start, end) in UTF-16 offsets. */
export interface Unit {
  index: number;
  start: number;
  end: number;
  text: string;
}

/** The sentences of a text as units, e.g. sentenceUnits('A b. C d.') → 'A b.', 'C d.'. */
export function sentenceUnits(text: string): Unit[] {
  return sentenceSpans(text).map((s, index) => ({ index, start: s.start, end: s.end, text: text.slice(s.start, s.end) }));
}

// A word: a run of letters or digits (inner apostrophes and hyphens kept), or one Han character.
const WORD = /\p{Script=Han}|[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** The words of text[from, to) as units, punctuation left out, e.g. wordUnits('Who won?') → 'Who', 'won'. */
export function wordUnits(text: string, from = 0, to = text.length): Unit[] {
  const part = text.slice(from, to);
  return [...part.matchAll(WORD)].map((m, index) => ({ index, start: from + m.index, end: from + m.index + m[0].length, text: m[0] }));
}

/**
 * The text without the units given, each taking one neighbouring space with it so no double space
 * is left, e.g. removeUnits('Marie was born', [{ start: 6, end: 9 }]) === 'Marie born'.
 */
export function removeUnits(text: string, units: readonly Pick<Unit, 'start' | 'end'>[]): string {
  const spans = units.map((u) => widen(text, u)).sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const s of spans) {
    if (s.start < at) {
      at = Math.max(at, s.end);
      continue;
    }
    out += text.slice(at, s.start);
    at = s.end;
  }
  return out + text.slice(at);
}

/** A unit's span with the whitespace after it (or, at the end of the text, before it). */
function widen(text: string, u: Pick<Unit, 'start' | 'end'>): { start: number; end: number } {
  let end = u.end;
  while (end < text.length && /\s/.test(text[end] as string)) end++;
  if (end > u.end) return { start: u.start, end };
  let start = u.start;
  while (start > 0 && /\s/.test(text[start - 1] as string)) start--;
  return { start, end };
}

/**
 * The probability a prediction gives an answer text: its best n-best span with that text (0 when
 * none), so for the predicted answer it is the probability the answer card shows.
 */
export function answerProbability(p: QaPrediction, answer: string): number {
  let best = 0;
  for (const s of p.nbest) if (s.text === answer && s.probability > best) best = s.probability;
  return best;
}
