/** What the live view asks the worker for, and an adversarial variant turned into an original and its trap. */
import type { Instance, TrapVariant } from '../data/types.ts';
import type { TrapPosition } from './insert.ts';
import type { TrapRow } from './summary.ts';

/** Which trap the live view wants. */
export type TrapSpec =
  | { kind: 'generated'; position: TrapPosition; seed: number }
  | { kind: 'typed'; position: TrapPosition; sentence: string }
  | { kind: 'given'; variant: TrapVariant };

/** The live answer: both rows and the trap passage, or why there is none. */
export interface LiveTrap {
  row: TrapRow | null;
  variant: TrapVariant | null;
  reason: string | null;
}

/**
 * An adversarial variant as an original instance and its trap: the original passage (answers
 * moved back before the inserted text) and the variant's passage with the inserted span, or null
 * when the file lacks the original.
 */
export function adversarialPair(variant: Instance): { original: Instance; spec: TrapSpec } | null {
  const link = variant.adversarial;
  if (!link?.originalContext || !link.inserted) return null;
  const shift = variant.context.length - link.originalContext.length;
  const answers = variant.answers.map((a) => (a.start >= link.inserted!.end ? { ...a, start: a.start - shift } : { ...a }));
  const original: Instance = { ...variant, id: link.originalId, context: link.originalContext, answers, adversarial: undefined };
  return { original, spec: { kind: 'given', variant: { context: variant.context, answers: variant.answers, trap: link.inserted } } };
}
