/**
 * The run history: every saved run (kind, data, N, model, precision, device, date, partial), reopened
 * with its record, tables and charts, deleted (after a confirm), or two of one kind side by side (RunCompare.tsx).
 */
import { firstUse } from '../teach/Term.tsx';
import { SavedRunSlices } from '../experiments/ExperimentSlices.tsx';
import { useEffect, useState } from 'react';
import { describeRun, type RunRecord, runTime } from '../../core/results/run-record.ts';
import { kindLabel } from '../../core/experiments/registry.ts';
import type { ResultTable } from '../../core/results/table.ts';
import { cellLabel, columnTitle } from '../../core/results/column-titles.ts';
import { summarizeSweep } from '../../core/entity/stats.ts';
import type { Origin } from '../../core/entity/options.ts';
import type { SavedRunInfo } from '../../worker/data-protocol.ts';
import { useApp } from '../store/index.ts';
import { Notice } from '../shell/Notice.tsx';
import { isTableOnly } from '../store/audit-slice.ts';
import { openedRunShownOn } from '../store/runs-slice.ts';
import { plannedSeeds, type AdversarialPayload, type BudgetPayload, type PairsPayload, type ParaphrasePayload, type SweepPayload, type TrapsPayload, type UniversalPayload } from '../store/run-saving.ts';
import type { UniversalSource } from '../../core/entity/universal-options.ts';
import { summarizeDpr } from '../../core/sensitivity/dpr.ts';
import { summarizeTraps } from '../../core/trap/summary.ts';
import { UniversalResults } from '../experiments/UniversalCard.tsx';
import { DprResults } from '../experiments/ParaphraseCard.tsx';
import { AdversarialTable, TrapResults } from '../experiments/TrapCard.tsx';
import { formatBytes } from '../../core/text/bytes.ts';
import { RunResult } from './RunResult.tsx';
import { SweepResults } from '../experiments/SweepResults.tsx';
import { BudgetTable } from '../experiments/BudgetTable.tsx';
import { PairResults } from '../experiments/NaturalCard.tsx';
import { RunCompare } from './RunCompare.tsx';

export function RunHistory() {
  const runs = useApp((s) => s.savedRuns);
  const message = useApp((s) => s.runsMessage);
  // A run opened on one experiment page stays on that page (issue 41.6).
  const opened = useApp((s) => (openedRunShownOn(s.openedRun, s.route.experiment) ? s.openedRun : null));
  const compare = useApp((s) => s.compareIds);
  const { refreshRuns, openRun, deleteRun, toggleCompare, closeRun } = useApp.getState();
  const [confirming, setConfirming] = useState<string | null>(null);
  useEffect(() => refreshRuns(), [refreshRuns]);
  const picked = compare.map((id) => runs.find((r) => r.id === id)).filter((r): r is SavedRunInfo => r !== undefined);
  // Precision and device are wrapped at their first row only: a column of 'fp32' needs its help once.
  const first = firstUse();
  return (
    <section className="card" data-testid="run-history" aria-labelledby="run-history-title">
      <h3 id="run-history-title">Run history</h3>
      <p className="hint">Every finished or cancelled run is saved in this browser. Open one to see it again, or tick two of one kind to put them side by side.</p>
      {message && (
        <Notice place="inline" tone={message.kind === 'error' ? 'error' : 'success'} testid="run-history-message" noticeKey={`runs ${message.text}`} onDismiss={() => useApp.setState({ runsMessage: null })}>
          {message.text}
        </Notice>
      )}
      {runs.length === 0 ? (
        <p className="hint" data-testid="run-history-empty">
          No saved run yet.
        </p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="region" aria-label="Saved runs (scrolls sideways)">
          <table className="results-table run-list">
            <caption className="visually-hidden">Saved runs, newest first</caption>
            <thead>
              <tr>
                <th scope="col">compare</th>
                <th scope="col">run</th>
                <th scope="col">data</th>
                <th scope="col">model</th>
                <th scope="col">status</th>
                <th scope="col">actions</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((r) => (
                <tr key={r.id} data-testid="run-row" className={opened?.info.id === r.id ? 'selected' : undefined}>
                  <td>
                    <input type="checkbox" checked={compare.includes(r.id)} aria-label={`Compare ${kindLabel(r.kind)} of ${runTime(r.run.date)}`} data-testid="run-compare" onChange={() => toggleCompare(r.id)} />
                  </td>
                  <td>
                    {kindLabel(r.kind)} <span className="sub">{runTime(r.run.date)}</span>
                  </td>
                  <td className="wrap-anywhere">
                    {r.run.datasets.join(' + ')} <span className="sub">N = {r.run.n.toLocaleString('en')}</span>
                  </td>
                  <td className="wrap-anywhere">
                    {r.run.model}{' '}
                    <span className="sub">
                      {first(r.run.dtype)} · {first(r.run.device === 'webgpu' ? 'WebGPU' : 'WASM', r.run.device.toUpperCase())}
                    </span>
                  </td>
                  <td>{r.partial ? <span className="partial-flag">partial</span> : 'complete'}</td>
                  <td>
                    {/* The buttons wrap in a box of their own: a flex cell would leave the table's row lines. */}
                    <div className="run-actions">
                      <button type="button" className="small" data-testid="run-open" onClick={() => openRun(r.id)}>
                        Open
                      </button>
                      {confirming === r.id ? (
                        <>
                          <button type="button" className="small danger" data-testid="run-delete-confirm" onClick={() => (setConfirming(null), deleteRun(r.id))}>
                            Delete ({formatBytes(r.bytes)})
                          </button>
                          <button type="button" className="small" onClick={() => setConfirming(null)}>
                            Keep
                          </button>
                        </>
                      ) : (
                        <button type="button" className="small" data-testid="run-delete" aria-label={`Delete the ${kindLabel(r.kind)} run of ${runTime(r.run.date)}`} onClick={() => setConfirming(r.id)}>
                          Delete…
                        </button>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {picked.length === 2 && <RunCompare a={picked[0] as SavedRunInfo} b={picked[1] as SavedRunInfo} />}
      {opened && (
        <div className="saved-run" data-testid="saved-run">
          <div className="row">
            <h4>
              Saved run: {kindLabel(opened.info.kind)} {opened.info.partial && <span className="partial-flag">partial</span>}
            </h4>
            <button type="button" className="small" data-testid="saved-run-close" onClick={closeRun}>
              Close
            </button>
          </div>
          <p className="run-record" data-testid="saved-run-record" title={opened.info.run.versionTwoReason}>
            {describeRun(opened.info.run)}
          </p>
          {opened.loading ? <p className="hint">Reading the saved result…</p> : <SavedRunView info={opened.info} payload={opened.payload} />}
        </div>
      )}
    </section>
  );
}

/** The built-in kinds' own result views (tables and charts) of a saved payload; a kind without one shows its saved table. */
const VIEWS: Partial<Record<string, (payload: unknown, run: RunRecord, info: SavedRunInfo) => React.ReactNode>> = {
  sweep: (p, run) => <SweepResults rows={summarizeSweep((p as SweepPayload).cells, plannedSeeds(run))} origin={(run.settings.origin as Origin | undefined) ?? 'us'} ci={(p as SweepPayload).ci} />,
  budget: (p, run) => <BudgetTable result={(p as BudgetPayload).result} budget={Number(run.settings.budget)} ci={(p as BudgetPayload).ci} />,
  natural: (p) => <PairResults rows={(p as PairsPayload).rows} synRows={[]} dropped={(p as PairsPayload).dropped} natCi={(p as PairsPayload).ci} />,
  synthetic: (p) => <PairResults rows={[]} synRows={(p as PairsPayload).rows} dropped={(p as PairsPayload).dropped} synCi={(p as PairsPayload).ci} />,
  universal: (p, run) => <UniversalResults result={(p as UniversalPayload).result} source={String(run.settings.source) as UniversalSource} ci={(p as UniversalPayload).ci} />,
  paraphrase: (p) => <DprResults sum={summarizeDpr((p as ParaphrasePayload).rows)} ci={(p as ParaphrasePayload).ci} />,
  traps: (p) => <TrapResults sum={summarizeTraps((p as TrapsPayload).rows)} ci={(p as TrapsPayload).ci} />,
  adversarial: (p, _run, info) => <AdversarialTable output={(p as AdversarialPayload).output} partial={info.partial} ci={(p as AdversarialPayload).ci} />,
};

/** A saved run's result: the built-in kinds with their own tables and charts, any other kind as its saved table. */
function SavedRunView({ info, payload }: { info: SavedRunInfo; payload: unknown }) {
  if (payload === null) return null;
  const { kind, run } = info;
  const own = VIEWS[kind];
  // An audit run opened from its summary alone has its table, not its full result.
  const view = !isTableOnly(payload) && own ? own(payload, run, info) : <TableView table={info.table} />;
  return (
    <RunResult kind={kind} run={run} table={info.table} partial={info.partial} testid="saved-run">
      {view}
      <SavedRunSlices kind={kind} payload={payload} run={run} />
    </RunResult>
  );
}

/** Any ResultTable as an HTML table, titled and formatted as the single-run tables (counts whole, scores to one decimal). */
export function TableView({ table, testid }: { table: ResultTable; testid?: string }) {
  return (
    // Focusable, so a wide table scrolls by keyboard too.
    <div className="table-scroll" tabIndex={0} role="region" aria-label={table.title}>
      <table className="results-table" data-testid={testid}>
        <caption className="visually-hidden">{table.title}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c} scope="col" title={c}>
                {columnTitle(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r, i) => (
            <tr key={i}>
              {r.map((v, j) => (
                <td key={j}>
                  {cellLabel(v, table.columns[j] ?? '', r[0])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
