/** The original score's settings (none besides the kind) and what a run keeps. */
import * as v from 'valibot';

/** EM/F1 (0–100) of the unperturbed answerable questions, and how many were scored. */
export interface OriginalPayload {
  n: number;
  em: number;
  f1: number;
}

/** The unperturbed score over every answerable question (the robustness table's "original F1"). */
export const Original = v.strictObject({ kind: v.literal('original') });
export type OriginalExperiment = v.InferOutput<typeof Original>;
