/** Text forms of intervals and p-values, one wording for the CLI, the audit files and the app. */
import type { Interval } from './bootstrap.ts';
import { ALPHA, NO_VARIATION, nsAfterHolm, significant, type DropStats } from './paired.ts';
import { MAX_ROUNDS } from './inversion.ts';

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

/** A Monte-Carlo p's error and rounds, e.g. "± 0.0007 (Monte-Carlo, 40,000 rounds)"; '' for an exact p. */
export const mcText = (d: Pick<DropStats, 'method' | 'mcSe' | 'rounds'>): string =>
  d.method === 'monte-carlo' && d.mcSe !== undefined ? ` ± ${d.mcSe.toPrecision(1)} (Monte-Carlo, ${(d.rounds ?? 0).toLocaleString('en')} rounds)` : '';

/** A drop's p as rows show it: the unadjusted p with its Monte-Carlo error, then the Holm p when the run adjusts, e.g. "0.016, Holm p 0.44". */
export const pLabelled = (d: DropStats): string => `${pText(d.p)}${mcText(d)}${d.pHolm === undefined ? '' : `, Holm p ${pText(d.pHolm)}`}`;

/**
 * Why a row reads as it does where its marks alone could mislead, '' when nothing needs saying:
 * significant unadjusted but not after Holm (its CI, unadjusted, excludes 0), or a Monte-Carlo p
 * still within 3 errors of 0.05 at the most rounds.
 */
export function dropNote(d: DropStats): string {
  const notes = [
    ...(nsAfterHolm(d) ? [`${NOT_SIGNIFICANT} after Holm over ${d.holmFamily ?? 0} tests; unadjusted p < ${ALPHA} and the CI is unadjusted`] : []),
    ...(d.unresolved ? [`p within Monte-Carlo error of ${ALPHA} after ${(d.rounds ?? MAX_ROUNDS).toLocaleString('en')} rounds`] : []),
  ];
  return notes.join('; ');
}

/** The verdict mark of a row: '' when significant, "n.s." or "n.s. after Holm over 12 tests; …". */
export const verdictMark = (d: DropStats): string => dropNote(d) || (significant(d) ? '' : NOT_SIGNIFICANT);

/** A drop's p cells as text: labelled p, its verdict mark and note, e.g. "0.016, Holm p 0.44 n.s. after Holm over 12 tests; …". */
export const dropPText = (d: DropStats): string => {
  const mark = verdictMark(d);
  return `${pLabelled(d)}${mark ? ` ${mark}` : ''}`;
};

/**
 * What a drop's 95% CI is, in one wording for every surface, e.g. dropCiText('questions') → "the
 * drops the paired sign-flip test over questions does not reject at 0.05 (test inversion), so it
 * excludes 0 exactly when the unadjusted p < 0.05" (inversion.ts); `test` names the test more closely.
 */
export const dropCiText = (unit: string, test = 'sign-flip test'): string => `the drops the paired ${test} over ${unit} does not reject at ${ALPHA} (test inversion), so it excludes 0 exactly when the unadjusted p < ${ALPHA}`;

/** A drop's mdd as text, e.g. "2.8 (α = 0.0042)" under Holm, "2.8" at 0.05, or "no variation in this sample". */
export const mddText = (d: Pick<DropStats, 'mdd' | 'mddAlpha' | 'mddNote'>): string =>
  d.mdd === null ? (d.mddNote ?? NO_VARIATION) : `${d.mdd.toFixed(1)}${d.mddAlpha < ALPHA ? ` (α = ${d.mddAlpha.toPrecision(2)})` : ''}`;
