/**
 * Passages stored once (issue 40.2, schema v7): a dataset's questions on one passage share one row
 * of the `passages` table, every reader gets the instances back as imported, removal takes the
 * passages with the rows, and databases written before v7 (rows carrying `context`) still read.
 * A revision pair's edited passage is stored once the same way, and so is an adversarial variant's
 * original passage (adversarial.originalContext).
 */
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { Catalog } from '../../src/worker/catalog.ts';
import type { DatasetInfo } from '../../src/worker/data-protocol.ts';
import { beginImport, datasetBytes, finishImport, QarxDb, readDataset, readQuestions, recoverStorage, removeDataset, storageRows, storeInstances, withPassages } from '../../src/worker/db.ts';
import { passageKey } from '../../src/worker/passages.ts';
import { SearchIndex } from '../../src/worker/search-index.ts';

const on = (context: string, i: number, dataset = 'd'): Instance => ({ id: `q${i}`, dataset, title: 'T', question: `Who ${i}?`, context, answers: [{ text: context.slice(0, 5), start: 0 }], isImpossible: false, lang: 'en', tags: ['PER'] });
const record = (id: string, extra: Partial<DatasetInfo> = {}): DatasetInfo => ({ id, name: `${id}.json`, format: 'squad', count: 0, createdAt: 1, builtIn: false, issueSummary: '', issues: [], partial: false, state: 'importing', ...extra });
const freshDb = () => new QarxDb(`p-${Math.random()}`);
const BIG = 'Mary Smith built the bridge. '.repeat(4000); // 116,000 characters
const sortById = (xs: readonly Instance[]) => [...xs].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));

/** Stores `xs` as dataset `id` through the import's path (record, chunks, complete). */
async function imported(db: QarxDb, id: string, xs: readonly Instance[], chunk = 2000) {
  await beginImport(db, record(id, { total: xs.length }));
  const r = await storeInstances(db, id, xs, () => {}, undefined, chunk);
  await finishImport(db, id, { partial: false, note: '' });
  return r;
}

describe('storeInstances writes each distinct passage once (issue 40.2)', () => {
  it.each([
    { text: 'abc', key: 'ba7816bf8f01cfea414140de' }, // FIPS 180-2 example: SHA-256("abc") = ba7816bf…
    { text: '', key: 'e3b0c44298fc1c149afbf4c8' },
  ])('a passage is keyed by the first 24 hex digits of its SHA-256: "$text" → $key', async ({ text, key }) => {
    expect(await passageKey(text)).toBe(key);
  });

  it.each([
    { name: 'one chunk', chunk: 2000 },
    { name: 'chunks of 7 (the passage goes with the first chunk only)', chunk: 7 },
  ])('300 questions on one 116,000-character passage: one passage written, the size counts it once ($name)', async ({ chunk }) => {
    const db = freshDb();
    const put = vi.spyOn(db.passages, 'bulkPut');
    const xs = Array.from({ length: 300 }, (_, i) => on(BIG, i));
    const r = await imported(db, 'd', xs, chunk);
    expect(put.mock.calls.flatMap(([ps]) => ps).length).toBe(1);
    expect(await db.passages.count()).toBe(1);
    // Rows keep no copy: the stored size is one passage plus a few hundred bytes per question.
    expect(r.bytes).toBe(await datasetBytes(db, 'd'));
    expect(r.bytes).toBeGreaterThan(BIG.length);
    expect(r.bytes).toBeLessThan(BIG.length + 300 * 300);
    expect((await db.datasets.get('d'))?.bytes).toBe(r.bytes);
    expect((await db.instances.toArray()).every((row) => !('context' in row))).toBe(true);
  });

  it('every reader gets the instances back as imported, whatever passages, questions and chunks (property)', async () => {
    const passages = fc.array(fc.string({ minLength: 0, maxLength: 40 }), { minLength: 1, maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(passages, fc.array(fc.nat(), { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 9 }), async (ps, picks, chunk) => {
        const db = freshDb();
        const xs = picks.map((k, i) => on(ps[k % ps.length] as string, i));
        await imported(db, 'd', xs, chunk);
        expect(sortById(await readDataset(db, 'd'))).toEqual(sortById(xs));
        const keys = xs.map((x) => [x.dataset, x.id] as [string, string]).reverse();
        expect(await readQuestions(db, [...keys, ['d', 'missing']])).toEqual([...xs].reverse().concat([undefined as unknown as Instance]));
        expect(await db.passages.count()).toBe(new Set(xs.map((x) => x.context)).size);
        db.close();
      }),
      { numRuns: 30 },
    );
  });

  it('the catalog indexes the read-back questions: search finds them, passages shared', async () => {
    const db = freshDb();
    const xs = [on(BIG, 0), on(BIG, 1), on('Another passage about Paris.', 2)];
    await imported(db, 'd', xs);
    const index = new SearchIndex();
    const catalog = new Catalog(db, index, { changed() {}, deletedElsewhere() {}, importing() {}, error: (e) => { throw e; } });
    await catalog.refresh();
    expect(catalog.datasets.map((d) => [d.id, d.count])).toEqual([['d', 3]]);
    expect(index.samePassage('d', 'q1')).toEqual(['q0', 'q1']);
    const all = { dataset: 'all', answerable: 'all', entity: 'all', revision: 'all', category: 'all' } as const;
    expect(index.search(['d'], 'paris', all, null, 10).rows.map((r) => r.id)).toEqual(['q2']);
  });
});

describe('revision pairs store their edited passage once too', () => {
  const EDITED = BIG.replace(/Mary/g, 'Ann');
  const paired = (i: number, edited = EDITED, dataset = 'd'): Instance => ({ ...on(BIG, i, dataset), revision: { context: edited, answers: [{ text: edited.slice(0, 3), start: 0 }], intent: 'copy-editing' } });

  it('300 pairs of one edited 116,000-character passage: two passages written, no row carries a passage', async () => {
    const db = freshDb();
    const xs = Array.from({ length: 300 }, (_, i) => paired(i));
    const r = await imported(db, 'd', xs, 7);
    expect(await db.passages.count()).toBe(2);
    expect(r.bytes).toBeLessThan(2 * BIG.length + 300 * 400);
    expect(JSON.stringify(await db.instances.toArray()).length).toBeLessThan(300 * 400);
    expect(sortById(await readDataset(db, 'd'))).toEqual(sortById(xs));
  });

  it('pairs, with or without an edit, on shared or own passages read back as imported (property)', async () => {
    const texts = fc.array(fc.string({ maxLength: 30 }), { minLength: 1, maxLength: 4 });
    const pick = fc.record({ passage: fc.nat(), edited: fc.option(fc.nat(), { nil: undefined }) });
    await fc.assert(
      fc.asyncProperty(texts, fc.array(pick, { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 5 }), async (ps, picks, chunk) => {
        const db = freshDb();
        const at = (k: number) => ps[k % ps.length] as string;
        const xs = picks.map(({ passage, edited }, i): Instance => ({ ...on(at(passage), i), ...(edited === undefined ? {} : { revision: { context: at(edited), answers: [] } }) }));
        await imported(db, 'd', xs, chunk);
        expect(sortById(await readDataset(db, 'd'))).toEqual(sortById(xs));
        expect(await db.passages.count()).toBe(new Set(xs.flatMap((x) => [x.context, ...(x.revision ? [x.revision.context] : [])])).size);
        db.close();
      }),
      { numRuns: 30 },
    );
  });

  it('rows written with the edited passage in the row (before) still read, and one whose edited passage is missing reads as none', async () => {
    const db = freshDb();
    const before = paired(0, 'An older edit.');
    const { context, ...rest } = before;
    await db.passages.put({ dataset: 'd', key: await passageKey(context), context });
    await db.instances.put({ ...rest, passage: await passageKey(context) });
    await imported(db, 'e', [paired(1, EDITED, 'e')]);
    expect(await readQuestions(db, [['d', 'q0'], ['e', 'q1']])).toEqual([before, paired(1, EDITED, 'e')]);
    await db.passages.delete(['e', await passageKey(EDITED)]);
    expect(await readQuestions(db, [['e', 'q1']])).toEqual([undefined]);
  });
});

describe('adversarial variants store their original passage once (adversarial.originalContext)', () => {
  /** Variant k of question q0 on BIG: BIG with a sentence appended, linked to the original passage (or to none: null). */
  const variant = (k: number, originalContext: string | null = BIG): Instance => ({
    ...on(`${BIG} Sentence ${k}.`, 0),
    id: `q0-turk${k}`,
    adversarial: { originalId: 'q0', suffix: `turk${k}`, originalContext, inserted: originalContext === null ? null : { start: BIG.length + 1, end: BIG.length + 12 } },
  });

  it('an original and 20 variants of its 116,000-character passage: the original passage is one row, no question row carries it', async () => {
    const db = freshDb();
    const xs = [on(BIG, 0), ...Array.from({ length: 20 }, (_, k) => variant(k))];
    const r = await imported(db, 'd', xs, 7);
    // The original passage once (shared by the original and every link), each variant's own passage once.
    expect(await db.passages.count()).toBe(21);
    expect(JSON.stringify(await db.instances.toArray()).length).toBeLessThan(21 * 500);
    expect(r.bytes).toBeLessThan(21 * (BIG.length + 100) + 21 * 500);
    expect(sortById(await readDataset(db, 'd'))).toEqual(sortById(xs));
  });

  it('links without an original (null) and rows written with the original passage in the row (before) read as they are', async () => {
    const db = freshDb();
    await imported(db, 'd', [variant(1, null)]);
    const before = variant(2, 'An older original.');
    const { context, ...rest } = before;
    await db.passages.put({ dataset: 'd', key: await passageKey(context), context });
    await db.instances.put({ ...rest, passage: await passageKey(context) });
    expect(await readQuestions(db, [['d', 'q0-turk1'], ['d', 'q0-turk2']])).toEqual([variant(1, null), before]);
  });

  it('a variant whose original passage is missing reads as no question', async () => {
    const db = freshDb();
    await imported(db, 'd', [variant(1, 'Only the link names this passage.')]);
    await db.passages.delete(['d', await passageKey('Only the link names this passage.')]);
    expect(await readQuestions(db, [['d', 'q0-turk1']])).toEqual([undefined]);
  });
});

describe('removal takes the passages with the rows', () => {
  it('removeDataset deletes its passages and keeps another dataset’s copy of the same text', async () => {
    const db = freshDb();
    await imported(db, 'a', [on(BIG, 0, 'a'), on(BIG, 1, 'a')]);
    await imported(db, 'b', [on(BIG, 0, 'b')]);
    expect(await db.passages.count()).toBe(2);
    await removeDataset(db, 'a');
    expect((await db.passages.toArray()).map((p) => p.dataset)).toEqual(['b']);
    expect(await readDataset(db, 'b')).toEqual([on(BIG, 0, 'b')]);
  });

  it('start-up recovery removes passages no record lists, and a dead import with no rows leaves none', async () => {
    const db = freshDb();
    await imported(db, 'kept', [on(BIG, 0, 'kept')]);
    await db.passages.put({ dataset: 'gone', key: 'k', context: BIG });
    await db.datasets.put(record('dead', { total: 3 }));
    await db.passages.put({ dataset: 'dead', key: 'k', context: BIG });
    await recoverStorage(db, async () => false);
    expect((await db.passages.toArray()).map((p) => p.dataset)).toEqual(['kept']);
  });

  it('the Storage panel sizes unlisted questions with their passage once', async () => {
    const db = freshDb();
    await imported(db, 'lost', [on(BIG, 0, 'lost'), on(BIG, 1, 'lost')]);
    await db.datasets.delete('lost');
    const [row] = await storageRows(db, () => undefined);
    expect(row).toMatchObject({ id: 'lost', kind: 'unlisted', count: 2 });
    expect(row?.bytes).toBeLessThan(BIG.length + 1000);
  });
});

describe('databases written before v7 (rows carrying their passage)', () => {
  it('open at v7 and read old rows as they are, next to new ones, with sizes as stored', async () => {
    const name = `v6-${Math.random()}`;
    const old = new Dexie(name);
    old.version(6).stores({ datasets: 'id, createdAt, state', instances: '[dataset+id], dataset', intents: '[dataset+id]', runs: 'id, createdAt, kind', runData: 'id', corrections: '[dataset+id]', tags: 'dataset' });
    const olds = [on('Old passage one.', 0, 'old'), on('Old passage one.', 1, 'old')];
    await old.table('datasets').put(record('old', { state: 'complete', count: 2, bytes: undefined }));
    await old.table('instances').bulkPut(olds);
    old.close();

    const db = new QarxDb(name);
    expect(db.verno).toBe(7);
    await imported(db, 'new', [on(BIG, 0, 'new')]);
    expect(await readDataset(db, 'old')).toEqual(olds);
    expect(await readQuestions(db, [['new', 'q0'], ['old', 'q1']])).toEqual([on(BIG, 0, 'new'), olds[1]]);
    expect(await withPassages(db, [...(await db.instances.toArray()), undefined])).toEqual([on(BIG, 0, 'new'), ...olds, undefined]);
    const catalog = new Catalog(db, new SearchIndex(), { changed() {}, deletedElsewhere() {}, importing() {}, error: (e) => { throw e; } });
    await catalog.refresh();
    expect(catalog.bytesOf('old')).toBe(olds.reduce((n, x) => n + JSON.stringify(x).length, 0));
    expect(await removeDataset(db, 'old')).toEqual({ existed: true, rows: 2 });
    expect(await readDataset(db, 'new')).toEqual([on(BIG, 0, 'new')]);
  });

  it('a row whose passage is missing reads as no question, not as one with an empty passage', async () => {
    const db = freshDb();
    await imported(db, 'd', [on(BIG, 0)]);
    await db.passages.clear();
    expect(await readQuestions(db, [['d', 'q0']])).toEqual([undefined]);
    expect(await readDataset(db, 'd')).toEqual([]);
  });
});

describe('search index', () => {
  it('lower-cases a passage shared by 500 questions once, not once per question', () => {
    const xs = Array.from({ length: 500 }, (_, i) => on(BIG, i));
    const lower = vi.spyOn(String.prototype, 'toLowerCase');
    new SearchIndex().add('d', xs);
    const bigCalls = lower.mock.contexts.filter((s) => String(s).length >= BIG.length).length;
    lower.mockRestore();
    expect(bigCalls).toBe(1);
  });
});
