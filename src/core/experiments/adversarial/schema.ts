/** Adversarial SQuAD's settings (none besides the kind) and what a saved run keeps. */
import * as v from 'valibot';
import type { AdversarialOutput } from '../../trap/adversarial.ts';

export interface AdversarialPayload {
  output: AdversarialOutput;
  unscorable: number;
}

export const Adversarial = v.strictObject({ kind: v.literal('adversarial') });
export type AdversarialExperiment = v.InferOutput<typeof Adversarial>;
