/**
 * Significance tests for paired outcomes on the same questions (Dror et al. 2018, §3–4): the
 * paired sign-flip permutation test for F1 (a randomization test, exact when few differences are
 * non-zero), McNemar's exact test for EM (McNemar 1947; the binomial test on the discordant pairs),
 * and Holm–Bonferroni for many comparisons (Holm 1979).
 */
import { mixSeed, rng } from '../text/random.ts';

/** Up to this many non-zero differences the sign-flip test enumerates all 2^m sign patterns. */
export const EXACT_MAX = 20;

/** A test's two-sided p-value and how it was computed. */
export interface TestResult {
  p: number;
  /** exact: every sign pattern or the exact binomial; monte-carlo: `rounds` random sign patterns. */
  method: 'exact' | 'monte-carlo';
  rounds?: number;
}

/** The non-zero entries of a difference vector (zeros never change the statistic's distribution). */
function nonZero(diffs: Float64Array): Float64Array {
  return diffs.filter((d) => d !== 0);
}

/** Relative slack for "at least as extreme", so float sums equal to the observed one count. */
const SLACK = 1e-9;

/**
 * Two-sided paired sign-flip permutation test of mean difference 0: under H0 each difference's
 * sign is a fair coin; p = share of sign patterns with |Σ d| ≥ |observed Σ d|. Exact enumeration
 * when at most EXACT_MAX differences are non-zero, else `rounds` seeded random patterns with
 * p = (1 + hits) / (1 + rounds) (never 0). No non-zero difference → p = 1.
 */
export function signFlipTest(diffs: Float64Array, opts: { seed: number; rounds?: number; exactMax?: number }): TestResult {
  const d = nonZero(diffs);
  const m = d.length;
  if (m === 0) return { p: 1, method: 'exact' };
  let obs = 0;
  for (let i = 0; i < m; i++) obs += d[i] as number;
  const target = Math.abs(obs) * (1 - SLACK);
  if (m <= (opts.exactMax ?? EXACT_MAX)) {
    // Gray code: each step flips one sign, so the sum is updated in O(1).
    let s = -obs;
    const sign = new Int8Array(m).fill(-1);
    let hits = Math.abs(s) >= target ? 1 : 0;
    const total = 2 ** m;
    for (let k = 1; k < total; k++) {
      const j = 31 - Math.clz32(k & -k);
      s -= 2 * (sign[j] as number) * (d[j] as number);
      sign[j] = -(sign[j] as number) as -1 | 1;
      if (Math.abs(s) >= target) hits++;
    }
    return { p: hits / total, method: 'exact' };
  }
  const rounds = opts.rounds ?? 10_000;
  const table = byteSums(d);
  const blocks = table.length / 256;
  const rand = rng(mixSeed(opts.seed, 0x5f1b));
  let hits = 0;
  for (let r = 0; r < rounds; r++) {
    // 8 signs per table lookup: one random 32-bit word gives four blocks of 8 differences.
    let s = 0;
    let bits = 0;
    for (let k = 0; k < blocks; k++) {
      if ((k & 3) === 0) bits = (rand() * 4294967296) >>> 0;
      s += table[(k << 8) | (bits & 255)] as number;
      bits >>>= 8;
    }
    if (Math.abs(s) >= target) hits++;
  }
  return { p: (1 + hits) / (1 + rounds), method: 'monte-carlo', rounds };
}

/** For each block of 8 differences, the signed sum under each of the 256 sign patterns (bit set = +). */
function byteSums(d: Float64Array): Float64Array {
  const blocks = Math.ceil(d.length / 8);
  const t = new Float64Array(blocks * 256);
  for (let k = 0; k < blocks; k++) {
    for (let pat = 0; pat < 256; pat++) {
      let s = 0;
      for (let i = 0; i < 8; i++) {
        const x = d[8 * k + i] ?? 0;
        s += pat & (1 << i) ? x : -x;
      }
      t[(k << 8) | pat] = s;
    }
  }
  return t;
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
