/**
 * Two saved runs of one kind side by side: per row and figure, each run's own estimate, its own 95%
 * CI and, for a drop, its own p (and Holm p), and B − A of the estimates only. A difference of two
 * runs' bounds is no CI of their difference, and a difference of p-values means nothing; a CI of
 * B − A would need both runs' per-question scores resampled together (Berg-Kirkpatrick et al. 2012,
 * §2), which a saved table does not hold, so none is shown.
 */
import { rowKey, type CellValue, type ResultTable } from './table.ts';
import { ciBases, dropTests, isStatistic, testedDrop } from './run-figures.ts';

/** One run's figure: its estimate and the CI and test the run computed for it (null: none). */
export interface RunFigure {
  value: number | null;
  lo: number | null;
  hi: number | null;
  /** A drop's unadjusted p. */
  p: number | null;
  /** A drop's Holm-adjusted p over its run, when the run adjusted it (null when equal to p: nothing adjusted). */
  pHolm: number | null;
}

/** One figure of two runs: `row` and `column` as the tables name them. */
export interface ComparedFigure {
  row: string;
  column: string;
  /** True when the figure is named by its row (a measure table: revision pairs, DPR) and the column names the set; false when named by its column. */
  byRow: boolean;
  a: RunFigure;
  b: RunFigure;
  /** B − A of the estimates (4 decimals); null unless both runs have one. */
  diff: number | null;
}

/** A table read by row key; `measure` when its statistics are rows (drop_f1_lo as a measure) rather than columns. */
interface Side {
  t: ResultTable;
  rows: Map<string, readonly CellValue[]>;
  measure: boolean;
}

const sideOf = (t: ResultTable): Side => {
  const rows = new Map<string, readonly CellValue[]>();
  for (const r of t.rows) if (!rows.has(rowKey(t, r))) rows.set(rowKey(t, r), r);
  return { t, rows, measure: [...rows.keys()].some(isStatistic) };
};

const num = (v: CellValue | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The number in a row and column; null when either is missing or the cell holds no number. */
function at(s: Side, row: string, column: string): number | null {
  const i = s.t.columns.indexOf(column);
  return i < 0 ? null : num(s.rows.get(row)?.[i]);
}

/** Statistic `name` of the figure at (row, column): a column of its row, or in a measure table a row of its column; undefined when the table has no such statistic. */
function stat(s: Side, row: string, column: string, name: string): number | null | undefined {
  if (s.measure) return s.rows.has(name) ? at(s, name, column) : undefined;
  return s.t.columns.includes(name) ? at(s, row, name) : undefined;
}

/** One run's figure at (row, column): estimate, the CI under the first name of ciBases that the table has, and a drop's tests. */
function runFigure(s: Side, row: string, column: string): RunFigure {
  const name = s.measure ? row : column;
  const base = ciBases(name).find((b) => stat(s, row, column, `${b}_lo`) !== undefined && stat(s, row, column, `${b}_hi`) !== undefined);
  const tests = dropTests(name);
  const p = tests ? (stat(s, row, column, tests.p) ?? null) : null;
  const holm = tests ? (stat(s, row, column, tests.holm) ?? null) : null;
  return {
    value: s.rows.has(row) && !isStatistic(name) ? at(s, row, column) : null,
    lo: base === undefined ? null : (stat(s, row, column, `${base}_lo`) ?? null),
    hi: base === undefined ? null : (stat(s, row, column, `${base}_hi`) ?? null),
    p,
    pHolm: holm === p ? null : holm,
  };
}

/** `xs` then the members of `ys` not in it, in order. */
const union = (xs: readonly string[], ys: readonly string[]): string[] => [...new Set([...xs, ...ys])];

/** The drops whose p a list of names holds, e.g. ['orig_f1', 'p_f1', 'p_f1_holm'] → ['drop_f1']. */
const drops = (names: readonly string[]): string[] => [...new Set(names.flatMap((n) => testedDrop(n) ?? []))];

/** The (row, column) of every figure of two tables: row keys in first-seen order, the headline columns both share, and each tested drop. */
function figureCells(a: Side, b: Side): { byRow: boolean; cells: [string, string][] } {
  const heads = a.t.headline.filter((h) => b.t.headline.includes(h) && !isStatistic(h));
  const keys = union([...a.rows.keys()], [...b.rows.keys()]);
  if (a.measure || b.measure) {
    // Statistics are rows: every figure row by every headline column, then each tested drop's row.
    const rows = union(keys.filter((k) => !isStatistic(k)), drops(keys));
    return { byRow: true, cells: rows.flatMap((r) => heads.map((h): [string, string] => [r, h])) };
  }
  const columns = union(heads, drops(union(a.t.columns, b.t.columns)));
  return { byRow: false, cells: keys.flatMap((r) => columns.map((c): [string, string] => [r, c])) };
}

const empty = (f: RunFigure): boolean => Object.values(f).every((v) => v === null);

/**
 * Two tables of one kind figure by figure: each run's estimate with its own CI (and a drop's own p and
 * Holm p) and B − A of the estimates, never of bounds or p-values; a figure neither run has is left out,
 * e.g. drop_f1 10 [4, 16] p 0.0066 vs 12 [5, 19] p 0.001 → diff 2, each run's CI and p as they are.
 */
export function compareRuns(ta: ResultTable, tb: ResultTable): ComparedFigure[] {
  const [a, b] = [sideOf(ta), sideOf(tb)];
  const { byRow, cells } = figureCells(a, b);
  return cells.flatMap(([row, column]) => {
    const [fa, fb] = [runFigure(a, row, column), runFigure(b, row, column)];
    if (empty(fa) && empty(fb)) return [];
    const diff = fa.value !== null && fb.value !== null ? +(fb.value - fa.value).toFixed(4) : null;
    return [{ row, column, byRow, a: fa, b: fb, diff }];
  });
}
