/**
 * The question open in Live as one instance, for every live panel (renaming, explanations, breaking
 * edits, live pairs, traps, paraphrases) and the compare cards: one gold and one metric language for
 * an edited passage, however many panels score it.
 */
import type { Instance } from './types.ts';
import { guessLang } from '../text/guess-lang.ts';
import { wholeWordAt, wholeWordIndex } from '../natural/pairs.ts';

/** The model's answer on the live text, the reference when no gold answer applies. */
export interface LiveReference {
  text: string;
  start: number;
}

/** Where a gold answer is in an edited passage: at its offset when it is still there as whole words (any text in Chinese), else its first such occurrence (the pair filter's rule), else -1. */
function relocate(passage: string, a: { text: string; start: number }, lang: Instance['lang']): number {
  if (lang === 'zh') return a.start >= 0 && passage.startsWith(a.text, a.start) ? a.start : passage.indexOf(a.text);
  return wholeWordAt(passage, a.text, a.start) ? a.start : wholeWordIndex(passage, a.text);
}

/**
 * The live question: the open stored question itself while unedited; once its passage or question
 * is edited, the same question with its gold answers found again in the new passage (tag 'edited');
 * when none is there any more, or for typed text, the model's own answer stands for the gold (tag
 * 'free-text'). An edited question is no stored one (id 'live'), so its links carry the text.
 * e.g. liveQuestion(open, open.context + ' It rained.', open.question, ref).answers → open's golds.
 */
export function liveQuestion(open: Instance | null, passage: string, question: string, reference: LiveReference | null): Instance {
  if (open && open.context === passage && open.question === question) return open;
  const referenceAnswers = reference && reference.text ? [{ text: reference.text, start: reference.start }] : [];
  const base = { id: 'live', dataset: open?.dataset ?? 'demo', title: open?.title ?? '', question, context: passage };
  if (open) {
    if (open.isImpossible) return { ...base, answers: [], isImpossible: true, lang: open.lang, tags: ['edited'] };
    const answers = open.answers.flatMap((a) => {
      const start = a.text === '' ? -1 : relocate(passage, a, open.lang);
      return start >= 0 ? [{ text: a.text, start }] : [];
    });
    if (answers.length) return { ...base, answers, isImpossible: false, lang: open.lang, ...(open.answerType ? { answerType: open.answerType } : {}), tags: ['edited'] };
  }
  return { ...base, answers: referenceAnswers, isImpossible: false, lang: open?.lang ?? guessLang(`${question} ${passage}`), tags: ['free-text'] };
}
