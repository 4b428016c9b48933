/**
 * The files of an audit (`qarx audit`): one JSON file per unit of work (its settings, run record,
 * headline table and the full result in the app's saved-run shape) and a summary (tables per model,
 * failed and missing units). Shared by the CLI that writes them and the app that opens them.
 */
import * as v from 'valibot';
import type { ResultTable } from '../results/table.ts';
import type { RunRecord } from '../results/run-record.ts';
import type { HeadlineRow } from '../experiments/outcome.ts';
import { kindOf } from '../experiments/registry.ts';
import type { UnitInputs } from './inputs.ts';
import type { ValidationSummary } from '../validation/report.ts';

export const UNIT_FORMAT = 'qarx-audit-unit';
export const SUMMARY_FORMAT = 'qarx-audit-summary';
export const AUDIT_VERSION = 1;

/** What a unit is: one dataset, model, experiment variant and seed (null for unseeded experiments). */
export interface UnitSpec {
  /** `ids` (count and SHA-256 of the listed ids) and `pool` (SHA-256 of the name pool) only when the config gives them, so older units keep their ids. */
  dataset: { name: string; limit: number | null; lang: string | null; ids?: { count: number; sha256: string }; pool?: string };
  model: { name: string; dtype: string | null };
  /** The experiment's full settings (defaults filled in), one noise kind for synthetic noise. */
  experiment: { kind: string } & Record<string, unknown>;
  seed: number | null;
  /** The config's uncertainty settings, when it asks for CIs (absent otherwise, so older unit ids stay). */
  ci?: { bootstrap: number; seed: number; passages: boolean };
}

/** One finished unit: a result in the app's saved-run shape, or the error that stopped it. */
export interface UnitFile {
  format: typeof UNIT_FORMAT;
  version: number;
  id: string;
  /** A short human label, e.g. 'demo · qarx-lexical-qa · synthetic keyboard · seed 1'. */
  label: string;
  spec: UnitSpec;
  status: 'ok' | 'failed';
  error: string | null;
  /** The app's run kind (sweep, budget, natural, synthetic, paraphrase, traps, adversarial). */
  kind: string;
  run: RunRecord | null;
  table: ResultTable | null;
  /** The full result as the app saves it (e.g. { rows } for traps); null when failed. */
  payload: unknown;
  /** Headline rows: the score before and after the perturbation. */
  headline: HeadlineRow[];
  /** Counts of questions left out and why, as the experiments report them. */
  notes: string[];
  runtime: { device: string; threads: number | null };
  started: string;
  seconds: number;
  /** The content of the data and model files it was computed from (inputs.ts), checked on resume; absent when failed, and in files of a qarx before them. */
  inputs?: UnitInputs;
}

export type { HeadlineRow } from '../experiments/outcome.ts';

/** A table of the summary: a ResultTable with the rows of every unit of a kind, prefixed by dataset, variant and seed. */
export interface SummaryTable {
  kind: string;
  title: string;
  columns: string[];
  rows: (string | number | boolean | null)[][];
}

export interface SummaryModel {
  name: string;
  device: string;
  /** One row per headline row of every unit: dataset, experiment, variant, seed, n, EM/F1 before and after, drop_f1 = before − after (positive = worse). */
  overview: SummaryTable;
  tables: SummaryTable[];
}

/** The audit's summary: what was planned, what ran, what failed, the tables per model. */
export interface AuditSummary {
  format: typeof SUMMARY_FORMAT;
  version: number;
  name: string;
  generated: string;
  planned: number;
  ok: number;
  failed: { id: string; label: string; error: string }[];
  missing: { id: string; label: string }[];
  units: { id: string; label: string; kind: string; status: 'ok' | 'failed'; run: RunRecord | null; table: ResultTable | null }[];
  models: SummaryModel[];
  /** Human validation of the audit's cases (issue 43), when `--batch` and `--annotations` are given. */
  validation?: ValidationSummary;
}

const RunRecordSchema = v.looseObject({ datasets: v.array(v.string()), n: v.number(), model: v.string(), dtype: v.string(), device: v.string(), settings: v.record(v.string(), v.unknown()), date: v.string() });
const TableSchema = v.looseObject({ title: v.string(), columns: v.array(v.string()), rows: v.array(v.array(v.unknown())), key: v.array(v.string()), headline: v.array(v.string()) });
const UnitSchema = v.looseObject({ format: v.literal(UNIT_FORMAT), id: v.string(), label: v.string(), status: v.picklist(['ok', 'failed']), kind: v.string(), run: v.nullable(RunRecordSchema), table: v.nullable(TableSchema), payload: v.unknown() });
const SummarySchema = v.looseObject({ format: v.literal(SUMMARY_FORMAT), name: v.string(), planned: v.number(), ok: v.number(), units: v.array(v.looseObject({ id: v.string(), label: v.string(), kind: v.string(), status: v.picklist(['ok', 'failed']), run: v.nullable(RunRecordSchema), table: v.nullable(TableSchema) })), models: v.array(v.unknown()) });

/** What a file of an audit is, after checking its shape; `error` names the file and the key. */
export type AuditFile = { type: 'unit'; unit: UnitFile } | { type: 'summary'; summary: AuditSummary } | { type: 'error'; error: string };

/** Reads one parsed JSON value of an audit (a unit file or a summary), e.g. readAuditFile(JSON.parse(text), 'summary.json'). */
export function readAuditFile(raw: unknown, file: string): AuditFile {
  const format = typeof raw === 'object' && raw !== null ? (raw as { format?: unknown }).format : undefined;
  const schema = format === UNIT_FORMAT ? UnitSchema : format === SUMMARY_FORMAT ? SummarySchema : null;
  if (!schema) return { type: 'error', error: `${file}: not a qarx audit file (expected "format": "${SUMMARY_FORMAT}" or "${UNIT_FORMAT}").` };
  const r = v.safeParse(schema, raw);
  if (!r.success) {
    const i = r.issues[0];
    const path = (i.path ?? []).map((p) => (typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`)).join('').replace(/^\./, '');
    return { type: 'error', error: `${file}: ${path || '(top level)'}: ${i.message}` };
  }
  return format === UNIT_FORMAT ? { type: 'unit', unit: raw as UnitFile } : { type: 'summary', summary: raw as AuditSummary };
}

/**
 * A chart label for each overview row: variant and seed, the dataset only when there are several,
 * the row only for kinds with several rows per unit, e.g. 'synthetic keyboard · s1'.
 */
export function overviewLabels(t: SummaryTable): string[] {
  const c = (name: string) => t.columns.indexOf(name);
  const many = new Set(t.rows.map((r) => r[c('dataset')])).size > 1;
  return t.rows.map((r) => {
    const kind = r[c('experiment')];
    const seed = r[c('seed')];
    const parts = [many ? r[c('dataset')] : null, r[c('variant')], seed === null || seed === undefined ? null : `s${String(seed)}`, kindOf(String(kind))?.charts.rowsPerUnit ? r[c('row')] : null];
    return parts.filter((x) => x !== null && x !== undefined && x !== '').join(' · ');
  });
}
