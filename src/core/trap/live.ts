/** One question with a trap, as the live view asks for it: generated, typed, or a variant given (an adversarial file's). */
import type { Instance, TrapVariant } from '../data/types.ts';
import type { Predictor } from '../entity/experiment.ts';
import { answerTraps, trapFor } from './experiment.ts';
import { insertTrap } from './insert.ts';
import type { LiveTrap, TrapSpec } from './pair.ts';

export { adversarialPair, type LiveTrap, type TrapSpec } from './pair.ts';

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

