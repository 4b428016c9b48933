/**
 * Passages stored once (schema v7). A dataset's questions on one passage share one row of the
 * `passages` table, keyed by dataset and the passage's SHA-256, and each question row names it in
 * `passage` instead of carrying its own copy: 2,000 questions on a 1 MB passage were 2 GB of rows
 * and ran out of memory (issue 40.2). Rows written before v7 still carry `context` and are read as
 * they are. A revision pair's edited passage is stored the same way (its `revision.passage`): the
 * questions of one edited paragraph share it too; so is an adversarial variant's original passage
 * (its `adversarial.originalPassage`, the original question's own passage row). Every reader of
 * stored rows goes through `withPassages`, which puts the passages back.
 */
import type { Table } from 'dexie';
import type { AdversarialLink, Instance, RevisionPair } from '../core/data/types.ts';
import { sha256Hex } from '../core/data/content-hash.ts';

/** A revision pair as stored: its edited passage named by `passage`, or carried in `context` (rows written before issue 40.2). */
export type StoredRevision = RevisionPair | (Omit<RevisionPair, 'context'> & { passage: string });

/** An adversarial link as stored: its original passage named by `originalPassage`, or carried in `originalContext` (null, or rows written before). */
export type StoredAdversarial = AdversarialLink | (Omit<AdversarialLink, 'originalContext'> & { originalPassage: string });

/** A question as stored: since v7 without its passage, which `passage` names; before v7 with its `context`. */
export type StoredRow = Instance | (Omit<Instance, 'context' | 'revision' | 'adversarial'> & { passage: string; revision?: StoredRevision; adversarial?: StoredAdversarial });

/** One distinct passage of a dataset. */
export interface StoredPassage {
  dataset: string;
  key: string;
  context: string;
}

/** The two tables a question is stored in (QarxDb has both). */
export interface PassageTables {
  instances: Table<StoredRow, [string, string]>;
  passages: Table<StoredPassage, [string, string]>;
}

/** A passage's key: the first 24 hex digits of the SHA-256 of its text, e.g. '9f86d081884c7d659a2feaa0'. */
export async function passageKey(context: string): Promise<string> {
  return (await sha256Hex(context)).slice(0, 24);
}

/**
 * Splits instances into rows without their passage and the passages not yet in `saved` (key per
 * passage text, filled here). Each distinct passage is hashed once: `keys` remembers them across
 * calls. Async (Web Crypto), so call it outside any Dexie transaction.
 */
export async function toStored(instances: readonly Instance[], keys: Map<string, string>, saved: ReadonlySet<string>): Promise<{ rows: StoredRow[]; passages: StoredPassage[] }> {
  const rows: StoredRow[] = [];
  const passages = new Map<string, StoredPassage>();
  /** The key of a passage of `dataset`, listed for saving the first time it is met. */
  const keyOf = async (dataset: string, context: string): Promise<string> => {
    let key = keys.get(context);
    if (key === undefined) keys.set(context, (key = await passageKey(context)));
    if (!saved.has(key) && !passages.has(key)) passages.set(key, { dataset, key, context });
    return key;
  };
  for (const { context, revision, adversarial, ...rest } of instances) {
    const row: StoredRow = { ...rest, passage: await keyOf(rest.dataset, context) };
    if (revision) {
      const { context: edited, ...pair } = revision;
      row.revision = { ...pair, passage: await keyOf(rest.dataset, edited) };
    }
    if (adversarial) {
      const { originalContext, ...link } = adversarial;
      row.adversarial = originalContext === null ? adversarial : { ...link, originalPassage: await keyOf(rest.dataset, originalContext) };
    }
    rows.push(row);
  }
  return { rows, passages: [...passages.values()] };
}

/** About how many bytes a stored row or passage takes in IndexedDB: its JSON length (an estimate, not a measure). */
export function approxBytes(x: StoredRow | StoredPassage): number {
  return JSON.stringify(x).length;
}

/** About how many bytes rows and passages take: each passage counted once, whatever number of rows name it. */
export function storedBytes(rows: readonly StoredRow[], passages: readonly StoredPassage[]): number {
  let n = 0;
  for (const x of rows) n += approxBytes(x);
  for (const p of passages) n += approxBytes(p);
  return n;
}

/** Whether a row carries its own passage (written before v7). */
const carriesPassage = (x: StoredRow): x is Instance => 'context' in x;
/** The keys of a row's stored passage, its revision's edited passage and its adversarial original's passage, where they are stored apart. */
const refsOf = (x: StoredRow): string[] => [
  ...(carriesPassage(x) ? [] : [x.passage]),
  ...(x.revision && 'passage' in x.revision ? [x.revision.passage] : []),
  ...(x.adversarial && 'originalPassage' in x.adversarial ? [x.adversarial.originalPassage] : []),
];

/**
 * The instances of stored rows, each with its passage put back (one shared string per passage) —
 * what every reader of stored rows calls. Old rows are returned as they are; a row whose passage is
 * missing reads as undefined, like a missing row (rows and their passage are written and deleted together).
 */
export async function withPassages(t: PassageTables, rows: readonly (StoredRow | undefined)[]): Promise<(Instance | undefined)[]> {
  const wanted = new Map<string, [string, string]>();
  for (const x of rows) for (const key of x ? refsOf(x) : []) wanted.set(`${x?.dataset}\u0000${key}`, [x?.dataset ?? '', key]);
  const found = wanted.size ? await t.passages.bulkGet([...wanted.values()]) : [];
  const text = new Map<string, string>();
  for (const p of found) if (p) text.set(`${p.dataset}\u0000${p.key}`, p.context);
  return rows.map((x) => (x ? restored(x, (key) => text.get(`${x.dataset}\u0000${key}`)) : undefined));
}

/** A stored part (revision, adversarial link) with the passage its `ref` names put back as `field`; null when that passage is missing; as it is when it carries its text. */
function withText<T>(part: object | undefined, ref: string, field: string, text: (key: string) => string | undefined): T | undefined | null {
  if (!part || !(ref in part)) return part as T | undefined;
  const { [ref]: key, ...rest } = part as Record<string, unknown>;
  const found = text(key as string);
  return found === undefined ? null : ({ ...rest, [field]: found } as T);
}

/** A stored row with its passages put back by `text` (undefined when one is missing). */
function restored(x: StoredRow, text: (key: string) => string | undefined): Instance | undefined {
  const { revision, adversarial, ...row } = x;
  const pair = withText<RevisionPair>(revision, 'passage', 'context', text);
  const link = withText<AdversarialLink>(adversarial, 'originalPassage', 'originalContext', text);
  if (pair === null || link === null) return undefined;
  const linked = { ...(pair ? { revision: pair } : {}), ...(link ? { adversarial: link } : {}) };
  if ('context' in row) return { ...row, ...linked };
  const { passage: key, ...rest } = row;
  const context = text(key);
  return context === undefined ? undefined : { ...rest, context, ...linked };
}

/** Every question of a dataset, passages put back. */
export async function readDataset(t: PassageTables, dataset: string): Promise<Instance[]> {
  return (await withPassages(t, await t.instances.where('dataset').equals(dataset).toArray())).filter((x) => x !== undefined);
}

/** The questions with these [dataset, id] keys, in order (undefined where there is none), passages put back. */
export async function readQuestions(t: PassageTables, keys: readonly [string, string][]): Promise<(Instance | undefined)[]> {
  return keys.length ? withPassages(t, await t.instances.bulkGet(keys as [string, string][])) : [];
}

/** A dataset's stored size: its rows as stored plus each of its passages once (read whole: a cursor step per row is far slower). */
export async function datasetBytes(t: PassageTables, dataset: string): Promise<number> {
  return storedBytes(await t.instances.where('dataset').equals(dataset).toArray(), await t.passages.where('dataset').equals(dataset).toArray());
}
