/** A model's or a side's answer as every panel shows it: the empty answer (SQuAD 2.0's "no answer") is named the same way everywhere. */
import { EMPTY_ANSWER } from './format.ts';

/** The answer's text, or "no answer" in italics for the empty answer, so it never reads as a span of the passage. */
export function AnswerText({ text, testid }: { text: string; testid?: string }) {
  return text === '' ? (
    <em className="empty-answer" data-testid={testid}>
      {EMPTY_ANSWER}
    </em>
  ) : (
    <span data-testid={testid}>{text}</span>
  );
}
