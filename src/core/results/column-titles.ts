/**
 * Result-table columns for people: the machine names a table keeps for its files (orig_f1,
 * drop_f1 B−A) get the titles and number formats the single-run tables show (orig. F1, drop F1, B − A).
 */
import type { CellValue } from './table.ts';
import { ORIGIN_LABELS, SOURCE_LABELS } from '../entity/options.ts';
import { KIND_LABELS } from '../sensitivity/kinds.ts';
import { VALUE_LABELS, valueLabel } from './value-labels.ts';
import { DROP_SUFFIX, RELATIVE_F1_TITLE } from '../metrics/drop.ts';
import { pText } from '../stats/format.ts';

/** Words of a machine name spelt as the result cards spell them. */
const WORDS: Record<string, string> = { em: 'EM', f1: 'F1', orig: 'orig.', pct: '%', dpr: 'DPR', resemble: 'RESEMBLE', std: '±' };

/** Names that count things (questions, seeds, names): whole numbers, never decimals. */
// The pair categories (C2C … partial) are the questions of each, as a pairs table's measure rows.
const COUNTS = new Set(['n', 'questions', 'seeds', 'planned_seeds', 'changed', 'tried', 'eligible', 'f1_dropped', 'draws', 'worsened', 'improved', 'originals', 'attacked', 'variants', 'rank', 'seed', 'C2C', 'C2W', 'W2C', 'W2W', 'partial']);

/** A side-by-side column's base name and side, e.g. splitSide('drop_f1 B−A') → ['drop_f1', 'B−A']. */
function splitSide(column: string): [string, string | null] {
  const m = /^(.*) (A|B|B−A)$/.exec(column);
  return m ? [m[1] as string, m[2] as string] : [column, null];
}

/**
 * A machine column name as a title, a drop naming its sign (issue 38 §3), e.g. columnTitle('orig_f1') === 'orig. F1',
 * columnTitle('drop_f1 B−A') === 'drop F1 (orig. − pert.), B − A'.
 */
export function columnTitle(column: string): string {
  const [base, side] = splitSide(column);
  const parts = base.split('_');
  const words = parts.map((w) => WORDS[w] ?? w).join(' ') + (parts.includes('drop') ? ` ${DROP_SUFFIX}` : '');
  if (side === null) return words;
  return side === 'B−A' ? `${words}, B − A` : `${words}, ${side}`;
}

/** Row measures whose words alone do not say what they are (the budget's rows, as its card names them). */
const MEASURES: Record<string, string> = {
  random_mean: 'random renaming, mean',
  random_std: 'random renaming, ±',
  worst: 'D_worst',
  best: 'D_best',
  stability_pct: 'stability %',
  relative_f1_change_pct: RELATIVE_F1_TITLE,
  prediction_changed_pct: 'prediction changed %',
};

/** One machine word or measure for people, e.g. humanWord('dpr_pct') === 'DPR %', humanWord('db') === 'DBName', humanWord('dpr_pct reorder') === 'DPR % word reordering'. */
function humanWord(part: string): string {
  const label = MEASURES[part] ?? SOURCE_LABELS[part as keyof typeof SOURCE_LABELS];
  if (label) return label;
  // A DPR row per paraphrase kind, e.g. 'dpr_pct function-word'.
  const kind = /^dpr_pct ([a-z-]+)$/.exec(part)?.[1];
  if (kind && Object.hasOwn(KIND_LABELS, kind)) return `DPR % ${KIND_LABELS[kind as keyof typeof KIND_LABELS]}`;
  // Machine names only: a value such as "Marie Curie" or "PER" is shown as it is.
  if (!/^[a-z0-9]+(_[A-Za-z0-9]+)+( .*)?$|^[a-z]+( .*)?$/.test(part)) return part;
  return part.replace(/^[^ ]+/, (m) => m.split('_').map((w) => WORDS[w] ?? w).join(' '));
}

/**
 * A row key of a side-by-side table for people: each ' · ' part as its table shows it, e.g.
 * rowLabel('PER · db · us') === 'PER · DBName · US', rowLabel('random_mean') === 'random renaming, mean', rowLabel('dpr_pct kind') === 'DPR % kind'.
 */
export function rowLabel(key: string): string {
  const parts = key.split(' · ');
  // A sweep key is type · source · origin; the origin only means something for DBName.
  if (parts.length === 3 && parts[1] && parts[1] in SOURCE_LABELS) {
    const [type, source, origin] = parts as [string, keyof typeof SOURCE_LABELS, string];
    return [type, SOURCE_LABELS[source], source === 'db' ? (ORIGIN_LABELS[origin as keyof typeof ORIGIN_LABELS] ?? origin) : ''].filter(Boolean).join(' · ');
  }
  return parts.map(humanWord).join(' · ');
}

/** A key cell for people: name sources, origins and measures get their labels, e.g. cellLabel('db', 'source') === 'DBName'; other cells as formatCell. */
export function cellLabel(v: CellValue | undefined, column: string, rowLabelValue?: CellValue): string {
  if (typeof v === 'string') {
    if (column in VALUE_LABELS) return valueLabel(column, v);
    if (column === 'measure' || column === 'row') return rowLabel(v);
  }
  return formatCell(v, column, rowLabelValue);
}

/**
 * A key cell of a row for people: as cellLabel, except that a sweep row's origin only means something
 * for DBName and is '–' beside the other sources (as the single-run table shows it), e.g. rowCellLabel(['PER', 'indist', 'us'], ['type', 'source', 'origin'], 2) === '–'.
 */
export function rowCellLabel(row: readonly (CellValue | undefined)[], columns: readonly string[], j: number): string {
  const source = row[columns.indexOf('source')];
  if (columns[j] === 'origin' && typeof source === 'string' && source !== 'db') return '–';
  return cellLabel(row[j], columns[j] ?? '');
}

/** Whether a column (or a row's measure) counts things, e.g. isCount('seeds B') === true. */
export function isCount(name: string): boolean {
  return COUNTS.has(splitSide(name)[0]);
}

/**
 * Which way a figure gets worse, for colouring a change of it: 'up' for a drop (a larger drop is
 * worse), 'down' for an EM or F1 score and the relative F1 change (negative = worse), null where no
 * direction is meant (counts, p-values, spreads, anything else), e.g. worseWhen('drop_f1 B−A') === 'up',
 * worseWhen('pert_f1') === 'down', worseWhen('p_f1') === null.
 */
export function worseWhen(name: string): 'up' | 'down' | null {
  const base = splitSide(name)[0];
  if (isCount(base) || isPValue(base)) return null;
  const parts = base.split('_');
  if (parts.includes('std') || parts.includes('lo') || parts.includes('hi')) return null;
  if (parts.includes('drop')) return 'up';
  if (base === 'relative_f1_change_pct' || parts.includes('em') || parts.includes('f1')) return 'down';
  return null;
}

/** Whether a column (or a row's measure) is a p-value, plain or Holm-adjusted, e.g. isPValue('model_p_f1_holm') === true, isPValue('drop_f1') === false. */
export function isPValue(name: string): boolean {
  return /(^|_)p_(em|f1)(_holm)?$/.test(splitSide(name)[0]);
}

/**
 * A cell as the result cards show it: counts whole, p-values as pText (0.0066 stays 0.0066, never
 * "0.0"), other numbers to one decimal, no value as '–', e.g. formatCell(12.345, 'orig_f1') === '12.3'.
 */
export function formatCell(v: CellValue | undefined, column: string, rowLabel?: CellValue): string {
  if (v === null || v === undefined) return '–';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return v;
  if (!Number.isFinite(v)) return '–';
  if (isPValue(column) || (typeof rowLabel === 'string' && isPValue(rowLabel))) return pText(v);
  const whole = isCount(column) || (typeof rowLabel === 'string' && isCount(rowLabel));
  // toFixed keeps "-0.0" for a tiny negative; a difference of nothing reads 0.
  const s = v.toFixed(whole ? 0 : 1);
  return /^-0(\.0)?$/.test(s) ? s.slice(1) : s;
}
