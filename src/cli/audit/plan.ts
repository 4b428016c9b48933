/**
 * The audit's units of work: datasets × models × experiment variants × seeds, each with a stable id
 * (a hash of its settings, so the same unit has the same file on every machine and every restart),
 * and the deterministic split into shards.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { HUB_ID } from '../../core/qa/hub-id.ts';
import type { UnitSpec } from '../../core/audit/format.ts';
import { readText, UsageError } from '../io.ts';
import { InputError } from '../../core/formats/json.ts';
import type { NamePool } from '../../core/entity/rename.ts';
import { parseIds, parsePool } from '../scope-opts.ts';
import { configPath, type AuditConfig, type DatasetConfig, type ExperimentConfig, type ModelConfig } from './config.ts';
import type { UnitExperiment } from './experiments.ts';
import { kindOf } from '../../core/experiments/registry.ts';
import type { AuditUnit } from '../../core/experiments/kind.ts';

/** Where a unit's data and model come from on this machine (not part of its id: mounts differ between machines). */
export interface UnitSources {
  data: { path: string } | { builtin: 'demo' };
  model: { path: string } | { hub: string };
  /** The experiment's NER tagger (--tagger): a model folder on this machine or a Hub id. */
  tagger?: string;
  /** The dataset's `ids` and `pool`, read (their hashes are in the spec). */
  scope?: DatasetScope;
}

/** A dataset's scope as the config gives it: the ids to keep (in order) and the InDistName pool, each null when not given. */
export interface DatasetScope {
  ids: string[] | null;
  pool: NamePool | null;
}

const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Reads a dataset's `ids` (a file or a list) and `pool` file; an error names the field, e.g. 'datasets[0].ids: ids.txt: no such file.'. */
export function datasetScope(d: DatasetConfig, di: number, configFile: string): DatasetScope {
  const field = (key: string, read: () => unknown) => {
    try {
      return read();
    } catch (e) {
      throw new InputError(`${configFile}: datasets[${di}].${key}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const ids = d.ids === undefined ? null : typeof d.ids === 'string' ? (field('ids', () => parseIds(readText(configPath(d.ids as string, configFile, `datasets[${di}].ids`)), d.ids as string)) as string[]) : d.ids;
  if (ids !== null && ids.length === 0) throw new InputError(`${configFile}: datasets[${di}].ids: ${String(d.ids)} lists no ids.`);
  const dup = ids?.find((id, k) => ids.indexOf(id) !== k);
  if (dup !== undefined) throw new InputError(`${configFile}: datasets[${di}].ids: "${dup}" is listed twice.`);
  const pool = d.pool === undefined ? null : (field('pool', () => parsePool(readText(configPath(d.pool as string, configFile, `datasets[${di}].pool`)), d.pool as string)) as NamePool);
  return { ids, pool };
}

/** The spec's record of a scope: the ids' count and hash, the pool's hash (absent when not given). */
function scopeSpec(s: DatasetScope): { ids?: { count: number; sha256: string }; pool?: string } {
  return { ...(s.ids ? { ids: { count: s.ids.length, sha256: sha256(s.ids.join('\n')) } } : {}), ...(s.pool ? { pool: sha256(canonicalJson(s.pool)) } : {}) };
}

export interface PlannedUnit {
  id: string;
  label: string;
  spec: UnitSpec & { experiment: UnitExperiment };
  sources: UnitSources;
}

/** JSON with object keys sorted at every level, so equal settings give equal text, e.g. canonicalJson({ b: 1, a: 2 }) === '{"a":2,"b":1}'. */
export function canonicalJson(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonicalJson).join(',')}]`;
  if (x !== null && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(x);
}

/** A unit's id: the first 16 hex digits of SHA-256 over its canonical settings. */
export function unitId(spec: UnitSpec): string {
  return createHash('sha256').update(canonicalJson(spec)).digest('hex').slice(0, 16);
}

/** A model's name: given, else the Hub id's name or the folder's name. */
export const modelName = (m: ModelConfig): string => m.name ?? (m.hub ? (m.hub.split('/')[1] as string) : basename(m.path ?? 'model'));

/**
 * The variants of one experiment entry, as its kind's audit unit plans them (src/core/experiments):
 * e.g. one per noise kind, and one per seed for the seeded kinds.
 */
function variants(e: ExperimentConfig, seeds: readonly number[]): { experiment: UnitExperiment; seed: number | null }[] {
  return auditOf(e.kind).variants(e, seeds) as { experiment: UnitExperiment; seed: number | null }[];
}

/** A variant's words for labels, e.g. 'synthetic keyboard', 'traps after'. */
export function variantLabel(e: UnitExperiment): string {
  return auditOf(e.kind).label(e);
}

/** The audit unit of a kind (the config's schema admits only kinds that have one). */
function auditOf(kind: string): AuditUnit<unknown, unknown> {
  const a = kindOf(kind)?.audit;
  if (!a) throw new InputError(`experiment kind "${kind}" has no audit unit.`);
  return a;
}

/** An experiment's tagger as this machine finds it: a folder next to the config when there is one, else the Hub id as written. */
function taggerSource(t: string, configFile: string): string {
  const p = configPath(t, configFile, 'experiments[].tagger');
  return existsSync(p) || !HUB_ID.test(t) || /^\.{1,2}\//.test(t) ? p : t;
}

/** Every unit of a config, sorted by id; identical units (a repeated entry) are planned once. */
export function planUnits(config: AuditConfig, configFile: string): PlannedUnit[] {
  const units = new Map<string, PlannedUnit>();
  config.datasets.forEach((d, di) => {
    const scope = datasetScope(d, di, configFile);
    config.models.forEach((m, mi) => {
      const data = d.builtin ? { builtin: d.builtin } : { path: configPath(d.path ?? '', configFile, `datasets[${di}].path`) };
      const model = m.hub ? { hub: m.hub } : { path: configPath(m.path ?? '', configFile, `models[${mi}].path`) };
      for (const e of config.experiments) {
        for (const { experiment, seed } of variants(e, config.seeds)) {
          const spec = { dataset: { name: d.name, limit: d.limit ?? null, lang: d.lang ?? null, ...scopeSpec(scope) }, model: { name: modelName(m), dtype: m.dtype ?? null }, experiment, seed, ...(config.ci ? { ci: config.ci } : {}) };
          const id = unitId(spec);
          const label = `${d.name} · ${spec.model.name} · ${variantLabel(experiment)}${seed === null ? '' : ` · seed ${seed}`}`;
          const tagger = 'tagger' in experiment && experiment.tagger ? taggerSource(experiment.tagger, configFile) : undefined;
          units.set(id, { id, label, spec, sources: { data, model, ...(scope.ids || scope.pool ? { scope } : {}), ...(tagger ? { tagger } : {}) } });
        }
      }
    });
  });
  return [...units.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The first setting two unit specs disagree on, values as canonical JSON ('absent' for a missing
 * key), e.g. specDiff({ a: 1 }, { a: 2 }) → { path: 'a', a: '1', b: '2' }; null when they are the same.
 */
export function specDiff(a: unknown, b: unknown, path = ''): { path: string; a: string; b: string } | null {
  const obj = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === 'object' && !Array.isArray(x);
  if (obj(a) && obj(b)) {
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const d = specDiff(a[k], b[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
    return null;
  }
  if (canonicalJson(a) === canonicalJson(b)) return null;
  const show = (x: unknown) => (x === undefined ? 'absent' : canonicalJson(x));
  return { path: path || '(the whole spec)', a: show(a), b: show(b) };
}

/** Parses --shard i/n (0 ≤ i < n), e.g. parseShard('1/3') → { index: 1, count: 3 }. */
export function parseShard(s: string): { index: number; count: number } {
  const m = /^(\d+)\/(\d+)$/.exec(s.trim());
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!m || count < 1 || index >= count) throw new UsageError(`--shard must be i/n with 0 ≤ i < n (e.g. 0/3, as $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID counts), got "${s}".`);
  return { index, count };
}

/** The units of shard i of n: every n-th unit of the id-sorted plan, starting at i (the shards cover the plan exactly once). */
export function shardUnits<T>(units: readonly T[], shard: { index: number; count: number }): T[] {
  return units.filter((_, k) => k % shard.count === shard.index);
}
