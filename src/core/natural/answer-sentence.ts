/**
 * "Answer sentence unmodified" (Wu et al. 2025 §5.2): the sentence of the original passage that
 * holds a gold answer — at the answer's own offset — is, character for character, a sentence of
 * the edited passage. Both passages are split by the same splitter (src/core/text/sentences.ts),
 * so an edit before, after or between sentences leaves the answer sentence as it was, and another
 * occurrence of the answer text elsewhere plays no part.
 */
import type { GoldAnswer } from '../data/types.ts';
import { sentenceSpans, sentenceText, type Span } from '../text/sentences.ts';

/**
 * The sentences of `context` holding each gold answer at its offset (an answer running across a
 * boundary holds every sentence it overlaps), deduplicated and in order; empty answers have none.
 */
export function answerSentenceSpans(context: string, answers: readonly Pick<GoldAnswer, 'text' | 'start'>[]): Span[] {
  const spans = sentenceSpans(context);
  const held = new Set<Span>();
  for (const a of answers) {
    if (!a.text) continue;
    const end = a.start + a.text.length;
    for (const s of spans) if (s.start < end && s.end > a.start) held.add(s);
  }
  return spans.filter((s) => held.has(s));
}

/** A sentence-end mark: where a sentence is closed even when text follows with no space ('added.Compton 1989'). */
const END_MARK = /[.!?。！？]/;

/**
 * True when `s` is the edited sentence `t`, or lies inside it with only glued text around it: text
 * after its closing mark with no space ('engineer.[2]'), or before it right after a mark ('1931.Ruth').
 */
function holdsIntact(t: string, s: string): boolean {
  for (let k = t.indexOf(s); k >= 0; k = t.indexOf(s, k + 1)) {
    const startOk = k === 0 || END_MARK.test(t[k - 1] as string);
    const endOk = k + s.length === t.length || END_MARK.test(s.at(-1) ?? '');
    if (startOk && endOk) return true;
  }
  return false;
}

/**
 * True when every answer sentence of the original passage `a` is, character for character, a
 * sentence of the edited passage `b` — or glued text sits against its marks (holdsIntact) — for
 * all gold answers (the paper's "answer sentence(s) … remaining unmodified"), e.g.
 * 'A b. C d.' → 'New. A b. C d.' leaves the sentence 'A b.' of the answer 'b' unmodified.
 */
export function answerSentenceUnmodified(a: { context: string; answers: readonly Pick<GoldAnswer, 'text' | 'start'>[] }, b: { context: string }): boolean {
  const edited = sentenceSpans(b.context).map((s) => sentenceText(b.context, s));
  const exact = new Set(edited);
  return answerSentenceSpans(a.context, a.answers).every((span) => {
    const s = sentenceText(a.context, span);
    return exact.has(s) || edited.some((t) => holdsIntact(t, s));
  });
}

/** The negation, as pair rows store it (`touchesAnswer`): the edit modified an answer sentence. */
export const answerSentenceModified = (a: Parameters<typeof answerSentenceUnmodified>[0], b: { context: string }): boolean => !answerSentenceUnmodified(a, b);
