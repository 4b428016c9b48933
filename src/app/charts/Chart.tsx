/** Pieces shared by the experiment cards: the chart frame and number formatting. */
import { TermText } from '../teach/Term.tsx';
import { useRef } from 'react';
import { ResponsiveContainer } from 'recharts';

/** One colour per name source, and the original, shared by every chart. */
export { SOURCE_COLORS } from './palette.ts';
import { ChartExports } from '../results/RunResult.tsx';
import { SmallLegend } from './SmallMark.tsx';
import { missingBars, nothingToDraw, type ChartCell } from '../charts/nothing-to-draw.ts';
import { formatCell } from '../../core/results/column-titles.ts';

/** A percentage with one decimal, or a dash for no value, e.g. pct(12.345) === '12.3'. */
export const pct = (x: number): string => formatCell(x, '');

/** Why a chart draws nothing: from its named `cells` when given, else when every count behind its bars is 0; null when it draws. */
function emptyReason(cells: readonly ChartCell[] | undefined, counts: readonly number[]): string | null {
  if (cells) return nothingToDraw(cells);
  return counts.length > 0 && counts.every((n) => n === 0) ? 'Nothing to draw: every bar here rests on 0 questions in this run.' : null;
}

/**
 * A titled chart card of the experiment views (260 px high unless `height`), with SVG/PNG exports
 * inside a RunResult; `counts` are the question counts behind its bars, whose small-n line it shows
 * (and exports) when any is under SMALL_N (naming `smallWhich` when its bars are not lightened); `cells`
 * (its x-axis categories with their question counts) let it say why it draws nothing, or which category
 * has no bar, e.g. <Chart title="Drop" testid="chart-x" counts={[12, 40]}><BarChart …/></Chart>.
 */
export function Chart({ title, testid, children, height = 260, counts = [], smallWhich, note, cells, minWidth }: { title: string; testid: string; children: React.ReactElement; height?: number; counts?: readonly number[]; smallWhich?: string; note?: React.ReactNode; cells?: readonly ChartCell[]; minWidth?: number }) {
  const ref = useRef<HTMLElement>(null);
  const empty = emptyReason(cells, counts);
  const missing = cells ? missingBars(cells) : null;
  return (
    <figure className="chart" data-testid={testid} ref={ref}>
      <figcaption>
        <TermText text={title} /> <ChartExports title={title} figure={() => ref.current} />
      </figcaption>
      {empty ? (
        // Instead of empty axes, the reason in the chart's place (chartSvg draws it into the exports too).
        <div className="chart-empty" data-chart-empty={empty} data-testid={`${testid}-empty`} style={{ height }}>
          <p>{empty}</p>
        </div>
      ) : minWidth ? (
        // Many categories: below `minWidth` px (a phone) the chart keeps that width and scrolls in its
        // own box, as the tables do, instead of running its axis labels into each other.
        <div className="chart-scroll" tabIndex={0} role="region" aria-label={`${title} (scrolls sideways)`}>
          <ResponsiveContainer width="100%" height={height} minWidth={minWidth}>
            {children}
          </ResponsiveContainer>
        </div>
      ) : (
        <ResponsiveContainer width="100%" height={height}>
          {children}
        </ResponsiveContainer>
      )}
      {!empty && <SmallLegend counts={counts.filter((n) => n > 0)} chart which={smallWhich} />}
      {missing && (
        <p className="hint chart-note" data-testid={`${testid}-missing`}>
          {missing}
        </p>
      )}
      {!empty && note}
    </figure>
  );
}
