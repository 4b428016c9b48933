/** The CI settings used when none are given (their own module: `qarx eval` parses --ci options without loading the statistics). */
export const DEFAULT_BOOTSTRAP = 1000;
export const DEFAULT_CI_SEED = 1;

/**
 * The fewest bootstrap resamples accepted. A 95% percentile interval reads the 2.5th and 97.5th
 * percentiles: at B = 200 each rests on 5 resamples beyond it, below that on a handful or on
 * interpolation between the two most extreme ones (`--bootstrap 1` gave a "95% CI" of [48, 48]).
 * Efron & Tibshirani (1993, §13.3 and §19.3) advise B ≥ 1000 for percentile intervals (the
 * default), and 25–200 only for standard errors, so 200 is the floor, not a recommendation.
 */
export const MIN_BOOTSTRAP = 200;
/** The most resamples accepted (10,000 questions × 100,000 resamples is about a minute). */
export const MAX_BOOTSTRAP_ANY = 100_000;

/** Why a number of bootstrap resamples cannot be used, or null, e.g. bootstrapError(1) → "The number of bootstrap resamples must be at least 200 …". */
export function bootstrapError(b: number, max = MAX_BOOTSTRAP_ANY): string | null {
  if (!Number.isInteger(b)) return `The number of bootstrap resamples must be a whole number, got ${b}.`;
  if (b < MIN_BOOTSTRAP) return `The number of bootstrap resamples must be at least ${MIN_BOOTSTRAP}, got ${b}: a 95% percentile interval needs resamples beyond its 2.5th and 97.5th percentiles (Efron & Tibshirani 1993, §13.3, advise 1000, the default).`;
  if (b > max) return `The number of bootstrap resamples must be at most ${max.toLocaleString('en')}, got ${b}.`;
  return null;
}
