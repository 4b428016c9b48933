/**
 * The stratified random sample of a run's perturbed questions for validation (issue 43.1): strata are
 * the outcome categories (C2W, W2C, C2C, W2W, partial) or broken/not; seeded, so one seed gives one
 * batch. Allocation is proportional to the strata's sizes (at least one case from each stratum that has
 * any) or equal (Wu et al. 2025 §5.2 drew as many C2C as C2W); the rates are weighted back by the
 * population (rates.ts). The batch's order is shuffled so annotators do not meet the failures together.
 */
import { mixSeed, hashString, rng } from '../text/random.ts';
import { wilsonHalfWidth } from '../stats/wilson.ts';
import { sample } from '../natural/noise-chars.ts';
import type { PairCategory } from '../natural/categories.ts';

/** How a sample's size is spread over the strata. */
export type Allocation = 'proportional' | 'equal';

/** The stratum of a question by its outcome: its category, e.g. 'C2W'. */
export const categoryStratum = (c: PairCategory): string => c;
/** The stratum of a question by whether the run broke it: 'broken' or 'not'. */
export const brokenStratum = (broken: boolean): 'broken' | 'not' => (broken ? 'broken' : 'not');

/** How many questions each stratum has, e.g. { C2W: 12, C2C: 80 }: the batch's population. */
export function populationOf(items: readonly { stratum: string }[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of items) out[i.stratum] = (out[i.stratum] ?? 0) + 1;
  return out;
}

/** Cases per stratum for a sample of `size` (never more than a stratum has), by largest remainder. */
export function allocate(population: Readonly<Record<string, number>>, size: number, allocation: Allocation = 'proportional'): Record<string, number> {
  const strata = Object.keys(population).filter((h) => (population[h] as number) > 0);
  const total = strata.reduce((s, h) => s + (population[h] as number), 0);
  const want = Math.min(Math.max(0, Math.floor(size)), total);
  const out: Record<string, number> = Object.fromEntries(strata.map((h) => [h, 0]));
  if (want === 0) return out;
  let left = want;
  while (left > 0) {
    const given = fill(out, population, strata, left, allocation);
    left -= given;
    if (given === 0) break;
  }
  // At least one from each stratum when the size allows: a stratum with no case cannot be weighted back.
  if (want >= strata.length)
    for (const h of strata.filter((x) => out[x] === 0)) {
      const donor = strata.reduce((a, b) => ((out[b] as number) > (out[a] as number) ? b : a));
      out[donor] = (out[donor] as number) - 1;
      out[h] = 1;
    }
  return out;
}

/** One round of largest-remainder allocation of `left` cases over the strata not yet full; returns how many it gave. */
function fill(out: Record<string, number>, population: Readonly<Record<string, number>>, strata: readonly string[], left: number, allocation: Allocation): number {
  const open = strata.filter((h) => (out[h] as number) < (population[h] as number));
  const weights = open.map((h) => (allocation === 'equal' ? 1 : (population[h] as number)));
  const sum = weights.reduce((s, w) => s + w, 0);
  const shares = open.map((h, i) => ({ h, exact: (left * (weights[i] as number)) / sum }));
  let given = 0;
  for (const s of shares) {
    const n = Math.min(Math.floor(s.exact), (population[s.h] as number) - (out[s.h] as number));
    out[s.h] = (out[s.h] as number) + n;
    given += n;
  }
  // The remainder by largest fraction (ties by stratum name), one each.
  const frac = (x: { exact: number }) => x.exact - Math.floor(x.exact);
  const order = shares.filter((s) => (out[s.h] as number) < (population[s.h] as number)).sort((a, b) => frac(b) - frac(a) || (a.h < b.h ? -1 : 1));
  for (const s of order) {
    if (given >= left) break;
    out[s.h] = (out[s.h] as number) + 1;
    given++;
  }
  return given;
}

/**
 * A seeded stratified sample of `size` items, in shuffled order, e.g. stratifiedSample(rows, 40, 1) with
 * rows [{ stratum: 'C2W', … }, …]. Each stratum is drawn with its own stream, so one stratum's size never moves another's draw.
 */
export function stratifiedSample<T extends { stratum: string }>(items: readonly T[], size: number, seed: number, allocation: Allocation = 'proportional'): T[] {
  const byStratum = new Map<string, T[]>();
  for (const i of items) byStratum.set(i.stratum, [...(byStratum.get(i.stratum) ?? []), i]);
  const counts = allocate(populationOf(items), size, allocation);
  const drawn: T[] = [];
  for (const [h, list] of byStratum) drawn.push(...sample(list, counts[h] ?? 0, rng(mixSeed(seed, hashString(h)))));
  return sample(drawn, drawn.length, rng(mixSeed(seed, 0x6f726472)));
}

/** What a sample of n cases can show, e.g. for 100: "a share near 50% is known to ±9.8 points (95% Wilson CI); 400 cases halve that". */
export function sampleSizeNote(n: number): string {
  if (n <= 0) return 'an empty sample shows nothing';
  const pts = (x: number) => (x * 100).toFixed(1);
  return `with ${n} case${n === 1 ? '' : 's'}, a share near 50% (e.g. the valid share) is known to ±${pts(wilsonHalfWidth(n))} points and one near 10% to ±${pts(wilsonHalfWidth(n, 0.1))} points (95% Wilson CI); ${4 * n} cases halve that`;
}
