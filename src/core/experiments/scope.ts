/**
 * Which questions an experiment runs on, one rule for all: the experiments' scope (dataset,
 * filters, and the search only when the user includes it) and each kind's population of it. The
 * app states the scope in words before a run, records it with the result (and the ids), and the
 * robustness table applies the same populations as the cards, so one comparison is one population.
 */
import { countOf } from '../text/plural.ts';
import { isRevisionPair, type PairSides } from '../formats/pair-kind.ts';

/** The experiments' scope: the Questions list's dataset and filters; its search only when included. */
export interface ScopeSpec {
  /** Name of the dataset ('' for all datasets). */
  dataset: string;
  answerable: 'all' | 'answerable' | 'unanswerable';
  entity: string;
  revision: 'all' | 'with-revision';
  category: string;
  /** The search words in the scope ('' for none), and the list's search left out of it ('' for none). */
  search: string;
  searchLeftOut: string;
}

/** Experiment kinds, as run records name them. */
export type ScopeKind = 'sweep' | 'budget' | 'universal' | 'export' | 'natural' | 'synthetic' | 'paraphrase' | 'traps' | 'adversarial' | 'robustness' | 'audit';

/** What a question needs for the population rules: answerable or not, and its aligned pair's kind (pairKind). */
export type ScopeItem = PairSides & { isImpossible: boolean };

/** The counts of a scope the rules need (the data worker counts them without reading the questions). */
export interface ScopeCounts {
  total: number;
  answerable: number;
  /** Questions with a revision pair, and those of them that are answerable. */
  paired: number;
  /** Questions an Adversarial SQuAD run scores: those of datasets with a linked variant in the scope (adversarialSelection); unknown when left out. */
  adversarial?: number;
}

/** The one population rule, e.g. populationOf('paraphrase', qs) keeps the answerable questions. */
export function populationOf<T extends ScopeItem>(kind: ScopeKind | 'noise' | 'original', items: readonly T[]): T[] {
  switch (kind) {
    case 'natural':
      // Revision pairs proper: a question paraphrased on the same passage is a paraphrase pair (Gan & Ng 2019), not an edit.
      return items.filter(isRevisionPair);
    case 'synthetic':
    case 'noise': {
      // Noise is compared with the natural edits: on their questions when the scope has any.
      const paired = populationOf('natural', items);
      return paired.length ? paired : items.filter((i) => !i.isImpossible);
    }
    case 'paraphrase':
    case 'original':
      return items.filter((i) => !i.isImpossible);
    default:
      return [...items];
  }
}

/** How many questions populationOf(kind) keeps of a scope with these counts (robustness: the first `limit`). */
export function populationCount(kind: ScopeKind, c: ScopeCounts, limit?: number): number {
  switch (kind) {
    case 'natural':
      return c.paired;
    case 'synthetic':
      return c.paired > 0 ? c.paired : c.answerable;
    case 'paraphrase':
      return c.answerable;
    case 'robustness':
      return Math.min(c.total, limit ?? c.total);
    case 'adversarial':
      return c.adversarial ?? c.total;
    default:
      return c.total;
  }
}

/** The kind's rule in words ('' when it takes every question of the scope). */
export function ruleText(kind: ScopeKind, c: ScopeCounts, limit?: number): string {
  switch (kind) {
    case 'natural':
      return 'with a revision pair';
    case 'synthetic':
      return c.paired > 0 ? 'the revision-pair questions (as the natural edits)' : 'answerable only';
    case 'paraphrase':
      return 'answerable only';
    case 'sweep':
      // Every question is renamed or left out under one reason (the left-out table): they add up to n (issue 38.4).
      return 'each renamed where its answer entity is renamable, else left out with its reason';
    case 'robustness':
      return limit !== undefined && limit < c.total ? `the first ${limit} of ${c.total}` : '';
    case 'adversarial':
      // The scope's questions are not the run's when none of its datasets has variants: say so before Run (issue 41.10).
      return c.adversarial === 0 ? 'no dataset in the scope has Adversarial SQuAD variants: import an AddSent / AddOneSent file' : 'scored: the datasets linked as adversarial variants';
    default:
      return '';
  }
}

/** The scope's own filters in words, e.g. ['Demo set', 'answerable only', 'no search']. */
export function scopeParts(s: ScopeSpec): string[] {
  return [
    s.dataset || 'all datasets',
    s.answerable === 'answerable' ? 'answerable only' : s.answerable === 'unanswerable' ? 'unanswerable only' : '',
    s.entity !== 'all' ? `answer type ${s.entity}` : '',
    s.revision === 'with-revision' ? 'with a revision pair' : '',
    s.category !== 'all' ? `category ${s.category}` : '',
    s.search ? `search "${s.search}"` : s.searchLeftOut ? `no search (the list's "${s.searchLeftOut}" is not applied)` : 'no search',
  ].filter(Boolean);
}

/**
 * What an experiment will run on, stated before it runs, e.g.
 * describeScope('paraphrase', spec, { total: 76, answerable: 64, paired: 0 }) →
 * { n: 64, text: '64 questions: Demo set · answerable only · no search' }.
 */
export function describeScope(kind: ScopeKind, s: ScopeSpec, c: ScopeCounts, limit?: number, ran?: number): { n: number; text: string } {
  // `ran`: a finished run's own count (its record), which a cancelled collect or a cap can make smaller.
  const n = ran ?? populationCount(kind, c, limit);
  const rule = ruleText(kind, c, limit);
  const parts = scopeParts(s);
  // A rule the scope's filters already state is not said twice.
  const extra = rule && !parts.includes(rule) ? [rule] : [];
  return { n, text: `${countOf(n, 'question')}: ${[...parts, ...extra].join(' · ')}` };
}

/** The counts of a list of questions (what the data worker computes from its index). */
export function countsOf(items: readonly ScopeItem[]): ScopeCounts {
  return { total: items.length, answerable: items.filter((i) => !i.isImpossible).length, paired: populationOf('natural', items).length };
}
