/**
 * C2W cases as the batch experiments find them (entity sweeps, worst/best budget, universal names,
 * paraphrase DPR): the question, both passages and both answers, and what made the perturbed side,
 * so the failure gallery can show them and open them live. A run keeps at most MAX_FOUND_CASES.
 */
import type { Instance } from '../data/types.ts';
import type { RenameOptions } from '../entity/options.ts';

/** Cases one run hands to the gallery at most: a big sweep holds a few dozen passages, not thousands. */
export const MAX_FOUND_CASES = 40;

/** One correct-to-wrong case found by a batch experiment. */
export interface FoundCase {
  id: string;
  dataset: string;
  question: string;
  gold: string[];
  /** The gold answers in the perturbed passage, when the perturbation changed them (a renamed answer entity). */
  perturbedGold?: string[];
  original: { passage: string; answer: string };
  perturbed: { passage: string; question: string; answer: string };
  /** The seeded renaming that made the perturbed side (sweeps, budget), when there is one. */
  rename?: RenameOptions;
  /** The name put in (universal names). */
  name?: string;
  /** Whether the question is stored in a dataset (false: free text, which a link carries whole). */
  stored: boolean;
}

/** The one C2W decision (categories.ts), re-exported for the experiments that find cases. */
export { isC2W } from '../natural/categories.ts';

/** A found case from the original instance, its perturbed copy and both answers. */
export function foundCase(inst: Instance, perturbed: Pick<Instance, 'context' | 'question'> & Partial<Pick<Instance, 'answers'>>, answers: { original: string; perturbed: string }, extra: Pick<FoundCase, 'rename' | 'name'> = {}): FoundCase {
  const gold = [...new Set(inst.answers.map((a) => a.text))];
  const renamed = perturbed.answers ? [...new Set(perturbed.answers.map((a) => a.text))] : gold;
  return {
    id: inst.id,
    dataset: inst.dataset,
    question: inst.question,
    gold,
    ...(renamed.join('\u0000') !== gold.join('\u0000') ? { perturbedGold: renamed } : {}),
    original: { passage: inst.context, answer: answers.original },
    perturbed: { passage: perturbed.context, question: perturbed.question, answer: answers.perturbed },
    ...extra,
    stored: inst.id !== 'live' && !inst.tags.includes('free-text'),
  };
}

/** A collector that keeps the first `max` cases it is given (and counts the rest). */
export function caseCollector(max = MAX_FOUND_CASES): { add: (c: FoundCase) => void; cases: FoundCase[]; dropped: () => number } {
  const cases: FoundCase[] = [];
  let dropped = 0;
  return {
    cases,
    add: (c) => {
      if (cases.length < max) cases.push(c);
      else dropped++;
    },
    dropped: () => dropped,
  };
}
