/** Synthetic noise's settings: the audit config entry, with defaults (valibot), and a unit's experiment (one noise kind). */
import * as v from 'valibot';
import { CATEGORY_RULES } from '../../natural/categories.ts';
import { NOISE_KINDS, type NoiseKind } from '../../natural/noise-kinds.ts';
import { nonEmpty } from '../settings.ts';

export const Synthetic = v.strictObject({
  kind: v.literal('synthetic'),
  noise: v.optional(nonEmpty(v.picklist(NOISE_KINDS)), ['keyboard']),
  rate: v.optional(v.pipe(v.number(), v.gtValue(0), v.maxValue(1)), 0.3),
  rule: v.optional(v.picklist(CATEGORY_RULES), 'script'),
});
export type SyntheticExperiment = v.InferOutput<typeof Synthetic>;
/** A unit: one noise kind, on the answerable questions (the app's robustness table; older units ran on all). */
export type SyntheticUnit = Omit<SyntheticExperiment, 'noise'> & { noise: NoiseKind; questions: 'answerable' };
