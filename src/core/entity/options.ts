/**
 * The vocabulary of entity renaming that the UI needs without loading the name data: entity types,
 * name sources and origins, and the settings of renamings, sweeps, budgets and RESEMBLE.
 */
import type { CharOffset } from '../types.ts';

export type EntityType = 'PER' | 'ORG' | 'GPE';

/** A named entity found in a text, with its UTF-16 span (spans.ts finds them; tag-store.ts keeps them). */
export interface Entity {
  type: EntityType;
  text: string;
  start: CharOffset;
  end: CharOffset;
  /** How sure the tagger is, 0..1 (dictionary-confirmed names are surer); RESEMBLE weighs by it. */
  confidence: number;
}
export const ENTITY_TYPES: readonly EntityType[] = ['PER', 'ORG', 'GPE'];

/** Name origins for person names: US, India, China, French, Arabic. */
export const ORIGINS = ['us', 'in', 'cn', 'fr', 'ar'] as const;
export type Origin = (typeof ORIGINS)[number];
export const ORIGIN_LABELS: Record<Origin, string> = { us: 'US', in: 'India', cn: 'China', fr: 'French', ar: 'Arabic' };

export type Gender = 'male' | 'female' | 'neutral';

/** Which answer entities to rename: one type, or any of the three (MIX). */
export type EntityChoice = EntityType | 'MIX';
export const ENTITY_CHOICES: readonly EntityChoice[] = ['PER', 'ORG', 'GPE', 'MIX'];

/** Where new names come from: the dataset's own answer entities, real-world lists, or random letters. */
export type NameSource = 'indist' | 'db' | 'randstr';
export const NAME_SOURCES: readonly NameSource[] = ['indist', 'db', 'randstr'];
export const SOURCE_LABELS: Record<NameSource, string> = { indist: 'InDistName', db: 'DBName', randstr: 'RandStr' };
/** The RandStr rule in words, shown beside the name-source choice. */
export const RANDSTR_RULE = 'RandStr: random letters, same length and casing; the first letter and a final "s" kept (Yan et al. 2022, released code)';

/**
 * What is renamed: the answer entity (Yan et al. 2022), or a person named in the question and the
 * passage (the SQuAD setting of Balasubramanian et al. 2020).
 */
export type RenameTarget = 'answer' | 'question-person';
export const RENAME_TARGETS: readonly RenameTarget[] = ['answer', 'question-person'];
export const TARGET_LABELS: Record<RenameTarget, string> = { answer: 'answer entity', 'question-person': 'person in the question' };

/**
 * Why an instance is not renamed, for every count and skip report: unanswerable (no gold answer to
 * score a renaming against; renaming runs score answerable questions only), no entity answer, another type,
 * a person name of more than two words (after the released titles and suffixes), nothing renamable,
 * no person of the question in the passage (question-person mode), a gold answer cut through.
 */
export type NotRenamable = 'unanswerable' | 'no-entity' | 'other-type' | 'long-name' | 'no-spans' | 'no-person' | 'answer-lost';
export const NOT_RENAMABLE: readonly NotRenamable[] = ['unanswerable', 'no-entity', 'other-type', 'long-name', 'no-spans', 'no-person', 'answer-lost'];
/** Each reason in words, as counts of left-out questions print it. */
export const NOT_RENAMABLE_LABELS: Record<NotRenamable, string> = {
  unanswerable: 'unanswerable',
  'no-entity': 'no answer entity',
  'other-type': 'answer of another type',
  'long-name': 'person name of more than two words',
  'no-spans': 'nothing renamable in the answer',
  'no-person': 'no person of the question in the passage',
  'answer-lost': 'answer lost in renaming',
};

/** The questions a left-out count covers, e.g. leftOutTotal({ unanswerable: 8, 'no-entity': 38 }) → 46. */
export function leftOutTotal(leftOut: Partial<Record<NotRenamable, number>>): number {
  return NOT_RENAMABLE.reduce((a, r) => a + (leftOut[r] ?? 0), 0);
}

/** Left-out counts in words, in the reasons' order, e.g. '8 unanswerable, 38 no answer entity' ('' when none). */
export function leftOutText(leftOut: Partial<Record<NotRenamable, number>>): string {
  return NOT_RENAMABLE.filter((r) => leftOut[r])
    .map((r) => `${leftOut[r]} ${NOT_RENAMABLE_LABELS[r]}`)
    .join(', ');
}

export interface RenameOptions {
  type: EntityChoice;
  /** What is renamed; 'answer' when absent. 'question-person' renames PER only. */
  target?: RenameTarget;
  source: NameSource;
  /** Origin of person names (DBName). */
  origin: Origin;
  seed: number;
}

export interface SweepConfig {
  types: EntityChoice[];
  /** What is renamed; 'question-person' runs PER only. */
  target?: RenameTarget;
  sources: NameSource[];
  /** Seeds 1..N per (type, source). */
  seeds: number;
  /** Person-name origin for DBName. */
  origin: Origin;
  /** Extra origins for the "EM by name origin" chart (PER, DBName). */
  origins: Origin[];
}

/** Most seeds a sweep runs per (type, source): the app's seeds field and the audit config stop there too. */
export const MAX_SWEEP_SEEDS = 20;

export const DEFAULT_SWEEP: SweepConfig = { types: ['PER', 'ORG', 'GPE', 'MIX'], sources: ['indist', 'db', 'randstr'], seeds: 5, origin: 'us', origins: ['us', 'in', 'cn', 'fr', 'ar'] };

/** The cells a sweep runs, in order: the main grid, then the origin runs it does not already hold. */
export function sweepPlan(config: SweepConfig): RenameOptions[] {
  const plan: RenameOptions[] = [];
  const target = config.target ?? 'answer';
  // A person of the question is PER by definition: the type axis collapses to PER.
  const types: EntityChoice[] = target === 'question-person' ? ['PER'] : config.types;
  for (const type of types) for (const source of config.sources) for (let seed = 1; seed <= config.seeds; seed++) plan.push({ type, target, source, origin: config.origin, seed });
  const hasPerDb = types.includes('PER') && config.sources.includes('db');
  for (const origin of config.origins) {
    if (hasPerDb && origin === config.origin) continue;
    for (let seed = 1; seed <= config.seeds; seed++) plan.push({ type: 'PER', target, source: 'db', origin, seed });
  }
  return plan;
}

export interface ResembleConfig {
  /** Canonical names per entity (M = 1 or 3). */
  m: 1 | 3;
  /** Softmax temperature over each n-best list (T = 2 by default). */
  temperature: number;
  /** Which entities to replace; MIX = all three types. */
  type: EntityChoice;
  /** Seed of the validation/test split that chooses the canonical names in a budget run (1 when absent). */
  seed?: number;
}

export const DEFAULT_RESEMBLE: ResembleConfig = { m: 3, temperature: 2, type: 'MIX' };

export interface BudgetConfig {
  type: EntityChoice;
  target?: RenameTarget;
  source: NameSource;
  origin: Origin;
  /** Renamings per instance (B, 10 by default, at most 50). */
  budget: number;
  resemble: ResembleConfig | null;
  versionTwo: boolean;
}

export const DEFAULT_BUDGET: BudgetConfig = { type: 'MIX', source: 'db', origin: 'us', budget: 10, resemble: null, versionTwo: false };
export const MAX_BUDGET = 50;
