/**
 * --ids FILE and --pool FILE: the app's scope on the command line. --ids keeps the questions the
 * file lists, in its order (one id per line, or a JSON array); the InDistName pool is built from
 * the whole data file first, as the app builds it from every question of the dataset, unless
 * --pool gives the pool the app used (a JSON object of name lists per span kind).
 */
import type { Instance } from '../core/data/types.ts';
import { InputError } from '../core/formats/json.ts';
// Type only: commands without a pool must not load the name lists (cli-compiled checks each command's imports).
import type { NamePool } from '../core/entity/rename.ts';
import { readText } from './io.ts';

/** The options both add to a command's parseArgs options. */
export const SCOPE_OPTIONS = { ids: { type: 'string' }, pool: { type: 'string' } } as const;

/** The ids an --ids file lists, e.g. "a\nb\n" → ['a', 'b']; a JSON array of strings is read too. */
export function parseIds(text: string, file: string): string[] {
  const t = text.trim();
  if (t.startsWith('[')) {
    let v: unknown;
    try {
      v = JSON.parse(t);
    } catch (e) {
      throw new InputError(`${file}: not a JSON array of ids (${e instanceof Error ? e.message : String(e)}).`);
    }
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new InputError(`${file}: a JSON list of ids must hold strings only.`);
    return v as string[];
  }
  return t.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
}

/** The questions --ids keeps, in the file's order; an id the data lacks is an error naming it. */
export function selectIds(instances: readonly Instance[], ids: readonly string[], file: string): Instance[] {
  const byId = new Map(instances.map((i) => [i.id, i]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw new InputError(`${file}: ${missing.length} id${missing.length === 1 ? '' : 's'} not in the data (first: "${missing[0]}").`);
  return ids.map((id) => byId.get(id) as Instance);
}

/** The questions of `ids` that `instances` hold, in the ids' order, e.g. for pairs a perturbation thinned. */
export function keepIds<T extends { id: string }>(instances: readonly T[], ids: readonly string[]): T[] {
  const byId = new Map(instances.map((i) => [i.id, i]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A pool file's name lists, checked: every value a list of strings. */
export function parsePool(text: string, file: string): NamePool {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new InputError(`${file}: not JSON (${e instanceof Error ? e.message : String(e)}).`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new InputError(`${file}: a pool is a JSON object of name lists, e.g. {"PER": ["Ada Lovelace"]}.`);
  for (const [k, names] of Object.entries(v)) {
    if (!Array.isArray(names) || names.some((x) => typeof x !== 'string')) throw new InputError(`${file}: "${k}" must be a list of names.`);
  }
  return v as NamePool;
}

/**
 * The questions a run takes and its pool: all of the file without --ids (pool: the command's own
 * default), else the listed ones with the pool of the whole file built by `buildPool` (or --pool's);
 * commands that rename nothing give no builder and get no pool.
 */
export function applyScope(all: Instance[], values: { ids?: string; pool?: string }, buildPool?: (all: Instance[]) => NamePool): { instances: Instance[]; pool: NamePool | undefined } {
  const pool = values.pool !== undefined ? parsePool(readText(values.pool), values.pool) : values.ids !== undefined && buildPool ? buildPool(all) : undefined;
  const instances = values.ids !== undefined ? selectIds(all, parseIds(readText(values.ids), values.ids), values.ids) : all;
  return { instances, pool };
}
