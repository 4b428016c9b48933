/**
 * IndexedDB persistence (Dexie) for imported datasets, used from the data worker. A dataset's
 * record is written before any of its rows (state 'importing'), and every chunk of rows is saved
 * in one transaction with the record's count, so no row is ever stored without a record that
 * says how many there are. Start-up recovery finishes or removes imports whose tab died, and
 * removes rows that older versions of the app left without a record.
 */
import Dexie, { type Table } from 'dexie';
import type { AnswerEntityType, Instance } from '../core/data/types.ts';
import type { DatasetInfo, SavedRunInfo, StorageRow } from './data-protocol.ts';
import { countOf, isAre } from '../core/text/plural.ts';
import type { TagStoreData } from '../core/entity/tag-store.ts';
import { datasetBytes, storedBytes, toStored, type StoredPassage, type StoredRow } from './passages.ts';

export { approxBytes, datasetBytes, readDataset, readQuestions, withPassages, type StoredRow } from './passages.ts';

export class QarxDb extends Dexie {
  datasets!: Table<DatasetInfo, string>;
  /** Questions; since v7 each names its passage in `passages` instead of carrying it (passages.ts). */
  instances!: Table<StoredRow, [string, string]>;
  /** Each dataset's distinct passages, once each (v7). */
  passages!: Table<StoredPassage, [string, string]>;
  /** Edit intentions the user tagged, per question (also for the built-in demo set). */
  intents!: Table<{ dataset: string; id: string; intent: string }, [string, string]>;
  /** Answer entity types the user corrected, per question (also for the built-in demo set). */
  corrections!: Table<{ dataset: string; id: string; answerType: AnswerEntityType }, [string, string]>;
  /** The run history: each finished or cancelled experiment run's record and headline table … */
  runs!: Table<SavedRunInfo, string>;
  /** … and its full result, kept apart so listing the history reads no results. */
  runData!: Table<{ id: string; payload: unknown }, string>;
  /** A dataset's entity tags (passages' entities, answers' types), computed at import so sweeps tag nothing. */
  tags!: Table<{ dataset: string; data: TagStoreData }, string>;
  constructor(name = 'qarx') {
    // No liveQuery cache: its optimistic updates show writes before they commit, and a commit that
    // fails (a full quota) would briefly list a dataset that never existed.
    super(name, { cache: 'disabled' });
    this.version(1).stores({ datasets: 'id, createdAt', instances: '[dataset+id], dataset' });
    this.version(2).stores({ datasets: 'id, createdAt', instances: '[dataset+id], dataset', intents: '[dataset+id]' });
    // v3: datasets carry a state; every record written before it was complete when written.
    this.version(3)
      .stores({ datasets: 'id, createdAt, state', instances: '[dataset+id], dataset', intents: '[dataset+id]' })
      .upgrade((tx) =>
        tx
          .table('datasets')
          .toCollection()
          .modify((d: Partial<DatasetInfo>) => {
            d.state ??= 'complete';
          }),
      );
    // v4: the run history (new tables only; what v3 stored is untouched).
    this.version(4).stores({ datasets: 'id, createdAt, state', instances: '[dataset+id], dataset', intents: '[dataset+id]', runs: 'id, createdAt, kind', runData: 'id' });
    // v5: the user's corrections of answer entity types (a new table only).
    this.version(5).stores({ datasets: 'id, createdAt, state', instances: '[dataset+id], dataset', intents: '[dataset+id]', runs: 'id, createdAt, kind', runData: 'id', corrections: '[dataset+id]' });
    // v6: each dataset's entity tags from its import (a new table only; older datasets are tagged when swept).
    this.version(6).stores({ datasets: 'id, createdAt, state', instances: '[dataset+id], dataset', intents: '[dataset+id]', runs: 'id, createdAt, kind', runData: 'id', corrections: '[dataset+id]', tags: 'dataset' });
    // v7: each distinct passage stored once (a new table only). Rows written before it keep their
    // `context` and are read as they are, so no upgrade rewrites a large database.
    this.version(7).stores({ datasets: 'id, createdAt, state', instances: '[dataset+id], dataset', intents: '[dataset+id]', runs: 'id, createdAt, kind', runData: 'id', corrections: '[dataset+id]', tags: 'dataset', passages: '[dataset+key], dataset' });
  }
}

/** A record as this code reads it: records without a state (schema v2 and older) are complete. */
export function normalizeRecord(d: DatasetInfo): DatasetInfo {
  return { ...d, state: d.state ?? 'complete', partial: d.partial ?? false };
}

/** True for the browser's "storage full" errors, however Dexie wraps them. */
export function isQuotaError(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const name = (e as { name?: string }).name ?? '';
    if (name === 'QuotaExceededError' || /quota/i.test(String((e as { message?: string }).message ?? ''))) return true;
    e = (e as { inner?: unknown }).inner;
  }
  return false;
}

/** The Web Lock an import holds while it saves: released by the browser when its tab or worker dies. */
export const importLockName = (dataset: string) => `qarx-import:${dataset}`;

/** Whether an import still saving belongs to a live tab: its lock is held (without Web Locks: it saved in the last two minutes). */
export async function importAlive(d: DatasetInfo): Promise<boolean> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  if (!locks) return Date.now() - (d.updatedAt ?? d.createdAt) < 120_000;
  const s = await locks.query();
  return [...(s.held ?? []), ...(s.pending ?? [])].some((l) => l.name === importLockName(d.id));
}

/** `name`, or the first of `name (2)`, `name (3)` … that `taken` does not hold, e.g. freeName('a.json', new Set(['a.json'])) → 'a.json (2)'. */
export function freeName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let k = 2; ; k++) if (!taken.has(`${name} (${k})`)) return `${name} (${k})`;
}

/**
 * Writes a new dataset's record (state 'importing', no rows yet) under a name no other dataset has,
 * suffixed if needed ("dev.json (2)"); fails if the id exists. Names are read and the record added
 * in one read-write transaction, which IndexedDB runs alone even across tabs, so two tabs importing
 * the same file name get two names. Returns the name used.
 */
export async function beginImport(db: QarxDb, info: DatasetInfo): Promise<string> {
  return db.transaction('rw', db.datasets, async () => {
    const taken = new Set<string>();
    await db.datasets.each((d) => void taken.add(d.name));
    const name = freeName(info.name, taken);
    await db.datasets.add({ ...info, name, state: 'importing', count: 0, bytes: 0, updatedAt: Date.now() });
    return name;
  });
}

/** Thrown inside a chunk's transaction when the dataset's record is gone, so the chunk is rolled back. */
class RecordGone extends Error {}

/**
 * Stores a dataset's instances in chunks; each chunk and the record's new count commit together.
 * A full quota or a cancellation stops it between chunks and says how many were stored, so the
 * record always matches its rows. `gone`: the record vanished (deleted elsewhere): nothing more is kept.
 */
export async function storeInstances(
  db: QarxDb,
  dataset: string,
  instances: readonly Instance[],
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
  chunk = 2000,
): Promise<{ stored: number; bytes: number; quotaFull: boolean; cancelled: boolean; gone: boolean }> {
  let stored = 0;
  let bytes = 0;
  const stop = (why: 'quotaFull' | 'cancelled' | 'gone') => ({ stored, bytes, quotaFull: why === 'quotaFull', cancelled: why === 'cancelled', gone: why === 'gone' });
  // Each distinct passage is hashed once and written with the first chunk that names it.
  const keys = new Map<string, string>();
  const saved = new Set<string>();
  for (let i = 0; i < instances.length; i += chunk) {
    if (signal?.aborted) return stop('cancelled');
    const part = instances.slice(i, i + chunk);
    const { rows, passages } = await toStored(part, keys, saved);
    const partBytes = storedBytes(rows, passages);
    try {
      await db.transaction('rw', [db.instances, db.passages, db.datasets], async () => {
        const n = await db.datasets.update(dataset, { count: stored + part.length, bytes: bytes + partBytes, updatedAt: Date.now() });
        if (n === 0) throw new RecordGone();
        if (passages.length) await db.passages.bulkPut(passages);
        await db.instances.bulkPut(rows);
      });
    } catch (err) {
      if (err instanceof RecordGone) return stop('gone');
      if (isQuotaError(err)) return stop('quotaFull');
      throw err;
    }
    for (const p of passages) saved.add(p.key);
    stored += part.length;
    bytes += partBytes;
    onProgress(stored, instances.length);
  }
  return { stored, bytes, quotaFull: false, cancelled: false, gone: false };
}

/** Marks an import complete (listed from now on); false if its record is gone. */
export async function finishImport(db: QarxDb, dataset: string, patch: Pick<DatasetInfo, 'partial' | 'note'>): Promise<boolean> {
  return (await db.datasets.update(dataset, { ...patch, state: 'complete', updatedAt: Date.now() })) > 0;
}

/** Deletes a dataset's record, rows, passages and intent tags in one transaction; `existed` is false if nothing was there. */
export async function removeDataset(db: QarxDb, dataset: string): Promise<{ existed: boolean; rows: number }> {
  // Unlisted first (every tab's list drops it at once): removing 100,000 rows takes a while. With
  // storage full even this small write can fail; the delete below frees space all the same.
  await db.datasets.update(dataset, { state: 'deleting', updatedAt: Date.now() }).catch(() => 0);
  return db.transaction('rw', [db.datasets, db.instances, db.passages, db.intents, db.tags], async () => {
    const record = await db.datasets.get(dataset);
    const rows = await db.instances.where('dataset').equals(dataset).delete();
    await db.passages.where('dataset').equals(dataset).delete();
    await db.intents.where('[dataset+id]').between([dataset, Dexie.minKey], [dataset, Dexie.maxKey]).delete();
    await db.tags.delete(dataset);
    await db.datasets.delete(dataset);
    return { existed: record !== undefined || rows > 0, rows };
  });
}

/** What start-up recovery did, for a message. */
export interface RecoveryReport {
  /** Imports cut short while saving (tab reloaded or closed), kept as partial datasets. */
  finished: { name: string; count: number; total: number }[];
  /** Imports cut short and removed: before any row was saved, or with storage too full to keep them. */
  dropped: { name: string; count: number; full: boolean }[];
  /** Rows that no record listed (left by older versions), removed. */
  orphanRows: number;
}

/** How one dead import was settled. */
export type Settled = { kind: 'finished'; name: string; count: number; total: number } | { kind: 'dropped'; name: string; count: number; full: boolean };

/**
 * Settles one import whose tab died: with rows it becomes a complete dataset marked partial; without
 * rows, or when storage is too full to mark it (then no write succeeds), it is removed. Re-checked in
 * the transaction, so two tabs recovering at once do it once.
 */
export async function settleImport(db: QarxDb, dataset: string, why = 'the tab was reloaded or closed'): Promise<Settled | null> {
  try {
    return await db.transaction('rw', [db.datasets, db.instances, db.passages], async () => {
      const rec = await db.datasets.get(dataset);
      if (!rec || normalizeRecord(rec).state !== 'importing') return null;
      const count = await db.instances.where('dataset').equals(dataset).count();
      if (count === 0) {
        await db.passages.where('dataset').equals(dataset).delete();
        await db.datasets.delete(dataset);
        return { kind: 'dropped' as const, name: rec.name, count: 0, full: false };
      }
      const total = Math.max(rec.total ?? count, count);
      const note = `Import interrupted while saving (${why}): ${count.toLocaleString('en')} of ${countOf(total, 'question')} ${count === 1 ? 'was' : 'were'} saved.`;
      await db.datasets.update(dataset, { state: 'complete', count, total, partial: true, note, updatedAt: Date.now() });
      return { kind: 'finished' as const, name: rec.name, count, total };
    });
  } catch (err) {
    if (!isQuotaError(err)) throw err;
    const rec = await db.datasets.get(dataset);
    const { rows } = await removeDataset(db, dataset); // deletes need no quota
    return { kind: 'dropped', name: rec?.name ?? dataset, count: rows, full: true };
  }
}

/**
 * Finishes or removes imports whose tab is gone (`isAlive` false) and deletes rows no record lists.
 * Records and row keys are read in one transaction: a record always commits before its rows.
 */
export async function recoverStorage(db: QarxDb, isAlive: (d: DatasetInfo) => Promise<boolean>): Promise<RecoveryReport> {
  const [records, keys, passageKeys] = await db.transaction('r', [db.datasets, db.instances, db.passages], async () => [await db.datasets.toArray(), await db.instances.orderBy('dataset').uniqueKeys(), await db.passages.orderBy('dataset').uniqueKeys()] as const);
  const report: RecoveryReport = { finished: [], dropped: [], orphanRows: 0 };
  for (const rec of records.map(normalizeRecord)) {
    // A delete the tab did not finish is finished now (its record was already unlisted).
    if (rec.state === 'deleting') {
      await removeDataset(db, rec.id);
      continue;
    }
    if (rec.state !== 'importing' || (await isAlive(rec))) continue;
    const r = await settleImport(db, rec.id);
    if (r?.kind === 'finished') report.finished.push({ name: r.name, count: r.count, total: r.total });
    if (r?.kind === 'dropped') report.dropped.push({ name: r.name, count: r.count, full: r.full });
  }
  const known = new Set(records.map((r) => r.id));
  for (const key of keys) {
    if (typeof key !== 'string' || known.has(key)) continue;
    report.orphanRows += await db.transaction('rw', db.datasets, db.instances, async () => ((await db.datasets.get(key)) ? 0 : db.instances.where('dataset').equals(key).delete()));
  }
  // Passages no record lists (their rows went above, or a removal was cut short) go too.
  for (const key of passageKeys) {
    if (typeof key !== 'string' || known.has(key)) continue;
    await db.transaction('rw', db.datasets, db.passages, async () => ((await db.datasets.get(key)) ? 0 : db.passages.where('dataset').equals(key).delete()));
  }
  return report;
}

/** One sentence per thing recovery did, or null when it did nothing. */
export function describeRecovery(r: RecoveryReport): string | null {
  const parts = [
    ...r.finished.map((f) => `The import of "${f.name}" was interrupted while saving; its ${f.count.toLocaleString('en')} of ${countOf(f.total, 'question')} ${isAre(f.count)} kept as a partial dataset.`),
    ...r.dropped.map((d) =>
      d.full
        ? `The import of "${d.name}" was interrupted while saving and the browser's storage is full, so its ${d.count.toLocaleString('en')} saved questions were removed.`
        : `The import of "${d.name}" was interrupted before any question was saved; its entry was removed.`,
    ),
    ...(r.orphanRows > 0 ? [`Removed ${r.orphanRows.toLocaleString('en')} saved questions that no dataset listed (left by an interrupted import), freeing their space.`] : []),
  ];
  return parts.length ? `Storage check: ${parts.join(' ')}` : null;
}

/**
 * The Storage panel's rows: every record (listed or still importing) with its size, and rows no
 * record lists. `knownBytes` supplies sizes of old records that never stored one.
 */
export async function storageRows(db: QarxDb, knownBytes: (id: string) => number | undefined): Promise<StorageRow[]> {
  const [records, keys] = await db.transaction('r', db.datasets, db.instances, async () => [await db.datasets.toArray(), await db.instances.orderBy('dataset').uniqueKeys()] as const);
  const rows: StorageRow[] = records
    .map(normalizeRecord)
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((d) => ({ id: d.id, name: d.name, kind: d.state === 'complete' ? 'dataset' : d.state, count: d.count, bytes: d.bytes ?? knownBytes(d.id) ?? 0 }));
  const known = new Set(records.map((r) => r.id));
  for (const key of keys) {
    if (typeof key !== 'string' || known.has(key)) continue;
    const count = await db.instances.where('dataset').equals(key).count();
    rows.push({ id: key, name: 'Questions no dataset lists', kind: 'unlisted', count, bytes: await datasetBytes(db, key) });
  }
  return rows;
}
