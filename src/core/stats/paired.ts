/**
 * The uncertainty of an experiment's figures over its questions: a 95% percentile bootstrap CI of
 * each EM/F1 (0..100), and for a before/after comparison on the same questions the paired
 * bootstrap CI of the drop, a p-value (McNemar's exact test for EM when every score is 0 or 1,
 * else the sign-flip permutation test, which on 0/1 scores is the same test; sign-flip for F1) and
 * the smallest drop this n detects at 80% power. Pure and seeded: same input and seed, same numbers.
 */
import type { Score } from '../data/score.ts';
import { dropOf } from '../metrics/drop.ts';
import { mixSeed } from '../text/random.ts';
import { bootstrapMeans, clusterIds, meanOf, percentileInterval, spread, type Interval } from './bootstrap.ts';
import { minDetectable } from './power.ts';
import { holm, mcnemarExact, signFlipTest } from './tests.ts';

/** What a CI run needs: resamples B, the seed, and whether whole passages are resampled. */
export interface CiOptions {
  bootstrap: number;
  seed: number;
  /** Resample passages (clusters of questions) instead of single questions. */
  byPassage?: boolean;
  /** Sign-flip rounds when the test is not exact (default 10,000). */
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
  /** (z.975 + z.8) × bootstrap SE: a change from a fixed value this n would detect at 80% power. */
  mdd: Score;
  settings: CiSettings;
}

/** A drop (original − perturbed, positive = worse) with its paired CI and test. */
export interface DropStats extends Interval {
  p: number;
  test: 'mcnemar' | 'sign-flip';
  method: 'exact' | 'monte-carlo';
  /** The smallest drop this n detects at 80% power (two-sided α = 0.05), from the paired bootstrap spread. */
  mdd: number;
  /** Holm-adjusted p among the run's comparisons, when it has several. */
  pHolm?: number;
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
    mdd: { em: minDetectable(spread(bEm), ALPHA), f1: minDetectable(spread(bF1), ALPHA) },
    settings: settingsOf(o),
  };
}

/** True when every value is 0 or 1 (EM of single answers; a mean over seeds is not). */
const binary = (xs: Float64Array) => xs.every((x) => x === 0 || x === 1);

/** Paired statistics of a before/after comparison on the same questions (or two models on the same questions). */
export function pairedStats(items: readonly PairedQuestion[], o: CiOptions): PairedStats {
  const oEm = Float64Array.from(items, (q) => q.original.em);
  const pEm = Float64Array.from(items, (q) => q.perturbed.em);
  const oF1 = Float64Array.from(items, (q) => q.original.f1);
  const pF1 = Float64Array.from(items, (q) => q.perturbed.f1);
  const series = [oEm, pEm, oF1, pF1].map(pct);
  const [bOE, bPE, bOF, bPF] = bootstrapMeans(series, o.bootstrap, o.seed, clustersOf(o, items)) as Float64Array[] as [Float64Array, Float64Array, Float64Array, Float64Array];
  const [mOE, mPE, mOF, mPF] = series.map(meanOf) as [number, number, number, number];
  const dEm = bOE.map((x, i) => dropOf(x, bPE[i] as number));
  const dF1 = bOF.map((x, i) => dropOf(x, bPF[i] as number));
  const emBinary = binary(oEm) && binary(pEm);
  let c2w = 0;
  let w2c = 0;
  if (emBinary) oEm.forEach((x, i) => (x > (pEm[i] as number) ? c2w++ : x < (pEm[i] as number) ? w2c++ : 0));
  const rounds = o.rounds;
  const emTest = emBinary ? mcnemarExact(c2w, w2c) : signFlipTest(oEm.map((x, i) => dropOf(x, pEm[i] as number)), { seed: mixSeed(o.seed, 1), ...(rounds ? { rounds } : {}) });
  const f1Test = signFlipTest(oF1.map((x, i) => dropOf(x, pF1[i] as number)), { seed: mixSeed(o.seed, 2), ...(rounds ? { rounds } : {}) });
  const drop = (boot: Float64Array, value: number, t: typeof emTest, test: DropStats['test']): DropStats => ({
    ...percentileInterval(boot, value, 1 - ALPHA),
    p: t.p,
    test,
    method: t.method,
    mdd: minDetectable(spread(boot), ALPHA),
  });
  return {
    n: items.length,
    original: { em: percentileInterval(bOE, mOE, 1 - ALPHA), f1: percentileInterval(bOF, mOF, 1 - ALPHA) },
    perturbed: { em: percentileInterval(bPE, mPE, 1 - ALPHA), f1: percentileInterval(bPF, mPF, 1 - ALPHA) },
    drop: { em: drop(dEm, dropOf(mOE, mPE), emTest, emBinary ? 'mcnemar' : 'sign-flip'), f1: drop(dF1, dropOf(mOF, mPF), f1Test, 'sign-flip') },
    ...(emBinary ? { discordant: { c2w, w2c } } : {}),
    settings: settingsOf(o),
  };
}

/** Adds Holm-adjusted p-values over every EM and F1 drop of a run's comparisons (one family), in place; returns them. */
export function withHolm<T extends PairedStats | null | undefined>(all: T[]): T[] {
  const present = all.filter((s): s is NonNullable<T> => s != null);
  if (present.length < 2) return all;
  const adj = holm(present.flatMap((s) => [s.drop.em.p, s.drop.f1.p]));
  present.forEach((s, i) => {
    s.drop.em.pHolm = adj[2 * i] as number;
    s.drop.f1.pHolm = adj[2 * i + 1] as number;
  });
  return all;
}

/** The p a reader should judge a drop by: Holm-adjusted when the run has several comparisons. */
export const judgedP = (d: DropStats): number => d.pHolm ?? d.p;

/** A drop is significant when its (adjusted) p is below α. */
export const significant = (d: DropStats): boolean => judgedP(d) < ALPHA;
