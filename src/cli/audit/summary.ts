/**
 * The audit summary from a plan and its unit files (of one run, or of many shards): per model an
 * overview of before/after scores and their drop (before − after, positive = worse) and, per experiment kind, the papers' table with the rows of
 * every dataset, variant and seed. The same units give the same summary, whatever the shards.
 */
import { validationText } from '../../core/validation/report.ts';
import { AUDIT_VERSION, SUMMARY_FORMAT, type AuditSummary, type SummaryModel, type SummaryTable, type UnitFile } from '../../core/audit/format.ts';
import type { CellValue, ResultTable } from '../../core/results/table.ts';
import { EXPERIMENT_KINDS } from './config.ts';
import type { PlanFile } from './files.ts';
import { variantLabel } from './plan.ts';
import { DROP_SIGN, dropOf } from '../../core/metrics/drop.ts';
import { dropCiText, NO_VARIATION, significant, withHolm, type PairedStats, type ScoreStats } from '../../core/stats/index.ts';
import { CI_EXTRA, ciCells as tableCiCells } from '../../core/results/ci-tables.ts';
import { formatCell } from '../../core/results/column-titles.ts';

const r4 = (x: number | null): number | null => (x === null || !Number.isFinite(x) ? null : +x.toFixed(4));

/** A unit table's columns with a per-set value column named 'value' (pairs tables name it after the set), so units line up. */
function unitColumns(t: ResultTable): string[] {
  return t.columns.length === 2 && t.columns[0] === 'measure' ? ['measure', 'value'] : t.columns;
}

/** Units in report order: model, dataset, experiment kind (config order), variant, seed. */
function reportOrder(a: UnitFile, b: UnitFile): number {
  const k = (u: UnitFile) => [u.spec.model.name, u.spec.dataset.name, String(EXPERIMENT_KINDS.indexOf(u.spec.experiment.kind as (typeof EXPERIMENT_KINDS)[number])).padStart(2, '0'), u.label, String(u.spec.seed ?? -1).padStart(20, '0'), u.id].join('\u0000');
  const x = k(a);
  const y = k(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The overview of one model's units: one row per headline row; with CIs, their columns and Holm over the model's rows. */
function overview(units: readonly UnitFile[]): SummaryTable {
  const heads = units.flatMap((u) => u.headline.map((h) => ({ u, h })));
  const withCi = heads.some(({ h }) => h.ci !== undefined || h.score !== undefined);
  // Holm over the model's rows (one family), on copies: the unit files keep their own statistics.
  const adjusted = withHolm(heads.map(({ h }) => (h.ci ? (structuredClone(h.ci) as PairedStats) : null)));
  const rows = heads.map(({ u, h }, i): CellValue[] => [
    u.spec.dataset.name, u.kind, variantLabel(u.spec.experiment as never), u.spec.seed, h.label, h.n, r4(h.beforeEm), r4(h.beforeF1), r4(h.afterEm), r4(h.afterF1), h.beforeF1 !== null && h.afterF1 !== null ? r4(dropOf(h.beforeF1, h.afterF1)) : null,
    ...(withCi ? ciCells(adjusted[i] ?? null, h.score ?? null) : []),
  ]);
  return { kind: 'overview', title: 'Before and after each perturbation (EM/F1, 0–100)', columns: ['dataset', 'experiment', 'variant', 'seed', 'row', 'n', 'before_em', 'before_f1', 'after_em', 'after_f1', 'drop_f1', ...(withCi ? CI_COLUMNS : [])], rows };
}

/** The overview's CI columns: 95% bootstrap CIs of the scores, the drop's CI (the inverted test; drop = before − after, positive = worse), p and Holm-adjusted p (over the model's rows), the smallest detectable drop, and ci-tables' extra columns. */
export const CI_COLUMNS = ['before_f1_lo', 'before_f1_hi', 'after_f1_lo', 'after_f1_hi', 'drop_f1_lo', 'drop_f1_hi', 'p_f1', 'p_f1_holm', 'drop_em_lo', 'drop_em_hi', 'p_em', 'p_em_holm', 'mdd_f1', 'f1_significance', ...CI_EXTRA];

/** What the overview's drop and CI columns mean, under it in summary.md and report.html. */
export const ciNote = (t: SummaryTable): string =>
  t.columns.includes('p_f1_holm')
    ? `${DROP_SIGN} (before − after). drop_*_lo/_hi: 95% CI of the drop, ${dropCiText(`the row's questions (or passages, with "passages")`)}; before/after _lo/_hi: 95% percentile bootstrap CI of the score. p_em, p_f1: unadjusted two-sided p of that test (McNemar's exact test for 0/1 EM of single questions), exact when few differences are non-zero, else Monte-Carlo with p_f1_mc_se its error, rounds doubled until it cannot move p across 0.05; _holm: Holm–Bonferroni over every p of this model; not significant = Holm-adjusted F1 p ≥ 0.05, and f1_note says "n.s. after Holm" where the unadjusted p (and so the CI) says otherwise; mdd_f1: smallest F1 drop this n detects at 80% power at α = mdd_f1_alpha (0.05 / the number of tests, the strictest Holm step), empty with "no variation in this sample" in f1_note when every resample gives the same drop. The ± in the sweep table is the spread over perturbation seeds, not a CI.`
    : `drop_f1: ${DROP_SIGN} (before_f1 − after_f1).`;

/** One row's CI cells (ci-tables' columns for the drop, after Holm over the model's rows); a row with no after (the original score) fills only its before columns. */
function ciCells(ci: PairedStats | null, score: ScoreStats | null): CellValue[] {
  if (!ci) return CI_COLUMNS.map((c) => (score && c === 'before_f1_lo' ? r4(score.f1.lo) : score && c === 'before_f1_hi' ? r4(score.f1.hi) : null));
  const p = (x: number | undefined) => (x !== undefined && Number.isFinite(x) ? +x.toPrecision(4) : null);
  const d = ci.drop;
  const extra = tableCiCells(ci).slice(-CI_EXTRA.length);
  return [r4(ci.original.f1.lo), r4(ci.original.f1.hi), r4(ci.perturbed.f1.lo), r4(ci.perturbed.f1.hi), r4(d.f1.lo), r4(d.f1.hi), p(d.f1.p), p(d.f1.pHolm), r4(d.em.lo), r4(d.em.hi), p(d.em.p), p(d.em.pHolm), r4(d.f1.mdd), significant(d.f1) ? 'significant' : 'not significant', ...extra];
}

/** One kind's table: every unit's rows, prefixed by dataset, variant and seed. */
function kindTable(kind: string, units: readonly UnitFile[]): SummaryTable | null {
  const withTables = units.filter((u): u is UnitFile & { table: ResultTable } => u.kind === kind && u.table !== null);
  const first = withTables[0];
  if (!first) return null;
  const cols = unitColumns(first.table);
  const rows = withTables.flatMap((u) => {
    const own = unitColumns(u.table);
    return u.table.rows.map((r) => [u.spec.dataset.name, variantLabel(u.spec.experiment as never), u.spec.seed, ...cols.map((c) => r[own.indexOf(c)] ?? null)]);
  });
  return { kind, title: first.table.title.replace(/^Synthetic noise \(.*\)$/, 'Synthetic noise'), columns: ['dataset', 'variant', 'seed', ...cols], rows };
}

/** One file per unit id from files of several shards: the first ok one, else the first. */
export function pickUnits(files: Iterable<UnitFile>): Map<string, UnitFile> {
  const byId = new Map<string, UnitFile>();
  for (const f of files) {
    const had = byId.get(f.id);
    if (!had || (had.status !== 'ok' && f.status === 'ok')) byId.set(f.id, f);
  }
  return byId;
}

/** Builds the summary of a plan from the unit files found (several files of one unit: see pickUnits). */
export function buildSummary(plan: PlanFile, files: Iterable<UnitFile>, generated: string): AuditSummary {
  const byId = pickUnits(files);
  const planned = new Set(plan.units.map((u) => u.id));
  const units = [...byId.values()].filter((u) => planned.has(u.id)).sort(reportOrder);
  const ok = units.filter((u) => u.status === 'ok');
  const models: SummaryModel[] = [...new Set(plan.units.map((u) => u.spec.model.name))].map((name) => {
    const mine = ok.filter((u) => u.spec.model.name === name);
    const devices = [...new Set(mine.map((u) => u.runtime.device))];
    return { name, device: devices.join(', ') || 'none', overview: overview(mine), tables: EXPERIMENT_KINDS.map((k) => kindTable(k, mine)).filter((t): t is SummaryTable => t !== null) };
  });
  return {
    format: SUMMARY_FORMAT,
    version: AUDIT_VERSION,
    name: plan.name,
    generated,
    planned: plan.units.length,
    ok: ok.length,
    failed: units.filter((u) => u.status === 'failed').map((u) => ({ id: u.id, label: u.label, error: u.error ?? 'unknown error' })),
    missing: plan.units.filter((u) => !byId.has(u.id)).map((u) => ({ id: u.id, label: u.label })),
    units: units.map((u) => ({ id: u.id, label: u.label, kind: u.kind, status: u.status, run: u.run, table: u.table })),
    models,
  };
}

/** A summary table as a ResultTable (for CSV export). */
export const asResultTable = (t: SummaryTable): ResultTable => ({ title: t.title, columns: t.columns, rows: t.rows, key: [], headline: [] });

/**
 * A number of a summary table as summary.md and report.html show it: p-values as pText (0.0066,
 * never "0.01"), an empty mdd as its row's note says ("no variation in this sample"), other
 * numbers as every results table writes them (formatCell: counts whole, other figures to one decimal), e.g. summaryNumber(0.0066, 'p_f1_holm') === '0.0066'.
 */
export function summaryNumber(v: number | null, column: string, row: readonly CellValue[] = [], columns: readonly string[] = []): string {
  if (v === null) {
    const note = row[columns.indexOf(column.replace(/mdd_f1$/, 'f1_note'))];
    return column.endsWith('mdd_f1') && typeof note === 'string' && note.includes(NO_VARIATION) ? NO_VARIATION : '–';
  }
  // The app's Audit card shows the same tables: one format (formatCell) for both.
  return formatCell(v, column, row[0]);
}

/**
 * Text for markdown, e.g. mdCell('a|<b>') === 'a\\|&lt;b&gt;': HTML as entities (renderers pass raw
 * HTML through, and error messages hold file paths, which can hold markup), backslashes, pipes
 * and backticks escaped, line breaks as spaces; numbers as summaryNumber shows them.
 */
const mdCell = (v: CellValue, column = '', row: readonly CellValue[] = [], columns: readonly string[] = []): string =>
  v === null || typeof v === 'number'
    ? summaryNumber(v, column, row, columns)
    : String(v)
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;')
          .replace(/[\\|`]/g, (c) => `\\${c}`)
          .replace(/[\r\n]+/g, ' ');

/** A table as GitHub markdown. */
export function tableMarkdown(t: SummaryTable): string {
  const head = `| ${t.columns.map((c) => mdCell(c)).join(' | ')} |\n| ${t.columns.map(() => '---').join(' | ')} |\n`;
  return head + t.rows.map((r) => `| ${r.map((v, j) => mdCell(v, t.columns[j], r, t.columns)).join(' | ')} |\n`).join('');
}

/** The whole summary as markdown: counts, failures, then each model's tables. */
export function summaryMarkdown(s: AuditSummary): string {
  const parts = [`# Audit: ${mdCell(s.name)}\n\nGenerated ${s.generated}. Units: ${s.planned} planned, ${s.ok} ok, ${s.failed.length} failed, ${s.missing.length} missing.\n`];
  if (s.failed.length) parts.push(`\n## Failed units\n\n${s.failed.map((f) => `- \`${f.id}\` ${mdCell(f.label)}: ${mdCell(f.error)}`).join('\n')}\n`);
  if (s.missing.length) parts.push(`\n## Missing units (not run by any shard given)\n\n${s.missing.map((f) => `- \`${f.id}\` ${mdCell(f.label)}`).join('\n')}\n`);
  for (const m of s.models) {
    const note = ciNote(m.overview);
    parts.push(`\n## Model ${mdCell(m.name)} (${mdCell(m.device)})\n\n### ${mdCell(m.overview.title)}\n\n${tableMarkdown(m.overview)}${note ? `\n${mdCell(note)}\n` : ''}`);
    for (const t of m.tables) parts.push(`\n### ${mdCell(t.title)}\n\n${tableMarkdown(t)}`);
  }
  if (s.validation) parts.push(`\n## Human validation (batch ${mdCell(s.validation.batchId)})\n\n\`\`\`text\n${validationText(s.validation).replaceAll('```', "'''")}\`\`\`\n`);
  return parts.join('');
}
