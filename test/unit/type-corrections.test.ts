/** A user's correction of an answer's entity type: kept in IndexedDB, applied to questions, the filter and exports, and read back on import. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { instancesToSquad } from '../../src/core/formats/squad-export.ts';
import { importSquad } from '../../src/core/formats/squad-import.ts';
import { answerTypeOf, fileAnswerType } from '../../src/core/ner/answer-type.ts';
import { selectRenameTarget } from '../../src/core/entity/rename.ts';
import { TypeCorrections } from '../../src/worker/corrections.ts';
import { QarxDb } from '../../src/worker/db.ts';
import { SearchIndex } from '../../src/worker/search-index.ts';

const context = 'Cheyenne is an American western television series that ran on ABC from 1955.';
const q: Instance = { id: 'q1', dataset: 'd', title: 'Cheyenne', question: 'Which series ran on ABC?', context, answers: [{ text: 'Cheyenne', start: 0 }], isImpossible: false, lang: 'en', answerType: 'other', tags: [] };
const all = { dataset: 'all', answerable: 'all', entity: 'all', revision: 'all', category: 'all' } as const;

describe('fileAnswerType', () => {
  it.each([
    { meta: { answer_type: 'GPE' }, want: 'GPE' },
    { meta: { answer_type: 'other' }, want: 'other' },
    { meta: { answer_type: 'city' }, want: null },
    { meta: { answer_type: 3 }, want: null },
    { meta: undefined, want: null },
  ])('$meta → $want', ({ meta, want }) => {
    expect(fileAnswerType(meta)).toBe(want);
  });
});

describe('TypeCorrections', () => {
  it('saves a correction, applies it to the question and the filter, survives a new worker, and resets', async () => {
    const name = `t-${Math.random()}`;
    const db = new QarxDb(name);
    const touched: string[] = [];
    const c = new TypeCorrections(db, (ds) => touched.push(...ds));
    await c.load();
    const index = new SearchIndex();
    index.correctedType = (d, id) => c.typeOf(d, id);
    index.add('d', [q]);
    const filter = (entity: string) => index.search(['d'], '', { ...all, entity } as never, null, 10).rows.map((r) => r.answerType);
    expect(filter('PER')).toEqual([]);
    expect(selectRenameTarget(c.apply(q), { type: 'MIX', source: 'db' })).toBe('no-entity');

    await c.set('d', 'q1', 'PER');
    expect(touched).toContain('d');
    expect(c.apply(q).answerType).toBe('PER');
    expect(c.apply(q).meta?.answer_type).toBe('PER');
    expect(filter('PER')).toEqual(['PER']);
    expect(filter('other')).toEqual([]);
    // Renaming follows the correction.
    const t = selectRenameTarget(c.apply(q), { type: 'PER', source: 'db' });
    expect(typeof t === 'string' ? t : t.entity.text).toBe('Cheyenne');

    // A new worker (another tab, a reload) reads it from IndexedDB.
    const again = new TypeCorrections(new QarxDb(name), () => undefined);
    await again.load();
    expect(again.typeOf('d', 'q1')).toBe('PER');

    await c.set('d', 'q1', null);
    expect(c.apply(q)).toBe(q);
    const third = new TypeCorrections(new QarxDb(name), () => undefined);
    await third.load();
    expect(third.typeOf('d', 'q1')).toBeUndefined();
  });

  it('travels in a SQuAD export as answer_type and is read back by import and renaming', async () => {
    const db = new QarxDb(`t-${Math.random()}`);
    const c = new TypeCorrections(db, () => undefined);
    await c.load();
    await c.set('d', 'q1', 'GPE');
    const squad = instancesToSquad([c.apply(q), { ...q, id: 'q2' }]);
    const qas = squad.data[0]?.paragraphs[0]?.qas ?? [];
    expect((qas[0] as { answer_type?: string }).answer_type).toBe('GPE');
    expect('answer_type' in (qas[1] ?? {})).toBe(false);
    const back = (await importSquad(JSON.stringify(squad), { file: 'back.json', dataset: 'd' })).instances;
    expect(back.map((x) => answerTypeOf(x))).toEqual(['GPE', 'other']);
  });
});
