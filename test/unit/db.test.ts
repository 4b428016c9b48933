/** Storage edge cases of the data worker's IndexedDB layer (Dexie over fake-indexeddb in Node). */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { isQuotaError, QarxDb, storeInstances } from '../../src/worker/db.ts';

const inst = (i: number): Instance => ({ id: `q${i}`, dataset: 'd', title: '', question: `q${i}?`, context: 'c', answers: [], isImpossible: true, lang: 'en', tags: [] });

describe('storeInstances', () => {
  it('stores everything with progress and reads it back', async () => {
    const db = new QarxDb(`t-${Math.random()}`);
    const seen: number[] = [];
    const r = await storeInstances(db, Array.from({ length: 4500 }, (_, i) => inst(i)), (d) => seen.push(d));
    expect(r).toEqual({ stored: 4500, quotaFull: false, cancelled: false });
    expect(seen).toEqual([2000, 4000, 4500]);
    expect(await db.instances.where('dataset').equals('d').count()).toBe(4500);
  });

  it('a full quota stops cleanly and says how much was saved', async () => {
    const db = new QarxDb(`t-${Math.random()}`);
    let calls = 0;
    const real = db.instances.bulkPut.bind(db.instances);
    db.instances.bulkPut = (async (items: Instance[]) => {
      if (++calls === 2) throw Object.assign(new Error('Dexie error'), { name: 'AbortError', inner: new DOMException('The quota has been exceeded.', 'QuotaExceededError') });
      return real(items);
    }) as typeof db.instances.bulkPut;
    const r = await storeInstances(db, Array.from({ length: 5000 }, (_, i) => inst(i)), () => {});
    expect(r).toEqual({ stored: 2000, quotaFull: true, cancelled: false });
    expect(await db.instances.count()).toBe(2000);
  });

  it.each([
    { name: 'DOMException QuotaExceededError', err: new DOMException('x', 'QuotaExceededError'), quota: true },
    { name: 'wrapped by Dexie', err: Object.assign(new Error('bulk failed'), { inner: { name: 'QuotaExceededError' } }), quota: true },
    { name: 'message only', err: new Error('Storage quota exceeded'), quota: true },
    { name: 'other error', err: new Error('constraint failed'), quota: false },
  ])('isQuotaError: $name', ({ err, quota }) => {
    expect(isQuotaError(err)).toBe(quota);
  });
});
