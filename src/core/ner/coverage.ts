/**
 * A tagger's coverage (issue 24.8): the share of answerable questions whose gold answer gets a
 * PER, ORG or GPE entity with the entities in use (a file's own, a loaded tagger's, else the
 * built-in tagger's). Counted by taggerCoverage (coverage-of.ts, which loads the tagger); this file
 * stays light for the app's main thread.
 */
import type { AnswerEntityType } from '../data/types.ts';

export interface TaggerCoverage {
  /** Answerable questions looked at. */
  answerable: number;
  /** Of them, those whose answer is a PER, ORG or GPE entity. */
  withEntity: number;
  byType: Record<Exclude<AnswerEntityType, 'other'>, number>;
}

/** The coverage in words, e.g. 'answer entity for 1 of 2 answerable questions (50.0%: PER 0, ORG 0, GPE 1)'. */
export function coverageText(c: TaggerCoverage): string {
  const pct = c.answerable ? `${((100 * c.withEntity) / c.answerable).toFixed(1)}%` : '–';
  return `answer entity for ${c.withEntity} of ${c.answerable} answerable question${c.answerable === 1 ? '' : 's'} (${pct}: PER ${c.byType.PER}, ORG ${c.byType.ORG}, GPE ${c.byType.GPE})`;
}
