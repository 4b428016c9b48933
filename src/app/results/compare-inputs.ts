/**
 * What the live comparison asks every loaded model (the shown side and the unperturbed original)
 * and how one model's answer pair is categorised; shared by the side-by-side and token views.
 */
import { scorePrediction } from '../../core/data/score.ts';
import type { Instance } from '../../core/data/types.ts';
import { pairCategory, type CategoryRule, type PairCategory } from '../../core/natural/categories.ts';
import type { QaInput } from '../../core/types.ts';
import type { ModelAnswer } from '../../worker/multi-protocol.ts';
import type { AppState } from '../store/index.ts';
import { scored } from '../store/scoring.ts';
import { liveQuestion } from '../../core/data/live-question.ts';

/** What the models are asked: the shown (perturbed) question, the unperturbed original, and the gold of each side. */
export interface CompareInputs {
  after: QaInput;
  before: QaInput | null;
  goldAfter: Instance | null;
  goldBefore: Instance | null;
  /** What the perturbation was, in words. */
  what: string | null;
}

const inputOf = (i: Pick<Instance, 'question' | 'context'>, id: string): QaInput => ({ id, question: i.question, context: i.context });

/** The inputs of the live view: a renaming's two sides, or the opened instance vs the edited passage; golds carry the Scoring choice, as the score line's do. */
export function compareInputs(s: Pick<AppState, 'passage' | 'question' | 'instance' | 'rename' | 'renameOpen' | 'scoringLang'>): CompareInputs {
  const r = s.renameOpen ? s.rename : null;
  if (r?.perturbed) return { after: inputOf(r.perturbed, 'after'), before: inputOf(r.original, 'before'), goldAfter: scored(s, r.perturbed), goldBefore: scored(s, r.original), what: 'renamed' };
  const after = { id: 'after', question: s.question, context: s.passage };
  const inst = s.instance ? scored(s, s.instance) : null;
  if (!inst) return { after, before: null, goldAfter: null, goldBefore: null, what: null };
  if (inst.context === s.passage && inst.question === s.question) return { after, before: null, goldAfter: inst, goldBefore: null, what: null };
  // The edited side's gold is the live question's (golds found again in the edited passage), as every live panel scores it.
  return { after, before: inputOf(inst, 'before'), goldAfter: scored(s, liveQuestion(s.instance, s.passage, s.question, null)), goldBefore: inst, what: 'edited' };
}

/** The category of one model's answer pair under the category rule (the one every panel uses), or null when there is no original or no gold answer. */
export function answerCategory(a: ModelAnswer, c: CompareInputs, rule: CategoryRule): PairCategory | null {
  // An unanswerable question has a gold too (no answer); only a question with neither has none.
  if (!a.before || !c.goldBefore || !c.goldAfter || (c.goldBefore.answers.length === 0 && !c.goldBefore.isImpossible) || c.goldAfter.tags.includes('free-text')) return null;
  return pairCategory(scorePrediction(a.before.prediction.text, c.goldBefore), scorePrediction(a.after.prediction.text, c.goldAfter), rule);
}
