/**
 * Hub datasets through their parquet export, against a local mock of the Hub's URL layout: listing,
 * paging with Range requests, reading everything with progress and cancellation, and every error.
 */
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HfDatasetError, listHfParquet, listHfParquetFiles, openHfDataset, squadRowToInstance, type FetchLike } from '../../src/core/formats/hf-datasets.ts';
import { startMockHfDatasets, type HfRequest, type MockHfDatasets } from '../support/hf-datasets-server.ts';
import { makeRows, squadParquet, type Row } from '../support/hf-parquet-fixture.ts';

// 600 validation rows over two files of 300 (row groups of 100), with a few deliberately bad rows.
const ROWS = makeRows(600, 7, 'qv');
const BAD_CONTEXT = 7;
const BAD_COUNTS = 123;
const MISPLACED = 250;
const DUPLICATE = 333;
(ROWS[BAD_CONTEXT] as Row).context = '';
(ROWS[BAD_COUNTS] as Row).answers = { text: ['a', 'b'], answer_start: [1] };
const MISPLACED_START = (ROWS[MISPLACED] as Row).answers.answer_start[0];
(ROWS[MISPLACED] as Row).answers.answer_start = [0];
(ROWS[DUPLICATE] as Row).id = (ROWS[DUPLICATE - 1] as Row).id;
const SKIPPED = new Set([BAD_CONTEXT, BAD_COUNTS, DUPLICATE]);
const FILES = [squadParquet(ROWS.slice(0, 300)), squadParquet(ROWS.slice(300))];
const TRAIN = squadParquet(makeRows(40, 11, 'qt'), 20);

const expectedIds = (from: number, to: number) => ROWS.slice(from, to).flatMap((r, k) => (SKIPPED.has(from + k) ? [] : [r.id]));
const rangeBytes = (reqs: HfRequest[]) => reqs.reduce((n, r) => n + r.bytes, 0);

let hub: MockHfDatasets;
let host: string;
const NAME = 'qarx-test/squad_v2';

beforeAll(async () => {
  const notSquad = new Uint8Array(
    parquetWriteBuffer({
      columnData: [
        { name: 'text', data: ['a review', 'another review'], type: 'STRING' },
        { name: 'label', data: [0, 1], type: 'INT32' },
        { name: 'question', data: ['q?', 'q2?'], type: 'STRING' },
      ],
    }),
  );
  hub = await startMockHfDatasets({
    [NAME]: { configs: { plain_text: { validation: FILES, train: [TRAIN] } } },
    'qarx-test/multi': { configs: { first: { test: [TRAIN] }, default: { test: [TRAIN] } } },
    'qarx-test/reviews': { configs: { default: { train: [notSquad] } } },
    'qarx-test/garbage': { configs: { default: { train: [new TextEncoder().encode('this is not a parquet file, just some text')] } } },
    'qarx-test/no-export': { noParquet: true },
    'qarx-test/gated': { gated: true },
  });
  host = hub.url;
});

afterAll(async () => {
  await hub?.close();
});

/** Requests made while `fn` runs. */
async function during<T>(fn: () => Promise<T>): Promise<{ value: T; reqs: HfRequest[] }> {
  const before = hub.requests.length;
  const value = await fn();
  return { value, reqs: hub.requests.slice(before) };
}

async function errorOf(p: Promise<unknown>): Promise<HfDatasetError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HfDatasetError);
  return err as HfDatasetError;
}

describe('listing', () => {
  it('lists configs and splits with the Hub’s JSON shapes', async () => {
    const listing = await listHfParquet({ host, name: NAME });
    const file = (split: string, n: number) => `${host}api/datasets/${NAME}/parquet/plain_text/${split}/${n}.parquet`;
    expect(listing).toEqual({ plain_text: { validation: [file('validation', 0), file('validation', 1)], train: [file('train', 0)] } });
    expect(await listHfParquetFiles({ host, name: NAME, config: 'plain_text', split: 'validation' })).toEqual([file('validation', 0), file('validation', 1)]);
    expect(hub.requests.some((r) => r.path === `/api/datasets/${NAME}/parquet/plain_text/validation`)).toBe(true);
  });

  it('opens a split reading only footers, following the redirect once per file', async () => {
    const { value: ds, reqs } = await during(() => openHfDataset({ host, name: NAME, split: 'validation' }));
    expect(ds.config).toBe('plain_text');
    expect(ds.configs).toEqual(['plain_text']);
    expect(ds.splits).toEqual({ plain_text: ['validation', 'train'] });
    expect(ds.datasetId).toBe(`hf:${NAME}/validation`);
    expect(ds.numRows).toBe(600);
    expect(ds.extraColumns).toEqual([]);
    expect(ds.files.map((f) => [f.numRows, f.rowGroups, f.firstRow, f.byteLength])).toEqual([
      [300, 3, 0, FILES[0]?.length],
      [300, 3, 300, FILES[1]?.length],
    ]);
    expect(ds.files[0]?.resolvedUrl).toBe(`${host}datasets/${NAME}/resolve/refs%2Fconvert%2Fparquet/plain_text/validation/0000.parquet`);
    // The API file URL is only asked once (HEAD, redirected); bytes come from the resolved URL by Range.
    const apiFileReqs = reqs.filter((r) => r.path.endsWith('.parquet') && r.path.startsWith('/api/'));
    expect(apiFileReqs.map((r) => `${r.method} ${r.status}`)).toEqual(['HEAD 302', 'HEAD 302']);
    const gets = reqs.filter((r) => r.method === 'GET' && r.path.includes('/resolve/'));
    expect(gets.length).toBeGreaterThan(0);
    expect(gets.every((r) => r.range !== null && r.status === 206)).toBe(true);
    const total = (FILES[0]?.length ?? 0) + (FILES[1]?.length ?? 0);
    expect(rangeBytes(gets)).toBeLessThan(total / 2);
  });

  it('picks the "default" config when there are several, and names the config in the dataset id', async () => {
    const ds = await openHfDataset({ host, name: 'qarx-test/multi', split: 'test' });
    expect(ds.config).toBe('default');
    expect(ds.configs).toEqual(['first', 'default']);
    expect(ds.datasetId).toBe('hf:qarx-test/multi/default/test');
    const first = await openHfDataset({ host, name: 'qarx-test/multi', config: 'first', split: 'test' });
    expect((await first.readPage(0, 3)).instances.map((i) => i.dataset)).toEqual(Array(3).fill('hf:qarx-test/multi/first/test'));
  });

  it('accepts a pasted dataset URL as the name', async () => {
    const ds = await openHfDataset({ host, name: `https://huggingface.co/datasets/${NAME}/viewer/plain_text/train`, split: 'train' });
    expect(ds.name).toBe(NAME);
    expect(ds.numRows).toBe(40);
  });
});

describe('paging', () => {
  it('page 2 returns the right rows, by Range requests on one row group of one file', async () => {
    const ds = await openHfDataset({ host, name: NAME, split: 'validation' });
    const PAGE = 100;
    const { value: page, reqs } = await during(() => ds.readPage(PAGE * 1, PAGE));
    expect(page.format).toBe('hf-parquet');
    expect(page.instances.map((i) => i.id)).toEqual(expectedIds(100, 200));
    expect(page.issues).toEqual([{ path: `row ${BAD_COUNTS}`, kind: 'schema', skipped: true, message: 'answers: 2 texts but 1 answer_start values' }]);
    expect(reqs.length).toBeGreaterThan(0);
    for (const r of reqs) {
      expect(r.method).toBe('GET');
      expect(r.path).toBe(`/datasets/${NAME}/resolve/refs%2Fconvert%2Fparquet/plain_text/validation/0000.parquet`);
      expect(r.range).toMatch(/^bytes=\d+-\d+$/);
      expect(r.status).toBe(206);
    }
    // One of three row groups: well under half the file.
    expect(rangeBytes(reqs)).toBeLessThan((FILES[0]?.length ?? 0) / 2);

    // The same page again comes from memory.
    const again = await during(() => ds.readPage(PAGE * 1, PAGE));
    expect(again.value.instances.map((i) => i.id)).toEqual(expectedIds(100, 200));
    expect(again.reqs).toEqual([]);

    // A smaller page inside that row group is served from the same bytes.
    const inside = await during(() => ds.readPage(140, 20));
    expect(inside.value.instances.map((i) => i.id)).toEqual(expectedIds(140, 160));
  });

  it('a page across the file boundary reads both files; pages past the end are short or empty', async () => {
    const ds = await openHfDataset({ host, name: NAME, split: 'validation' });
    const { value: page, reqs } = await during(() => ds.readPage(290, 20));
    expect(page.instances.map((i) => i.id)).toEqual(expectedIds(290, 310));
    expect(new Set(reqs.map((r) => r.path.slice(-12)))).toEqual(new Set(['0000.parquet', '0001.parquet']));
    expect((await ds.readPage(590, 50)).instances.map((i) => i.id)).toEqual(expectedIds(590, 600));
    expect(await ds.readPage(600, 10)).toEqual({ format: 'hf-parquet', instances: [], issues: [] });
    expect((await ds.readPage(-5, 3)).instances.map((i) => i.id)).toEqual(expectedIds(0, 3));
  });

  it('maps rows to instances: answers, unanswerable tag, dataset and title', async () => {
    const ds = await openHfDataset({ host, name: NAME, split: 'validation' });
    const { instances } = await ds.readPage(0, 24);
    const answerable = instances.find((i) => i.id === 'qv0000');
    const row0 = ROWS[0] as Row;
    expect(answerable).toEqual({
      id: 'qv0000',
      dataset: `hf:${NAME}/validation`,
      title: 'Lake_Orvana',
      question: 'Which river feeds Lake Orvana?',
      context: row0.context,
      answers: [{ text: 'Tessel River', start: row0.answers.answer_start[0] }],
      isImpossible: false,
      lang: 'en',
      tags: [],
    });
    expect(answerable && row0.context.slice(answerable.answers[0]?.start, (answerable.answers[0]?.start ?? 0) + 12)).toBe('Tessel River');
    // Row 16 is the third question of passage 0, which has no answer.
    const impossible = instances.find((i) => i.id === 'qv0016');
    expect(impossible).toMatchObject({ isImpossible: true, answers: [], tags: ['unanswerable'] });
    expect(instances.find((i) => i.id === 'qv0008')?.answers.map((a) => a.text)).toEqual(['the Iron Gate', 'Iron Gate']);
  });

  it('bad rows become issues naming the row; a misplaced answer is relocated with an issue', async () => {
    const ds = await openHfDataset({ host, name: NAME, split: 'validation' });
    const first = await ds.readPage(0, 10);
    expect(first.issues).toEqual([{ path: `row ${BAD_CONTEXT}`, kind: 'empty-context', skipped: true, message: 'context: expected a non-empty string, got an empty string' }]);
    expect(first.instances.map((i) => i.id)).not.toContain((ROWS[BAD_CONTEXT] as Row).id);
    const misplaced = await ds.readPage(MISPLACED, 1);
    const row = ROWS[MISPLACED] as Row;
    const trueStart = MISPLACED_START;
    expect(misplaced.instances.map((i) => [i.id, i.answers[0]?.start])).toEqual([[row.id, trueStart]]);
    expect(misplaced.issues).toEqual([{ path: `row ${MISPLACED}`, kind: 'answer-offset', skipped: false, message: expect.stringContaining(`is not at answer_start 0; found at ${trueStart} (used)`) }]);
    const dup = await ds.readPage(DUPLICATE - 1, 2);
    expect(dup.instances).toHaveLength(1);
    expect(dup.issues).toEqual([{ path: `row ${DUPLICATE}`, kind: 'duplicate-id', skipped: true, message: expect.stringMatching(/^duplicate id .*the first one is kept$/) }]);
  });

  it('reads from servers without Range support (whole file, once)', async () => {
    const plain = await startMockHfDatasets({ [NAME]: { configs: { plain_text: { validation: FILES } } } }, { ranges: false });
    try {
      const ds = await openHfDataset({ host: plain.url, name: NAME, split: 'validation' });
      expect((await ds.readPage(100, 50)).instances.map((i) => i.id)).toEqual(expectedIds(100, 150));
      const before = plain.requests.length;
      expect((await ds.readPage(200, 50)).instances.map((i) => i.id)).toEqual(expectedIds(200, 250));
      expect(plain.requests.length).toBe(before);
    } finally {
      await plain.close();
    }
  });

  it('squadRowToInstance also takes answers as a list of {text, answer_start} and numeric ids', () => {
    const r = squadRowToInstance({ id: 12n, context: 'Paris is big.', question: 'What is big?', answers: [{ text: 'Paris', answer_start: 0n }] }, 3, 'hf:x/y/z');
    expect(r.issues).toEqual([]);
    expect(r.instance).toMatchObject({ id: '12', title: '', answers: [{ text: 'Paris', start: 0 }], isImpossible: false });
    expect(squadRowToInstance({ id: 'a', context: '北京是中国的首都。', question: '首都是哪里？', answers: { text: ['北京'], answer_start: [0] } }, 0, 'd').instance).toMatchObject({ lang: 'zh', tags: ['zh'] });
    expect(squadRowToInstance({ id: 'a', context: 'c', question: 'q', answers: null }, 9, 'd').issues).toEqual([{ path: 'row 9', kind: 'schema', skipped: true, message: 'answers: expected {text: [...], answer_start: [...]}, got null' }]);
    // An answer that is nowhere in the passage: an answerable question without answers is skipped, not made unanswerable.
    expect(squadRowToInstance({ id: 'b', context: 'Paris is big.', question: 'q', answers: { text: ['Rome'], answer_start: [0] } }, 4, 'd')).toMatchObject({ instance: null, issues: [{ path: 'row 4', kind: 'answer-missing', skipped: true }] });
  });
});

describe('readAll', () => {
  it('reads everything with monotonic progress', async () => {
    const ds = await openHfDataset({ host, name: NAME, split: 'validation' });
    const progress: [number, number][] = [];
    const res = await ds.readAll((done, total) => progress.push([done, total]));
    expect(res.cancelled).toBe(false);
    expect(res.rowsRead).toBe(600);
    expect(res.instances.map((i) => i.id)).toEqual(expectedIds(0, 600));
    expect(res.issues.map((i) => i.path)).toEqual([`row ${BAD_CONTEXT}`, `row ${BAD_COUNTS}`, `row ${MISPLACED}`, `row ${DUPLICATE}`]);
    expect(progress[0]).toEqual([0, 600]);
    expect(progress.at(-1)).toEqual([600, 600]);
    expect(progress.length).toBeGreaterThanOrEqual(7);
    for (let k = 1; k < progress.length; k++) {
      expect(progress[k]?.[0]).toBeGreaterThan(progress[k - 1]?.[0] ?? Infinity);
      expect(progress[k]?.[1]).toBe(600);
    }
  });

  it('stops at maxRows', async () => {
    const ds = await openHfDataset({ host, name: NAME, split: 'validation' });
    const progress: number[] = [];
    const res = await ds.readAll((done) => progress.push(done), undefined, { maxRows: 250 });
    expect(res.rowsRead).toBe(250);
    expect(res.instances.map((i) => i.id)).toEqual(expectedIds(0, 250));
    expect(progress.at(-1)).toBe(250);
  });

  it('cancelling between chunks keeps what was read', async () => {
    const ds = await openHfDataset({ host, name: NAME, split: 'validation' });
    const ctl = new AbortController();
    const { value: res, reqs } = await during(() => ds.readAll((done) => done >= 200 && ctl.abort(), ctl.signal));
    expect(res.cancelled).toBe(true);
    expect(res.rowsRead).toBe(200);
    expect(res.instances.map((i) => i.id)).toEqual(expectedIds(0, 200));
    expect(res.issues.map((i) => i.path)).toEqual([`row ${BAD_CONTEXT}`, `row ${BAD_COUNTS}`]);
    // Nothing of the second file was downloaded.
    expect(reqs.some((r) => r.path.endsWith('0001.parquet'))).toBe(false);
  });

  it('cancelling during a download keeps what was read', async () => {
    const ctl = new AbortController();
    let armed = false;
    const fetch: FetchLike = (url, init) => {
      if (armed && url.endsWith('0001.parquet') && new Headers(init?.headers).has('Range')) ctl.abort();
      return globalThis.fetch(url, init);
    };
    const ds = await openHfDataset({ host, name: NAME, split: 'validation', fetch });
    armed = true;
    const res = await ds.readAll(undefined, ctl.signal);
    expect(res.cancelled).toBe(true);
    expect(res.rowsRead).toBe(300);
    expect(res.instances.map((i) => i.id)).toEqual(expectedIds(0, 300));
    await expect(ds.readPage(0, 10, ctl.signal)).rejects.toMatchObject({ code: 'cancelled' });
  });
});

describe('errors', () => {
  it('an unknown dataset is named', async () => {
    const err = await errorOf(openHfDataset({ host, name: 'qarx-test/nope', split: 'validation' }));
    expect(err.code).toBe('not-found');
    expect(err.message).toBe(`Dataset "qarx-test/nope" was not found on ${new URL(host).host}. Check the name (like "rajpurkar/squad_v2"); private datasets cannot be read.`);
  });

  it('a dataset without a parquet export says so', async () => {
    const err = await errorOf(listHfParquet({ host, name: 'qarx-test/no-export' }));
    expect(err.code).toBe('no-parquet');
    expect(err.message).toMatch(/^Dataset "qarx-test\/no-export" has no parquet export on 127\.0\.0\.1:\d+/);
  });

  it('a network failure names the host', async () => {
    const dead = await startMockHfDatasets({});
    const deadHost = dead.url;
    await dead.close();
    const err = await errorOf(openHfDataset({ host: deadHost, name: NAME, split: 'validation' }));
    expect(err.code).toBe('network');
    expect(err.message).toContain(`Network failure: could not list the parquet files of "${NAME}" on ${new URL(deadHost).host}`);
  });

  it('a network failure while paging names the rows', async () => {
    let broken = false;
    const fetch: FetchLike = (url, init) => (broken ? Promise.reject(new TypeError('fetch failed')) : globalThis.fetch(url, init));
    const ds = await openHfDataset({ host, name: NAME, split: 'validation', fetch });
    broken = true;
    const err = await errorOf(ds.readPage(400, 10));
    expect(err.code).toBe('network');
    expect(err.message).toContain('file 2 of 2');
    await expect(ds.readAll()).rejects.toMatchObject({ code: 'network' });
  });

  it('a parquet file that is not SQuAD-shaped names the missing columns', async () => {
    const err = await errorOf(openHfDataset({ host, name: 'qarx-test/reviews', split: 'train' }));
    expect(err.code).toBe('not-squad');
    expect(err.message).toContain('"qarx-test/reviews" (default/train) is not SQuAD-shaped: missing column(s): context, answers. Found columns: text, label, question.');
  });

  it('a file that is not parquet at all', async () => {
    const err = await errorOf(openHfDataset({ host, name: 'qarx-test/garbage', split: 'train' }));
    expect(err.code).toBe('bad-parquet');
    expect(err.message).toMatch(/^"qarx-test\/garbage" \(default\/train\) file 1 of 1 is not a readable parquet file/);
  });

  it('unknown config or split lists the ones there are', async () => {
    const split = await errorOf(openHfDataset({ host, name: NAME, split: 'test' }));
    expect(split.code).toBe('unknown-split');
    expect(split.message).toBe(`Dataset "${NAME}" (config "plain_text") has no split "test". Its splits: validation, train.`);
    const config = await errorOf(openHfDataset({ host, name: NAME, config: 'squad', split: 'validation' }));
    expect(config.code).toBe('unknown-config');
    expect(config.message).toBe(`Dataset "${NAME}" has no config "squad". Its configs: plain_text.`);
    const viaSplitEndpoint = await errorOf(listHfParquetFiles({ host, name: NAME, config: 'plain_text', split: 'test' }));
    expect(viaSplitEndpoint.code).toBe('unknown-split');
  });

  it('a gated dataset says it needs a login', async () => {
    const err = await errorOf(openHfDataset({ host, name: 'qarx-test/gated', split: 'train' }));
    expect(err.code).toBe('gated');
    expect(err.message).toMatch(/^Dataset "qarx-test\/gated" on 127\.0\.0\.1:\d+ is gated or private/);
  });

  it('a failure part-way through readAll keeps what was read on the error', async () => {
    let broken = false;
    const fetch: FetchLike = (url, init) => (broken && url.endsWith('0001.parquet') ? Promise.reject(new TypeError('fetch failed')) : globalThis.fetch(url, init));
    const ds = await openHfDataset({ host, name: NAME, split: 'validation', fetch });
    broken = true;
    const err = await errorOf(ds.readAll());
    expect(err.code).toBe('network');
    expect(err.partial?.rowsRead).toBe(300);
    expect(err.partial?.instances.map((i) => i.id)).toEqual(expectedIds(0, 300));
  });

  it('a dropped connection is retried once', async () => {
    let failures = 0;
    let armed = false;
    const fetch: FetchLike = (url, init) => {
      if (armed && failures < 1 && new Headers(init?.headers).has('Range')) {
        failures++;
        return Promise.reject(new TypeError('fetch failed'));
      }
      return globalThis.fetch(url, init);
    };
    const ds = await openHfDataset({ host, name: NAME, split: 'validation', fetch });
    armed = true;
    expect((await ds.readPage(0, 5)).instances.map((i) => i.id)).toEqual(expectedIds(0, 5));
    expect(failures).toBe(1);
  });

  it('a malformed name is refused before any request', async () => {
    const before = hub.requests.length;
    const err = await errorOf(listHfParquet({ host, name: 'not a name!' }));
    expect(err.code).toBe('bad-name');
    expect(hub.requests.length).toBe(before);
  });
});
