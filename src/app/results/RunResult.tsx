/**
 * What every experiment result carries: CSV and JSON of its table, the `qarx` command that
 * reproduces it, and SVG/PNG of each chart inside (Chart reads the context). New cards adopt it by
 * wrapping their result: <RunResult kind="…" run={record} table={table} partial={cancelled}>…charts…</RunResult>.
 */
import { createContext, useContext, useState } from 'react';
import { IDS_FILE, type RunRecord } from '../../core/results/run-record.ts';
import { exportName, tableToCsv, type ResultTable } from '../../core/results/table.ts';
import { resultExport, runCommand } from '../../core/experiments/command.ts';
import { chartSvg, svgToPng } from '../charts/chart-export.ts';
import { downloadBlob, downloadText } from '../shell/download.ts';
import { useApp } from '../store/index.ts';

/** The run kinds whose perturbed questions the Validate view can sample (src/app/validate/batch-sources.ts). */
const VALIDATABLE = ['natural', 'synthetic', 'traps', 'paraphrase'];

/** The run whose charts are shown, for their file names. */
const RunContext = createContext<{ kind: string; date: string } | null>(null);

/** Charts inside export as SVG/PNG named after `kind` and `date`, without a run's other exports (an audit summary's charts). */
export function ChartFiles({ kind, date, children }: { kind: string; date: string; children: React.ReactNode }) {
  return <RunContext.Provider value={{ kind, date }}>{children}</RunContext.Provider>;
}

/** A result with its exports; `testid` prefixes the buttons' test ids. */
export function RunResult({ kind, run, table, partial, testid, label, children }: { kind: string; run: RunRecord; table: ResultTable; partial: boolean; testid: string; label?: string; children?: React.ReactNode }) {
  return (
    <RunContext.Provider value={{ kind, date: run.date }}>
      <ResultActions kind={kind} run={run} table={table} partial={partial} testid={testid} label={label} />
      {children}
    </RunContext.Provider>
  );
}

/**
 * CSV / JSON buttons and the reproducing command of one table; `part` names the files (a second table of a run, say);
 * `label` names the run when two runs' buttons sit above one table.
 */
export function ResultActions({ kind, run, table, partial, testid, part = 'table', label }: { kind: string; run: RunRecord; table: ResultTable; partial: boolean; testid: string; part?: string; label?: string }) {
  const cmd = runCommand(kind, run, table, partial);
  return (
    <div className="result-actions" data-testid={`${testid}-actions`} role={label ? 'group' : undefined} aria-label={label}>
      {label && <strong className="result-actions-label">{label}:</strong>}
      {partial && (
        <span className="partial-flag" data-testid={`${testid}-partial`}>
          partial: the run stopped before the end
        </span>
      )}
      <button type="button" className="small" data-testid={`${testid}-csv`} onClick={() => downloadText(exportName(kind, run.date, part, 'csv'), tableToCsv(table), 'text/csv')}>
        Table as CSV
      </button>
      <button type="button" className="small" data-testid={`${testid}-json`} onClick={() => downloadText(exportName(kind, run.date, part, 'json'), JSON.stringify(resultExport(kind, run, table, partial), null, 1))}>
        Table as JSON (with settings and qarx command)
      </button>
      {run.ids && (
        <button type="button" className="small" data-testid={`${testid}-ids`} onClick={() => downloadText(IDS_FILE, `${(run.ids ?? []).join('\n')}\n`, 'text/plain')}>
          Question ids ({IDS_FILE}, for qarx --ids)
        </button>
      )}
      {VALIDATABLE.includes(kind) && (
        <button type="button" className="small" data-testid={`${testid}-validate`} onClick={() => useApp.getState().validateRun(kind)}>
          Validate its cases…
        </button>
      )}
      <details className="qarx-command">
        <summary>Reproduce with qarx</summary>
        {cmd.command ? <code data-testid={`${testid}-qarx`}>{cmd.command}</code> : null}
        <p className="hint" data-testid={`${testid}-qarx-note`}>
          {cmd.note}
        </p>
        {run.scope && (
          <p className="hint" data-testid={`${testid}-scope-record`}>
            Ran on {run.scope}
          </p>
        )}
      </details>
    </div>
  );
}

/** SVG and PNG buttons of a chart, when it sits inside a RunResult. */
export function ChartExports({ title, figure }: { title: string; figure: () => Element | null }) {
  const ctx = useContext(RunContext);
  const [error, setError] = useState<string | null>(null);
  if (!ctx) return null;
  const part = `chart-${title.slice(0, 40)}`;
  const svg = () => {
    const f = figure();
    if (!f) throw new Error('The chart is not on the page.');
    return chartSvg(f, title);
  };
  const run = (what: 'svg' | 'png') => {
    setError(null);
    try {
      const text = svg();
      if (what === 'svg') downloadText(exportName(ctx.kind, ctx.date, part, 'svg'), text, 'image/svg+xml');
      else void svgToPng(text, 2).then((b) => downloadBlob(exportName(ctx.kind, ctx.date, part, 'png'), b), (e: unknown) => setError(String(e)));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <span className="chart-exports">
      <button type="button" className="small" aria-label={`${title}: download as SVG`} onClick={() => run('svg')}>
        SVG
      </button>
      <button type="button" className="small" aria-label={`${title}: download as PNG`} onClick={() => run('png')}>
        PNG
      </button>
      {error && <span className="error">{error}</span>}
    </span>
  );
}
