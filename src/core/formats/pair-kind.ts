/**
 * What an aligned pair is: a revision pair (Wu et al. 2025: the passage was edited, the question
 * kept or reworded) or a question-paraphrase pair (Gan & Ng 2019's dev_orig / dev_para layout:
 * the same passage, the question reworded). Decided from the data alone, once, for every surface.
 */
import type { Instance } from '../data/types.ts';

/** A pair's kind: an edited passage ('revision') or the same passage with a reworded question ('paraphrase'). */
export type PairKind = 'revision' | 'paraphrase';

/** The parts of an instance its pair kind depends on. */
export type PairSides = Pick<Instance, 'context' | 'question'> & { revision?: Pick<NonNullable<Instance['revision']>, 'context' | 'question'> | null };

/**
 * The kind of an instance's aligned pair, or null when it has none, e.g. a revision with the
 * instance's own passage and another question → 'paraphrase'; an edited passage → 'revision'.
 */
export function pairKind(inst: PairSides): PairKind | null {
  const r = inst.revision;
  if (!r) return null;
  const reworded = r.question !== undefined && r.question.trim() !== inst.question.trim();
  return reworded && r.context === inst.context ? 'paraphrase' : 'revision';
}

/** True when the instance has a revision pair proper (not a question paraphrase on the same passage). */
export const isRevisionPair = (inst: PairSides): boolean => pairKind(inst) === 'revision';

/** True when the instance's aligned pair is a question paraphrase on the same passage. */
export const isParaphrasePair = (inst: PairSides): boolean => pairKind(inst) === 'paraphrase';

/** How many pairs of each kind a list holds. */
export interface PairKindCounts {
  revision: number;
  paraphrase: number;
}

/** Counts the pairs of each kind, e.g. countPairKinds(gan_ng) → { revision: 0, paraphrase: 1062 }. */
export function countPairKinds(instances: readonly PairSides[]): PairKindCounts {
  const c: PairKindCounts = { revision: 0, paraphrase: 0 };
  for (const i of instances) {
    const k = pairKind(i);
    if (k) c[k]++;
  }
  return c;
}

/**
 * The pairs in words for the import message and the CLI, e.g. { revision: 0, paraphrase: 1062 } →
 * '1,062 question paraphrases (same passage, reworded question)'.
 */
export function describePairKinds(c: PairKindCounts): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const parts = [
    c.paraphrase ? `${n(c.paraphrase)} question paraphrase${c.paraphrase === 1 ? '' : 's'} (same passage, reworded question)` : '',
    c.revision ? `${n(c.revision)} revision pair${c.revision === 1 ? '' : 's'} (edited passage)` : '',
  ].filter(Boolean);
  return parts.join(', ') || 'no pairs';
}
