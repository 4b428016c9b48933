/**
 * The annotator's answer on a validation card, chosen word by word with the keyboard (or a click):
 * the passage cut into words with code-point offsets (the files' unit, types.ts), a selection of
 * whole words, and the moves the card's keys make. Pure, so the keys are tested without a browser.
 */
import { codePointSlice } from '../../core/text/codepoints.ts';
import { sentenceSpans } from '../../core/text/sentences.ts';
import type { CodePointSpan } from '../../core/validation/types.ts';

/** One selectable word: a run of letters/digits or one other visible character, in code points [start, end). */
export interface Word extends CodePointSpan {
  /** Whether a new sentence starts at this word (↑/↓ jump between these). */
  sentenceStart: boolean;
}

/** The answer being chosen: nothing yet, "no answer", or the words anchor..focus (either order). */
export type Choice = { kind: 'none' } | { kind: 'no-answer' } | { kind: 'span'; anchor: number; focus: number };

/** The passage's words, e.g. wordsOf('Hi, Ann.') → Hi [0,2) , [2,3) Ann [4,7) . [7,8). A Chinese character is a word of its own. */
export function wordsOf(passage: string): Word[] {
  const sentenceStarts = new Set(sentenceSpans(passage).map((s) => s.start));
  const words: Word[] = [];
  let cp = 0;
  let unit = 0;
  let startedSentence = true;
  for (const m of passage.matchAll(/\p{Script=Han}|[\p{L}\p{N}\p{M}]+|\S/gu)) {
    cp += [...passage.slice(unit, m.index)].length;
    for (let i = unit; i <= m.index; i++) if (sentenceStarts.has(i)) startedSentence = true;
    const len = [...m[0]].length;
    words.push({ start: cp, end: cp + len, sentenceStart: startedSentence });
    startedSentence = false;
    cp += len;
    unit = m.index + m[0].length;
  }
  return words;
}

/** The selected word range [first, last] of a span choice, else null. */
export function selectedRange(c: Choice): [number, number] | null {
  return c.kind === 'span' ? [Math.min(c.anchor, c.focus), Math.max(c.anchor, c.focus)] : null;
}

/** The answer a choice gives: the span's text and start (code points), null for "no answer", undefined when nothing is chosen yet. */
export function answerOf(passage: string, words: readonly Word[], c: Choice): { text: string; start: number } | null | undefined {
  if (c.kind === 'none') return undefined;
  if (c.kind === 'no-answer') return null;
  const r = selectedRange(c);
  const a = r && words[r[0]];
  const b = r && words[r[1]];
  return a && b ? { text: codePointSlice(passage, a.start, b.end), start: a.start } : undefined;
}

/** The choice that selects a stored answer again (resuming a case): the words it covers, or nothing when none do. */
export function choiceOf(words: readonly Word[], answer: { text: string; start: number } | null | undefined): Choice {
  if (answer === undefined) return { kind: 'none' };
  if (answer === null) return { kind: 'no-answer' };
  const end = answer.start + [...answer.text].length;
  const first = words.findIndex((w) => w.end > answer.start);
  let last = -1;
  words.forEach((w, i) => {
    if (w.start < end) last = i;
  });
  return first >= 0 && last >= first ? { kind: 'span', anchor: first, focus: last } : { kind: 'none' };
}

/** A key the card understands, as the move it makes. */
export type Move = 'next' | 'prev' | 'grow' | 'shrink' | 'next-sentence' | 'prev-sentence' | 'first' | 'last' | 'no-answer' | 'clear';

/** The move of a key press (KeyboardEvent.key and Shift), or null for keys the selection ignores. */
export function moveOfKey(key: string, shift: boolean): Move | null {
  if (key === 'ArrowRight') return shift ? 'grow' : 'next';
  if (key === 'ArrowLeft') return shift ? 'shrink' : 'prev';
  if (key === 'ArrowDown') return 'next-sentence';
  if (key === 'ArrowUp') return 'prev-sentence';
  if (key === 'Home') return 'first';
  if (key === 'End') return 'last';
  if (key === '0') return 'no-answer';
  if (key === 'c' || key === 'C' || key === 'Delete') return 'clear';
  return null;
}

/** The choice after `move`: arrows move a one-word selection, Shift+arrows move its end, ↑/↓ jump by sentence. */
export function applyMove(words: readonly Word[], c: Choice, move: Move): Choice {
  const n = words.length;
  if (move === 'no-answer') return { kind: 'no-answer' };
  if (move === 'clear' || n === 0) return { kind: 'none' };
  const at = c.kind === 'span' ? c.focus : -1;
  const one = (i: number): Choice => ({ kind: 'span', anchor: i, focus: i });
  const clamp = (i: number) => Math.max(0, Math.min(n - 1, i));
  switch (move) {
    case 'next':
      return one(clamp(at + 1));
    case 'prev':
      return one(at < 0 ? 0 : clamp(at - 1));
    case 'grow':
    case 'shrink': {
      if (c.kind !== 'span') return one(0);
      return { kind: 'span', anchor: c.anchor, focus: clamp(c.focus + (move === 'grow' ? 1 : -1)) };
    }
    case 'first':
      return one(0);
    case 'last':
      return one(n - 1);
    case 'next-sentence': {
      const i = words.findIndex((w, k) => k > at && w.sentenceStart);
      return one(i < 0 ? n - 1 : i);
    }
    case 'prev-sentence': {
      // The start of the sentence before the one the focus is in (or this one's start, from inside it).
      let cur = -1;
      for (let k = Math.max(at, 0); k >= 0; k--) if (words[k]!.sentenceStart) { cur = k; break; }
      let prev = cur;
      if (cur === at) for (let k = cur - 1; k >= 0; k--) if (words[k]!.sentenceStart) { prev = k; break; }
      return one(Math.max(prev, 0));
    }
  }
}

/** Whether word `w` overlaps one of the edits (the perturbation's changed spans). */
export const isEdited = (w: CodePointSpan, edits: readonly CodePointSpan[]): boolean => edits.some((e) => (e.start === e.end ? e.start >= w.start && e.start < w.end : e.start < w.end && e.end > w.start));
