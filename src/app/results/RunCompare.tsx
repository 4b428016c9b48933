/**
 * Two saved runs of one kind side by side (issue 39.5): per figure each run's estimate with its own
 * 95% CI and, for a drop, its own p (and Holm p), and B − A of the estimates only (compareRuns).
 */
import { compareRuns, type ComparedFigure, type RunFigure } from '../../core/results/compare-runs.ts';
import { columnTitle, formatCell, rowLabel, worseWhen } from '../../core/results/column-titles.ts';
import { describeRun } from '../../core/results/run-record.ts';
import { kindLabel } from '../../core/experiments/registry.ts';
import { ciText, pText } from '../../core/stats/format.ts';
import type { SavedRunInfo } from '../../worker/data-protocol.ts';
import { Term } from '../teach/Term.tsx';

/** B − A's colour: worse (a larger drop, a lower score) as a drop, better as a gain, none where the figure has no direction (a count, a p). */
export function diffClass(f: Pick<ComparedFigure, 'diff' | 'row' | 'column' | 'byRow'>): string {
  const worse = worseWhen(f.byRow ? f.row : f.column);
  if (f.diff === null || f.diff === 0 || worse === null) return 'num';
  return (f.diff > 0) === (worse === 'up') ? 'num drop' : 'num gain';
}

/** A figure's name for people: a drop names its sign, e.g. 'drop_f1' → 'drop F1 (orig. − pert.)'; other rows as their tables label them. */
const nameOf = (key: string) => (/(^|_)drop_(em|f1)$/.test(key) ? columnTitle(key) : rowLabel(key));

/** A run's CI as "[lo, hi]", '–' without one. */
const ciCell = (f: RunFigure) => (f.lo !== null && f.hi !== null ? ciText({ value: Number.NaN, lo: f.lo, hi: f.hi }) : '–');

/** A run's p with its Holm-adjusted p beside it, labelled, e.g. "0.0066 (Holm 0.020)"; '–' without a test. */
const pCell = (f: RunFigure) => (f.p === null ? '–' : `${pText(f.p)}${f.pHolm === null ? '' : ` (Holm ${pText(f.pHolm)})`}`);

/** The row and figure cells of a compared figure: in a measure table the figure is the row, and the column names the set (or is the one value column). */
function labels(f: ComparedFigure): [string, string] {
  if (!f.byRow) return [rowLabel(f.row), columnTitle(f.column)];
  return [f.column === 'value' ? '' : columnTitle(f.column), nameOf(f.row)];
}

/** Which statistic columns the table shows: none that neither run has. */
interface Shown {
  ci: boolean;
  p: boolean;
}

/** One run's cells: estimate, then its CI and p when the table shows them. */
function RunCells({ f, fig, side, shown }: { f: RunFigure; fig: ComparedFigure; side: 'a' | 'b'; shown: Shown }) {
  return (
    <>
      <td className="num" data-testid={`compare-value-${side}`}>
        {formatCell(f.value, fig.column, fig.row)}
      </td>
      {shown.ci && (
        <td className="num ci-cell" data-testid={`compare-ci-${side}`}>
          {ciCell(f)}
        </td>
      )}
      {shown.p && (
        <td className="num" data-testid={`compare-p-${side}`}>
          {pCell(f)}
        </td>
      )}
    </>
  );
}

/** Two runs' figures side by side (same kind only). */
export function RunCompare({ a, b }: { a: SavedRunInfo; b: SavedRunInfo }) {
  if (a.kind !== b.kind) return <p className="note" data-testid="side-by-side-kinds">Pick two runs of the same kind to put them side by side ({kindLabel(a.kind)} and {kindLabel(b.kind)} were picked).</p>;
  const figures = compareRuns(a.table, b.table);
  const shown: Shown = { ci: figures.some((f) => f.a.lo !== null || f.b.lo !== null), p: figures.some((f) => f.a.p !== null || f.b.p !== null) };
  const head = (run: 'A' | 'B') => (
    <>
      <th scope="col">{run}</th>
      {shown.ci && (
        <th scope="col">
          {run} <Term k="CI">95% CI</Term>
        </th>
      )}
      {shown.p && (
        <th scope="col">
          {run} <Term k="p-value">p</Term> (Holm)
        </th>
      )}
    </>
  );
  return (
    <div className="run-compare" data-testid="side-by-side">
      <h4>Side by side: {kindLabel(a.kind)}</h4>
      <p className="run-record">
        <strong>A</strong> {describeRun(a.run)}
        {a.partial ? ' (partial)' : ''}
      </p>
      <p className="run-record">
        <strong>B</strong> {describeRun(b.run)}
        {b.partial ? ' (partial)' : ''}
      </p>
      <p className="hint" data-testid="side-by-side-note">
        Each run keeps its own 95% CI and p (a drop&apos;s Holm-adjusted p beside it when its run adjusted one). B − A is the difference of the two estimates only: a difference of bounds is no CI of the difference, and the two runs are not tested against each other.
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`${a.table.title}: A vs B`}>
        <table className="results-table" data-testid="side-by-side-table">
          <caption className="visually-hidden">{a.table.title}: A vs B, each run&apos;s estimate, 95% CI and p, and B − A of the estimates</caption>
          <thead>
            <tr>
              <th scope="col">row</th>
              <th scope="col">figure</th>
              {head('A')}
              {head('B')}
              <th scope="col">
                <Term k="B − A (estimates)">B − A (estimates)</Term>
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.map((f, i) => {
              const [row, figure] = labels(f);
              return (
                <tr key={i} data-testid="side-by-side-row">
                  <td>{row}</td>
                  <td>{figure}</td>
                  <RunCells f={f.a} fig={f} side="a" shown={shown} />
                  <RunCells f={f.b} fig={f} side="b" shown={shown} />
                  <td className={diffClass(f)} data-testid="compare-diff">
                    {formatCell(f.diff, f.column, f.row)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
