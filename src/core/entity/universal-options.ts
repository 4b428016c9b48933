/**
 * Universal names' settings, result types and the small helpers their card, the run history and
 * the CLI show them with: what the app's store and views need without the run's code
 * (universal.ts, which loads the name lists), so the page's start-up does not load them.
 */
import type { Score } from '../data/score.ts';
import { NOT_RENAMABLE_LABELS, type Origin, type RenameTarget } from './options.ts';
import type { NotRenamable } from './rename.ts';
import type { QuestionScores } from './stats.ts';

/** Entity types with whole names to try: people (first + last name) and places. */
export type UniversalType = 'PER' | 'GPE';
export const UNIVERSAL_TYPES: readonly UniversalType[] = ['PER', 'GPE'];
/** Candidate names come from real-world lists (DBName) or the data's own answer entities (InDistName). */
export type UniversalSource = 'db' | 'indist';
export const UNIVERSAL_SOURCES: readonly UniversalSource[] = ['db', 'indist'];

export interface UniversalConfig {
  type: UniversalType;
  source: UniversalSource;
  /** Origin of DBName person names. */
  origin: Origin;
  /** Candidate names tried (K). */
  candidates: number;
  /** Names reported (k). */
  top: number;
  /** Seed of the candidate draw and of every V_s / D_s draw. */
  seed: number;
  /** Algorithm 2's N: iterations of drawing V_s and D_s. */
  iterations?: number;
  /** Algorithm 2's B: names per V_s and questions per D_s. */
  sample?: number;
  /** What the name replaces: the answer entity, or a person named in the question (the paper's SQuAD setting; PER only). */
  target?: RenameTarget;
}

export const DEFAULT_UNIVERSAL: UniversalConfig = { type: 'PER', source: 'db', origin: 'us', candidates: 30, iterations: 10, sample: 10, top: 10, seed: 1, target: 'answer' };
export const MAX_UNIVERSAL_CANDIDATES = 500;
export const MAX_UNIVERSAL_ITERATIONS = 200;
export const MAX_UNIVERSAL_SAMPLE = 200;

/** One candidate: what a person's first and last name, or a place, becomes, e.g. { name: 'Jane Doe', first: 'Jane', last: 'Doe' }. */
export interface UniversalName {
  name: string;
  first?: string;
  last?: string;
  place?: string;
}

/** Why a name could not be put in one question (beyond the question having no entity at all). */
export type NameSkip = 'same-name' | 'name-present' | 'answer-lost';

/** One drawn name: its Beta parameters and weight, and what it did over every question it was put in. */
export interface UniversalRow {
  name: string;
  /** Algorithm 2's weight α/(α+β): the estimate of P(worsen) − P(improve) (negative when the name improves more than it worsens). */
  weight?: number;
  alpha?: number;
  beta?: number;
  /** Iterations whose V_s drew the name. */
  draws?: number;
  /** Trials (question × iteration) whose F1 the name lowered / raised. */
  worsened?: number;
  improved?: number;
  /** Trials: questions of the name's D_s samples it was put in (a question drawn twice counts twice; the others: skipped, per reason). */
  tried: number;
  /** Trials whose predicted span, mapped back to the original passage, differs from the original prediction. */
  changed: number;
  /** changed / tried, 0..1. */
  share: number;
  /** original.f1 − renamed.f1 in points (0..100): each tried question once, its renamed F1 the mean over its trials (the estimate its CI bounds). */
  meanF1Drop: number;
  /** EM/F1 (0..100) of the tried questions (each once) without and with the name (absent in runs saved before). */
  original?: Score;
  renamed?: Score;
  /** Questions whose F1 went down. */
  f1Dropped: number;
  skipped: Partial<Record<NameSkip, number>>;
  /** The first few changed questions' ids, as examples. */
  examples: string[];
  /** Each tried question's scores (0..1) with the name in, once per question, for slice tables; absent in runs saved before. */
  questions?: QuestionScores[];
}

export interface UniversalResult {
  /** Answerable questions of the run's language (runLanguage) with an answer entity of the type; the others per reason. */
  eligible: number;
  ineligible: Partial<Record<NotRenamable | 'other-language' | 'unanswerable', number>>;
  /** Candidates drawn (≤ K when the source has fewer names), and the names drawn into some V_s. */
  candidates: number;
  tried: number;
  /** Iterations finished and planned (Algorithm 2's N); absent in runs saved before. */
  iterations?: number;
  plannedIterations?: number;
  /** Every drawn name, best first: highest weight, then more trials, then name. */
  rows: UniversalRow[];
  top: number;
  /** EM/F1 of the eligible questions on their original passages (0..100). */
  original: { em: number; f1: number };
  /** Cancelled before every candidate was tried: the rows are partial. */
  cancelled: boolean;
}

// Reasons without a label here (renaming may learn new ones) are shown as their key.
const INELIGIBLE_LABELS: Partial<Record<string, string>> = {
  'other-language': "not in the run's language",
  ...NOT_RENAMABLE_LABELS,
};

/** Questions left out per reason in words, e.g. describeIneligible({ unanswerable: 8, 'other-type': 2 }) === '8 unanswerable, 2 answer of another type'. */
export function describeIneligible(r: UniversalResult['ineligible']): string {
  return Object.entries(r)
    .map(([k, v]) => `${v} ${INELIGIBLE_LABELS[k] ?? k}`)
    .join(', ');
}

/**
 * Whether a name qualifies as adversarial: it worsened more trials than it improved (Algorithm 2's
 * α > 1, so its weight exceeds that of a name that changed nothing). A name that improves as many
 * as it worsens, or more (α ≤ 1; weight ≤ 0 once α ≤ 0), does not. Runs saved before `worsened`
 * was kept fall back to a positive mean F1 drop.
 */
export const worsensMore = (x: Pick<UniversalRow, 'worsened' | 'improved' | 'meanF1Drop'>): boolean => (x.worsened !== undefined ? x.worsened > (x.improved ?? 0) : x.meanF1Drop > 0);

/**
 * The names listed: the first `top` of the ranking among those that qualify (worsensMore), and how
 * many qualified of the names drawn, e.g. 3 names worse/better 2/0, 1/1, 0/2 with top 10 →
 * { rows: [first], qualified: 1, drawn: 3 }.
 */
export function topNames(r: Pick<UniversalResult, 'rows' | 'top'>): { rows: UniversalRow[]; qualified: number; drawn: number } {
  const ok = r.rows.filter(worsensMore);
  return { rows: ok.slice(0, Math.max(0, r.top)), qualified: ok.length, drawn: r.rows.length };
}

/**
 * How many names qualified and how many are listed, e.g. qualifiedNote(1, 10, 1, 3) → '1 of 3 names
 * drawn worsens more answers than it improves (worse > better): 1 listed (top 10); the other 2,
 * improving as many as they worsen or more, are not.'
 */
export function qualifiedNote(shown: number, top: number, qualified: number, drawn: number): string {
  const others = drawn - qualified;
  const head = `${qualified} of ${drawn} name${drawn === 1 ? '' : 's'} drawn ${qualified === 1 ? 'worsens' : 'worsen'} more answers than ${qualified === 1 ? 'it improves' : 'they improve'} (worse > better): ${shown} listed (top ${top})`;
  return others ? `${head}; the other ${others}, improving as many as ${others === 1 ? 'it worsens' : 'they worsen'} or more, ${others === 1 ? 'is' : 'are'} not.` : `${head}.`;
}
