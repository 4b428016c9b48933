/**
 * IndexedDB persistence (Dexie) for imported datasets, used from the data worker. Instances are
 * stored whole; datasets carry their import summary.
 */
import Dexie, { type Table } from 'dexie';
import type { Instance } from '../core/data/types.ts';
import type { DatasetInfo } from './data-protocol.ts';

export class QarxDb extends Dexie {
  datasets!: Table<DatasetInfo, string>;
  instances!: Table<Instance, [string, string]>;
  /** Edit intentions the user tagged, per question (also for the built-in demo set). */
  intents!: Table<{ dataset: string; id: string; intent: string }, [string, string]>;
  constructor(name = 'qarx') {
    super(name);
    this.version(1).stores({ datasets: 'id, createdAt', instances: '[dataset+id], dataset' });
    this.version(2).stores({ datasets: 'id, createdAt', instances: '[dataset+id], dataset', intents: '[dataset+id]' });
  }
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

/**
 * Stores instances in chunks, reporting progress; on a full quota it stops and says how many were
 * stored, so nothing already saved is lost.
 */
export async function storeInstances(
  db: QarxDb,
  instances: readonly Instance[],
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<{ stored: number; quotaFull: boolean; cancelled: boolean }> {
  const chunk = 2000;
  let stored = 0;
  for (let i = 0; i < instances.length; i += chunk) {
    if (signal?.aborted) return { stored, quotaFull: false, cancelled: true };
    const part = instances.slice(i, i + chunk);
    try {
      await db.instances.bulkPut(part);
    } catch (err) {
      if (isQuotaError(err)) return { stored, quotaFull: true, cancelled: false };
      throw err;
    }
    stored += part.length;
    onProgress(stored, instances.length);
  }
  return { stored, quotaFull: false, cancelled: false };
}
