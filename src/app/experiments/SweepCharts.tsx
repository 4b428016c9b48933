/** A finished sweep's four charts: drop per entity type, per name source, EM per person-name origin, and wrong answers per cell. */
import { DROP_SUFFIX } from '../../core/metrics/drop.ts';
import { memo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Chart, SOURCE_COLORS } from '../charts/Chart.tsx';
import { CATEGORY_COLORS } from '../charts/palette.ts';
import { categoryMinWidth, PCT_AXIS, WrappedTick, xTitle, yTitle } from '../charts/chart-axes.tsx';
import { ORIGIN_LABELS, SOURCE_LABELS, type NameSource, type Origin } from '../../core/entity/options.ts';
import { mainSweepRows, sourceDrops, sourceDropTypes, wrongShares, type SweepRow } from '../../core/entity/stats.ts';
import { faint, smallTip } from '../charts/SmallMark.tsx';
import type { ExperimentCi } from '../../core/stats/index.ts';
import { sweepRowKey } from '../../core/metrics/experiment-slices.ts';
import { CI_WHISKER, CiWhiskerNote, ciWhisker } from '../charts/CiWhiskers.tsx';
import { drawable, inBarOrder } from '../charts/nothing-to-draw.ts';

/** The charts of a sweep's complete rows (`all` may hold a cancelled run's partial rows, left out here); `origin` is the run's main person-name origin. */
export const SweepCharts = memo(function SweepCharts({ rows: all, origin, ci }: { rows: SweepRow[]; origin: Origin; ci?: ExperimentCi | null }) {
  const rows = all.filter((r) => r.complete);
  const main = mainSweepRows(all, origin);
  const types = [...new Set(main.map((r) => r.type))];
  const sources = [...new Set(main.map((r) => r.source))];
  // Drop in F1 per entity type, one bar per source, error bars = std over seeds.
  // A type with no renamed question has no bar: the chart names it (and says why when no type has one).
  const typeCells = types.map((t) => ({ label: t, n: main.filter((r) => r.type === t).reduce((a, r) => Math.max(a, r.n), 0) }));
  const byType = drawable(typeCells).map(({ label: t }) => {
    const d: Record<string, number | string | [number, number]> = { type: t };
    for (const s of sources) {
      const r = main.find((x) => x.type === t && x.source === s && x.origin === origin) ?? main.find((x) => x.type === t && x.source === s);
      if (r) {
        d[s] = +r.dropF1.toFixed(2);
        d[`${s}-std`] = +r.pertF1.std.toFixed(2);
        d[`${s}-n`] = r.n;
        const w = ciWhisker(ci?.rows[sweepRowKey(r)]?.drop.f1);
        if (w) d[`${s}-ci`] = w;
      }
    }
    return d;
  });
  const drops = sourceDrops(all, origin);
  const typed = sourceDropTypes(drops);
  // A source over fewer types than the title names says which (the origin rows add PER · DBName alone).
  const sourceLabel = (s: NameSource, ts: readonly string[]) => (ts.length === typed.length ? SOURCE_LABELS[s] : `${SOURCE_LABELS[s]} (${ts.join(', ') || 'MIX'} only)`);
  const sourceCells = drops.map(({ source: s, drop, n, types: ts }) => ({ source: sourceLabel(s, ts), label: sourceLabel(s, ts), drop: n ? +drop.toFixed(2) : 0, fill: SOURCE_COLORS[s], n }));
  const bySource = drawable(sourceCells);
  const origins = rows.filter((r) => r.type === 'PER' && r.source === 'db');
  const originCells = origins.map((r) => ({ origin: ORIGIN_LABELS[r.origin as Origin], label: ORIGIN_LABELS[r.origin as Origin], em: +r.pertEm.mean.toFixed(2), std: +r.pertEm.std.toFixed(2), original: +r.orig.em.toFixed(2), n: r.n, ci: ciWhisker(ci?.rows[sweepRowKey(r)]?.perturbed.em) }));
  const byOrigin = drawable(originCells);
  const errorCells = errorChartData(main).map((d) => ({ ...d, label: d.cell }));
  const errorData = drawable(errorCells);
  return (
    <div className="charts">
      <Chart title="Drop in F1 per entity type" testid="chart-type" counts={byType.flatMap((d) => sources.map((s) => d[`${s}-n`]).filter((n): n is number => typeof n === 'number'))} cells={typeCells} note={<CiWhiskerNote ci={ci} />}>
        <BarChart data={byType}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="type" interval={0} height={40} tick={<WrappedTick />} label={xTitle('entity type')} />
          <YAxis label={yTitle(`drop in F1 ${DROP_SUFFIX}, points`)} />
          <Tooltip formatter={smallTip()} />
          <Legend itemSorter={inBarOrder(sources)} />
          {sources.map((s) => (
            <Bar key={s} dataKey={s} name={SOURCE_LABELS[s]} fill={SOURCE_COLORS[s]} isAnimationActive={false}>
              {byType.map((d) => (
                <Cell key={String(d.type)} fillOpacity={faint(d[`${s}-n`])} />
              ))}
              <ErrorBar dataKey={`${s}-std`} width={4} stroke="#333" isAnimationActive={false} />
              {ci && <ErrorBar dataKey={`${s}-ci`} {...CI_WHISKER} />}
            </Bar>
          ))}
        </BarChart>
      </Chart>
      <Chart title={`Drop in F1 per name source (${typed.join(', ') || 'MIX'})`} testid="chart-source" counts={bySource.map((d) => d.n)} cells={sourceCells}>
        <BarChart data={bySource}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="source" interval={0} height={40} tick={<WrappedTick />} label={xTitle('name source')} />
          <YAxis label={yTitle(`drop in F1 ${DROP_SUFFIX}, points`)} />
          <Tooltip formatter={smallTip()} />
          <Bar dataKey="drop" name="drop in F1" isAnimationActive={false}>
            {bySource.map((d) => (
              <Cell key={d.source} fill={d.fill} fillOpacity={faint(d.n)} />
            ))}
          </Bar>
        </BarChart>
      </Chart>
      {originCells.length > 0 && (
        <Chart title="EM by person-name origin (PER, DBName)" testid="chart-origin" counts={byOrigin.map((d) => d.n)} cells={originCells} note={<CiWhiskerNote ci={ci} what="renamed EM" />}>
          <BarChart data={byOrigin}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="origin" interval={0} height={40} tick={<WrappedTick />} label={xTitle('person-name origin')} />
            <YAxis {...PCT_AXIS} label={yTitle('EM (%)')} />
            <Tooltip formatter={smallTip()} />
            <Legend itemSorter={inBarOrder(['original', 'em'])} />
            <Bar dataKey="original" name="original" fill={SOURCE_COLORS.original} isAnimationActive={false}>
              {byOrigin.map((d) => (
                <Cell key={d.origin} fillOpacity={faint(d.n)} />
              ))}
            </Bar>
            <Bar dataKey="em" name="renamed" fill={SOURCE_COLORS.db} isAnimationActive={false}>
              {byOrigin.map((d) => (
                <Cell key={d.origin} fillOpacity={faint(d.n)} />
              ))}
              <ErrorBar dataKey="std" width={4} stroke="#333" isAnimationActive={false} />
              {ci && <ErrorBar dataKey="ci" {...CI_WHISKER} />}
            </Bar>
          </BarChart>
        </Chart>
      )}
      <Chart title="Wrong renamed answers per cell: wrong entity vs wrong boundary (%)" testid="chart-errors" counts={errorData.map((d) => d.n)} cells={errorCells} minWidth={categoryMinWidth(errorData.length)}>
        <BarChart data={errorData}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="cell" interval={0} height={58} tick={<WrappedTick max={8} />} label={xTitle('entity type and name source')} />
          <YAxis {...PCT_AXIS} label={yTitle('wrong answers (%)')} />
          <Tooltip formatter={smallTip()} />
          <Legend itemSorter={inBarOrder(['entity', 'boundary'])} />
          <Bar dataKey="entity" name="wrong entity" stackId="e" fill={CATEGORY_COLORS.C2W} isAnimationActive={false}>
            {errorData.map((d) => (
              <Cell key={d.cell} fillOpacity={faint(d.n)} />
            ))}
          </Bar>
          <Bar dataKey="boundary" name="wrong boundary" stackId="e" fill={CATEGORY_COLORS.partial} isAnimationActive={false}>
            {errorData.map((d) => (
              <Cell key={d.cell} fillOpacity={faint(d.n)} />
            ))}
          </Bar>
        </BarChart>
      </Chart>
    </div>
  );
});

/**
 * The error-share chart's bars: wrong entity vs wrong boundary per cell (type × source), renamed side,
 * as Yan et al.'s Table 6, with the cell's question count `n` (the sweep table's n, which marks it small), e.g.
 * errorChartData([PER · InDistName row of 12 questions, 3 + 1 wrong]) → [{ cell: 'PER InDistName', entity: 75, boundary: 25, n: 12 }].
 */
export function errorChartData(rows: readonly SweepRow[]): { cell: string; entity: number; boundary: number; n: number }[] {
  return rows
    .filter((r) => r.type !== 'MIX')
    .map((r) => {
      const sh = wrongShares(r.errors.pert);
      return { cell: `${r.type} ${SOURCE_LABELS[r.source]}`, entity: Number.isNaN(sh.entity) ? 0 : +sh.entity.toFixed(1), boundary: Number.isNaN(sh.boundary) ? 0 : +sh.boundary.toFixed(1), n: r.n };
    });
}
