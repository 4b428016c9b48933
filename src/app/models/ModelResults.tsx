/**
 * One experiment's results on several models: a tab per model (letters as in the live view) that
 * shows that model's result in the card, and the models' headline rows side by side.
 */
import { tableByModel } from '../../core/results/per-model.ts';
import { exportName, tableToCsv } from '../../core/results/table.ts';
import { useApp } from '../store/index.ts';
import type { SavedKind } from '../store/run-saving.ts';
import { downloadText } from '../shell/download.ts';
import { ModelBadge } from './ModelsPanel.tsx';
import { countOf } from '../../core/text/plural.ts';
import { columnTitle, formatCell, rowCellLabel } from '../../core/results/column-titles.ts';
import type { CellValue } from '../../core/results/table.ts';

/** A cell as every results table shows it (core formatCell: p-values as pText, counts whole, other figures to one decimal, no value as '–'); name sources, origins and measures by their labels. */
export const modelTableCell = (row: readonly CellValue[], columns: readonly string[], j: number): string => {
  const v = row[j];
  if (typeof v === 'string') return rowCellLabel(row, columns, j);
  // A model's column is its letter and the figure's column, e.g. 'B p_f1 (partial)'.
  const column = (columns[j] ?? '').replace(/^[A-Z] /, '').replace(/ \(partial\)$/, '');
  return formatCell(v, column, row[0]);
};

/** A column header: a model's column starts with its letter badge. */
function Header({ name }: { name: string }) {
  const m = /^([A-Z]) (.*)$/.exec(name);
  return m ? (
    <>
      <ModelBadge letter={m[1] as string} />
      <span className="visually-hidden">model {m[1]} </span>
      {columnTitle(m[2] as string)}
    </>
  ) : (
    <>{columnTitle(name)}</>
  );
}

/** Tabs and a side-by-side table of `kind`'s run on every model; nothing when it ran on one model. */
export function ModelResults({ kind, testid }: { kind: SavedKind; testid: string }) {
  const run = useApp((s) => s.perModel[kind]);
  const show = useApp((s) => s.showModelResult);
  if (!run || run.keys.length < 2) return null;
  const done = run.keys.filter((k) => run.results[k]);
  const table = tableByModel(
    'Results by model',
    done.flatMap((k) => {
      const r = run.results[k];
      const n = run.names[k];
      return r?.table && n ? [{ letter: n.letter, model: n.id, runtime: n.runtime, table: r.table, partial: r.partial }] : [];
    }),
  );
  return (
    <div className="model-results" data-testid={`${testid}-models`}>
      <div role="tablist" aria-label="Result of model" className="model-tabs">
        {run.keys.map((k) => {
          const n = run.names[k];
          const state = run.results[k] ? (run.results[k]?.partial ? 'partial' : 'done') : run.running === k ? 'running' : run.running ? 'queued' : 'not run';
          return (
            <button
              key={k}
              type="button"
              role="tab"
              className="model-tab small"
              aria-selected={run.shown === k}
              disabled={!run.results[k] || run.running !== null}
              onClick={() => show(kind, k)}
              data-testid={`${testid}-model-tab`}
              data-letter={n?.letter}
              data-state={state}
            >
              <ModelBadge letter={n?.letter ?? '?'} /> {n?.label ?? n?.id}{' '}
              <span className="catalog-id">
                {n?.label && n.label !== n.id ? `${n.id} · ` : ''}
                {n?.runtime} · {state}
              </span>
            </button>
          );
        })}
      </div>
      {done.length > 1 && table.rows.length > 0 && (
        <details className="by-model" open data-testid={`${testid}-by-model`}>
          <summary>All models side by side ({countOf(done.length, 'model')}; letters as in the live view)</summary>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Results by model (scrolls sideways)">
            <table className="results-table">
              <thead>
                <tr>
                  {table.columns.map((c) => (
                    <th key={c} scope="col">
                      <Header name={c} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((r, i) => (
                  <tr key={i} data-testid={`${testid}-by-model-row`}>
                    {r.map((_v, j) => (
                      <td key={j}>{modelTableCell(r, table.columns, j)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <button type="button" className="small" data-testid={`${testid}-by-model-csv`} onClick={() => downloadText(exportName(kind, run.results[done[0] as string]?.run.date ?? '', 'by-model', 'csv'), tableToCsv(table), 'text/csv')}>
            Table as CSV
          </button>
        </details>
      )}
    </div>
  );
}
