/** One question with a trap, as the live view asks for it: generated, typed, or a variant given (an adversarial file's). */
import type { Instance, TrapVariant } from '../data/types.ts';
import type { Predictor } from '../entity/experiment.ts';
import { answerTraps, trapFor, type TrapRow } from './experiment.ts';
import { insertTrap, type TrapPosition } from './insert.ts';

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

/** The trap passage for a spec, or why there is none. */
export function liveVariant(inst: Instance, spec: TrapSpec): { variant: TrapVariant; sentence: string } | string {
  if (spec.kind === 'given') return { variant: spec.variant, sentence: spec.variant.context.slice(spec.variant.trap.start, spec.variant.trap.end) };
  if (spec.kind === 'typed') {
    const variant = insertTrap(inst, spec.sentence, spec.position);
    return variant ? { variant, sentence: spec.sentence.replace(/\s+/g, ' ').trim() } : spec.sentence.trim() ? 'the insertion point falls inside an answer' : 'type a sentence first';
  }
  // Free text has no gold answer: the trap still must not hold the passage's answer, so the question stays the guide.
  const t = trapFor({ ...inst, adversarial: undefined, isImpossible: false }, { source: 'generated', position: spec.position, seed: spec.seed });
  return typeof t === 'string' ? `no trap: ${t}` : { variant: t.variant, sentence: t.sentence };
}

/** Answers the question on its passage and on the trap passage. */
export async function liveTrap(inst: Instance, spec: TrapSpec, predict: Predictor): Promise<LiveTrap> {
  const v = liveVariant(inst, spec);
  if (typeof v === 'string') return { row: null, variant: null, reason: v };
  const r = await answerTraps([{ inst, variant: v.variant, sentence: v.sentence }], predict);
  return { row: r.rows[0] ?? null, variant: v.variant, reason: r.rows[0] ? null : 'cancelled' };
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
