/**
 * Makes a batch file's content from a source the app offers (batch-sources.ts): every broken case of
 * a run, or a seeded stratified sample of a run's perturbed questions. The cases, the sample and the
 * note on what its size can show come from src/core/validation (one computation with `qarx validate`).
 */
import type { BatchSource, ValidationBatch, ValidationCase } from '../../core/validation/types.ts';
import { caseFromFailure, caseFromPair, makeBatch } from '../../core/validation/build.ts';
import { populationOf, stratifiedSample } from '../../core/validation/sample.ts';
import type { BrokenSource, SampleSource } from './batch-sources.ts';

/** The batch's name: the run's kind and start, e.g. "synthetic-2026-12-02T08-10" (makeBatch adds the draw, seed and a hash of the cases). */
const nameOf = (kind: string, date: string) => `${kind}-${date.slice(0, 16)}`.replace(/[^\w.-]+/g, '-');

/** The batch of every broken case of a run (the gallery's C2W cases of it). */
export function batchFromBroken(src: BrokenSource, created: string): ValidationBatch {
  const cases = src.cases.flatMap((c) => caseFromFailure(c) ?? []);
  const source: BatchSource = { kind: src.kind, date: src.date, model: src.model, datasets: src.datasets, draw: 'broken', population: { broken: cases.length } };
  return makeBatch(nameOf(src.kind, src.date), cases, source, created);
}

/** A seeded stratified sample of `size` of a run's perturbed questions, strata = categories; units whose perturbed side cannot be made again are left out. */
export async function batchFromSample(src: SampleSource, size: number, seed: number, created: string): Promise<ValidationBatch> {
  const picked = stratifiedSample(src.units, size, seed);
  const cases: ValidationCase[] = [];
  for (const u of picked) {
    const p = await u.perturbed();
    if (p) cases.push(caseFromPair(u.original, p, { family: u.family, perturbation: u.perturbation, stratum: u.stratum, settings: u.settings }));
  }
  const population = populationOf(src.units);
  const source: BatchSource = { kind: src.kind, date: src.run.date, model: src.model, datasets: src.run.datasets, draw: 'sample', size, seed, population };
  return makeBatch(nameOf(src.kind, src.run.date), cases, source, created);
}
