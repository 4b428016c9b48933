/**
 * What the search for a smallest breaking edit is asked and answers: its families, options and
 * defaults, the result and its summary in words. The app's explanation view and store need these
 * without the edits' code (edits.ts loads the NLP packages), so they live here.
 */
import type { Instance } from '../data/types.ts';
import type { CategoryRule } from '../natural/categories.ts';
import type { NameSource } from '../entity/options.ts';
import type { NamePool } from '../entity/rename.ts';
import type { Substitution } from '../entity/substitute.ts';
import type { WindowStats } from './predictor.ts';

/** The perturbation families a search draws single edits from. */
export const FAMILIES = ['rename', 'trap', 'paraphrase', 'noise'] as const;
export type Family = (typeof FAMILIES)[number];
export const FAMILY_LABELS: Record<Family, string> = { rename: 'entity renaming', trap: 'trap sentence', paraphrase: 'paraphrase rule', noise: 'synthetic noise' };

/** How many candidates a search generates per family and instance: enough for any budget it accepts. */
export interface EditOptions {
  seed: number;
  /** Renamings tried (seeds seed … seed + renames − 1). */
  renames: number;
  /** Where new names come from (Yan et al. §3.2): InDistName, DBName or RandStr. */
  source: NameSource;
  /** The InDistName pool (the dataset's names); without one InDistName falls back to DBName's lists. */
  pool?: NamePool;
}

export interface SearchOptions extends EditOptions {
  families: readonly Family[];
  /** Model calls (answered inputs) at most, the original's answer included. */
  budget: number;
  /** Edit sequences kept per beam step. */
  beam: number;
  /** Edits per sequence at most. */
  depth: number;
  /** Inputs per model call batch. */
  batch: number;
  /** What counts as broken: C2W under this rule (categories.ts); the released script's (F1 < 0.4) by default. */
  rule?: CategoryRule;
}

export const DEFAULT_SEARCH: SearchOptions = { families: ['rename', 'trap', 'paraphrase', 'noise'], budget: 50, beam: 3, depth: 3, batch: 16, seed: 1, renames: 10, source: 'db' };

/** A renaming's names (from → to) and how they were drawn, e.g. "DBName, seed 3" (to merge two renamings into one). */
export interface RenameDetail {
  substitutions: Substitution[];
  note: string;
}

/**
 * One replaced span of an edit, offsets in Unicode code points (Python's str indexing) of the
 * field's text before this edit: text[start:end] == from becomes to. An insertion has start == end.
 */
export interface TextChange {
  field: 'question' | 'context';
  start: number;
  end: number;
  from: string;
  to: string;
}

/** One applied edit of a found sequence (consecutive renamings of one entity are one edit). */
export interface AppliedEdit {
  family: Family;
  label: string;
  rename?: RenameDetail;
  /** What the edit changed, in order; each edit's offsets are in the text the edits before it left. */
  changes: TextChange[];
}

/** Why a search has no breaking edit: the answer was wrong to begin with, or none within the budget. */
export type SearchOutcome = 'broken' | 'not-correct' | 'none-found' | 'cancelled';

export interface BreakingEdit {
  outcome: SearchOutcome;
  originalAnswer: string;
  /** The found edits in order (empty unless broken). */
  edits: AppliedEdit[];
  /** The edited instance and the model's new answer on it (broken only). */
  perturbed: Instance | null;
  newAnswer: string | null;
  /** Inputs answered, the original included; never more than the budget. */
  calls: number;
  budget: number;
  /** Candidates generated but never answered because the budget ran out. */
  untried: number;
  /** Single edits the families could make of the original question (0: none applies; 0 too when the search stopped before editing). */
  singleEdits: number;
  stats: WindowStats;
}

/** Whether the search's families could edit the question at all (a break needs an edit, so a broken one is). */
export function isApplicable(r: BreakingEdit): boolean {
  return r.singleEdits > 0 || r.outcome === 'broken';
}

/** A short summary, e.g. "broken by trap sentence: trap … → “1891” (12 of 50 calls)". */
export function describeBreak(r: BreakingEdit): string {
  if (r.outcome === 'not-correct') return `the answer “${r.originalAnswer}” is not correct to begin with (${r.calls} call)`;
  if (r.outcome === 'cancelled') return `cancelled after ${r.calls} of ${r.budget} calls`;
  if (r.outcome === 'none-found' && !isApplicable(r) && r.calls > 0) return `not applicable: no edit of these families applies to this question (${r.calls} of ${r.budget} calls)`;
  if (r.outcome === 'none-found') return r.calls < r.budget ? `none found: every edit tried (${r.calls} of ${r.budget} calls)` : `none found within ${r.budget} calls`;
  return `${r.edits.map((e) => e.label).join(' + ')} → “${r.newAnswer}” (${r.calls} of ${r.budget} calls)`;
}
