/**
 * What validation changes in the results (issue 43.3): the validated failure rate, i.e. the failures
 * on cases people judged valid (answered correctly from the perturbed passage and meaning kept, by
 * majority), with its CI and n; and the invalid cases by perturbation family.
 * A sample's cases are failures or not by their stratum (C2W or 'broken' fail; C2C, W2C, W2W, 'not'
 * do not); a stratified sample is weighted back to the run by its population per stratum.
 */
import { percentileInterval, type Interval } from '../stats/bootstrap.ts';
import { wilson } from '../stats/wilson.ts';
import { mixSeed, rng } from '../text/random.ts';
import type { CaseKind } from '../results/gallery.ts';
import type { Decided } from './agreement.ts';
import type { ValidationLabel } from './judgements.ts';
import type { ValidationBatch, ValidationCase } from './types.ts';

/** Whether a stratum's cases are failures of the run: true for 'broken' and 'C2W', false for the other categories (partial too: not a C2W) and 'not', null when the stratum does not say. */
export function isFailureStratum(stratum: string): boolean | null {
  if (stratum === 'broken' || stratum === 'C2W') return true;
  if (stratum === 'not' || stratum === 'C2C' || stratum === 'W2C' || stratum === 'W2W' || stratum === 'partial') return false;
  return null;
}

/** One case's outcome for the rates: decided valid or not (null: undecided), failure or not (null: unknown). */
interface Outcome {
  stratum: string;
  valid: boolean | null;
  failed: boolean | null;
}

/** The validated figures of a batch. */
export interface ValidatedRates {
  /** Cases with a decided "valid" label (a majority). */
  judged: number;
  /** Cases judged valid: the n of the validated rate. */
  valid: number;
  /** Valid share of the judged cases, Wilson 95% CI. */
  validShare: Interval;
  /** Failures among the judged cases before validation, Wilson 95% CI; null when the strata do not say which cases failed. */
  rawRate: Interval | null;
  /** Failures among the valid cases (unweighted), Wilson 95% CI; null as above. */
  rate: Interval | null;
  failures: number | null;
  /** The rate weighted back to the run's population per stratum (a stratified sample), stratified bootstrap 95% CI; null when not a stratified sample. */
  weighted: Interval | null;
  /** A 'broken' batch (the run's failures only): failures judged valid, scaled to the run's count of failures (population.broken), with the Wilson CI of the valid share. */
  validatedFailures: Interval | null;
}

/** Each case's outcome from its decided "valid" label and its stratum. */
function outcomes(batch: ValidationBatch, decided: ReadonlyMap<string, Record<ValidationLabel, Decided>>): Outcome[] {
  return batch.cases.map((c) => ({ stratum: c.stratum, valid: decided.get(c.id)?.valid.value ?? null, failed: isFailureStratum(c.stratum) }));
}

/** Σ_h N_h·(valid ∧ failed share)_h / Σ_h N_h·(valid share)_h over the strata's outcome lists. */
function weightedRate(strata: readonly { weight: number; items: readonly Outcome[] }[]): number {
  let num = 0;
  let den = 0;
  for (const s of strata) {
    if (s.items.length === 0) continue;
    let v = 0;
    let vf = 0;
    for (const o of s.items) {
      if (!o.valid) continue;
      v++;
      if (o.failed) vf++;
    }
    num += (s.weight * vf) / s.items.length;
    den += (s.weight * v) / s.items.length;
  }
  return den > 0 ? num / den : NaN;
}

/** The population-weighted validated rate with a stratified percentile bootstrap CI (cases resampled within their stratum). */
function weightedInterval(items: readonly Outcome[], population: Readonly<Record<string, number>>, opts: { b: number; seed: number }): Interval | null {
  const groups = new Map<string, Outcome[]>();
  for (const o of items) groups.set(o.stratum, [...(groups.get(o.stratum) ?? []), o]);
  const strata = [...groups].map(([h, list]) => ({ weight: population[h] ?? list.length, items: list }));
  const value = weightedRate(strata);
  if (Number.isNaN(value)) return null;
  const rand = rng(mixSeed(opts.seed, 0x76616c64));
  const stats: number[] = [];
  for (let r = 0; r < opts.b; r++) {
    const drawn = strata.map((s) => ({ weight: s.weight, items: s.items.map(() => s.items[(rand() * s.items.length) | 0] as Outcome) }));
    const x = weightedRate(drawn);
    if (!Number.isNaN(x)) stats.push(x);
  }
  return stats.length ? percentileInterval(Float64Array.from(stats), value) : null;
}

/**
 * The validated rates of a batch from its decided labels (decideAll), e.g. 20 C2W and 20 C2C cases, 15
 * and 19 judged valid → rate 15/34 with Wilson CI, weighted by the run's C2W and C2C counts.
 */
export function validatedRates(batch: ValidationBatch, decided: ReadonlyMap<string, Record<ValidationLabel, Decided>>, opts: { b: number; seed: number }): ValidatedRates {
  const judgedItems = outcomes(batch, decided).filter((o) => o.valid !== null);
  const valid = judgedItems.filter((o) => o.valid);
  const known = judgedItems.every((o) => o.failed !== null) && judgedItems.length > 0;
  const failures = known ? valid.filter((o) => o.failed).length : null;
  const strata = new Set(judgedItems.map((o) => o.stratum));
  const stratified = batch.source.draw === 'sample' && known && strata.size > 1;
  const share = wilson(valid.length, judgedItems.length);
  const brokenCount = batch.source.population.broken;
  return {
    judged: judgedItems.length,
    valid: valid.length,
    validShare: share,
    rawRate: known ? wilson(judgedItems.filter((o) => o.failed).length, judgedItems.length) : null,
    rate: failures === null ? null : wilson(failures, valid.length),
    failures,
    weighted: stratified ? weightedInterval(judgedItems, batch.source.population, opts) : null,
    validatedFailures:
      batch.source.draw === 'broken' && brokenCount !== undefined && judgedItems.length > 0
        ? { value: brokenCount * share.value, lo: brokenCount * share.lo, hi: brokenCount * share.hi }
        : null,
  };
}

/** The invalid cases of one perturbation family, and why (a wrong answer, the meaning changed). */
export interface FamilyInvalid {
  family: CaseKind;
  judged: number;
  invalid: number;
  /** Of the invalid: answered wrongly by majority, meaning not kept by majority (a case can be both). */
  wrongAnswer: number;
  meaningChanged: number;
  cases: { id: string; perturbation: string; questionId: string }[];
}

/** The invalid cases grouped by family (families with judged cases only), most invalid first, so the rules that make them stand out. */
export function invalidByFamily(batch: ValidationBatch, decided: ReadonlyMap<string, Record<ValidationLabel, Decided>>): FamilyInvalid[] {
  const out = new Map<CaseKind, FamilyInvalid>();
  for (const c of batch.cases) {
    const d = decided.get(c.id);
    if (!d || d.valid.value === null) continue;
    const f = out.get(c.family) ?? { family: c.family, judged: 0, invalid: 0, wrongAnswer: 0, meaningChanged: 0, cases: [] };
    out.set(c.family, f);
    f.judged++;
    if (d.valid.value) continue;
    f.invalid++;
    if (d.correct.value === false) f.wrongAnswer++;
    if (d.meaningKept.value === false) f.meaningChanged++;
    f.cases.push(caseRef(c));
  }
  return [...out.values()].sort((a, b) => b.invalid - a.invalid);
}

/** A case named for a list: its id, perturbation and question id. */
const caseRef = (c: ValidationCase) => ({ id: c.id, perturbation: c.perturbation, questionId: c.questionId });
