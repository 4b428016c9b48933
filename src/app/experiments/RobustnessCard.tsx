/**
 * The robustness table of the selection, one row per loaded model (the papers' layout), filled in
 * experiment by experiment; a chart of the F1 columns grouped by model; exports with settings.
 */
import { valueLabel } from '../../core/results/value-labels.ts';
import { ScopeLine } from '../data/ScopeLine.tsx';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { robustnessColumns, sourceMean, RENAME_SOURCES, SOURCE_NAMES, type RCell, type RobustnessRow } from '../../core/results/robustness-columns.ts';
import type { RunRecord } from '../../core/results/run-record.ts';
import { useApp } from '../store/index.ts';
import { modelOfKey, readyKeys, robustnessTable, robustPartial, type RobustnessJob } from '../store/multi-slice.ts';
import type { ExperimentJob } from '../store/experiment-slice.ts';
import { Chart, pct, SOURCE_COLORS } from '../charts/Chart.tsx';
import { JobBar } from '../shell/JobBar.tsx';
import { RunResult } from '../results/RunResult.tsx';
import { ModelBadge } from '../models/ModelsPanel.tsx';
import { robustnessAuditConfig, ROBUSTNESS_AUDIT_FILE } from '../../core/audit/robustness-config.ts';
import { downloadText } from '../shell/download.ts';
import { countOf } from '../../core/text/plural.ts';
import { cellCi, dprCellCi, originalCellCi } from '../../core/experiments/robustness/ci.ts';
import { ciText, mddText, pLabelled, significant, type ExperimentCi, type PairedStats, type ShareStats } from '../../core/stats/index.ts';
import { isSmallN } from '../../core/metrics/slices.ts';
import { Term, TermText } from '../teach/Term.tsx';
import { CiStatus, NotSignificant } from '../charts/CiCell.tsx';
import { useCiError } from '../charts/CiControl.tsx';
import { SeedBlocked } from './SeedInput.tsx';
import { inBarOrder } from '../charts/nothing-to-draw.ts';
import { smallTip } from '../charts/SmallMark.tsx';

/** A cell as shown: one decimal, or "—" for not run. */
const show = (c: RCell) => (c ? pct(c.value) : '–');

/** A comparison cell's statistics under its figure: the F1 drop (original − after, same questions) with its 95% CI, p (F1 / EM, Holm over the row) and n.s. */
function CellCi({ st, dpr }: { st: PairedStats; dpr: boolean }) {
  const f1 = st.drop.f1;
  const ns = !significant(f1);
  return (
    <span className={ns ? 'ci-note ns' : 'ci-note'} data-testid="robust-cell-ci">
      <br />
      {dpr ? 'F1 ' : ''}drop {pct(f1.value)} {ciText(f1)}
      {/* The questions behind the drop: a CI as wide as [-100, 100] is what a handful of questions gives. */}
      <span data-testid="robust-cell-n"> · n = {st.n}</span>
      <br />
      <Term k="p-value">p</Term> {pLabelled(f1)} / {pLabelled(st.drop.em)}
      {(ns || f1.unresolved) && <NotSignificant d={f1} />}
      {(ns || isSmallN(st.n)) && (
        <>
          {' '}
          (<Term k="mdd" /> {mddText(f1)})
        </>
      )}
    </span>
  );
}

/** The chart's bars: the F1 columns, with the renaming ones averaged over entity types. */
const BARS: { key: string; label: string; color: string; of: (r: RobustnessRow) => RCell }[] = [
  { key: 'original', label: 'original', color: SOURCE_COLORS.original, of: (r) => r.original },
  ...RENAME_SOURCES.map((s) => ({ key: s, label: SOURCE_NAMES[s], color: SOURCE_COLORS[s], of: (r: RobustnessRow) => sourceMean(r, s) })),
  { key: 'natural', label: 'natural pairs', color: '#5b8c5a', of: (r) => r.natural },
  { key: 'noise', label: 'synthetic noise', color: '#9c6ade', of: (r) => r.noise },
  { key: 'trap', label: 'trap', color: '#b0417a', of: (r) => r.trap },
  { key: 'worst', label: 'worst', color: '#5f6779', of: (r) => r.worst },
];

/** The legend under the table: what a cell's drop, CI, p and n.s. are, with the settings. */
function RobustCiLegend({ ci }: { ci: ExperimentCi | undefined }) {
  if (!ci) return null;
  const s = ci.settings;
  return (
    <p className="hint ci-legend" data-testid="robust-ci-legend">
      Under each F1 cell: its drop (original − after, on the cell&apos;s own questions) with its 95% <Term k="CI" /> (the drops the paired sign-flip test does not reject at 0.05, so it excludes 0 exactly when the unadjusted p &lt; 0.05), then{' '}
      <Term k="p-value">p</Term> F1 / EM (sign-flip test; McNemar&apos;s exact test for EM; ± its Monte-Carlo error when not exact) and the Holm p over the tests of the model&apos;s row, as <code>qarx audit</code> with &quot;ci&quot; adjusts over a model&apos;s rows; mdd at 0.05 divided by that number of tests. Scores&apos; CIs: percentile bootstrap over questions, {s.bootstrap.toLocaleString('en')} resamples, seed {s.seed}. Under the DPR cell: the DPR&apos;s own 95% CI (bootstrap over the pairs), then the F1 drop from the original question to its paraphrase over the same (question, paraphrase) pairs.{' '}
      <Term k="n.s.">n.s.</Term> = Holm p ≥ 0.05: these questions cannot tell the drop from chance (a cell significant only before Holm says so). Original, stability: no before/after comparison.
    </p>
  );
}

/** The job as the shared progress line shows it: which model, which experiment, percent of that model's run. */
function jobOf(job: RobustnessJob): ExperimentJob {
  const p = job.progress;
  const id = p ? (modelOfKey(useApp.getState(), p.key).info?.id ?? p.key) : '';
  return {
    status: job.status,
    jobId: job.jobId,
    progress: p ? { label: `${id}: ${p.progress.label}`, done: Math.round((100 * p.progress.done) / Math.max(1, p.progress.total)), total: 100 } : null,
    selected: 0,
    error: job.error,
    ...(job.stopReason ? { stopReason: job.stopReason } : {}),
    run: job.run,
  };
}

export function RobustnessCard() {
  const job = useApp((s) => s.robust);
  const limit = useApp((s) => s.robustLimit);
  const config = useApp((s) => s.robustConfig);
  const nModels = useApp((s) => readyKeys(s).length);
  const { startRobustness, cancelRobustness, setRobustLimit } = useApp.getState();
  const running = job.status === 'running' || job.status === 'collecting';
  // The statistics use the CI seed set on the experiment cards: a bad one there keeps this Run off too.
  const ciSeed = useCiError();
  const rows = job.keys.flatMap((k) => (job.rows[k] ? [{ key: k, row: job.rows[k] as RobustnessRow }] : []));
  const cols = robustnessColumns(config);
  const table = robustnessTable(job, config);
  const ciByModel = job.ci?.status === 'done' ? job.ci.byModel : null;
  // The qarx audit config that re-runs this table (its questions by id when the scope narrowed them).
  const auditJson = () => {
    const models = rows.map(({ key, row }) => ({ letter: modelOfKey(useApp.getState(), key).letter, id: row.model, dtype: row.runtime.split(' · ')[1] ?? '' }));
    return `${JSON.stringify(robustnessAuditConfig(job.run as RunRecord, config, models), null, 2)}\n`;
  };
  const chartData = rows.map(({ key, row }) => ({ model: `${modelOfKey(useApp.getState(), key).letter}: ${row.model}`, ...Object.fromEntries(BARS.map((b) => [b.key, b.of(row)?.value ?? null])) }));
  return (
    <section className="card" data-testid="robustness-card">
      <h3>Robustness table — every loaded model</h3>
      <p className="hint">
        <TermText
          text={`One row per model (${nModels} loaded): F1 (0–100) on the original questions, after renaming answer entities (${config.types.join(', ')} × InDistName, DBName, RandStr, ${config.seeds === 1 ? 'seed 1' : `seeds 1–${config.seeds}`}), on revision pairs, with ${valueLabel('kind', config.noise.kind)} noise (rate ${config.noise.rate}), DPR over paraphrases (dataset's and generated), F1 with a trap sentence, worst/best over ${config.budget} person renamings and stability (share of questions whose answer never moves). "—": not run (no such data in the selection).`}
        />
      </p>
      <div className="row">
        <label>
          Questions{' '}
          <input type="number" min={1} max={500} value={limit} onChange={(e) => setRobustLimit(Number(e.target.value))} aria-label="Questions for the robustness table" data-testid="robust-limit" style={{ width: '5rem' }} />
        </label>
        <button type="button" onClick={startRobustness} disabled={running || nModels === 0 || ciSeed !== null} data-testid="robust-run">
          Run on all models
        </button>
        <SeedBlocked error={null} ci={ciSeed} testid="robust-run" />
      </div>
      <ScopeLine kind="robustness" testid="robust" limit={limit} />
      <JobBar job={jobOf(job)} onCancel={cancelRobustness} testid="robust-job" unit="predictions" />
      {job.run && rows.length > 0 && (
        <RunResult kind="robustness" run={job.run} table={table} partial={robustPartial(job)} testid="robust">
          <p className="row">
            <button
              type="button"
              className="small"
              data-testid="robust-audit-config"
              onClick={() => downloadText(ROBUSTNESS_AUDIT_FILE, auditJson())}
            >
              Audit config ({ROBUSTNESS_AUDIT_FILE})
            </button>{' '}
            <span className="hint">
              for <code>qarx audit --config {ROBUSTNESS_AUDIT_FILE} --out robustness-audit</code>: the same questions, models and experiments on the command line (see “Reproduce with qarx”).
            </span>
          </p>
          <details className="audit-config-text" data-testid="robust-audit-config-text">
            <summary>Show the audit config</summary>
            <pre>{auditJson()}</pre>
          </details>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Robustness table (scrolls sideways)">
            <table className="results-table robust-table" data-testid="robust-table">
              <thead>
                <tr>
                  <th scope="col">model</th>
                  {cols.map(([h]) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map(({ key, row }) => (
                  <tr key={key} data-testid="robust-row">
                    <th scope="row">
                      <ModelBadge letter={modelOfKey(useApp.getState(), key).letter} /> {row.model} <span className="catalog-id">{row.runtime}</span>
                      {row.partial && <span className="partial-flag"> partial</span>}
                    </th>
                    {cols.map(([h, of]) => {
                      const c = of(row);
                      const st = c ? cellCi(ciByModel?.[key], config, h) : null;
                      return (
                        <td key={h} className={c ? undefined : 'na'} title={c ? countOf(c.n, 'question') : 'not run'}>
                          <span data-testid="robust-cell-value">{show(c)}</span>
                          {h === 'original F1' && originalCellCi(ciByModel?.[key]) && (
                            <span className="ci-note" data-testid="robust-original-ci">
                              <br />
                              <Term k="CI">CI</Term> {ciText(originalCellCi(ciByModel?.[key]) as ShareStats)}
                            </span>
                          )}
                          {h.includes('DPR') && dprCellCi(ciByModel?.[key]) && (
                            <span className="ci-note" data-testid="robust-dpr-ci">
                              <br />
                              <Term k="CI">CI</Term> {ciText(dprCellCi(ciByModel?.[key]) as ShareStats)}
                            </span>
                          )}
                          {st && <CellCi st={st} dpr={h.includes('DPR')} />}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <CiStatus status={job.ci?.status} error={job.ci?.error} testid="robust" />
          {ciByModel && <RobustCiLegend ci={Object.values(ciByModel)[0]} />}
          <Chart title="F1 by experiment, grouped by model" testid="robust-chart" height={260}>
            <BarChart data={chartData} margin={{ top: 8, right: 8, bottom: 20, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="model" label={{ value: 'model', position: 'insideBottom', offset: -12 }} tick={{ fontSize: 11 }} />
              <YAxis domain={[0, 100]} label={{ value: 'F1 (0–100)', angle: -90, position: 'insideLeft' }} />
              <Tooltip formatter={smallTip()} />
              <Legend verticalAlign="top" itemSorter={inBarOrder(BARS.map((b) => b.key))} />
              {BARS.map((b) => (
                <Bar key={b.key} dataKey={b.key} name={b.label} fill={b.color} isAnimationActive={false} />
              ))}
            </BarChart>
          </Chart>
        </RunResult>
      )}
    </section>
  );
}
