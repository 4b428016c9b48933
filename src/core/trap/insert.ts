/**
 * Putting a trap sentence into a passage at a chosen place — the start, just before or just
 * after the sentence holding the (first) gold answer, or the end — with every gold answer moved
 * by exactly the inserted length, so the answers stay at their offsets. Also the two trap figures:
 * question–trap similarity and whether a prediction lands inside the trap.
 */
import type { GoldAnswer, Instance, TrapVariant } from '../data/types.ts';
import { calcF1Score } from '../metrics/dureader.ts';
import { f1 } from '../metrics/squad.ts';
import { sentenceAt } from '../text/sentences.ts';

/** CJK characters and punctuation: Chinese text takes no space between sentences (either side being Chinese is enough). */
const CJK = /[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]/u;

export const TRAP_POSITIONS = ['start', 'before', 'after', 'end'] as const;
/** Where the trap goes: passage start, before or after the answer sentence, passage end. */
export type TrapPosition = (typeof TRAP_POSITIONS)[number];
export const POSITION_LABELS: Record<TrapPosition, string> = { start: 'passage start', before: 'before the answer sentence', after: 'after the answer sentence', end: 'passage end' };

/** The offset a trap goes in at, or null when that falls inside a gold answer (an answer spanning sentences). */
export function insertionPoint(context: string, answers: readonly GoldAnswer[], position: TrapPosition): number | null {
  const first = answers.find((a) => a.text !== '');
  let at: number;
  if (position === 'start') at = 0;
  else if (position === 'end' || !first) at = context.length;
  else {
    const s = sentenceAt(context, first.start);
    at = position === 'before' ? s.start : s.end;
  }
  return answers.some((a) => a.text !== '' && a.start < at && at < a.start + a.text.length) ? null : at;
}

/**
 * The passage with `sentence` inserted at `position`, a space between it and its neighbours (none
 * next to Chinese), and every answer moved, e.g. insertTrap({ context: 'A b.', answers: [{ text: 'b', start: 2 }] }, 'T x.', 'start')
 * → { context: 'T x. A b.', answers: [{ text: 'b', start: 7 }], trap: { start: 0, end: 4 }, splice: { at: 0, text: 'T x. ' } }.
 * Null for an empty sentence or a point inside an answer.
 */
export function insertTrap(inst: Pick<Instance, 'context' | 'answers'>, sentence: string, position: TrapPosition): TrapVariant | null {
  const text = sentence.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const at = insertionPoint(inst.context, inst.answers, position);
  if (at === null) return null;
  const before = inst.context.slice(0, at);
  const after = inst.context.slice(at);
  const lead = before !== '' && !/\s$/.test(before) && !CJK.test(before.slice(-1) + (text[0] ?? '')) ? ' ' : '';
  const tail = after !== '' && !/^\s/.test(after) && !CJK.test(text.slice(-1) + (after[0] ?? '')) ? ' ' : '';
  const start = at + lead.length;
  const inserted = lead + text + tail;
  const shift = inserted.length;
  return {
    context: before + inserted + after,
    // An answer at the insertion point itself starts after the trap (answers never sit inside it).
    answers: inst.answers.map((a) => (a.start >= at && a.text !== '' ? { ...a, start: a.start + shift } : { ...a })),
    trap: { start, end: start + text.length },
    splice: { at, text: inserted },
  };
}

/**
 * Question–trap similarity (0..1): SQuAD token F1 between the question and the trap sentence, for
 * Chinese DuReader's character F1 (SQuAD's whitespace tokens would make a Chinese sentence one
 * token), e.g. trapSimilarity('Who led the army?', 'Ann led the army.') → 2/3 (who led army vs ann led army).
 */
export function trapSimilarity(question: string, sentence: string, lang: string = 'en'): number {
  return lang === 'zh' ? calcF1Score([question], sentence) : f1(sentence, question, 'v1.1');
}

/** Whether a predicted span overlaps the trap sentence, e.g. inTrap({ start: 2, end: 5 }, { start: 4, end: 9 }) === true. */
export function inTrap(span: { start: number; end: number } | null, trap: { start: number; end: number }): boolean {
  return span !== null && span.end > span.start && span.start < trap.end && trap.start < span.end;
}
