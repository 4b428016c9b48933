/** The paraphrases' (DPR) settings: the audit config entry, with defaults (valibot), a unit's experiment and what a saved run keeps. */
import * as v from 'valibot';
import type { DprRow } from '../../sensitivity/dpr.ts';
import { PARAPHRASE_KINDS } from '../../sensitivity/kinds.ts';
import type { GeneratedKind } from '../../sensitivity/paraphrase.ts';

export interface ParaphrasePayload {
  rows: DprRow[];
  /** Per generator kind, the questions no rule of it fits. */
  none: Partial<Record<GeneratedKind, { count: number; ids: string[] }>>;
  /** Questions with no paraphrase at all (not asked). */
  without: number;
}

export const Paraphrase = v.strictObject({
  kind: v.literal('paraphrase'),
  kinds: v.optional(v.array(v.picklist(PARAPHRASE_KINDS)), ['reorder', 'function-word', 'synonym', 'content-word']),
  dataset: v.optional(v.boolean(), false),
});
export type ParaphraseExperiment = v.InferOutput<typeof Paraphrase>;
/** A unit: on the answerable questions (the app's robustness table; older units ran on all). */
export type ParaphraseUnit = ParaphraseExperiment & { questions: 'answerable' };
