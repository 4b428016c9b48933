/** The budget's settings: the audit config entry, with defaults (valibot), and what a saved run keeps. */
import * as v from 'valibot';
import { ENTITY_CHOICES, MAX_BUDGET, NAME_SOURCES, ORIGINS, RENAME_TARGETS } from '../../entity/options.ts';
import type { BudgetResult } from '../../entity/stats.ts';
import type { ExperimentCi } from '../../stats/index.ts';
import { posInt, seed, tagger } from '../settings.ts';

export interface BudgetPayload {
  result: BudgetResult;
  /** CI and p per case and side, when confidence intervals were on (absent in older runs). */
  ci?: ExperimentCi;
}

export const Budget = v.strictObject({
  kind: v.literal('budget'),
  type: v.optional(v.picklist(ENTITY_CHOICES), 'MIX'),
  source: v.optional(v.picklist(NAME_SOURCES), 'db'),
  target: v.optional(v.picklist(RENAME_TARGETS), 'answer'),
  origin: v.optional(v.picklist(ORIGINS), 'us'),
  budget: v.optional(v.pipe(posInt, v.maxValue(MAX_BUDGET)), 10),
  /** RESEMBLE: M canonical names, chosen on a validation split of 30% of the questions drawn by `seed` (absent: 1). */
  resemble: v.optional(v.nullable(v.strictObject({ m: v.picklist([1, 3]), temperature: v.optional(v.pipe(v.number(), v.gtValue(0)), 2), seed: v.optional(seed) })), null),
  tagger,
});
export type BudgetExperiment = v.InferOutput<typeof Budget>;
