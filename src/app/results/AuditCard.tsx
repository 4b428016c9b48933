/**
 * Audit results from `qarx audit` / `qarx merge`: pick summary.json, bundle.zip or unit files; the
 * summary's tables per model (and F1 before/after each perturbation as a chart) show here, and
 * every unit joins the run history, where it opens with its own tables and charts.
 */
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { overviewLabels, type SummaryModel, type SummaryTable } from '../../core/audit/format.ts';
import { useApp } from '../store/index.ts';
import { Chart } from '../charts/Chart.tsx';
import { TableView } from './RunHistory.tsx';
import { ChartFiles } from './RunResult.tsx';
import { countOf } from '../../core/text/plural.ts';
import { inBarOrder } from '../charts/nothing-to-draw.ts';
import { smallTip } from '../charts/SmallMark.tsx';
import { runTime } from '../../core/results/run-record.ts';

// The HTML report's before/after colours (its category colours are the app's, core/natural/category-colors.ts).
const COLORS = { before: '#5b6b8c', after: '#e08a2c' };

/** A summary table as the history's TableView reads it. */
const asTable = (t: SummaryTable) => ({ title: t.title, columns: t.columns, rows: t.rows, key: [], headline: [] });

/** F1 before and after each perturbation of one model, one bar pair per overview row. */
function BeforeAfter({ m }: { m: SummaryModel }) {
  const c = (name: string) => m.overview.columns.indexOf(name);
  const labels = overviewLabels(m.overview);
  const data = m.overview.rows.map((r, i) => ({
    row: labels[i] ?? '',
    before: typeof r[c('before_f1')] === 'number' ? +(r[c('before_f1')] as number).toFixed(1) : null,
    after: typeof r[c('after_f1')] === 'number' ? +(r[c('after_f1')] as number).toFixed(1) : null,
  }));
  if (!data.length) return null;
  return (
    <Chart title={`F1 before and after each perturbation: ${m.name}`} testid="audit-chart" height={Math.max(180, 70 + data.length * 40)}>
      <BarChart layout="vertical" data={data} margin={{ left: 8, right: 16, bottom: 20 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit="%" label={{ value: 'F1 (%)', position: 'insideBottom', offset: -12, fontSize: 11 }} />
        <YAxis type="category" dataKey="row" width={170} interval={0} tick={{ fontSize: 10 }} />
        <Tooltip formatter={smallTip()} />
        <Legend verticalAlign="top" height={26} wrapperStyle={{ fontSize: 12 }} itemSorter={inBarOrder(['before', 'after'])} />
        <Bar dataKey="before" name="before" fill={COLORS.before} isAnimationActive={false} />
        <Bar dataKey="after" name="after the perturbation" fill={COLORS.after} isAnimationActive={false} />
      </BarChart>
    </Chart>
  );
}

export function AuditCard() {
  const audit = useApp((s) => s.audit);
  const busy = useApp((s) => s.auditBusy);
  const { openAuditFiles, closeAudit } = useApp.getState();
  const s = audit?.summary ?? null;
  return (
    <section className="card" data-testid="audit-card" aria-labelledby="audit-title">
      <h3 id="audit-title">Audit results</h3>
      <p className="hint">
        Open what <code>qarx audit</code> or <code>qarx merge</code> wrote (see <code>docs/audit.md</code>): <code>summary.json</code>, <code>bundle.zip</code> or unit files. The tables per model show here, and every unit joins the run history below.
      </p>
      <label className="file-btn file-pick">
        Open audit results…
        <input type="file" multiple accept=".json,.zip,application/json,application/zip" data-testid="audit-file-input" onChange={(e) => void openAuditFiles([...(e.target.files ?? [])]).then(() => (e.target.value = ''))} />
      </label>
      {busy && <p className="hint">Reading the audit files…</p>}
      {audit && (
        <div data-testid="audit-results">
          <div className="row">
            <p className="run-record" data-testid="audit-record">
              {s ? (
                <>
                  <strong>{s.name}</strong> · {countOf(s.planned, 'unit')} planned · {s.ok} ok · {s.failed.length} failed · {s.missing.length} missing · generated {runTime(s.generated)}
                </>
              ) : (
                <>No summary among the files.</>
              )}{' '}
              · {audit.added} run{audit.added === 1 ? '' : 's'} added to the history{audit.units ? '' : s ? ' (tables only: open bundle.zip for the full results)' : ''}
            </p>
            <button type="button" className="small" onClick={closeAudit}>
              Close
            </button>
          </div>
          {audit.errors.length > 0 && (
            <ul className="error" data-testid="audit-errors">
              {audit.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          )}
          {s && s.failed.length > 0 && (
            <details data-testid="audit-failed">
              <summary>{s.failed.length} failed units</summary>
              <ul>
                {s.failed.map((f) => (
                  <li key={f.id}>
                    {f.label}: <span className="error">{f.error}</span>
                  </li>
                ))}
              </ul>
            </details>
          )}
          {s?.models.map((m) => (
            <div key={m.name} className="audit-model" data-testid="audit-model">
              <h4>
                Model {m.name} <span className="sub">({m.device})</span>
              </h4>
              <ChartFiles kind="audit" date={s.generated}>
                <BeforeAfter m={m} />
              </ChartFiles>
              <TableView table={asTable(m.overview)} testid="audit-overview" />
              {m.tables.map((t) => (
                <details key={t.kind}>
                  <summary>{t.title}</summary>
                  <TableView table={asTable(t)} />
                </details>
              ))}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
