/** The sweep's settings: the audit config entry, with defaults (valibot), and what a saved run keeps. */
import * as v from 'valibot';
import { ENTITY_CHOICES, MAX_SWEEP_SEEDS, NAME_SOURCES, ORIGINS, RENAME_TARGETS } from '../../entity/options.ts';
import type { SweepCell } from '../../entity/stats.ts';
import type { ExperimentCi } from '../../stats/index.ts';
import { nonEmpty, posInt, tagger } from '../settings.ts';

export interface SweepPayload {
  cells: SweepCell[];
  /** CI and p per row, when confidence intervals were on (absent in older runs). */
  ci?: ExperimentCi;
}

export const Sweep = v.strictObject({
  kind: v.literal('sweep'),
  types: v.optional(nonEmpty(v.picklist(ENTITY_CHOICES)), ['PER', 'ORG', 'GPE', 'MIX']),
  sources: v.optional(nonEmpty(v.picklist(NAME_SOURCES)), ['indist', 'db', 'randstr']),
  target: v.optional(v.picklist(RENAME_TARGETS), 'answer'),
  seeds: v.optional(v.pipe(posInt, v.maxValue(MAX_SWEEP_SEEDS)), 5),
  origin: v.optional(v.picklist(ORIGINS), 'us'),
  origins: v.optional(v.array(v.picklist(ORIGINS)), ['us']),
  tagger,
});
export type SweepExperiment = v.InferOutput<typeof Sweep>;
