/**
 * One experiment run on several models, as one table: a row per key (e.g. type × source × origin)
 * and each headline column once per model, so the models line up side by side (the papers' layout).
 */
import type { CellValue, ResultTable } from './table.ts';

/** One model's result table, with what names the model (letter A = primary, B, C … as in the live view). */
export interface ModelTable {
  letter: string;
  model: string;
  /** Device and precision, e.g. 'wasm · fp32'. */
  runtime: string;
  table: ResultTable;
  partial: boolean;
}

/** `cols` of the tables in first-seen order, each kept once (key or headline columns; same kind, maybe other settings). */
function union(tables: readonly ResultTable[], of: (t: ResultTable) => readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tables) for (const c of of(t)) if (!out.includes(c) && t.columns.includes(c)) out.push(c);
  return out;
}

/** A column of a model, e.g. column('B', 'drop_f1', false) === 'B drop_f1'; a cancelled run's say so. */
export const modelColumn = (letter: string, col: string, partial: boolean): string => `${letter} ${col}${partial ? ' (partial)' : ''}`;

/**
 * The tables of one experiment on several models joined on their key columns: one row per key (in
 * first-seen order), then for each headline column one column per model; a key a model lacks is null.
 * e.g. sweeps of A and B over PER/db → columns ['type', 'source', 'A orig_f1', 'B orig_f1', 'A drop_f1', 'B drop_f1'].
 */
export function tableByModel(title: string, tables: readonly ModelTable[]): ResultTable {
  const keys = union(tables.map((m) => m.table), (t) => t.key);
  const heads = union(tables.map((m) => m.table), (t) => t.headline).filter((c) => !keys.includes(c));
  const rows = new Map<string, CellValue[]>();
  tables.forEach((m, mi) => {
    const at = (c: string) => m.table.columns.indexOf(c);
    for (const r of m.table.rows) {
      const k = keys.map((c) => (at(c) < 0 ? null : (r[at(c)] ?? null)));
      const id = JSON.stringify(k);
      const row = rows.get(id) ?? [...k, ...heads.flatMap(() => tables.map(() => null))];
      heads.forEach((h, hi) => {
        if (at(h) >= 0) row[keys.length + hi * tables.length + mi] = r[at(h)] ?? null;
      });
      rows.set(id, row);
    }
  });
  const headline = heads.flatMap((h) => tables.map((m) => modelColumn(m.letter, h, m.partial)));
  return { title, columns: [...keys, ...headline], rows: [...rows.values()], key: keys, headline };
}
