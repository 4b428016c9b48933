/** A sweep's result: the table (partial rows marked) and its charts, for the live card and saved runs. */
import { DROP_SUFFIX } from '../../core/metrics/drop.ts';
import { firstUse, Term } from '../teach/Term.tsx';
import { memo } from 'react';
import { useAfterPaint } from '../charts/after-paint.ts';
import { pct } from '../charts/Chart.tsx';
import { ORIGIN_LABELS, SOURCE_LABELS, type Origin } from '../../core/entity/options.ts';
import { wrongShares, type SweepRow } from '../../core/entity/stats.ts';
import { SmallLegend, SmallMark } from '../charts/SmallMark.tsx';
import type { ExperimentCi } from '../../core/stats/index.ts';
import { sweepRowKey } from '../../core/metrics/experiment-slices.ts';
import { CiCells, CiHeads, CiLegend } from '../charts/CiCell.tsx';
import { SweepCharts } from './SweepCharts.tsx';
import { dropClass } from '../shell/format.ts';

/**
 * A sweep's table and charts; `origin` is the run's main person-name origin; `ci` its statistics per
 * row when computed. While `running`, the table grows as cells finish and the charts wait for the
 * end: drawing four charts per finished cell cost the main thread most of a sweep's CPU (issue 44).
 */
export const SweepResults = memo(function SweepResults({ rows: all, origin, ci, running = false }: { rows: SweepRow[]; origin: Origin; ci?: ExperimentCi | null; running?: boolean }) {
  // Rows a cancelled run left short of their seeds are listed but kept out of charts and means.
  const rows = all.filter((r) => r.complete);
  const partial = all.length - rows.length;
  // The table shows in the frame the run ends in; the charts follow after it is painted.
  const chartsShown = useAfterPaint(!running);
  const term = firstUse();
  return (
    <div className="results">
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Sweep results (scrolls sideways)">
        <table className="results-table" data-testid="sweep-table">
          <thead>
            <tr>
              <th>type</th>
              <th>source</th>
              <th>origin</th>
              <th>n</th>
              <th>seeds</th>
              <th>
                orig. <Term k="EM" /> / <Term k="F1" />
              </th>
              <th>
                renamed EM <Term k="seed spread">±</Term>
              </th>
              <th>renamed F1 ±</th>
              <th>drop F1 {DROP_SUFFIX}</th>
              {ci && <CiHeads />}
              <th>
                <Term k="wrong entity">wrong ent. / bound. %</Term>
              </th>
            </tr>
          </thead>
          <tbody>
            {all.map((r) => (
              <tr key={`${r.type}-${r.source}-${r.origin}`} className={r.complete ? undefined : 'partial-row'} data-testid={r.complete ? 'sweep-row' : 'sweep-row-partial'}>
                <td>{term(r.type === 'MIX' ? 'mix' : r.type, r.type)}</td>
                <td>{term(r.source, SOURCE_LABELS[r.source])}</td>
                <td>{r.source === 'db' ? term('origin', ORIGIN_LABELS[r.origin as Origin]) : '–'}</td>
                <td>
                  {r.n}
                  <SmallMark n={r.n} />
                </td>
                <td>
                  {r.seeds}/{r.plannedSeeds}
                  {r.complete ? '' : ' (partial)'}
                </td>
                <td>
                  {pct(r.orig.em)} / {pct(r.orig.f1)}
                </td>
                <td>
                  {pct(r.pertEm.mean)} ± {pct(r.pertEm.std)}
                </td>
                <td>
                  {pct(r.pertF1.mean)} ± {pct(r.pertF1.std)}
                </td>
                <td className={dropClass(r.dropF1)}>{pct(r.dropF1)}</td>
                {ci && <CiCells stats={ci.rows[sweepRowKey(r)]} />}
                <td>{fmtShares(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SmallLegend counts={all.map((r) => r.n)} />
      {ci && <CiLegend ci={ci} seedSpread testid="sweep" />}
      <p className="hint" data-testid="sweep-std-note">
        ± is the standard deviation over perturbation seeds (the papers' ± is over training seeds). <Term k="wrong entity">Wrong ent. / bound.</Term>: of the wrong renamed answers, the share naming another entity and the share with a wrong boundary.
        {partial > 0 && ` ${partial} row${partial === 1 ? '' : 's'} of a cancelled run ${partial === 1 ? 'is' : 'are'} marked partial and left out of the charts.`}
      </p>
      {chartsShown ? (
        <SweepCharts rows={all} origin={origin} ci={ci} />
      ) : (
        <p className="hint" data-testid="sweep-charts-wait">
          {running ? 'The charts are drawn when the sweep finishes.' : 'Drawing the charts…'}
        </p>
      )}
    </div>
  );
});

/** "wrong entity / wrong boundary" shares of a row's renamed wrong answers, or – when none is wrong. */
function fmtShares(r: SweepRow): string {
  const sh = wrongShares(r.errors.pert);
  return Number.isNaN(sh.entity) ? '–' : `${pct(sh.entity)} / ${pct(sh.boundary)}`;
}
