/** Text forms of intervals and p-values, one wording for the CLI, the audit files and the app. */
import type { Interval } from './bootstrap.ts';
import { judgedP, significant, type DropStats } from './paired.ts';

const num = (x: number, d: number) => (Number.isFinite(x) ? x.toFixed(d) : '–');

/** An interval as "[lo, hi]", e.g. ciText({ value: 71, lo: 68.04, hi: 74.3 }) → "[68.0, 74.3]". */
export const ciText = (i: Interval, d = 1): string => `[${num(i.lo, d)}, ${num(i.hi, d)}]`;

/** A p-value with three significant digits, "<0.001" below that, e.g. pText(0.0123) → "0.0123". */
export function pText(p: number): string {
  if (!Number.isFinite(p)) return '–';
  if (p < 0.001) return '<0.001';
  return p >= 0.1 ? p.toFixed(2) : p.toPrecision(2);
}

/** The mark of a drop whose (Holm-adjusted) p is not below 0.05. */
export const NOT_SIGNIFICANT = 'n.s.';

/** A drop's p (adjusted when the run has several comparisons) and its mark, e.g. "p 0.21 n.s.". */
export const dropPText = (d: DropStats): string => `${pText(judgedP(d))}${significant(d) ? '' : ` ${NOT_SIGNIFICANT}`}`;
