/** Number formats the views share, so a probability or a score reads the same in every panel. */

/** Probability as a percentage, e.g. formatProb(0.1234) === '12.3%'. */
export function formatProb(p: number): string {
  return `${(p * 100).toFixed(p >= 0.995 ? 0 : 1)}%`;
}
