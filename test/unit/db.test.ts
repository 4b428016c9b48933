/**
 * Storage integrity of the data worker's IndexedDB layer (Dexie over fake-indexeddb in Node): rows
 * never exist without a record that lists them, whatever stops an import (full quota, cancel, a
 * tab that dies), start-up recovery, upgrades from schema v2, and two tabs kept in step.
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { Catalog } from '../../src/worker/catalog.ts';
import type { DatasetInfo } from '../../src/worker/data-protocol.ts';
import { approxBytes, beginImport, datasetBytes, describeRecovery, freeName, finishImport, isQuotaError, normalizeRecord, QarxDb, recoverStorage, removeDataset, storageRows, storeInstances } from '../../src/worker/db.ts';
import { SearchIndex } from '../../src/worker/search-index.ts';

const inst = (i: number, dataset = 'd'): Instance => ({ id: `q${i}`, dataset, title: '', question: `q${i}?`, context: 'c', answers: [], isImpossible: true, lang: 'en', tags: [] });
const many = (n: number, dataset = 'd') => Array.from({ length: n }, (_, i) => inst(i, dataset));
const record = (id: string, extra: Partial<DatasetInfo> = {}): DatasetInfo => ({ id, name: `${id}.json`, format: 'squad', count: 0, createdAt: 1, builtIn: false, issueSummary: '', issues: [], partial: false, state: 'importing', ...extra });
const freshDb = () => new QarxDb(`t-${Math.random()}`);
const dead = async () => false;
const quota = () => Object.assign(new Error('Dexie error'), { name: 'AbortError', inner: new DOMException('The quota has been exceeded.', 'QuotaExceededError') });

/** Makes the `n`-th bulkPut (1-based) of a database fail as a full quota does; returns the undo. */
function failBulkPutAt(db: QarxDb, n: number): () => void {
  let calls = 0;
  const table = db.instances;
  const real = table.bulkPut;
  table.bulkPut = (async (items: Instance[]) => {
    if (++calls === n) throw quota();
    return real.call(table, items);
  }) as typeof table.bulkPut;
  return () => {
    table.bulkPut = real;
  };
}

/** Rows per dataset key, read straight from the rows table. */
async function rowsPerDataset(db: QarxDb): Promise<Map<string, number>> {
  const m = new Map<string, number>();
  await db.instances.each((x) => m.set(x.dataset, (m.get(x.dataset) ?? 0) + 1));
  return m;
}

describe('storeInstances', () => {
  it('saves chunk by chunk, each chunk with the record count and size, and reads everything back', async () => {
    const db = freshDb();
    await beginImport(db, record('d', { total: 4500 }));
    const seen: number[] = [];
    const r = await storeInstances(db, 'd', many(4500), (d) => seen.push(d));
    expect(r).toEqual({ stored: 4500, bytes: await datasetBytes(db, 'd'), quotaFull: false, cancelled: false, gone: false });
    expect(seen).toEqual([2000, 4000, 4500]);
    expect(await db.instances.where('dataset').equals('d').count()).toBe(4500);
    const rec = await db.datasets.get('d');
    expect([rec?.state, rec?.count, rec?.bytes]).toEqual(['importing', 4500, r.bytes]);
  });

  it.each([
    { failAt: 1, stored: 0 },
    { failAt: 2, stored: 2000 },
    { failAt: 3, stored: 4000 },
  ])('a full quota at chunk $failAt keeps $stored rows and a record that counts exactly them', async ({ failAt, stored }) => {
    const db = freshDb();
    await beginImport(db, record('d'));
    failBulkPutAt(db, failAt);
    const r = await storeInstances(db, 'd', many(5000), () => {});
    expect([r.stored, r.quotaFull]).toEqual([stored, true]);
    expect(await db.instances.count()).toBe(stored);
    expect((await db.datasets.get('d'))?.count).toBe(stored);
  });

  it('stops between chunks when cancelled', async () => {
    const db = freshDb();
    await beginImport(db, record('d'));
    const ctrl = new AbortController();
    const r = await storeInstances(db, 'd', many(10), (done) => done >= 4 && ctrl.abort(), ctrl.signal, 4);
    expect([r.stored, r.cancelled]).toEqual([4, true]);
    expect(await db.instances.count()).toBe(4);
  });

  it('saves nothing more once the record is gone (deleted in another tab): the chunk is rolled back', async () => {
    const db = freshDb();
    await beginImport(db, record('d'));
    const r = await storeInstances(db, 'd', many(10), (done) => done === 4 && void removeDataset(db, 'd'), undefined, 4);
    expect(r.gone).toBe(true);
    expect(await db.instances.count()).toBe(0);
    expect(await db.datasets.count()).toBe(0);
  });
});

describe('records and removal', () => {
  it('finishImport lists the dataset; on a missing record it says so', async () => {
    const db = freshDb();
    await beginImport(db, record('d'));
    expect(await finishImport(db, 'd', { partial: false, note: '' })).toBe(true);
    expect((await db.datasets.get('d'))?.state).toBe('complete');
    expect(await finishImport(db, 'nope', { partial: false, note: '' })).toBe(false);
  });

  it('removeDataset deletes rows, intent tags and record together, and reports a second delete as nothing', async () => {
    const db = freshDb();
    await db.datasets.put(record('a', { state: 'complete', count: 3 }));
    await db.datasets.put(record('b', { state: 'complete', count: 2 }));
    await db.instances.bulkPut([...many(3, 'a'), ...many(2, 'b')]);
    await db.intents.bulkPut([{ dataset: 'a', id: 'q1', intent: 'vandalism' }, { dataset: 'b', id: 'q1', intent: 'elaboration' }]);
    expect(await removeDataset(db, 'a')).toEqual({ existed: true, rows: 3 });
    expect(await removeDataset(db, 'a')).toEqual({ existed: false, rows: 0 });
    expect([...(await rowsPerDataset(db))]).toEqual([['b', 2]]);
    expect((await db.intents.toArray()).map((t) => t.dataset)).toEqual(['b']);
    expect((await db.datasets.toArray()).map((d) => d.id)).toEqual(['b']);
  });
});

describe('recoverStorage (start-up)', () => {
  it.each([
    { name: 'a dead import with rows is kept as a complete partial dataset', rec: record('d', { total: 10 }), rows: 4, alive: false, state: 'complete', count: 4, partial: true, finished: 1, dropped: 0 },
    { name: 'a dead import without rows is removed', rec: record('d', { total: 10 }), rows: 0, alive: false, state: undefined, count: undefined, partial: undefined, finished: 0, dropped: 1 },
    { name: 'a live import (another tab saving) is left alone', rec: record('d', { total: 10 }), rows: 4, alive: true, state: 'importing', count: 4, partial: false, finished: 0, dropped: 0 },
    { name: 'a complete dataset is left alone', rec: record('d', { state: 'complete', count: 4 }), rows: 4, alive: false, state: 'complete', count: 4, partial: false, finished: 0, dropped: 0 },
  ])('$name', async ({ rec, rows, alive, state, count, partial, finished, dropped }) => {
    const db = freshDb();
    await db.datasets.put({ ...rec, count: rows });
    await db.instances.bulkPut(many(rows));
    const report = await recoverStorage(db, async () => alive);
    const after = await db.datasets.get('d');
    expect([after?.state, after?.count, after?.partial]).toEqual([state, count, partial]);
    expect([report.finished.length, report.dropped.length, report.orphanRows]).toEqual([finished, dropped, 0]);
    expect(await db.instances.count()).toBe(rows);
  });

  it('finishes a delete the tab did not finish (record left "deleting")', async () => {
    const db = freshDb();
    await db.datasets.put(record('d', { state: 'deleting', count: 5 }));
    await db.instances.bulkPut(many(5));
    await recoverStorage(db, dead);
    expect(await db.datasets.get('d')).toBeUndefined();
    expect(await db.instances.count()).toBe(0);
  });

  it("a delete unlists the record before its rows go (a tab's list drops it at once)", async () => {
    const db = freshDb();
    await db.datasets.put(record('d', { state: 'complete', count: 3 }));
    await db.instances.bulkPut(many(3));
    const states: (string | undefined)[] = [];
    db.datasets.hook('updating', (mods) => {
      states.push((mods as { state?: string }).state);
    });
    await removeDataset(db, 'd');
    expect(states).toEqual(['deleting']);
    expect(await db.datasets.get('d')).toBeUndefined();
  });

  it('removes a dead import whose record cannot be marked because storage is full (no write succeeds then)', async () => {
    const db = freshDb();
    await db.datasets.put(record('d', { total: 10, count: 4 }));
    await db.instances.bulkPut(many(4));
    db.datasets.update = (async () => {
      throw quota();
    }) as unknown as typeof db.datasets.update;
    expect(await recoverStorage(db, dead)).toEqual({ finished: [], dropped: [{ name: 'd.json', count: 4, full: true }], orphanRows: 0 });
    expect([await db.datasets.count(), await db.instances.count()]).toEqual([0, 0]);
  });

  it('removes rows no record lists (what the old code left after a quota error) and keeps listed ones', async () => {
    const db = freshDb();
    await db.datasets.put(record('kept', { state: 'complete', count: 2 }));
    await db.instances.bulkPut([...many(2, 'kept'), ...many(7, 'ds-orphan')]);
    const report = await recoverStorage(db, dead);
    expect(report).toEqual({ finished: [], dropped: [], orphanRows: 7 });
    expect([...(await rowsPerDataset(db))]).toEqual([['kept', 2]]);
  });

  it('says what it did in one message, or nothing', () => {
    expect(describeRecovery({ finished: [], dropped: [], orphanRows: 0 })).toBeNull();
    const dropped = [{ name: 'x.json', count: 0, full: false }, { name: 'y.json', count: 2000, full: true }];
    expect(describeRecovery({ finished: [{ name: 'big.jsonl', count: 4000, total: 100000 }], dropped, orphanRows: 38000 })).toBe(
      'Storage check: The import of "big.jsonl" was interrupted while saving; its 4,000 of 100,000 questions are kept as a partial dataset. ' +
        'The import of "x.json" was interrupted before any question was saved; its entry was removed. ' +
        'The import of "y.json" was interrupted while saving and the browser\'s storage is full, so its 2,000 saved questions were removed. ' +
        'Removed 38,000 saved questions that no dataset listed (left by an interrupted import), freeing their space.',
    );
  });

  it('keeps the invariant whatever stops imports: every row is listed by a complete record that counts it', async () => {
    // Each import stores `chunks` chunks of 3 and then: finishes, hits the quota at chunk `quotaAt`,
    // or its tab dies (the record stays 'importing'); `orphans` are rows an old version left.
    const plan = fc.array(fc.record({ n: fc.integer({ min: 1, max: 10 }), end: fc.constantFrom('finish', 'quota', 'die'), quotaAt: fc.integer({ min: 1, max: 4 }), orphans: fc.integer({ min: 0, max: 3 }) }), { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(plan, async (imports) => {
        const db = freshDb();
        const saved = new Map<string, number>();
        for (const [k, p] of imports.entries()) {
          const id = `ds-${k}`;
          await beginImport(db, record(id, { total: p.n }));
          const undo = p.end === 'quota' ? failBulkPutAt(db, p.quotaAt) : () => {};
          const r = await storeInstances(db, id, many(p.n, id), () => {}, undefined, 3);
          undo();
          saved.set(id, r.stored);
          if (p.end === 'finish' || (p.end === 'quota' && r.stored > 0)) await finishImport(db, id, { partial: r.quotaFull, note: '' });
          if (p.end === 'quota' && r.stored === 0) await removeDataset(db, id);
          if (p.orphans) await db.instances.bulkPut(many(p.orphans, `old-${k}`));
        }
        await recoverStorage(db, dead);
        const rows = await rowsPerDataset(db);
        const records = (await db.datasets.toArray()).map(normalizeRecord);
        for (const [ds, n] of rows) expect(records.find((r) => r.id === ds)).toMatchObject({ state: 'complete', count: n });
        for (const r of records) expect(rows.get(r.id)).toBe(r.count);
        // Nothing that was saved is lost: every import that saved rows still has all of them.
        for (const [id, n] of saved) expect(rows.get(id) ?? 0).toBe(n);
        db.close();
      }),
      { numRuns: 25 },
    );
  });
});

describe('schema upgrade from v2 (databases written by the old code)', () => {
  it('reads old records as complete and lists them', async () => {
    const name = `t-${Math.random()}`;
    const old = new Dexie(name);
    old.version(2).stores({ datasets: 'id, createdAt', instances: '[dataset+id], dataset', intents: '[dataset+id]' });
    const { state: _state, ...v2 } = record('old', { count: 2, partial: false });
    await old.table('datasets').put(v2);
    await old.table('instances').bulkPut(many(2, 'old'));
    old.close();

    const db = new QarxDb(name);
    expect((await db.datasets.get('old'))?.state).toBe('complete');
    expect(await db.datasets.where('state').equals('complete').count()).toBe(1);
    const index = new SearchIndex();
    const catalog = new Catalog(db, index, { changed() {}, deletedElsewhere() {}, importing() {}, error: (e) => { throw e; } });
    await catalog.refresh();
    expect(catalog.datasets.map((d) => [d.id, d.count])).toEqual([['old', 2]]);
    expect(catalog.bytesOf('old')).toBe(many(2, 'old').reduce((n, x) => n + approxBytes(x), 0));
    expect(await recoverStorage(db, dead)).toEqual({ finished: [], dropped: [], orphanRows: 0 });
  });

  it('normalizeRecord treats a record without a state as complete', () => {
    const { state: _s, ...v2 } = record('x');
    expect(normalizeRecord(v2 as DatasetInfo).state).toBe('complete');
  });
});

describe('storageRows (the Storage panel)', () => {
  it('lists datasets, imports still saving and unlisted rows with their sizes', async () => {
    const db = freshDb();
    await db.datasets.put(record('a', { state: 'complete', count: 2, bytes: 500, createdAt: 1 }));
    await db.datasets.put(record('b', { state: 'importing', count: 1, bytes: 40, createdAt: 2 }));
    await db.datasets.put(record('old', { state: 'complete', count: 1, bytes: undefined, createdAt: 3 }));
    await db.instances.bulkPut([...many(2, 'a'), ...many(1, 'b'), ...many(1, 'old'), ...many(3, 'lost')]);
    expect(await storageRows(db, (id) => (id === 'old' ? 77 : undefined))).toEqual([
      { id: 'a', name: 'a.json', kind: 'dataset', count: 2, bytes: 500 },
      { id: 'b', name: 'b.json', kind: 'importing', count: 1, bytes: 40 },
      { id: 'old', name: 'old.json', kind: 'dataset', count: 1, bytes: 77 },
      { id: 'lost', name: 'Questions no dataset lists', kind: 'unlisted', count: 3, bytes: many(3, 'lost').reduce((n, x) => n + approxBytes(x), 0) },
    ]);
  });
});

describe('two tabs (two connections to one database)', () => {
  it("one tab's import and delete show in the other; its own delete is not reported as another tab's", async () => {
    const name = `t-${Math.random()}`;
    const tabA = new QarxDb(name);
    const tabB = new QarxDb(name);
    const log: string[] = [];
    const index = new SearchIndex();
    const catalog = new Catalog(tabB, index, { changed: () => log.push('changed'), deletedElsewhere: (n) => log.push(`deleted elsewhere: ${n}`), importing() {}, error: (e) => log.push(String(e)) });
    await catalog.refresh();
    catalog.watch();
    const listedIds = () => catalog.datasets.map((d) => d.id);

    await beginImport(tabA, record('x', { createdAt: 5 }));
    await storeInstances(tabA, 'x', many(3, 'x'), () => {});
    await new Promise((r) => setTimeout(r, 50));
    expect(listedIds()).toEqual([]); // still saving: not listed
    await finishImport(tabA, 'x', { partial: false, note: '' });
    await expect.poll(listedIds, { timeout: 5000 }).toEqual(['x']);
    const all = { dataset: 'all', answerable: 'all', entity: 'all', revision: 'all', category: 'all' } as const;
    expect(index.search(['x'], 'q2', all, null, 10).total).toBe(1);

    await removeDataset(tabA, 'x');
    await expect.poll(listedIds, { timeout: 5000 }).toEqual([]);
    expect(log).toContain('deleted elsewhere: x.json');
    expect(index.has('x')).toBe(false);
    expect(catalog.goneMessage('x')).toBe('The dataset "x.json" was deleted in another tab; its questions are no longer stored.');

    await tabA.datasets.put(record('y', { state: 'complete', count: 0 }));
    await expect.poll(listedIds, { timeout: 5000 }).toEqual(['y']);
    // The worker unlists its own delete first, then removes it (as data.worker.ts does).
    catalog.forget('y');
    await removeDataset(tabB, 'y');
    await new Promise((r) => setTimeout(r, 50));
    expect(log.filter((l) => l.startsWith('deleted elsewhere'))).toEqual(['deleted elsewhere: x.json']);
    expect(catalog.goneMessage('y')).toBe('The dataset "y.json" was deleted; its questions are no longer stored.');

    // B deletes what A deleted a moment before: the message still says another tab did it.
    await tabA.datasets.put(record('z', { state: 'complete', count: 0 }));
    await expect.poll(listedIds, { timeout: 5000 }).toEqual(['z']);
    await removeDataset(tabA, 'z');
    await expect.poll(listedIds, { timeout: 5000 }).toEqual([]);
    catalog.forget('z');
    expect((await removeDataset(tabB, 'z')).existed).toBe(false);
    expect(catalog.goneMessage('z')).toBe('The dataset "z.json" was deleted in another tab; its questions are no longer stored.');
    catalog.stop();
  });
});

describe('isQuotaError', () => {
  it.each([
    { name: 'DOMException QuotaExceededError', err: new DOMException('x', 'QuotaExceededError'), quota: true },
    { name: 'wrapped by Dexie', err: Object.assign(new Error('bulk failed'), { inner: { name: 'QuotaExceededError' } }), quota: true },
    { name: 'message only', err: new Error('Storage quota exceeded'), quota: true },
    { name: 'other error', err: new Error('constraint failed'), quota: false },
  ])('$name', ({ err, quota }) => {
    expect(isQuotaError(err)).toBe(quota);
  });
});

describe('two tabs importing the same file name (issue 25.11)', () => {
  it('get two names, the second suffixed, even when both begin at once', async () => {
    const name = `shared-${Math.random()}`;
    const tabA = new QarxDb(name);
    const tabB = new QarxDb(name);
    const used = await Promise.all([beginImport(tabA, record('a', { name: 'dev.json' })), beginImport(tabB, record('b', { name: 'dev.json' }))]);
    expect(used.sort()).toEqual(['dev.json', 'dev.json (2)']);
    expect((await tabA.datasets.toArray()).map((d) => d.name).sort()).toEqual(['dev.json', 'dev.json (2)']);
    expect(await beginImport(tabA, record('c', { name: 'dev.json' }))).toBe('dev.json (3)');
  });

  it.each([
    { name: 'a.json', taken: [], want: 'a.json' },
    { name: 'a.json', taken: ['a.json'], want: 'a.json (2)' },
    { name: 'a.json', taken: ['a.json', 'a.json (2)', 'a.json (3)'], want: 'a.json (4)' },
    { name: 'a.json', taken: ['a.json (2)'], want: 'a.json' },
  ])('freeName($name, $taken) → $want', ({ name, taken, want }) => {
    expect(freeName(name, new Set(taken))).toBe(want);
  });
});
