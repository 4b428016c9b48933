/**
 * Metadata keys of a file survive import (Instance.meta), for every format that can carry them,
 * from fixtures in each published layout with extra fields; and through IndexedDB storage.
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFile, importPairFiles } from '../../src/core/formats/index.ts';
import { collectMeta, META_MAX_KEYS, META_MAX_VALUE } from '../../src/core/formats/meta.ts';
import { squadRowToInstance } from '../../src/core/formats/hf-datasets.ts';
import { readSquad } from '../../src/core/formats/squad.ts';
import { beginImport, finishImport, QarxDb, storeInstances } from '../../src/worker/db.ts';

const FIX = join(import.meta.dirname, '..', 'fixtures', 'slices');
const bytes = (f: string) => new Uint8Array(readFileSync(join(FIX, f)));
const metaOf = async (f: string) => Object.fromEntries((await importFile(f, bytes(f), { dataset: 'fixture' })).instances.map((i) => [i.id, i.meta]));

describe('metadata keys kept at import', () => {
  it('SQuAD: article, paragraph and question keys and a metadata object; the innermost level wins; lists are not kept', async () => {
    const m = await metaOf('squad-meta.json');
    expect(m['oq-1']).toEqual({ type: 'person', difficulty: 1, verified: true, source: 'wiki', domain: 'transport' });
    // The question's own "source" wins over its paragraph's; its token list is not a label.
    expect(m['oq-3']).toEqual({ source: 'annotator', domain: 'transport' });
    expect(m['sf-3']).toEqual({ source: 'news', domain: 'nature' });
  });
  it('DuReader-robust: keys beside the paragraph title (which stays the title)', async () => {
    const r = await importFile('dureader-meta.json', bytes('dureader-meta.json'), { dataset: 'fixture' });
    expect(r.format).toBe('dureader');
    expect(r.instances.map((i) => [i.id, i.title, i.meta])).toEqual([
      ['gq-1', '青石桥', { type: '人物', id: 'gp-1', domain: '交通' }],
      ['gq-2', '青石桥', { type: '数字', id: 'gp-1', domain: '交通' }],
      ['gq-3', '柳溪茶园', { type: '时间', id: 'gp-2', domain: '农业' }],
    ]);
  });
  it('Hugging Face flat: extra scalar columns and a metadata object', async () => {
    const m = await metaOf('flat-meta.jsonl');
    expect(m['fm-1']).toEqual({ domain: 'industry', source: 'wiki', year: 2021 });
    expect(m['fm-2']).toEqual({ domain: 'industry', source: 'news', split: 'dev', reviewed: false });
  });
  it("MRQA: the header's dataset and split, and passage and question keys", async () => {
    const m = await metaOf('mrqa-meta.jsonl');
    expect(m['bw-1']).toEqual({ difficulty: 'easy', id: 'ctx-bw', domain: 'waterways', dataset: 'FenQA', split: 'dev' });
  });
  it('pairs CSV: columns no role claims, empty cells left out', async () => {
    const m = await metaOf('pairs-meta.csv');
    expect(m['pm-1']).toEqual({ domain: 'religion', source: 'wiki' });
    expect(m['pm-2']).toBeUndefined();
  });
  it('two aligned SQuAD files: the original side keeps its metadata', async () => {
    const r = await importPairFiles('squad-meta.json', bytes('squad-meta.json'), 'squad-meta-edited.json', bytes('squad-meta-edited.json'), { dataset: 'p' });
    const oq1 = r.instances.find((i) => i.id === 'oq-1');
    expect(oq1?.revision).toBeDefined();
    expect(oq1?.meta?.domain).toBe('transport');
  });
  it('readSquad (qarx predict / eval) sees the same metadata', () => {
    const f = readSquad(readFileSync(join(FIX, 'squad-meta.json'), 'utf8'), 'squad-meta.json');
    expect(f.items.find((i) => i.id === 'sf-1')?.meta).toEqual({ type: 'animal', source: 'news', domain: 'nature' });
  });
  it('a Hub row passes on the scalar columns it has', () => {
    const r = squadRowToInstance({ id: 'h1', title: 't', context: 'Ada wrote.', question: 'Who wrote?', answers: { text: ['Ada'], answer_start: [0] }, domain: 'science' }, 0, 'hf');
    expect(r.instance?.meta).toEqual({ domain: 'science' });
  });
  it('collectMeta keeps scalars only, at most META_MAX_KEYS keys, strings up to META_MAX_VALUE characters', () => {
    expect(collectMeta({ a: 1, b: null, c: [1], d: { e: 1 }, f: 'x'.repeat(META_MAX_VALUE + 1), g: Number.NaN, h: 'ok' }, [])).toEqual({ a: 1, h: 'ok' });
    const wide = Object.fromEntries(Array.from({ length: META_MAX_KEYS + 5 }, (_, i) => [`k${i}`, i]));
    expect(Object.keys(collectMeta(wide, []))).toHaveLength(META_MAX_KEYS);
    expect(collectMeta('not an object', [])).toEqual({});
  });
});

describe('metadata through IndexedDB', () => {
  it('is stored and read back with its instance', async () => {
    const r = await importFile('squad-meta.json', bytes('squad-meta.json'), { dataset: 'ds-meta' });
    const db = new QarxDb(`meta-${Math.random()}`);
    await beginImport(db, { id: 'ds-meta', name: 'squad-meta.json', format: 'squad', count: 0, createdAt: 1, builtIn: false, issueSummary: '', issues: [], partial: false, state: 'importing' });
    const s = await storeInstances(db, 'ds-meta', r.instances, () => {});
    expect(s.stored).toBe(6);
    await finishImport(db, 'ds-meta', { partial: false });
    const back = await db.instances.get(['ds-meta', 'oq-1']);
    expect(back?.meta).toEqual({ type: 'person', difficulty: 1, verified: true, source: 'wiki', domain: 'transport' });
    db.close();
  });
});
