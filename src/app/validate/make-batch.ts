/**
 * Makes a batch file's content from a source the app offers (batch-sources.ts): every broken case of
 * a run, or a seeded stratified sample of a run's perturbed questions. The cases, the sample and the
 * note on what its size can show come from src/core/validation (one computation with `qarx validate`).
 */
import { BATCH_FORMAT, VALIDATION_VERSION, type BatchSource, type ValidationBatch, type ValidationCase } from '../../core/validation/types.ts';
import { caseFromFailure, caseFromPair } from '../../core/validation/build.ts';
import { populationOf, stratifiedSample } from '../../core/validation/sample.ts';
import type { BrokenSource, SampleSource } from './batch-sources.ts';

/** A batch id that names its run and draw and is unique, e.g. "synthetic-2026-12-02T08:10-sample-20-s1-k3x9". */
function batchIdOf(kind: string, date: string, draw: string): string {
  return `${kind}-${date.slice(0, 16)}-${draw}-${Math.random().toString(36).slice(2, 6)}`.replace(/[^\w:.-]+/g, '_');
}

/** The batch of every broken case of a run (the gallery's C2W cases of it). */
export function batchFromBroken(src: BrokenSource, created: string): ValidationBatch {
  const cases = src.cases.flatMap((c) => caseFromFailure(c) ?? []);
  const source: BatchSource = { kind: src.kind, date: src.date, model: src.model, datasets: src.datasets, draw: 'broken', population: { broken: cases.length } };
  return { format: BATCH_FORMAT, version: VALIDATION_VERSION, batchId: batchIdOf(src.kind, src.date, 'broken'), created, source, cases };
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
  return { format: BATCH_FORMAT, version: VALIDATION_VERSION, batchId: batchIdOf(src.kind, src.run.date, `sample-${size}-s${seed}`), created, source, cases };
}
