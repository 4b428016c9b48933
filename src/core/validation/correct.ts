/**
 * Whether an annotator answered a case correctly (Wu et al. 2025 App. H: "we measure the correctness
 * (1 or 0) of their provided answers by comparing each of them with the corresponding ground truth
 * answers"). The appendix does not name the comparison; this tool uses exact match after the official
 * normalization, the EM of the scripts every score here comes from (scorePrediction).
 */
import { scorePrediction } from '../data/score.ts';
import { guessLang } from '../text/guess-lang.ts';
import type { Annotation, ValidationCase } from './types.ts';

/** The rule in words, printed beside κ and the validated rates. */
export const CORRECT_RULE_TEXT =
  'an answer is correct when it matches a gold answer exactly after the official normalization (SQuAD 2.0 normalize_answer: lower case, punctuation and articles removed, spaces collapsed; DuReader-robust character-level EM for Chinese passages); "no answer" is correct exactly when the case has no gold answer (Wu et al. 2025 App. H: correctness 1 or 0 against the ground truth)';

/** True when `answer` (null: "no answer") is right for the case, e.g. answerCorrect({ gold: ['Paris'], passage }, { text: 'paris.', start: 3 }) → true. */
export function answerCorrect(c: Pick<ValidationCase, 'gold' | 'passage'>, answer: Annotation['answer']): boolean {
  const prediction = answer?.text ?? '';
  const lang = guessLang(c.passage);
  const score = scorePrediction(prediction, { answers: c.gold.map((text) => ({ text, start: 0 })), isImpossible: c.gold.length === 0, lang });
  return score.em === 1;
}
