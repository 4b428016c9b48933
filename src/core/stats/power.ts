/** The smallest effect a sample can detect: (z₁₋α/₂ + z_power) × standard error (a normal approximation). */

/** The standard normal quantile (Acklam's rational approximation, |error| < 1.2e-9), e.g. normalQuantile(0.975) ≈ 1.95996. */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return p === 0 ? -Infinity : p === 1 ? Infinity : NaN;
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const poly = (cs: number[], x: number) => cs.reduce((s, k) => s * x + k, 0);
  const lowTail = 0.02425;
  if (p < lowTail) {
    const q = Math.sqrt(-2 * Math.log(p));
    return poly(c, q) / (poly(d, q) * q + 1);
  }
  if (p > 1 - lowTail) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (poly(a, r) * q) / (poly(b, r) * r + 1);
}

/**
 * The minimal detectable difference at two-sided level α and the given power, from a bootstrap
 * standard error: (z₁₋α/₂ + z_power) · se, e.g. minDetectable(1) ≈ 2.80 at α = 0.05, power 0.8.
 */
export function minDetectable(se: number, alpha = 0.05, power = 0.8): number {
  return (normalQuantile(1 - alpha / 2) + normalQuantile(power)) * se;
}
