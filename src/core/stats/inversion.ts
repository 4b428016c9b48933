/**
 * The paired sign-flip randomization test of a mean drop and its inversion into a confidence
 * interval (Garthwaite 1996, "Confidence intervals from randomization tests", Biometrics 52:1387;
 * Ernst 2004, Stat. Sci. 19:676, §4). Units are questions (size 1) or passages (the sum of their
 * questions' differences and their size). Under a shift δ each unit's difference becomes
 * D_c − n_c·δ, so a sign pattern's statistic is A − δ·S with A = Σ s_c·D_c and S = Σ s_c·n_c over
 * every unit (zeros matter once shifted); the CI is the set of δ the test does not reject at α.
 * The verdict is p(0) of the same function and each endpoint is searched in a bracket that has 0
 * as its end when p(0) < α, so "the CI excludes 0" ⟺ "unadjusted p < α", by construction.
 */
import { mixSeed, rng } from '../text/random.ts';
import { pmfOf, zeroSums, type ZeroSums } from './zero-sums.ts';

/**
 * Exact enumeration up to this many sign-pattern atoms of the non-zero units (2^16: 16 distinct
 * non-zero differences, or e.g. 255 + 255 discordant EM pairs); each interval endpoint evaluates
 * p at about 20 shifts, so this keeps an exact interval under about 0.2 s.
 */
export const EXACT_PATTERNS = 2 ** 16;
/** Monte-Carlo rounds of the first pass; doubled while the error could still move p across α. */
export const FIRST_ROUNDS = 10_000;
/** The most Monte-Carlo rounds before a row says its p is within Monte-Carlo error of α. */
export const MAX_ROUNDS = 640_000;
/**
 * The most table lookups (rounds × blocks of 8 non-zero units) a test may spend: 640,000 rounds up
 * to about 800 non-zero units, fewer beyond (10,000 non-zero: about 53,000 rounds, a Monte-Carlo
 * error of 0.001 at p = 0.05, about a second; see `npm run bench:stats`), so a large sample stays fast;
 * a p still within 3 errors of α then says so on its row.
 */
export const MAX_WORK = 2 ** 26;
/** Relative slack for "at least as extreme", so float sums equal to the observed one count. */
const SLACK = 1e-9;
/** z of the sequential rule: stop once |p̂ − α| ≥ 3 Monte-Carlo standard errors. */
const Z_STOP = 3;

/** A test's p, how it was computed, and the interval of shifts it does not reject. */
export interface InvertedTest {
  value: number;
  lo: number;
  hi: number;
  p: number;
  method: 'exact' | 'monte-carlo';
  /** Monte-Carlo only: the rounds drawn, p's Monte-Carlo standard error, and whether it could still cross α. */
  rounds?: number;
  mcSe?: number;
  unresolved?: boolean;
}

/** Options: seed of the sign patterns, α, first and most rounds, the range the mean can take. */
export interface InvertOptions {
  seed: number;
  alpha?: number;
  rounds?: number;
  maxRounds?: number;
  exactPatterns?: number;
  range?: readonly [number, number];
  /** false: the p only (no endpoint search). */
  interval?: boolean;
  /** p(0) known exactly in closed form (McNemar's binomial on 0/1 differences): the verdict when the atoms are too many to enumerate. */
  exactP?: number;
}

/** The null distribution: atoms (A, S) of the non-zero units' sign patterns with weights (exact) or equal draws (Monte-Carlo). */
interface NullDist {
  a: Float64Array;
  s: Float64Array;
  /** Exact: weight of each atom (sums to 1), the zero units' S left to `zero`; Monte-Carlo: null (S includes a draw of the zero units). */
  w: Float64Array | null;
  zero: ZeroSums;
}

/** Units with equal (difference, size) grouped: their sign sum is 2·Binomial(k, ½) − k. */
function groups(values: Float64Array, sizes: Float64Array): { v: number; n: number; k: number }[] {
  const by = new Map<string, { v: number; n: number; k: number }>();
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v === 0) continue;
    const key = `${v}\u0000${sizes[i]}`;
    const g = by.get(key);
    if (g) g.k++;
    else by.set(key, { v, n: sizes[i] as number, k: 1 });
  }
  return [...by.values()];
}

/** Every sign-sum combination of the groups with its probability, or null when more than `limit`. */
function exactAtoms(gs: readonly { v: number; n: number; k: number }[], limit: number): { a: Float64Array; s: Float64Array; w: Float64Array } | null {
  let count = 1;
  for (const g of gs) if ((count *= g.k + 1) > limit) return null;
  let a = Float64Array.of(0);
  let s = Float64Array.of(0);
  let w = Float64Array.of(1);
  for (const g of gs) {
    const pmf = pmfOf(g.k);
    const len = a.length * (g.k + 1);
    const [na, ns, nw] = [new Float64Array(len), new Float64Array(len), new Float64Array(len)];
    for (let i = 0, j = 0; i < a.length; i++) {
      for (let b = 0; b <= g.k; b++, j++) {
        const sum = 2 * b - g.k;
        na[j] = (a[i] as number) + g.v * sum;
        ns[j] = (s[i] as number) + g.n * sum;
        nw[j] = (w[i] as number) * (pmf[b] as number);
      }
    }
    [a, s, w] = [na, ns, nw];
  }
  return { a, s, w };
}

/** For blocks of 8 entries, the signed sum under each of the 256 sign patterns (bit set = +). */
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

/** Monte-Carlo sign patterns, drawn on demand in a fixed order so more rounds extend the same draws. */
class Patterns {
  a = new Float64Array(0);
  s = new Float64Array(0);
  rounds = 0;
  private readonly tv: Float64Array;
  private readonly ts: Float64Array;
  private readonly rand: () => number;
  constructor(
    nzValues: Float64Array,
    nzSizes: Float64Array,
    private readonly zero: ZeroSums,
    seed: number,
  ) {
    this.tv = byteSums(nzValues);
    this.ts = byteSums(nzSizes);
    this.rand = rng(mixSeed(seed, 0x5f1b));
  }
  /** The most rounds within MAX_WORK for these units (at least `first`). */
  capFor(first: number, most: number): number {
    return Math.max(first, Math.min(most, Math.floor(MAX_WORK / Math.max(1, this.tv.length / 256))));
  }
  /** Draws rounds up to `total`; returns how many of the new ones have |A| ≥ target. */
  extend(total: number, target: number): number {
    const [a, s] = [new Float64Array(total), new Float64Array(total)];
    a.set(this.a);
    s.set(this.s);
    const blocks = this.tv.length / 256;
    let hits = 0;
    for (let r = this.rounds; r < total; r++) {
      // 8 signs per table lookup: one random 32-bit word gives four blocks of 8 units.
      let sa = 0;
      let ss = 0;
      let bits = 0;
      for (let k = 0; k < blocks; k++) {
        if ((k & 3) === 0) bits = (this.rand() * 4294967296) >>> 0;
        const at = (k << 8) | (bits & 255);
        sa += this.tv[at] as number;
        ss += this.ts[at] as number;
        bits >>>= 8;
      }
      a[r] = sa;
      s[r] = ss + (this.zero.total ? this.zero.draw(this.rand()) : 0);
      if (Math.abs(sa) >= target) hits++;
    }
    [this.a, this.s, this.rounds] = [a, s, total];
    return hits;
  }
}

/** p at shift δ: the share (exact: weight) of patterns at least as extreme as the observed |D − nδ|. */
function pAt(nd: NullDist, sumD: number, n: number, delta: number): number {
  const target = Math.abs(sumD - n * delta) * (1 - SLACK);
  const { a, s, w } = nd;
  let hit = 0;
  if (w === null) {
    for (let r = 0; r < a.length; r++) if (Math.abs((a[r] as number) - delta * (s[r] as number)) >= target) hit++;
    return (1 + hit) / (1 + a.length);
  }
  for (let i = 0; i < a.length; i++) hit += (w[i] as number) * nd.zero.tail((a[i] as number) - delta * (s[i] as number), target, delta);
  return Math.min(1, hit);
}

/** The end of the accepted region between `accept` (p ≥ α) and `reject`: bisection, returning the accepted side. */
function boundary(p: (d: number) => number, alpha: number, accept: number, reject: number): number {
  if (p(reject) >= alpha) return reject;
  const tol = 1e-5 * Math.max(1, Math.abs(reject - accept));
  for (let it = 0; it < 40 && Math.abs(reject - accept) > tol; it++) {
    const mid = (accept + reject) / 2;
    if (p(mid) >= alpha) accept = mid;
    else reject = mid;
  }
  return accept;
}

/** Draws Monte-Carlo rounds until p̂ is 3 standard errors from α or the cap is reached (sequential, doubling). */
function sequential(pat: Patterns, target: number, alpha: number, first: number, cap: number): { p: number; se: number } {
  let hits = pat.extend(Math.min(first, cap), target);
  for (;;) {
    const p = (1 + hits) / (1 + pat.rounds);
    const se = Math.sqrt((p * (1 - p)) / pat.rounds);
    if (Math.abs(p - alpha) >= Z_STOP * se || pat.rounds >= cap) return { p, se };
    hits += pat.extend(Math.min(cap, 2 * pat.rounds), target);
  }
}

/**
 * The two-sided sign-flip test of mean difference 0 over units (value = the unit's summed
 * difference, size = its number of questions) and the test-inversion CI of the mean, e.g.
 * invertSignFlip(Float64Array.of(1, 1, 1), Float64Array.of(1, 1, 1), { seed: 1 }).p === 0.25.
 * Exact over every sign pattern when the non-zero units' patterns number at most EXACT_PATTERNS,
 * else Monte-Carlo, sequential from `rounds` (10,000) doubling up to `maxRounds` (640,000).
 */
export function invertSignFlip(values: Float64Array, sizes: Float64Array, o: InvertOptions): InvertedTest {
  const alpha = o.alpha ?? 0.05;
  const [rLo, rHi] = o.range ?? [-100, 100];
  let n = 0;
  let sumD = 0;
  for (let i = 0; i < values.length; i++) [n, sumD] = [n + (sizes[i] as number), sumD + (values[i] as number)];
  if (n === 0) return { value: NaN, lo: NaN, hi: NaN, p: 1, method: 'exact' };
  const value = sumD / n;
  const gs = groups(values, sizes);
  const zero = zeroSums(sizes.filter((_, i) => values[i] === 0));
  const atoms = exactAtoms(gs, o.exactPatterns ?? EXACT_PATTERNS);
  let nd: NullDist;
  let mc: Omit<InvertedTest, 'value' | 'lo' | 'hi'>;
  if (atoms) {
    nd = { ...atoms, zero };
    mc = { p: pAt(nd, sumD, n, 0), method: 'exact' };
  } else {
    const nz = values.map((_, i) => i).filter((i) => values[i] !== 0);
    const pat = new Patterns(nz.map((i) => values[i] as number), nz.map((i) => sizes[i] as number), zero, o.seed);
    const first = o.rounds ?? FIRST_ROUNDS;
    const target = Math.abs(sumD) * (1 - SLACK);
    if (o.exactP !== undefined) {
      // The verdict is exact; the Monte-Carlo patterns only place the endpoints.
      pat.extend(first, target);
      mc = { p: o.exactP, method: 'exact' };
    } else {
      const { p, se } = sequential(pat, target, alpha, first, pat.capFor(first, o.maxRounds ?? MAX_ROUNDS));
      mc = { p, method: 'monte-carlo', rounds: pat.rounds, mcSe: se, ...(Math.abs(p - alpha) < Z_STOP * se ? { unresolved: true } : {}) };
    }
    nd = { a: pat.a, s: pat.s, w: null, zero };
  }
  if (o.interval === false) return { value, lo: NaN, hi: NaN, ...mc };
  const p = (d: number) => (d === 0 ? mc.p : pAt(nd, sumD, n, d));
  // The verdict fixes the brackets: rejecting 0 puts 0 outside the interval, accepting it keeps it inside.
  const rejects0 = mc.p < alpha;
  const lo = rejects0 && value > 0 ? boundary(p, alpha, value, 0) : boundary(p, alpha, rejects0 ? value : Math.min(0, value), rLo);
  const hi = rejects0 && value < 0 ? boundary(p, alpha, value, 0) : boundary(p, alpha, rejects0 ? value : Math.max(0, value), rHi);
  return { value, lo, hi, ...mc };
}
