/**
 * Significance tests for paired outcomes on the same questions (Dror et al. 2018, §3–4): the
 * paired sign-flip permutation test for F1 (a randomization test, exact when few differences are
 * non-zero), McNemar's exact test for EM (McNemar 1947; the binomial test on the discordant pairs),
 * and Holm–Bonferroni for many comparisons (Holm 1979).
 */
import { invertSignFlip } from './inversion.ts';

/** Up to this many non-zero differences (2^m sign patterns) the sign-flip test is exact; more when differences repeat. */
export const EXACT_MAX = 20;

/** A test's two-sided p-value and how it was computed. */
export interface TestResult {
  p: number;
  /** exact: every sign pattern or the exact binomial; monte-carlo: `rounds` random sign patterns. */
  method: 'exact' | 'monte-carlo';
  rounds?: number;
}

/**
 * Two-sided paired sign-flip permutation test of mean difference 0: under H0 each difference's
 * sign is a fair coin; p = share of sign patterns with |Σ d| ≥ |observed Σ d|. Exact over every
 * pattern when few distinct differences are non-zero, else seeded Monte-Carlo rounds (from `rounds`,
 * doubled while p is within 3 errors of 0.05, at most `maxRounds`) with p = (1 + hits) / (1 + rounds),
 * never 0. No non-zero difference → p = 1. The computation is inversion.ts's, without the interval.
 */
export function signFlipTest(diffs: Float64Array, opts: { seed: number; rounds?: number; maxRounds?: number; exactMax?: number }): TestResult {
  const t = invertSignFlip(diffs, new Float64Array(diffs.length).fill(1), { seed: opts.seed, interval: false, ...(opts.rounds ? { rounds: opts.rounds } : {}), ...(opts.maxRounds ? { maxRounds: opts.maxRounds } : {}), exactPatterns: 2 ** (opts.exactMax ?? EXACT_MAX) });
  return { p: t.p, method: t.method, ...(t.rounds ? { rounds: t.rounds } : {}) };
}

/** ln C(n, k) by summing logs (exact enough for p-values; n up to millions). */
function logChoose(n: number, k: number): number {
  k = Math.min(k, n - k);
  let s = 0;
  for (let i = 1; i <= k; i++) s += Math.log((n - k + i) / i);
  return s;
}

/**
 * McNemar's exact test (McNemar 1947): of the m = b + c discordant pairs (b correct → wrong, c wrong
 * → correct), under H0 each is either way with probability ½, so p = min(1, 2 · P(Binomial(m, ½) ≤
 * min(b, c))). E.g. mcnemarExact(5, 0) → 0.0625; mcnemarExact(0, 0) → 1.
 */
export function mcnemarExact(b: number, c: number): TestResult {
  const m = b + c;
  const k = Math.min(b, c);
  if (m === 0) return { p: 1, method: 'exact' };
  let tail = 0;
  for (let i = 0; i <= k; i++) tail += Math.exp(logChoose(m, i) - m * Math.LN2);
  return { p: Math.min(1, 2 * tail), method: 'exact' };
}

/**
 * Holm–Bonferroni adjusted p-values (Holm 1979), in the input's order: sorted ascending, the i-th
 * (0-based) of m is multiplied by m − i, made non-decreasing and capped at 1. NaN entries stay NaN
 * and do not count in m. E.g. holm([0.01, 0.04, 0.03]) → [0.03, 0.06, 0.06].
 */
export function holm(ps: readonly number[]): number[] {
  const idx = ps.map((p, i) => [p, i] as const).filter(([p]) => Number.isFinite(p)).sort((x, y) => x[0] - y[0]);
  const m = idx.length;
  const out = ps.map(() => NaN);
  let run = 0;
  idx.forEach(([p, i], r) => {
    run = Math.max(run, Math.min(1, (m - r) * p));
    out[i] = run;
  });
  return out;
}
