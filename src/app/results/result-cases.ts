/** Which failure-gallery cases belong under which experiment page (pure, tested without a browser). */
import type { CaseKind, FailureCase } from '../../core/results/gallery.ts';

/** The gallery's case kinds each experiment page produces. */
export const PAGE_CASE_KINDS: Record<string, readonly CaseKind[]> = {
  'entity/sweep': ['rename'],
  'entity/budget': ['rename'],
  'entity/universal': ['universal'],
  'natural/pairs': ['revision', 'noise'],
  'sensitivity/paraphrases': ['paraphrase'],
  'stability/traps': ['trap'],
};

/** How many questions show before "Show all". */
export const FIRST = 8;

/** The cases of some kinds, newest first. */
export function casesOfKinds(cases: readonly FailureCase[], kinds: readonly CaseKind[]): FailureCase[] {
  return cases.filter((c) => kinds.includes(c.kind)).sort((a, b) => (a.found < b.found ? 1 : a.found > b.found ? -1 : 0));
}

