/**
 * The Wilson score interval of a proportion (Wilson 1927; recommended over the Wald interval by
 * Brown, Cai & DasGupta 2001, §4): it stays inside [0, 1] and is not degenerate at k = 0 or k = n.
 */
import type { Interval } from './bootstrap.ts';
import { normalQuantile } from './power.ts';

/** k successes of n as a share with its Wilson interval, e.g. wilson(5, 10) → { value: 0.5, lo: 0.237, hi: 0.763 }; NaNs when n = 0. */
export function wilson(k: number, n: number, level = 0.95): Interval {
  if (n <= 0) return { value: NaN, lo: NaN, hi: NaN };
  const z = normalQuantile(1 - (1 - level) / 2);
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { value: p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half) };
}

/** The Wilson interval's half-width at share p for n cases (what a sample of n can show), e.g. wilsonHalfWidth(100) ≈ 0.096. */
export function wilsonHalfWidth(n: number, p = 0.5, level = 0.95): number {
  const i = wilson(p * n, n, level);
  return (i.hi - i.lo) / 2;
}
