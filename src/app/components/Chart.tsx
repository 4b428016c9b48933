/** Pieces shared by the experiment cards: the chart frame and number formatting. */
import { ResponsiveContainer } from 'recharts';

/** A percentage with one decimal, or a dash for no value, e.g. pct(12.345) === '12.3'. */
export const pct = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');

/** A titled chart card of the experiment views, 220 px high, e.g. <Chart title="Drop" testid="chart-x"><BarChart …/></Chart>. */
export function Chart({ title, testid, children }: { title: string; testid: string; children: React.ReactElement }) {
  return (
    <figure className="chart" data-testid={testid}>
      <figcaption>{title}</figcaption>
      <ResponsiveContainer width="100%" height={220}>
        {children}
      </ResponsiveContainer>
    </figure>
  );
}
