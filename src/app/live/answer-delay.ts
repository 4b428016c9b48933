/**
 * When the Live view asks for an answer. Typing waits for a pause; a model that has just become
 * ready (the first visit's start-up model, or a switch of model) answers at once, because nobody
 * is typing then and the pause would only delay the first answer (issue 29.2); so does an edit that
 * changes many characters in one step (a paste, a drop, a passage picked or cleared): nobody types
 * that, and the pause was most of such an edit's wait (issue 44: 0.25 of 0.34 s for a pasted passage).
 */

/** The typing pause, in ms, before an edited passage or question is answered. */
export const TYPING_PAUSE_MS = 250;

/** Characters changed in one step beyond which an edit is not typing (an input method inserts a word or two at most). */
export const BULK_EDIT_CHARS = 20;

/** What the Live view last answered with: the model's status and id. */
export interface AnswerTrigger {
  status: string;
  modelId: string | undefined;
}

/** The texts the Live view answers: the question and the passage. */
export interface LiveTexts {
  question: string;
  passage: string;
}

/** Characters changed between two texts: what lies between their common start and common end, e.g. editSize('abc', 'abXc') === 1. */
export function editSize(a: string, b: string): number {
  const short = Math.min(a.length, b.length);
  let start = 0;
  while (start < short && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  let end = 0;
  while (end < short - start && a.charCodeAt(a.length - 1 - end) === b.charCodeAt(b.length - 1 - end)) end++;
  return Math.max(a.length, b.length) - start - end;
}

/** Whether going from `before` to `after` (one render's edit) changed more than BULK_EDIT_CHARS characters, e.g. a pasted passage. */
export function isBulkEdit(before: LiveTexts, after: LiveTexts): boolean {
  return editSize(before.passage, after.passage) + editSize(before.question, after.question) > BULK_EDIT_CHARS;
}

/**
 * Ms to wait before answering `next`, given what was last answered (`prev`, null before the first
 * answer) and whether the edit that led here was a bulk one, e.g. 0 on a model that has just become ready.
 */
export function answerDelay(prev: AnswerTrigger | null, next: AnswerTrigger, bulkEdit = false): number {
  const sameReadyModel = prev !== null && prev.status === 'ready' && next.status === 'ready' && prev.modelId === next.modelId;
  return sameReadyModel && !bulkEdit ? TYPING_PAUSE_MS : 0;
}

/** Whether the answer shown (asked with `answeredFor`) is for the texts in the fields now, e.g. 'previous' while an edit waits for its typing pause; null when no answer is shown. */
export function shownAnswerIs(shown: boolean, answeredFor: LiveTexts | null, now: LiveTexts): 'current' | 'previous' | null {
  if (!shown) return null;
  return answeredFor?.question === now.question && answeredFor.passage === now.passage ? 'current' : 'previous';
}
