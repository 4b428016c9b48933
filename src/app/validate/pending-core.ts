/**
 * PLACEHOLDER until h12-valcore's builders and sampler land in src/core/validation (then this file
 * goes and make-batch.ts imports them from there). Thin stand-ins only, never merged as they are.
 */
import type { Instance } from '../../core/data/types.ts';
import type { FailureCase, CaseKind } from '../../core/results/gallery.ts';
import type { ValidationCase } from '../../core/validation/types.ts';

export function caseFromFailure(c: FailureCase): ValidationCase | null {
  if (c.perturbed.passage === null) return null;
  return { id: c.key, family: c.kind, perturbation: c.perturbation, dataset: c.dataset, questionId: c.id, question: c.perturbedQuestion ?? c.question, passage: c.perturbed.passage, originalPassage: c.original.passage, edits: [], gold: c.perturbedGold ?? c.gold, stratum: 'broken' };
}

export function caseFromPair(a: Instance, b: { context: string; question: string }, o: { family: CaseKind; perturbation: string; stratum: string }): ValidationCase | null {
  return { id: `${o.family}|${a.dataset}|${a.id}`, family: o.family, perturbation: o.perturbation, dataset: a.dataset, questionId: a.id, question: b.question, passage: b.context, originalPassage: a.context, edits: [], gold: a.answers.map((x) => x.text), stratum: o.stratum };
}

export function stratifiedSample<T>(units: readonly T[], _stratum: (u: T) => string, size: number, _seed: number): T[] {
  return units.slice(0, size);
}

export function sampleSizeNote(size: number): string {
  return `n = ${size}`;
}

export const batchToJson = (b: unknown): string => `${JSON.stringify(b, null, 2)}\n`;
export const annotationFileToJson = (f: unknown): string => `${JSON.stringify(f, null, 2)}\n`;
