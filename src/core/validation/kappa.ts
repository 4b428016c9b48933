/**
 * Chance-corrected agreement on nominal labels. Cohen's κ (Cohen 1960, eq. 1): κ = (p_o − p_c) / (1 − p_c)
 * for two raters, p_o the share of cases they label alike, p_c = Σ_k p_Ak·p_Bk what their own label
 * shares give by chance. Fleiss' κ (Fleiss 1971, eqs. 2–9) for m ≥ 2 raters per case: P_i =
 * Σ_j n_ij(n_ij − 1) / (m(m − 1)), P̄ their mean, p_j the share of all ratings in label j, P̄_e = Σ_j p_j²,
 * κ = (P̄ − P̄_e) / (1 − P̄_e). Degenerate cases are defined, not left to 0/0: no cases, and every rating
 * one label (p_c = 1: the raters agree, but nothing tells agreement from chance) give κ = null with the reason.
 */
import { percentileInterval, type Interval } from '../stats/bootstrap.ts';
import { mixSeed, rng } from '../text/random.ts';

/** Why κ is not a number: no cases, or every rating the same label (agreement perfect but not chance-corrected). */
export type KappaDegenerate = 'no-cases' | 'one-category';

/** A κ with the agreement it comes from: observed p_o (P̄), chance p_c (P̄_e), cases n and raters per case. */
export interface Kappa {
  method: 'cohen' | 'fleiss';
  /** Null when degenerate. */
  kappa: number | null;
  observed: number;
  expected: number;
  n: number;
  raters: number;
  degenerate: KappaDegenerate | null;
}

/** The κ of observed and chance agreement, null when chance is 1 (one label only) or there are no cases. */
function kappaOf(method: Kappa['method'], observed: number, expected: number, n: number, raters: number): Kappa {
  if (n === 0) return { method, kappa: null, observed: NaN, expected: NaN, n, raters, degenerate: 'no-cases' };
  // p_c = 1 only when every rating is one label; compared with a tolerance since it is a sum of products.
  if (expected >= 1 - 1e-12) return { method, kappa: null, observed, expected: 1, n, raters, degenerate: 'one-category' };
  return { method, kappa: observed === 1 ? 1 : (observed - expected) / (1 - expected), observed, expected, n, raters, degenerate: null };
}

/** Cohen's κ of two raters' labels of the same n cases (a[i], b[i] label case i), e.g. cohenKappa(['y','n'], ['y','y']) → κ 0. */
export function cohenKappa(a: readonly string[], b: readonly string[]): Kappa {
  if (a.length !== b.length) throw new Error(`cohenKappa: ${a.length} and ${b.length} labels`);
  const n = a.length;
  const countA = new Map<string, number>();
  const countB = new Map<string, number>();
  let agree = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x === y) agree++;
    countA.set(x, (countA.get(x) ?? 0) + 1);
    countB.set(y, (countB.get(y) ?? 0) + 1);
  }
  let expected = 0;
  for (const [k, ca] of countA) expected += (ca / n) * ((countB.get(k) ?? 0) / n);
  return kappaOf('cohen', agree / n, expected, n, 2);
}

/** Fleiss' κ of n cases each labelled by the same number m ≥ 2 of raters (rows[i] = case i's m labels). */
export function fleissKappa(rows: readonly (readonly string[])[]): Kappa {
  const n = rows.length;
  const m = rows[0]?.length ?? 0;
  if (n > 0 && m < 2) throw new Error('fleissKappa: at least 2 ratings per case');
  const total = new Map<string, number>();
  let sumP = 0;
  for (const row of rows) {
    if (row.length !== m) throw new Error(`fleissKappa: every case needs ${m} ratings, one has ${row.length}`);
    const here = new Map<string, number>();
    for (const x of row) here.set(x, (here.get(x) ?? 0) + 1);
    let pairs = 0;
    for (const [k, c] of here) {
      pairs += c * (c - 1);
      total.set(k, (total.get(k) ?? 0) + c);
    }
    sumP += pairs / (m * (m - 1));
  }
  let expected = 0;
  for (const c of total.values()) expected += (c / (n * m)) ** 2;
  return kappaOf('fleiss', n ? sumP / n : NaN, expected, n, m);
}

/** κ of rows of labels: Cohen's for 2 raters a case, Fleiss' for more. */
export function kappaOfRows(rows: readonly (readonly string[])[]): Kappa {
  return (rows[0]?.length ?? 2) === 2 ? cohenKappa(rows.map((r) => r[0] as string), rows.map((r) => r[1] as string)) : fleissKappa(rows);
}

/** A κ's bootstrap CI and how many resamples had no κ (one label only); null when κ itself is undefined. */
export interface KappaCI {
  interval: Interval | null;
  b: number;
  /** Resamples left out because every rating in them was one label (their κ is undefined). */
  undefinedResamples: number;
}

/**
 * The 95% percentile bootstrap CI of κ over cases (resampling whole cases with replacement, seeded, as
 * the score CIs in src/core/stats resample questions), e.g. kappaCI(rows, { b: 1000, seed: 1 }).
 */
export function kappaCI(rows: readonly (readonly string[])[], opts: { b: number; seed: number; level?: number }): KappaCI {
  const point = kappaOfRows(rows);
  if (point.kappa === null) return { interval: null, b: opts.b, undefinedResamples: 0 };
  const rand = rng(mixSeed(opts.seed, 0x6b617070));
  const stats: number[] = [];
  const sample: (readonly string[])[] = new Array<readonly string[]>(rows.length);
  for (let r = 0; r < opts.b; r++) {
    for (let j = 0; j < rows.length; j++) sample[j] = rows[(rand() * rows.length) | 0] as readonly string[];
    const k = kappaOfRows(sample).kappa;
    if (k !== null) stats.push(k);
  }
  const interval = stats.length ? percentileInterval(Float64Array.from(stats), point.kappa, opts.level) : null;
  return { interval, b: opts.b, undefinedResamples: opts.b - stats.length };
}

/** A κ in words: "0.77", or why there is none, e.g. "undefined: every judgement is the same label (agreement 100%)". */
export function kappaText(k: Kappa, digits = 2): string {
  if (k.degenerate === 'no-cases') return 'undefined: no case judged by every annotator of the panel';
  if (k.degenerate === 'one-category') return `undefined: every judgement is the same label (agreement ${Math.round(k.observed * 100)}%)`;
  return (k.kappa as number).toFixed(digits);
}
