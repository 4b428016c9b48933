/** The run history in IndexedDB (fake-indexeddb): save, list newest first, read, delete, a full quota, and the v3 → v4 upgrade keeping datasets. */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { noAnswerReason } from '../../src/core/results/run-record.ts';
import type { SavedRunInfo } from '../../src/worker/data-protocol.ts';
import { QarxDb } from '../../src/worker/db.ts';
import { deleteRun, handleRunRequest, listRuns, runPayload, saveRun } from '../../src/worker/run-history.ts';
import type { DataEvent } from '../../src/worker/data-protocol.ts';

const info = (id: string, createdAt: number, kind = 'sweep'): SavedRunInfo => ({
  id,
  kind,
  title: kind,
  partial: false,
  createdAt,
  bytes: 10,
  table: { title: kind, columns: ['a'], rows: [[1]], key: ['a'], headline: ['a'] },
  run: { datasets: ['d'], n: 1, selected: 1, query: '', filters: {}, model: 'm', dtype: 'fp32', device: 'wasm', versionTwo: false, versionTwoReason: noAnswerReason(false), settings: { seeds: 2 }, date: '2026-11-23T00:00:00.000Z' },
});

describe('run history', () => {
  it('saves record and result together, lists newest first, reads and deletes', async () => {
    const db = new QarxDb(`runs-${Math.random()}`);
    expect(await saveRun(db, info('a', 1), { cells: [1, 2] })).toBeNull();
    expect(await saveRun(db, info('b', 3, 'budget'), { result: { n: 4 } })).toBeNull();
    expect(await saveRun(db, info('c', 2), { cells: [] })).toBeNull();
    expect((await listRuns(db)).map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(await runPayload(db, 'b')).toEqual({ result: { n: 4 } });
    await deleteRun(db, 'b');
    expect((await listRuns(db)).map((r) => r.id)).toEqual(['c', 'a']);
    expect(await runPayload(db, 'b')).toBeNull();
    expect(await db.runData.count()).toBe(2);
  });

  it('a full quota is reported in words and leaves nothing half-saved', async () => {
    const db = new QarxDb(`runs-${Math.random()}`);
    const put = db.runData.put.bind(db.runData);
    db.runData.put = (() => Promise.reject(Object.assign(new Error('quota'), { name: 'QuotaExceededError' }))) as unknown as typeof db.runData.put;
    const err = await saveRun(db, info('a', 1), { big: true });
    expect(err).toMatch(/storage is full.*result stays on screen/);
    db.runData.put = put;
    expect(await listRuns(db)).toEqual([]); // the record's put was rolled back with the failed result
  });

  it('answers the worker requests: save → run-saved and the list; get; delete → the list', async () => {
    const db = new QarxDb(`runs-${Math.random()}`);
    const events: DataEvent[] = [];
    const post = (e: DataEvent) => events.push(e);
    await handleRunRequest(db, { type: 'run-save', reqId: 7, info: info('a', 1), payload: { x: 1 } }, post);
    await handleRunRequest(db, { type: 'run-get', reqId: 8, id: 'a' }, post);
    await handleRunRequest(db, { type: 'run-delete', id: 'a' }, post);
    await handleRunRequest(db, { type: 'run-get', reqId: 9, id: 'a' }, post);
    expect(events.map((e) => e.type)).toEqual(['run-saved', 'runs', 'run', 'runs', 'run']);
    expect(events[0]).toEqual({ type: 'run-saved', reqId: 7, id: 'a', error: null });
    expect(events[2]).toEqual({ type: 'run', reqId: 8, id: 'a', payload: { x: 1 } });
    expect(events[3]).toEqual({ type: 'runs', runs: [] });
    expect(events[4]).toEqual({ type: 'run', reqId: 9, id: 'a', payload: null });
  });

  it('opening a v3 database upgrades it to the current version (runs v4, corrections v5, tags v6, passages v7) with its datasets intact', async () => {
    const name = `v3-${Math.random()}`;
    const old = new Dexie(name);
    old.version(3).stores({ datasets: 'id, createdAt, state', instances: '[dataset+id], dataset', intents: '[dataset+id]' });
    await old.table('datasets').put({ id: 'ds', name: 'x.json', createdAt: 1, state: 'complete', count: 1 });
    await old.table('instances').put({ dataset: 'ds', id: 'q1' });
    old.close();
    const db = new QarxDb(name);
    expect(await db.datasets.get('ds')).toMatchObject({ name: 'x.json', count: 1 });
    expect(await db.instances.count()).toBe(1);
    expect(await listRuns(db)).toEqual([]);
    expect(db.verno).toBe(7);
    expect(await db.table('corrections').count()).toBe(0);
  });
});
