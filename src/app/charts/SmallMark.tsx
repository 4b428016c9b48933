/**
 * The small-n marker of every result table and chart: the glyph beside a count under SMALL_N, and the
 * one line saying what it means (the slice tables use the same glyph and words).
 */
import { Term } from '../teach/Term.tsx';
import { isSmallN, SMALL_MARK, SMALL_N, SMALL_NOTE } from '../../core/metrics/slices.ts';

/** Opacity of a chart bar resting on few questions: the category's own colour, lighter. */
export const SMALL_BAR_OPACITY = 0.4;

/** A count with the marker when it is small, e.g. 12 → "12 *". */
export function SmallMark({ n }: { n: number }) {
  return isSmallN(n) ? (
    <span className="small-n" title={SMALL_NOTE} aria-label={SMALL_NOTE} data-testid="small-mark">
      {' '}
      {SMALL_MARK}
    </span>
  ) : null;
}

/** The small-n line of a chart, e.g. '* fewer than 30 questions (a noisy mean); its bar is lighter'. */
export const SMALL_CHART_NOTE = `${SMALL_MARK} ${SMALL_NOTE}; its bar is lighter`;

/**
 * The legend line of a table, or of a chart (inside its figure, so its exports carry it: class
 * chart-note), shown when any of its counts is small; `which` names the small series of a chart whose
 * bars are not lightened, e.g. 'natural edits, n=14'.
 */
export function SmallLegend({ counts, chart = false, which }: { counts: readonly number[]; chart?: boolean; which?: string }) {
  if (!counts.some(isSmallN)) return null;
  const line = !chart ? `${SMALL_MARK} ${SMALL_NOTE}` : which ? `${SMALL_MARK} ${SMALL_NOTE}: ${which}` : SMALL_CHART_NOTE;
  return (
    <p className={chart ? 'hint small-legend chart-note' : 'hint small-legend'} data-testid="small-legend">
      <Term k="small-n">{SMALL_MARK}</Term> {line.slice(SMALL_MARK.length + 1)}
    </p>
  );
}

/** A chart label of a bucket's count with the marker when small, e.g. smallLabel(3) === 'n=3 *'. */
export const smallLabel = (n: unknown): string => `n=${String(n)}${typeof n === 'number' && isSmallN(n) ? ` ${SMALL_MARK}` : ''}`;

/** A chart figure as the tables beside the chart write it: counts whole, other numbers to one decimal, e.g. figure(4.256) === '4.3', figure(12) === '12'. */
export const figure = (v: unknown): string => (typeof v === 'number' && Number.isFinite(v) && !Number.isInteger(v) ? v.toFixed(1) : String(v));

/** A chart tooltip formatter adding "n < 30" when a bar rests on few questions (the datum's `<dataKey>-n`, else its `n`), e.g. 40.04 with n 3 → '40.0 (* n < 30)'. */
export const smallTip =
  (fmt: (v: unknown) => string = figure) =>
  (value: unknown, name: unknown, item: { dataKey?: unknown; payload?: Record<string, unknown> }): [string, string] => {
    const n = item.payload?.[`${String(item.dataKey)}-n`] ?? item.payload?.n;
    return [`${fmt(value)}${typeof n === 'number' && isSmallN(n) ? ` (${SMALL_MARK} n < ${SMALL_N})` : ''}`, String(name)];
  };

/** A bar's fill opacity from its count: lighter under SMALL_N, e.g. faint(3) === SMALL_BAR_OPACITY; no count → 1. */
export const faint = (n: unknown): number => (typeof n === 'number' && isSmallN(n) ? SMALL_BAR_OPACITY : 1);
