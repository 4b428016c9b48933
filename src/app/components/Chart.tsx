/** Pieces shared by the experiment cards: the chart frame and number formatting. */
import { TermText } from './Term.tsx';
import { useRef } from 'react';
import { ResponsiveContainer } from 'recharts';

/** One colour per name source, and the original, shared by every chart. */
export { SOURCE_COLORS } from '../palette.ts';
import { ChartExports } from './RunResult.tsx';
import { SmallLegend } from './SmallMark.tsx';

/** A percentage with one decimal, or a dash for no value, e.g. pct(12.345) === '12.3'. */
export const pct = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');

/**
 * A titled chart card of the experiment views (260 px high unless `height`), with SVG/PNG exports
 * inside a RunResult; `counts` are the question counts behind its bars, whose small-n line it shows
 * (and exports) when any is under SMALL_N (naming `smallWhich` when its bars are not lightened), e.g. <Chart title="Drop" testid="chart-x" counts={[12, 40]}><BarChart …/></Chart>.
 */
export function Chart({ title, testid, children, height = 260, counts = [], smallWhich, note }: { title: string; testid: string; children: React.ReactElement; height?: number; counts?: readonly number[]; smallWhich?: string; note?: React.ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  return (
    <figure className="chart" data-testid={testid} ref={ref}>
      <figcaption>
        <TermText text={title} /> <ChartExports title={title} figure={() => ref.current} />
      </figcaption>
      <ResponsiveContainer width="100%" height={height}>
        {children}
      </ResponsiveContainer>
      <SmallLegend counts={counts} chart which={smallWhich} />
      {note}
    </figure>
  );
}
