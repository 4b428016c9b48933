/** Signed figures as every surface writes them (app, CLI, audit files, model card): one sign rule, one minus. */

/** A signed figure: '+' for a rise, the ASCII minus the charts and CSV files use, no sign when it rounds to zero, e.g. signed(-3.21) === '-3.2', signed(-0.01) === '0.0'. */
export function signed(x: number, digits = 1): string {
  if (!Number.isFinite(x)) return '–';
  const s = Math.abs(x).toFixed(digits);
  return Number(s) === 0 ? s : `${x > 0 ? '+' : '-'}${s}`;
}

/** Wu et al. 2025's relative F1 change as the paper prints it (§5.1, Table 1: two decimals, negative = worse), e.g. relativeChangeText(-3.056) === '-3.06%'; undefined (original F1 0) as '–'. */
export const relativeChangeText = (x: number): string => (Number.isFinite(x) ? `${signed(x, 2)}%` : '–');
