/**
 * The outcome categories of a perturbed question (C2C, C2W, W2C, W2W, partial) and the rules that
 * decide them; light enough for the UI's main bundle.
 */
import type { Score } from '../data/score.ts';

/** How a prediction moved between the original and the perturbed instance, both sides decided. */
export type Category = 'C2C' | 'C2W' | 'W2C' | 'W2W';
export const CATEGORIES: readonly Category[] = ['C2C', 'C2W', 'W2C', 'W2W'];

/** The category of two decided sides (1 = correct), e.g. category(1, 0) === 'C2W'; use pairCategory for scores. */
export function category(origEm: number, pertEm: number): Category {
  return `${origEm === 1 ? 'C' : 'W'}2${pertEm === 1 ? 'C' : 'W'}` as Category;
}

/**
 * How a side of a pair counts as correct or wrong. `script` is the released challenge-set script's
 * rule: correct = EM 1, wrong = F1 < 0.4, anything in between is partial; `em`: correct = EM 1, else wrong.
 */
export type CategoryRule = 'script' | 'em';
export const CATEGORY_RULES: readonly CategoryRule[] = ['script', 'em'];
/** The rule as printed beside every result. */
export const RULE_TEXT: Record<CategoryRule, string> = {
  script: 'correct = EM 1, wrong = F1 < 0.4, otherwise partial (released challenge-set script)',
  em: 'correct = EM 1, wrong = EM 0',
};
/** C2C … W2W, or partial when a side is neither correct nor wrong under the script rule. */
export type PairCategory = Category | 'partial';
export const PAIR_CATEGORIES: readonly PairCategory[] = ['C2C', 'C2W', 'W2C', 'W2W', 'partial'];
/** Below this F1 (0..1) a side is wrong under the script rule. */
export const WRONG_F1 = 0.4;

/** 'C', 'W' or null (partial) for one side's score, e.g. side({ em: 0, f1: 0.5 }, 'script') → null. */
function side(s: Score, rule: CategoryRule): 'C' | 'W' | null {
  if (s.em === 1) return 'C';
  if (rule === 'em' || s.f1 < WRONG_F1) return 'W';
  return null;
}

/** One answer's verdict under the rule, worded for people, e.g. answerVerdict({ em: 0, f1: 0.33 }, 'script') → 'wrong' (F1 < 0.4), answerVerdict({ em: 0, f1: 0.5 }, 'script') → 'partly right'. */
export function answerVerdict(s: Score, rule: CategoryRule): 'correct' | 'partly right' | 'wrong' {
  const v = side(s, rule);
  return v === 'C' ? 'correct' : v === 'W' ? 'wrong' : 'partly right';
}

/** The category of a question from both sides' scores, e.g. pairCategory({em:1,f1:1}, {em:0,f1:0.2}, 'script') → 'C2W'. */
export function pairCategory(original: Score, perturbed: Score, rule: CategoryRule): PairCategory {
  const a = side(original, rule);
  const b = side(perturbed, rule);
  if (a === null || b === null) return 'partial';
  return category(a === 'C' ? 1 : 0, b === 'C' ? 1 : 0);
}

/**
 * True for a correct-to-wrong pair under the rule, e.g. isC2W({em:1,f1:1}, {em:0,f1:0.67}, 'script') → false
 * (partial): every surface that collects or counts broken answers (gallery, found cases, attack) asks this.
 */
export function isC2W(original: Score, perturbed: Score, rule: CategoryRule = 'script'): boolean {
  return pairCategory(original, perturbed, rule) === 'C2W';
}

/** Rows re-categorised under another rule (scores are kept, so no model call is needed). */
export function recategorize<T extends { original: Score; perturbed: Score; category: PairCategory }>(rows: readonly T[], rule: CategoryRule): T[] {
  return rows.map((r) => ({ ...r, category: pairCategory(r.original, r.perturbed, rule) }));
}

/** A live result (a renaming) re-categorised from its kept scores under another rule; unanswered results are kept as they are. */
export function recategorizeLive<T extends { originalScore: Score | null; perturbedScore: Score | null; category: PairCategory | null }>(r: T, rule: CategoryRule): T {
  return r.originalScore && r.perturbedScore ? { ...r, category: pairCategory(r.originalScore, r.perturbedScore, rule) } : r;
}
