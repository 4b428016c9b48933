/**
 * One experiment run on several models, as one table: each model's rows one after another, with
 * the model's letter, id and runtime in front, so the models line up row by row (the papers' layout).
 */
import type { CellValue, ResultTable } from './result-table.ts';

/** One model's result table, with what names the model (letter A = primary, B, C … as in the live view). */
export interface ModelTable {
  letter: string;
  model: string;
  /** Device and precision, e.g. 'wasm · fp32'. */
  runtime: string;
  table: ResultTable;
  partial: boolean;
}

/** The key and headline columns of the first table, then any a later table adds (same kind, other settings). */
function sharedColumns(tables: readonly ResultTable[]): string[] {
  const out: string[] = [];
  for (const t of tables) for (const c of [...t.key, ...t.headline]) if (!out.includes(c) && t.columns.includes(c)) out.push(c);
  return out;
}

/**
 * The tables of one experiment on several models as one table, model by model; a column a model's
 * table lacks is null there, and a 'partial' column appears when any run was cancelled.
 * e.g. two sweep tables of 2 rows each → 4 rows, ['model', 'letter', 'runtime', 'type', …, 'drop_f1'].
 */
export function tableByModel(title: string, tables: readonly ModelTable[]): ResultTable {
  const cols = sharedColumns(tables.map((m) => m.table));
  const partial = tables.some((m) => m.partial);
  const rows: CellValue[][] = tables.flatMap((m) =>
    m.table.rows.map((r) => [m.letter, m.model, m.runtime, ...cols.map((c) => { const i = m.table.columns.indexOf(c); return i < 0 ? null : (r[i] ?? null); }), ...(partial ? [m.partial] : [])]),
  );
  const keys = new Set(tables.flatMap((m) => m.table.key));
  return {
    title,
    columns: ['letter', 'model', 'runtime', ...cols, ...(partial ? ['partial'] : [])],
    rows,
    key: ['letter', 'model', 'runtime', ...cols.filter((c) => keys.has(c))],
    headline: cols.filter((c) => !keys.has(c)),
  };
}
