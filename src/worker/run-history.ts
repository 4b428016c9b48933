/**
 * The run history in IndexedDB: every finished or cancelled experiment run, its record, headline
 * table and full result. Saving never touches the result on screen: a full quota is reported
 * and nothing half-written stays (record and result commit in one transaction).
 */
import type { DataEvent, DataRequest, SavedRunInfo } from './data-protocol.ts';
import { isQuotaError, type QarxDb } from './db.ts';

/** Saves a run's record and result together; the error in words when storage refuses. */
export async function saveRun(db: QarxDb, info: SavedRunInfo, payload: unknown): Promise<string | null> {
  try {
    await db.transaction('rw', db.runs, db.runData, async () => {
      await db.runs.put(info);
      await db.runData.put({ id: info.id, payload });
    });
    return null;
  } catch (err) {
    if (isQuotaError(err)) return "The browser's storage is full, so this run was not added to the history. The result stays on screen: export it, or free space in Storage (Datasets panel) or by deleting old runs.";
    return `This run could not be added to the history (${err instanceof Error ? err.message : String(err)}). The result stays on screen: export it.`;
  }
}

/** Every saved run, newest first (records only, no results). */
export async function listRuns(db: QarxDb): Promise<SavedRunInfo[]> {
  return (await db.runs.orderBy('createdAt').toArray()).reverse();
}

/** One run's full result, or null when it is gone. */
export async function runPayload(db: QarxDb, id: string): Promise<unknown> {
  return (await db.runData.get(id))?.payload ?? null;
}

/** Deletes a run's record and result in one transaction. */
export async function deleteRun(db: QarxDb, id: string): Promise<void> {
  await db.transaction('rw', db.runs, db.runData, async () => {
    await db.runs.delete(id);
    await db.runData.delete(id);
  });
}

/** Answers the data worker's run-history requests. */
export async function handleRunRequest(db: QarxDb, msg: Extract<DataRequest, { type: 'runs' | 'run-save' | 'run-get' | 'run-delete' }>, post: (e: DataEvent) => void): Promise<void> {
  const list = async () => post({ type: 'runs', runs: await listRuns(db) });
  try {
    switch (msg.type) {
      case 'runs':
        return await list();
      case 'run-save': {
        const error = await saveRun(db, msg.info, msg.payload);
        post({ type: 'run-saved', reqId: msg.reqId, id: msg.info.id, error });
        return await list();
      }
      case 'run-get':
        return post({ type: 'run', reqId: msg.reqId, id: msg.id, payload: await runPayload(db, msg.id) });
      case 'run-delete':
        await deleteRun(db, msg.id);
        return await list();
    }
  } catch (err) {
    post({ type: 'error', message: `The run history could not be read from this browser's storage (${err instanceof Error ? err.message : String(err)}).` });
  }
}
