/**
 * When the Live view asks for an answer. Edits wait for a pause in typing; a model that has just
 * become ready (the first visit's start-up model, or a switch of model) answers at once, because
 * nobody is typing then and the pause would only delay the first answer (issue 29.2).
 */

/** The typing pause, in ms, before an edited passage or question is answered. */
export const TYPING_PAUSE_MS = 250;

/** What the Live view last answered with: the model's status and id. */
export interface AnswerTrigger {
  status: string;
  modelId: string | undefined;
}

/** Ms to wait before answering `next`, given what was last answered (`prev`, null before the first answer), e.g. 0 on a model that has just become ready. */
export function answerDelay(prev: AnswerTrigger | null, next: AnswerTrigger): number {
  const sameReadyModel = prev !== null && prev.status === 'ready' && next.status === 'ready' && prev.modelId === next.modelId;
  return sameReadyModel ? TYPING_PAUSE_MS : 0;
}
