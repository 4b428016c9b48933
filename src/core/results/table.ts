/**
 * Result tables as data: every experiment result becomes a ResultTable, which exports as CSV
 * (RFC 4180, formula-safe) and JSON (with the run record, its settings and the reproducing `qarx`
 * command, src/core/experiments/command.ts); two tables of the same kind compare in compare-runs.ts.
 */
import Papa from 'papaparse';
import { FORMULA_START } from '../formats/pairs-csv.ts';
import type { RunRecord } from './run-record.ts';
import { countOf } from '../text/plural.ts';

export type CellValue = string | number | boolean | null;

/** A titled table; `key` columns identify a row, `headline` columns are compared side by side (compare-runs.ts). */
export interface ResultTable {
  title: string;
  columns: string[];
  rows: CellValue[][];
  key: string[];
  headline: string[];
}

/** A cell fit for a file: NaN and ±Infinity become null (JSON would write null anyway; CSV an empty cell). */
const clean = (v: CellValue): CellValue => (typeof v === 'number' && !Number.isFinite(v) ? null : v);

/** The table as CSV with a header row, e.g. tableToCsv({ columns: ['a'], rows: [['=1+1']] … }) === 'a\n"\'=1+1"'. */
export function tableToCsv(t: ResultTable): string {
  // Numbers are never neutralised (papaparse skips them), so a negative drop stays a number.
  return Papa.unparse({ fields: t.columns, data: t.rows.map((r) => r.map(clean)) }, { newline: '\r\n', escapeFormulae: FORMULA_START });
}

/** The rows as objects keyed by column, e.g. [{ type: 'PER', n: 12 }]. */
export function tableObjects(t: ResultTable): Record<string, CellValue>[] {
  return t.rows.map((r) => Object.fromEntries(t.columns.map((c, i) => [c, clean(r[i] ?? null)])));
}

/** What a JSON export holds: the run, its settings, the command that reproduces it and the rows. */
export interface ResultExport {
  kind: string;
  title: string;
  /** True for a cancelled run: rows short of their plan are marked in the rows themselves. */
  partial: boolean;
  run: RunRecord;
  settings: Record<string, unknown>;
  qarxCommand: string | null;
  qarxNote: string;
  columns: string[];
  rows: Record<string, CellValue>[];
}

/** A file name with kind and date, e.g. exportName('sweep', '2026-11-23T16:10:42.000Z', 'table', 'csv') === 'qarx-sweep-2026-11-23-1610-table.csv'. */
export function exportName(kind: string, date: string, part: string, ext: string): string {
  const d = date.slice(0, 16).replace('T', '-').replace(':', '');
  return `qarx-${kind}-${d}-${part}`.replace(/[^\w.-]+/g, '-') + `.${ext}`;
}

/** A row's identity from its key columns, e.g. 'PER · db · us'. */
export const rowKey = (t: ResultTable, r: CellValue[]) => t.key.map((k) => String(r[t.columns.indexOf(k)] ?? '')).join(' · ');

/**
 * What a cancelled run's table holds, e.g. 'Cancelled run: partial results; the command runs it whole. Finished: PER · db · us (2 of 2 seeds).
 * Cut short: ORG · db · us (1 of 2 seeds). Not started: GPE · db · us.'; `planned` lists the row keys a full run has (a sweep's grid), `label` shows a key as the table does;
 * tables without per-row seeds say only that the table holds what finished.
 */
export function partialNote(t: ResultTable, planned?: readonly string[], label: (key: string) => string = (k) => k): string {
  const head = 'Cancelled run: partial results; the command runs it whole.';
  const [done, seeds, plannedSeeds] = ['complete', 'seeds', 'planned_seeds'].map((c) => t.columns.indexOf(c)) as [number, number, number];
  if (done < 0 || seeds < 0 || plannedSeeds < 0) return `${head} The table holds what finished before the cancel.`;
  const row = (r: CellValue[]) => `${label(rowKey(t, r))} (${String(r[seeds])} of ${countOf(Number(r[plannedSeeds]), 'seed')})`;
  const list = (xs: string[]) => xs.join('; ') || 'none';
  const present = new Set(t.rows.map((r) => rowKey(t, r)));
  const notStarted = planned ? ` Not started: ${list(planned.filter((k) => !present.has(k)).map(label))}.` : ' Rows with no finished seed are not in the table.';
  return `${head} Finished: ${list(t.rows.filter((r) => r[done] === true).map(row))}. Cut short: ${list(t.rows.filter((r) => r[done] !== true).map(row))}.${notStarted}`;
}
