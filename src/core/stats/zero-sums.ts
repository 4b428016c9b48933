/**
 * The units whose difference is 0 (no question on them changed) still move the statistic once the
 * differences are shifted by δ: they add −δ·Σ s_c·n_c. Σ s_c·n_c over those units, with fair random
 * signs, has an exact distribution on the integers −Z..Z (Z = Σ n_c), a sum of scaled binomials by
 * size: used for exact tail probabilities and for Monte-Carlo draws.
 */

/** The distribution of the zero units' signed size sum. */
export interface ZeroSums {
  /** Z: Σ n_c of the zero units (0: none, the sum is always 0). */
  total: number;
  /** P(|X − δ·S| ≥ target) over S, e.g. with no zero unit 1 when |X| ≥ target else 0. */
  tail(x: number, target: number, delta: number): number;
  /** S at the quantile u ∈ [0, 1) (inverse CDF), for Monte-Carlo draws. */
  draw(u: number): number;
}

/** Binomial(k, ½) probabilities of 0..k, from logs (no overflow at k in the millions). */
export function pmfOf(k: number): Float64Array {
  const out = new Float64Array(k + 1);
  let lp = -k * Math.LN2;
  for (let b = 0; b <= k; b++) {
    out[b] = Math.exp(lp);
    lp += Math.log((k - b) / (b + 1));
  }
  return out;
}

/** The probabilities of S = −Z..Z (index S + Z): a convolution over the units grouped by size. */
function distribution(sizes: Float64Array, z: number): Float64Array {
  const bySize = new Map<number, number>();
  for (const n of sizes) bySize.set(n, (bySize.get(n) ?? 0) + 1);
  let dist = new Float64Array(2 * z + 1);
  dist[z] = 1;
  let [lo, hi] = [z, z];
  for (const [n, k] of bySize) {
    const pmf = pmfOf(k);
    const next = new Float64Array(2 * z + 1);
    for (let j = lo; j <= hi; j++) {
      const pj = dist[j] as number;
      if (pj === 0) continue;
      for (let b = 0; b <= k; b++) next[j + n * (2 * b - k)] = (next[j + n * (2 * b - k)] as number) + pj * (pmf[b] as number);
    }
    [lo, hi] = [lo - n * k, hi + n * k];
    dist = next;
  }
  return dist;
}

/** The exact distribution of Σ s_c·n_c over units of the given sizes (integers), e.g. zeroSums(Float64Array.of(1, 1)).draw(0) === −2. */
export function zeroSums(sizes: Float64Array): ZeroSums {
  let z = 0;
  for (const n of sizes) z += n;
  if (z === 0) return { total: 0, tail: (x, target) => (Math.abs(x) >= target ? 1 : 0), draw: () => 0 };
  const dist = distribution(sizes, z);
  const cdf = new Float64Array(dist.length);
  let run = 0;
  for (let j = 0; j < dist.length; j++) cdf[j] = run += dist[j] as number;
  /** P(S ≤ s). */
  const cdfAt = (s: number): number => (s < -z ? 0 : s >= z ? 1 : (cdf[s + z] as number));
  return {
    total: z,
    tail(x, target, delta) {
      if (delta === 0) return Math.abs(x) >= target ? 1 : 0;
      // Not extreme: |x − δS| < target, i.e. S strictly between (x − target)/δ and (x + target)/δ.
      const [a, b] = delta > 0 ? [(x - target) / delta, (x + target) / delta] : [(x + target) / delta, (x - target) / delta];
      const lo = Math.floor(a);
      const hi = Math.ceil(b) - 1;
      return hi <= lo ? 1 : Math.max(0, 1 - (cdfAt(hi) - cdfAt(lo)));
    },
    draw(u) {
      // The smallest S with P(S' ≤ S) > u.
      let [l, h] = [0, cdf.length - 1];
      while (l < h) {
        const m = (l + h) >> 1;
        if ((cdf[m] as number) > u) h = m;
        else l = m + 1;
      }
      return l - z;
    },
  };
}
