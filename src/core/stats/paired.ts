/**
 * The uncertainty of an experiment's figures over its questions: a 95% percentile bootstrap CI of
 * each EM/F1 (0..100), and for a before/after comparison on the same questions the drop's p (the
 * paired sign-flip test; on 0/1 EM of single questions that is McNemar's exact test) with the 95%
 * CI obtained by inverting that same test (inversion.ts), so the two never disagree, and the
 * smallest drop this n detects at 80% power. Pure and seeded: same input and seed, same numbers.
 */
import type { Score } from '../data/score.ts';
import { dropOf } from '../metrics/drop.ts';
import { mixSeed } from '../text/random.ts';
import { bootstrapMeans, clusterIds, meanOf, percentileInterval, spread, type Interval } from './bootstrap.ts';
import { minDetectable } from './power.ts';
import { holm, mcnemarExact } from './tests.ts';
import { invertSignFlip } from './inversion.ts';

/** What a CI run needs: resamples B, the seed, and whether whole passages are resampled. */
export interface CiOptions {
  bootstrap: number;
  seed: number;
  /** Resample passages (clusters of questions) instead of single questions. */
  byPassage?: boolean;
  /** First Monte-Carlo rounds of the sign-flip test when it is not exact (default 10,000; doubled while p is within error of α). */
  rounds?: number;
}

export { DEFAULT_BOOTSTRAP, DEFAULT_CI_SEED } from './defaults.ts';
/** The level of every interval and test: 95% CIs, "not significant" at p ≥ 0.05. */
export const ALPHA = 0.05;

/** One question's scores (0..1) and, for passage resampling, its passage. */
export interface ScoredQuestion {
  score: Score;
  passage?: string;
}

/** One question's original and perturbed scores (0..1); `perturbed` may be a mean over seeds. */
export interface PairedQuestion {
  original: Score;
  perturbed: Score;
  passage?: string;
}

/** A dataset-level score with its CI over questions and the smallest shift this n detects. */
export interface ScoreStats {
  n: number;
  em: Interval;
  f1: Interval;
  /** (z.975 + z.8) × bootstrap SE: a change from a fixed value this n would detect at 80% power; null with the no-variation note when every score is the same (as a drop's). */
  mdd: { em: Mdd; f1: Mdd };
  settings: CiSettings;
}

/** An mdd at its level, or null with the note saying why (mddText shows it). */
export type Mdd = Pick<DropStats, 'mdd' | 'mddAlpha' | 'mddNote'>;

/** What a row says instead of an mdd when every resample gives the same drop (e.g. no question changed). */
export const NO_VARIATION = 'no variation in this sample';

/**
 * A drop (original − perturbed, positive = worse) with its CI and test: lo/hi are the drops the
 * paired sign-flip test (over `resample` units) does not reject at α (test inversion), so the CI
 * excludes 0 exactly when the unadjusted p < α.
 */
export interface DropStats extends Interval {
  /** Unadjusted two-sided p (McNemar's exact test is the sign-flip test on 0/1 EM differences). */
  p: number;
  test: 'mcnemar' | 'sign-flip';
  method: 'exact' | 'monte-carlo';
  /** How lo/hi were found: the shifts the same test does not reject at α. */
  interval: 'test-inversion';
  /** The unit the test flips and the interval is over: single questions or whole passages. */
  resample: 'question' | 'passage';
  /** Monte-Carlo only: rounds drawn, p's Monte-Carlo standard error, and `unresolved` when p is still within 3 errors of α at the cap. */
  rounds?: number;
  mcSe?: number;
  unresolved?: boolean;
  /** The drop's paired bootstrap standard error (B resamples), from which mdd is computed. */
  se: number;
  /** The smallest drop this n detects at 80% power at two-sided level mddAlpha; null with mddNote when the sample has no variation. */
  mdd: number | null;
  mddAlpha: number;
  mddNote?: typeof NO_VARIATION;
  /** Holm-adjusted p among the run's comparisons, when it has several, and the number of tests adjusted over. */
  pHolm?: number;
  holmFamily?: number;
}

/** A before/after comparison's statistics over the same questions. */
export interface PairedStats {
  n: number;
  original: { em: Interval; f1: Interval };
  perturbed: { em: Interval; f1: Interval };
  drop: { em: DropStats; f1: DropStats };
  /** Discordant pairs for McNemar (EM 1 → 0, EM 0 → 1), when every EM is 0 or 1. */
  discordant?: { c2w: number; w2c: number };
  settings: CiSettings;
}

/** What produced the numbers, recorded beside them. */
export interface CiSettings {
  bootstrap: number;
  seed: number;
  level: number;
  resample: 'question' | 'passage';
}

const settingsOf = (o: CiOptions): CiSettings => ({ bootstrap: o.bootstrap, seed: o.seed, level: 1 - ALPHA, resample: o.byPassage ? 'passage' : 'question' });
const pct = (xs: Float64Array) => xs.map((x) => 100 * x);
const clustersOf = (o: CiOptions, items: readonly { passage?: string }[]) => (o.byPassage ? clusterIds(items.map((q, i) => q.passage ?? `#${i}`)) : undefined);

/** EM/F1 of scored questions with 95% bootstrap CIs, e.g. scoreStats(questions, { bootstrap: 1000, seed: 1 }). */
export function scoreStats(items: readonly ScoredQuestion[], o: CiOptions): ScoreStats {
  const em = pct(Float64Array.from(items, (q) => q.score.em));
  const f1 = pct(Float64Array.from(items, (q) => q.score.f1));
  const [bEm, bF1] = bootstrapMeans([em, f1], o.bootstrap, o.seed, clustersOf(o, items)) as [Float64Array, Float64Array];
  return {
    n: items.length,
    em: percentileInterval(bEm, meanOf(em), 1 - ALPHA),
    f1: percentileInterval(bF1, meanOf(f1), 1 - ALPHA),
    mdd: { em: mddAt(spread(bEm), ALPHA), f1: mddAt(spread(bF1), ALPHA) },
    settings: settingsOf(o),
  };
}

/** True when every value is 0 or 1 (EM of single answers; a mean over seeds is not). */
const binary = (xs: Float64Array) => xs.every((x) => x === 0 || x === 1);

/** The units the test flips: each question (size 1), or each passage with its summed difference and size. */
function units(d: Float64Array, clusters: Int32Array | undefined): { values: Float64Array; sizes: Float64Array } {
  if (!clusters) return { values: d, sizes: new Float64Array(d.length).fill(1) };
  let g = 0;
  for (const c of clusters) g = Math.max(g, c + 1);
  const [values, sizes] = [new Float64Array(g), new Float64Array(g)];
  clusters.forEach((c, i) => {
    values[c] = (values[c] as number) + (d[i] as number);
    sizes[c] = (sizes[c] as number) + 1;
  });
  return { values, sizes };
}

/** The mdd of a drop at level α from its bootstrap standard error, or null with the no-variation note. */
export function mddAt(se: number, alpha: number): Mdd {
  return se > 0 ? { mdd: minDetectable(se, alpha), mddAlpha: alpha } : { mdd: null, mddAlpha: alpha, mddNote: NO_VARIATION };
}

/** One drop's statistics: the test and its inverted CI over the units, the bootstrap SE and mdd at α. */
function dropStats(d: Float64Array, boot: Float64Array, clusters: Int32Array | undefined, test: DropStats['test'], seed: number, o: CiOptions, exactP?: number): DropStats {
  const u = units(d, clusters);
  const t = invertSignFlip(u.values, u.sizes, { seed, alpha: ALPHA, ...(o.rounds ? { rounds: o.rounds } : {}), ...(exactP === undefined ? {} : { exactP }) });
  const se = spread(boot);
  const { value, lo, hi, p, method, ...mc } = t;
  return { value, lo, hi, p, test, method, interval: 'test-inversion', resample: clusters ? 'passage' : 'question', ...mc, se, ...mddAt(se, ALPHA) };
}

/** Paired statistics of a before/after comparison on the same questions (or two models on the same questions). */
export function pairedStats(items: readonly PairedQuestion[], o: CiOptions): PairedStats {
  const [oEm, pEm, oF1, pF1] = [(q: PairedQuestion) => q.original.em, (q: PairedQuestion) => q.perturbed.em, (q: PairedQuestion) => q.original.f1, (q: PairedQuestion) => q.perturbed.f1].map((f) => Float64Array.from(items, f)) as [Float64Array, Float64Array, Float64Array, Float64Array];
  const series = [oEm, pEm, oF1, pF1].map(pct);
  const clusters = clustersOf(o, items);
  const [bOE, bPE, bOF, bPF] = bootstrapMeans(series, o.bootstrap, o.seed, clusters) as [Float64Array, Float64Array, Float64Array, Float64Array];
  const [sOE, sPE, sOF, sPF] = series as [Float64Array, Float64Array, Float64Array, Float64Array];
  const emBinary = binary(oEm) && binary(pEm);
  let c2w = 0;
  let w2c = 0;
  if (emBinary) oEm.forEach((x, i) => (x > (pEm[i] as number) ? c2w++ : x < (pEm[i] as number) ? w2c++ : 0));
  // On 0/1 EM of single questions the sign-flip test is McNemar's exact test; by passage it is a sign-flip test of passage sums.
  const emTest = emBinary && !clusters ? 'mcnemar' : 'sign-flip';
  const diff = (a: Float64Array, b: Float64Array) => a.map((x, i) => dropOf(x, b[i] as number));
  return {
    n: items.length,
    original: { em: percentileInterval(bOE, meanOf(sOE), 1 - ALPHA), f1: percentileInterval(bOF, meanOf(sOF), 1 - ALPHA) },
    perturbed: { em: percentileInterval(bPE, meanOf(sPE), 1 - ALPHA), f1: percentileInterval(bPF, meanOf(sPF), 1 - ALPHA) },
    drop: {
      em: dropStats(diff(sOE, sPE), diff(bOE, bPE), clusters, emTest, mixSeed(o.seed, 1), o, emTest === 'mcnemar' ? mcnemarExact(c2w, w2c).p : undefined),
      f1: dropStats(diff(sOF, sPF), diff(bOF, bPF), clusters, 'sign-flip', mixSeed(o.seed, 2), o),
    },
    ...(emBinary ? { discordant: { c2w, w2c } } : {}),
    settings: settingsOf(o),
  };
}

/**
 * Adds Holm-adjusted p-values over every EM and F1 drop of a run's comparisons (one family), in
 * place, and recomputes each mdd at α/m, the strictest Holm step (a drop the family's verdict
 * detects at 80% power whatever its rank); returns them.
 */
export function withHolm<T extends PairedStats | null | undefined>(all: T[]): T[] {
  const present = all.filter((s): s is NonNullable<T> => s != null);
  if (present.length < 2) return all;
  const drops = present.flatMap((s) => [s.drop.em, s.drop.f1]);
  const adj = holm(drops.map((d) => d.p));
  // A drop saved before `se` was recorded keeps its mdd (unit files of an earlier audit).
  drops.forEach((d, i) => Object.assign(d, { pHolm: adj[i] as number, holmFamily: drops.length }, typeof d.se === 'number' ? mddAt(d.se, ALPHA / drops.length) : {}));
  return all;
}

/** The p a reader should judge a drop by: Holm-adjusted when the run has several comparisons. */
export const judgedP = (d: DropStats): number => d.pHolm ?? d.p;

/** A drop is significant when its (adjusted) p is below α. */
export const significant = (d: DropStats): boolean => judgedP(d) < ALPHA;

/** Significant before Holm, not after: the row must say why its CI (unadjusted) excludes 0 while it reads n.s. */
export const nsAfterHolm = (d: DropStats): boolean => d.p < ALPHA && !significant(d);
