/**
 * A reload in the middle of an import is said on the next load (issue 40.5): the import is marked in
 * the tab's storage from its start to its end, and a marker found at start-up becomes a dismissable
 * import message naming the file and where it stopped. The workers are recorders; the storage a map.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { applyDataEvent, resetStore, useApp } from './helpers/store.ts';
import { IMPORT_MARKER_KEY, interruptedImportMessage, readImportMarker, watchImports } from '../../src/app/data/import-marker.ts';

/** A storage (sessionStorage's methods) over a map. */
function memoryStore(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

beforeEach(() => resetStore());

describe('interruptedImportMessage', () => {
  it.each([
    { m: { name: 'big.jsonl', phase: 'classify' as const, done: 3000, total: 9999 }, want: 'The import of "big.jsonl" was interrupted by a reload at 3,000 of 9,999 questions (typing answers); import it again.' },
    { m: { name: 'dev.json', phase: 'download' as const, done: 1000, total: 4100 }, want: 'The import of "dev.json" was interrupted by a reload at 1.0 kB of 4.1 kB (downloading); import it again.' },
    { m: { name: 'x.csv', phase: 'start' as const, done: 0, total: 0 }, want: 'The import of "x.csv" was interrupted by a reload before it had read anything (starting); import it again.' },
  ])('$want', ({ m, want }) => {
    expect(interruptedImportMessage(m)).toBe(want);
  });
});

describe('an import and a reload', () => {
  it('reload at "typing answers 3,000 of 9,999": the next load says so, once, and the message can be dismissed', () => {
    const store = memoryStore();
    const stop = watchImports(store);
    useApp.getState().startImport({ kind: 'file', file: new Blob(['x']) } as never, 'big.jsonl');
    const jobId = useApp.getState().importJob?.jobId as number;
    applyDataEvent({ type: 'import-progress', jobId, phase: 'classify', done: 3000, total: 9999 } as never);
    expect(readImportMarker(store)).toEqual({ name: 'big.jsonl', phase: 'classify', done: 3000, total: 9999 });
    stop();
    // The reload: a fresh store, the same tab's storage.
    resetStore();
    const again = watchImports(store);
    expect(useApp.getState().importMessage).toEqual({ kind: 'warn', text: 'The import of "big.jsonl" was interrupted by a reload at 3,000 of 9,999 questions (typing answers); import it again.' });
    expect(store.map.has(IMPORT_MARKER_KEY)).toBe(false);
    useApp.getState().dismissImportMessage();
    again();
    resetStore();
    watchImports(store)();
    expect(useApp.getState().importMessage).toBeNull();
  });

  it.each([
    { end: 'done', event: (jobId: number) => ({ type: 'import-done', jobId, cancelled: false, message: 'Imported 9,999 questions', dataset: null }) },
    { end: 'cancelled', event: (jobId: number) => ({ type: 'import-done', jobId, cancelled: true, message: 'Cancelled', dataset: null }) },
    { end: 'failed', event: (jobId: number) => ({ type: 'import-error', jobId, message: 'bad file' }) },
  ])('an import that ended ($end) leaves no marker: the next load says nothing about it', ({ event }) => {
    const store = memoryStore();
    const stop = watchImports(store);
    useApp.getState().startImport({ kind: 'file', file: new Blob(['x']) } as never, 'big.jsonl');
    expect(store.map.has(IMPORT_MARKER_KEY)).toBe(true);
    applyDataEvent(event(useApp.getState().importJob?.jobId as number) as never);
    expect(store.map.has(IMPORT_MARKER_KEY)).toBe(false);
    stop();
    resetStore();
    watchImports(store)();
    expect(useApp.getState().importMessage).toBeNull();
  });

  it('an unreadable marker is ignored', () => {
    const store = memoryStore();
    store.setItem(IMPORT_MARKER_KEY, '{"name": 3');
    watchImports(store)();
    expect(useApp.getState().importMessage).toBeNull();
  });
});
