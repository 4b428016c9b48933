/**
 * The agreement tests' comparison of one figure across surfaces (issue 38 §7): a figure (n, F1
 * before and after, the drop = original − perturbed, its CI and p) read from the app's table and
 * its exports, the shown command's output, the audit unit and the audit summary, and the check
 * that they are equal.
 */
import Papa from 'papaparse';
import { expect } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { enginePredictor } from '../../src/core/entity/index.ts';
import type { QaEngine } from '../../src/core/index.ts';
import { runExperiment, type ExperimentOutcome, type UnitExperiment } from '../../src/cli/audit/experiments.ts';
import { buildSummary } from '../../src/cli/audit/summary.ts';
import { UNIT_FORMAT, type UnitFile } from '../../src/core/audit/format.ts';
import { resultExport } from '../../src/core/experiments/command.ts';
import { kindOf } from '../../src/core/experiments/registry.ts';
import { dropOf } from '../../src/core/metrics/drop.ts';
import { tableToCsv, type CellValue } from '../../src/core/results/table.ts';
import type { CiOptions, PairedStats } from '../../src/core/stats/index.ts';
import { appRecord } from './reproduce.ts';

/** The app's CI setting and the audit config's "ci" with the same B and seed. */
export const CI: CiOptions = { bootstrap: 200, seed: 5 };
export const AUDIT_CI = { bootstrap: CI.bootstrap, seed: CI.seed, passages: false };

/** One figure as a surface shows it: F1 (0–100) before and after, the drop, its CI and p. */
export interface Figure {
  n: number;
  before: number;
  after: number;
  drop: number;
  lo: number;
  hi: number;
  p: number;
}

/** A cell as a number (a CSV string parsed, empty or missing: NaN). */
export const num = (x: unknown): number => (typeof x === 'number' ? x : typeof x === 'string' && x !== '' ? Number(x) : NaN);

/** A figure from n, the two F1s and the drop's statistics (its value from the one core function). */
export const figure = (n: unknown, before: unknown, after: unknown, d: { lo: unknown; hi: unknown; p: unknown }): Figure => ({ n: num(n), before: num(before), after: num(after), drop: dropOf(num(before), num(after)), lo: num(d.lo), hi: num(d.hi), p: num(d.p) });

/** A figure from paired statistics (the app's ExperimentCi row, a --json "ci", an audit headline's ci). */
export const fromStats = (n: unknown, before: unknown, after: unknown, st: PairedStats | null | undefined): Figure => figure(n, before, after, { lo: st?.drop.f1.lo, hi: st?.drop.f1.hi, p: st?.drop.f1.p });

/** Every surface's figure equals the app's to the 4 decimals the tables keep; the drop's sign is the same. */
export function expectSame(figs: Record<string, Figure>): void {
  const [first, ...rest] = Object.entries(figs) as [string, Figure][];
  const [, app] = first as [string, Figure];
  expect(app.n).toBeGreaterThan(0);
  expect(app.lo).toBeLessThanOrEqual(app.drop + 1e-9);
  expect(app.hi).toBeGreaterThanOrEqual(app.drop - 1e-9);
  for (const [surface, f] of rest) {
    expect(f.n, `${surface}: n`).toBe(app.n);
    for (const k of ['before', 'after', 'drop', 'lo', 'hi'] as const) expect(f[k], `${surface}: ${k}`).toBeCloseTo(app[k], 3);
    expect(Math.sign(f.drop), `${surface}: sign of the drop`).toBe(Math.sign(app.drop));
    // p: tables keep 4 decimals, the summary 4 significant digits.
    expect(Math.abs(f.p - app.p), `${surface}: p ${f.p} vs ${app.p}`).toBeLessThan(1e-3);
  }
}

/**
 * The app's result table of a run on `instances` (the kind's own table function on the saved
 * payload, as the card, run history and exports build it) as records: from its JSON export and
 * from its CSV export (parsed back), which must agree.
 */
export function exportedRows(instances: readonly Instance[], kind: string, payload: unknown, settings: Record<string, unknown>, n: number): Record<string, CellValue>[] {
  const run = appRecord(instances, settings, n);
  const table = kindOf(kind)?.table?.(payload, run);
  if (!table) throw new Error(`${kind}: no table`);
  const json = resultExport(kind, run, table, false).rows as Record<string, CellValue>[];
  const csv = Papa.parse<Record<string, string>>(tableToCsv(table), { header: true, skipEmptyLines: true }).data;
  expect(csv.length).toBe(json.length);
  // Every number of the CSV is the JSON's number (null: an empty cell).
  csv.forEach((r, i) => {
    for (const [k, v] of Object.entries(json[i] ?? {})) if (typeof v === 'number') expect(Number(r[k]), `${kind} CSV ${k}`).toBe(v);
  });
  return json;
}

/** The audit summary's overview row of a unit's headline row `label`, as a record. */
export function summaryRow(exp: UnitExperiment, seed: number | null, o: ExperimentOutcome, label: string): Record<string, CellValue> {
  const spec = { dataset: { name: 'demo', limit: null, lang: null }, model: { name: 'qarx-lexical-qa', dtype: 'fp32' }, experiment: exp as UnitExperiment & Record<string, unknown>, seed, ci: AUDIT_CI };
  const unit: UnitFile = { format: UNIT_FORMAT, version: 1, id: 'u', label: 'u', spec, status: 'ok', error: null, kind: o.kind, run: null, table: o.table, payload: null, headline: o.headline, notes: o.notes, runtime: { device: 'cpu', threads: 1 }, started: '', seconds: 0 };
  const ov = buildSummary({ format: 'qarx-audit-plan', name: 'agree', units: [{ id: 'u', label: 'u', spec }] }, [unit], '').models[0]?.overview;
  const row = ov?.rows.find((r) => r[ov.columns.indexOf('row')] === label);
  expect(row, `summary row ${label}`).toBeDefined();
  return Object.fromEntries((ov?.columns ?? []).map((c, i) => [c, row?.[i] ?? null]));
}

/** Runs an audit unit on `instances` as `qarx audit` does (no-answer decision from the data). */
export async function auditOutcome(instances: Instance[], engine: QaEngine, exp: UnitExperiment, seed: number | null): Promise<ExperimentOutcome> {
  const versionTwo = instances.some((i) => i.isImpossible);
  return runExperiment(exp, seed, instances, enginePredictor(engine, { versionTwo }), versionTwo, () => {}, AUDIT_CI);
}

/** The audit surfaces of a unit: its headline row (`label`, else its only one) and the summary's overview row. */
export async function auditFigures(instances: Instance[], engine: QaEngine, exp: UnitExperiment, seed: number | null, want?: string): Promise<Record<string, Figure>> {
  const o = await auditOutcome(instances, engine, exp, seed);
  if (want === undefined) expect(o.headline).toHaveLength(1);
  const label = want ?? o.headline[0]?.label ?? '';
  const h = o.headline.find((x) => x.label === label);
  expect(h, `audit headline ${label}`).toBeDefined();
  const s = summaryRow(exp, seed, o, label);
  expect(num(s.drop_f1)).toBeCloseTo(dropOf(num(s.before_f1), num(s.after_f1)), 3);
  return {
    'audit unit': fromStats(h?.n, h?.beforeF1, h?.afterF1, h?.ci),
    'audit summary': figure(s.n, s.before_f1, s.after_f1, { lo: s.drop_f1_lo, hi: s.drop_f1_hi, p: s.p_f1 }),
  };
}

/** A measure-per-row table's figure (pairs tables): n, F1 before/after and the CI rows in `column`. */
export function measureFigure(rows: Record<string, CellValue>[], column: string, n: string, before: string, after: string): Figure {
  const v = (m: string) => rows.find((r) => r.measure === m)?.[column];
  return figure(v(n), v(before), v(after), { lo: v('drop_f1_lo'), hi: v('drop_f1_hi'), p: v('p_f1') });
}

/** The --json of compare (traps, synthetic noise, revision pairs): n, both sides' F1 and the paired ci. */
export const compareFigure = (cli: Record<string, unknown>): Figure => {
  const c = cli as { n: number; original: { f1: number }; perturbed: { f1: number }; ci?: PairedStats };
  return fromStats(c.n, c.original.f1, c.perturbed.f1, c.ci);
};
