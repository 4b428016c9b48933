/**
 * The rows of an audit summary's overview as the model card reads them: each row's scores, CIs and
 * p-values by column name (read defensively: a column a summary lacks, or an older summary's name,
 * reads as missing instead of failing), the unit it came from and a name for its perturbation.
 */
import type { AuditSummary, SummaryModel } from './format.ts';
import { dropOf } from '../metrics/drop.ts';
import { NO_VARIATION } from '../stats/paired.ts';
import { kindOf } from '../experiments/registry.ts';

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

/** The overview's rows as records keyed by column. */
export const rowsOf = (m: SummaryModel): Row[] => m.overview.rows.map((r) => Object.fromEntries(m.overview.columns.map((c, i) => [c, r[i] ?? null])));

/** The first of `cols` that holds a finite number, else null. */
export function numAt(r: Row, ...cols: string[]): number | null {
  for (const c of cols) {
    const x = r[c];
    if (typeof x === 'number' && Number.isFinite(x)) return x;
  }
  return null;
}

/** A 95% interval, or null when the summary has none for this figure. */
export interface Ci {
  lo: number;
  hi: number;
}

/** The interval in columns `lo`/`hi`, null unless both are numbers. */
export function ciAt(r: Row, lo: string, hi: string): Ci | null {
  const a = numAt(r, lo);
  const b = numAt(r, hi);
  return a === null || b === null ? null : { lo: a, hi: b };
}

/** Everything the card shows of one row: scores (0–100), drops (before − after, positive = worse) and the CIs and p the summary has. */
export interface RowFigures {
  n: number | null;
  before: { em: number | null; f1: number | null; f1Ci: Ci | null };
  after: { em: number | null; f1: number | null; f1Ci: Ci | null } | null;
  drop: { em: number | null; emCi: Ci | null; f1: number | null; f1Ci: Ci | null; pF1: number | null; pF1Holm: number | null; pEm: number | null; pEmHolm: number | null; mdd: number | null; mddAlpha: number | null; mddNote: typeof NO_VARIATION | null; significance: string | null } | null;
}

/** A summary before issue 38 kept change_* = after − before: its interval, flipped to the drop's sign. */
function dropCi(r: Row, what: 'em' | 'f1'): Ci | null {
  const d = ciAt(r, `drop_${what}_lo`, `drop_${what}_hi`);
  if (d) return d;
  const c = ciAt(r, `change_${what}_lo`, `change_${what}_hi`);
  return c && { lo: -c.hi, hi: -c.lo };
}

/** A row's figures; `after` and `drop` are null for an unperturbed row (the original score). */
export function figuresOf(r: Row): RowFigures {
  const before = { em: numAt(r, 'before_em'), f1: numAt(r, 'before_f1'), f1Ci: ciAt(r, 'before_f1_lo', 'before_f1_hi') };
  const afterEm = numAt(r, 'after_em');
  const afterF1 = numAt(r, 'after_f1');
  const n = numAt(r, 'n');
  if (afterEm === null && afterF1 === null) return { n, before, after: null, drop: null };
  const changeF1 = numAt(r, 'change_f1');
  const f1 = numAt(r, 'drop_f1') ?? (changeF1 === null ? (before.f1 !== null && afterF1 !== null ? dropOf(before.f1, afterF1) : null) : -changeF1);
  const em = before.em !== null && afterEm !== null ? dropOf(before.em, afterEm) : null;
  const text = r.f1_significance;
  return {
    n,
    before,
    after: { em: afterEm, f1: afterF1, f1Ci: ciAt(r, 'after_f1_lo', 'after_f1_hi') },
    drop: { em, emCi: dropCi(r, 'em'), f1, f1Ci: dropCi(r, 'f1'), pF1: numAt(r, 'p_f1'), pF1Holm: numAt(r, 'p_f1_holm'), pEm: numAt(r, 'p_em'), pEmHolm: numAt(r, 'p_em_holm'), mdd: numAt(r, 'mdd_f1'), mddAlpha: numAt(r, 'mdd_f1_alpha'), mddNote: typeof r.f1_note === 'string' && r.f1_note.includes(NO_VARIATION) ? NO_VARIATION : null, significance: typeof text === 'string' ? text : null },
  };
}

/** Whether a row is the unperturbed score (the audit's "original" experiment). */
export const isOriginal = (r: Row): boolean => r.experiment === 'original';

/** The perturbation's details of a row, e.g. "sweep PER randstr · PER · randstr · us" or "traps generated after · seed 1". */
export function details(r: Row): string {
  const seed = r.seed === null || r.seed === undefined ? null : `seed ${String(r.seed)}`;
  const row = typeof r.row === 'string' && r.row !== '' && r.row !== r.variant ? r.row : null;
  return [r.variant, seed, row].filter((x) => x !== null && x !== undefined && x !== '').map(String).join(' · ');
}

/** The perturbation in words: the kind's name and the row's details, e.g. "Trap sentences (traps generated after · seed 1 · trap after)". */
export function perturbationName(r: Row): string {
  const kind = typeof r.experiment === 'string' ? (kindOf(r.experiment)?.label ?? r.experiment) : 'perturbation';
  const d = details(r);
  return d ? `${kind} (${d})` : kind;
}

type SummaryUnit = AuditSummary['units'][number];

/** The unit a row came from (its label is "dataset · model · variant[ · seed N]", as the audit plans it), if the summary lists it. */
export function unitOf(s: AuditSummary, model: string, r: Row): SummaryUnit | undefined {
  const label = `${String(r.dataset)} · ${model} · ${String(r.variant)}${r.seed === null || r.seed === undefined ? '' : ` · seed ${String(r.seed)}`}`;
  return s.units.find((u) => u.status === 'ok' && u.label === label && (u.run?.model ?? model) === model);
}

/** A unit's settings without its CI settings (those are said once for the audit). */
export function settingsOf(u: SummaryUnit | undefined): Record<string, unknown> {
  const { ci: _ci, ...rest } = (u?.run?.settings ?? {}) as Record<string, unknown>;
  return rest;
}

/** The audit's CI settings (bootstrap resamples, seed, passages), from the first unit that has them. */
export function ciSettingsOf(s: AuditSummary, model: string): Record<string, unknown> | null {
  const c = s.units.filter((u) => u.status === 'ok' && u.run?.model === model).map((u) => (u.run?.settings as { ci?: unknown } | undefined)?.ci).find((x) => x !== undefined && x !== null && typeof x === 'object');
  return (c as Record<string, unknown> | undefined) ?? null;
}
