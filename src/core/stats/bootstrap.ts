/**
 * Percentile bootstrap over questions (Efron & Tibshirani 1993; for NLP, Berg-Kirkpatrick et al.
 * 2012, §2): B resamples of the questions with replacement, or of whole passages (clusters) since
 * questions on one passage are correlated. Typed arrays and one shared draw per resample, so the
 * original and perturbed means of a paired comparison come from the same resampled questions.
 */
import { mixSeed, rng } from '../text/random.ts';

/** A confidence interval around an estimate, in the estimate's units. */
export interface Interval {
  value: number;
  lo: number;
  hi: number;
}

/** Clusters as dense ids 0…G−1 per item, e.g. clusterIds(['p1', 'p2', 'p1']) → [0, 1, 0]. */
export function clusterIds(keys: readonly string[]): Int32Array {
  const ids = new Map<string, number>();
  const out = new Int32Array(keys.length);
  keys.forEach((k, i) => {
    let id = ids.get(k);
    if (id === undefined) ids.set(k, (id = ids.size));
    out[i] = id;
  });
  return out;
}

/** Mean of a typed array (NaN when empty). */
export function meanOf(xs: Float64Array): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i] as number;
  return s / xs.length;
}

/** Σ values[idx[j]] over j. */
function sumAt(values: Float64Array, idx: Int32Array): number {
  let s = 0;
  for (let j = 0; j < idx.length; j++) s += values[idx[j] as number] as number;
  return s;
}

/**
 * B bootstrap means of each series, all series resampled with the same draw (paired): out[k][b]
 * is series k's mean in resample b. With `clusters`, whole clusters are drawn and the mean is
 * Σ sums / Σ counts of the drawn clusters. Seeded: the same input and seed give the same output.
 */
export function bootstrapMeans(series: readonly Float64Array[], b: number, seed: number, clusters?: Int32Array): Float64Array[] {
  const n = series[0]?.length ?? 0;
  const out = series.map(() => new Float64Array(b));
  if (n === 0) return out.map((o) => o.fill(NaN));
  const rand = rng(mixSeed(seed, 0xb0075));
  if (!clusters) {
    // One index draw per resample, then a tight summing loop per series (V8 keeps these monomorphic).
    const idx = new Int32Array(n);
    for (let r = 0; r < b; r++) {
      for (let j = 0; j < n; j++) idx[j] = (rand() * n) | 0;
      for (let s = 0; s < series.length; s++) (out[s] as Float64Array)[r] = sumAt(series[s] as Float64Array, idx) / n;
    }
    return out;
  }
  // Cluster sums and sizes once, then draw G clusters per resample.
  let g = 0;
  for (let i = 0; i < n; i++) g = Math.max(g, (clusters[i] as number) + 1);
  const size = new Float64Array(g);
  const csum = series.map(() => new Float64Array(g));
  for (let i = 0; i < n; i++) {
    const c = clusters[i] as number;
    size[c] = (size[c] as number) + 1;
    series.forEach((v, s) => ((csum[s] as Float64Array)[c] = ((csum[s] as Float64Array)[c] as number) + (v[i] as number)));
  }
  const sums = new Float64Array(series.length);
  for (let r = 0; r < b; r++) {
    sums.fill(0);
    let count = 0;
    for (let j = 0; j < g; j++) {
      const c = (rand() * g) | 0;
      count += size[c] as number;
      for (let s = 0; s < series.length; s++) sums[s] = (sums[s] as number) + ((csum[s] as Float64Array)[c] as number);
    }
    for (let s = 0; s < series.length; s++) (out[s] as Float64Array)[r] = (sums[s] as number) / count;
  }
  return out;
}

/** The q-quantile of sorted values, linear between order statistics (R's type 7), e.g. quantile([0, 10], 0.25) → 2.5. */
export function quantileSorted(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  const h = (sorted.length - 1) * q;
  const i = Math.floor(h);
  const lo = sorted[i] as number;
  const hi = sorted[Math.min(i + 1, sorted.length - 1)] as number;
  return lo + (h - i) * (hi - lo);
}

/** The percentile interval of bootstrap statistics at `level` (0.95 → 2.5th and 97.5th percentiles). */
export function percentileInterval(stats: Float64Array, value: number, level = 0.95): Interval {
  const sorted = Float64Array.from(stats).sort();
  const a = (1 - level) / 2;
  return { value, lo: quantileSorted(sorted, a), hi: quantileSorted(sorted, 1 - a) };
}

/** Standard deviation of bootstrap statistics (the bootstrap standard error). */
export function spread(stats: Float64Array): number {
  const m = meanOf(stats);
  let v = 0;
  for (let i = 0; i < stats.length; i++) v += ((stats[i] as number) - m) ** 2;
  return Math.sqrt(v / Math.max(1, stats.length - 1));
}

/** The 95% percentile bootstrap CI of a mean, e.g. bootstrapCI(Float64Array.of(0, 1, 1), { b: 1000, seed: 1 }). */
export function bootstrapCI(values: Float64Array, opts: { b: number; seed: number; clusters?: Int32Array; level?: number }): Interval {
  const [means] = bootstrapMeans([values], opts.b, opts.seed, opts.clusters);
  return percentileInterval(means as Float64Array, meanOf(values), opts.level);
}

/** The paired bootstrap CI of mean(a) − mean(b) over the same items (Berg-Kirkpatrick et al. 2012). */
export function pairedDiffCI(a: Float64Array, b: Float64Array, opts: { b: number; seed: number; clusters?: Int32Array; level?: number }): Interval {
  const d = a.map((x, i) => x - (b[i] as number));
  return bootstrapCI(d, opts);
}
