/**
 * Which cells of a result table are statistics (a CI bound, a p-value, mdd, a verdict) and which are
 * figures, and where a figure's own CI and test sit: the naming rule of ci-tables.ts read back, so two
 * runs can be compared on their figures alone (compare-runs.ts).
 */
import { ciColumns } from './ci-tables.ts';
import { POOLED_ROWS } from '../sensitivity/kinds.ts';

const SIDE = '\u0000';

/** The statistic names of one comparison that name no side, e.g. 'drop_f1_lo', 'p_f1', 'p_f1_holm', 'mdd_f1' (read from ciColumns, so a column added there counts too). */
const SIDE_FREE = ciColumns('', SIDE, SIDE).filter((c) => !c.includes(SIDE));

/** Whether a column or measure name is a statistic rather than a figure, e.g. isStatistic('model_p_f1_holm') === true, isStatistic('drop_f1') === false. */
export function isStatistic(name: string): boolean {
  return /_(lo|hi)$/.test(name) || SIDE_FREE.some((s) => name === s || name.endsWith(`_${s}`));
}

/** The drop a p-value tests, e.g. testedDrop('model_p_f1') === 'model_drop_f1'; null for any other name (a Holm p, a figure). */
export function testedDrop(name: string): string | null {
  const m = /^(|.*_)p_(em|f1)$/.exec(name);
  return m ? `${m[1] as string}drop_${m[2] as string}` : null;
}

/** The p-value columns of a drop figure, e.g. dropTests('model_drop_f1') → { p: 'model_p_f1', holm: 'model_p_f1_holm' }; null when the name is no drop. */
export function dropTests(name: string): { p: string; holm: string } | null {
  const m = /^(|.*_)drop_(em|f1)$/.exec(name);
  if (!m) return null;
  const p = `${m[1] as string}p_${m[2] as string}`;
  return { p, holm: `${p}_holm` };
}

/**
 * The names whose `_lo`/`_hi` may hold a figure's CI, most direct first: the figure's own name, then
 * the names the result cards pair it with (a sweep's mean over seeds, a measure row's side, a budget
 * case, a robustness cell), e.g. ciBases('f1_changed') → ['f1_changed', 'changed_f1', 'perturbed_f1'].
 */
export function ciBases(name: string): string[] {
  const n = (name.endsWith(POOLED_ROWS) ? name.slice(0, -POOLED_ROWS.length) : name).replace(/%/g, 'pct').replace(/\W+/g, '_').replace(/^_|_$/g, '');
  const out = [n, n.replace(/_mean$/, '')];
  // A measure row "f1_original" / "f1_changed": the comparison's rows name the sides original / perturbed.
  const row = /^(em|f1)_([a-z]+)$/.exec(n);
  if (row) out.push(`${row[2] as string}_${row[1] as string}`, ...(row[2] === 'original' ? [] : [`perturbed_${row[1] as string}`]));
  // A budget side's figure on a case row (model_f1 on "worst"): the case's CI (ci-tables.ts withBudgetCi).
  const side = /^(model|resemble)_(em|f1)$/.exec(n);
  if (side) out.push(`${side[1] as string}_case_${side[2] as string}`);
  // A robustness cell "PER DBName F1": the perturbed side of its comparison (robustness/ci.ts prefixOf).
  const cell = /^(.+)_F1$/.exec(n);
  if (cell) out.push(`${cell[1] as string}_perturbed_f1`);
  return [...new Set(out)];
}
