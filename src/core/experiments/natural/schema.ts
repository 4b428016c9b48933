/** The revision pairs' settings: the audit config entry, with defaults (valibot), and what a saved pairs run (revision pairs or synthetic noise) keeps. */
import type { ExperimentCi } from '../../stats/index.ts';
import * as v from 'valibot';
import { CATEGORY_RULES } from '../../natural/categories.ts';
import type { PairRow, PairsDropped } from '../../natural/pairs.ts';

/** A revision-pair or synthetic-noise run as saved. */
export interface PairsPayload {
  rows: PairRow[];
  /** Synthetic noise: questions whose passage had nothing to change; revision pairs: questions whose answer is not in the edited passage. */
  dropped: number;
  answerMissing: PairsDropped['answerMissing'];
  label: string;
  /** Paired statistics over questions, when confidence intervals were on (issue 27). */
  ci?: ExperimentCi;
}

export const Natural = v.strictObject({ kind: v.literal('natural'), rule: v.optional(v.picklist(CATEGORY_RULES), 'script') });
export type NaturalExperiment = v.InferOutput<typeof Natural>;
