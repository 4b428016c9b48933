/** Paraphrase generators of each kind (English and Chinese), table-driven with hand-written expectations. */
import { describe, expect, it } from 'vitest';
import { contentWordEn, functionWordEn, reorderEn, synonymEn } from '../../src/core/sensitivity/paraphrase-en.ts';
import { contentWordZh, functionWordZh, reorderZh, synonymZh } from '../../src/core/sensitivity/paraphrase-zh.ts';
import { datasetParaphrases, isNone, paraphraseItems, paraphraseQuestion, PARAPHRASE_KINDS } from '../../src/core/sensitivity/paraphrase.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { importFile } from '../../src/core/formats/index.ts';

const questions = (rs: { question: string }[]) => rs.map((r) => r.question);

describe('English rules', () => {
  it.each([
    ['Who won the race in 1966?', 'In 1966, who won the race?'],
    ['In 1966, who won the race?', 'Who won the race in 1966?'],
    ['In which country is Mount Kilimanjaro?', 'Mount Kilimanjaro is in which country?'],
    ['What is the capital of Peru?', 'The capital of Peru is what?'],
  ])('reorder %s → %s', (q, want) => {
    expect(questions(reorderEn(q))).toContain(want);
  });

  it.each([
    // A long phrase with a second preposition belongs to a noun: not fronted.
    'Who shared the Nobel Prize in Physics with Marie Curie?',
    // A passive would read "The pigment called is what?".
    'What is the green pigment called?',
    'When was the Eiffel Tower completed?',
  ])('reorder finds nothing in %s', (q) => {
    expect(reorderEn(q)).toEqual([]);
  });

  it.each([
    ['Which city hosted the games?', ['What city hosted the games?']],
    ['What is the name of the river?', ["What's the name of the river?"]],
    ['In what year was it built during the war?', ['In which year was it built during the war?', 'In what year was it built in the war?']],
    ['Who lived near the bridge?', ['Who lived close to the bridge?']],
  ])('function words of %s', (q, want) => {
    expect(questions(functionWordEn(q))).toEqual(want);
  });

  it('synonyms keep the first letter’s case and never the question word', () => {
    const got = questions(synonymEn('Which city did Chopin leave?'));
    expect(got).toContain('Which metropolis did Chopin leave?');
    expect(got.every((q) => q.startsWith('Which '))).toBe(true);
  });

  it.each([
    ['When was the tower completed?', ['When exactly was the tower completed?', 'When precisely was the tower completed?']],
    ['Who led the team of local architects?', ['Who led the team of architects?']],
    // "how many": the word after "how" stays.
    ['How many pawns does each side have?', []],
  ])('content words of %s', (q, want) => {
    expect(questions(contentWordEn(q))).toEqual(want);
  });
});

describe('Chinese rules', () => {
  it.each([
    ['鲁迅的原名是什么？', '什么是鲁迅的原名？'],
    ['长城哪一年被列入世界文化遗产？', '哪一年长城被列入世界文化遗产？'],
    ['在标准大气压下，水在多少度沸腾？', '水在多少度沸腾，在标准大气压下？'],
  ])('reorder %s → %s', (q, want) => {
    expect(questions(reorderZh(q))).toContain(want);
  });

  it.each([
    ['鲁迅的原名是什么？', ['鲁迅的原名是啥？', '鲁迅的原名是什么呢？']],
    ['华为的总部位于哪个城市？', ['华为的总部位于哪一个城市？', '华为的总部在哪个城市？', '华为的总部位于哪个城市呢？']],
    ['邓亚萍一共获得了几枚金牌？', ['邓亚萍一共获得几枚金牌？', '邓亚萍一共获得了几枚金牌呢？']],
  ])('function words of %s', (q, want) => {
    expect(questions(functionWordZh(q))).toEqual(want);
  });

  it.each([
    ['鲁迅的原名是什么？', ['鲁迅的本名是什么？']],
    ['长江在哪里注入东海？', ['长江在哪里流入东海？']],
    ['谁写了这本书？', []],
  ])('synonyms of %s', (q, want) => {
    expect(questions(synonymZh(q))).toEqual(want);
  });

  it.each([
    ['西湖的面积大约是多少？', ['西湖的面积是多少？', '请问西湖的面积大约是多少？', '西湖的面积大约到底是多少？']],
    ['请问鲁迅的原名是什么？', ['鲁迅的原名是什么？', '请问鲁迅的原名到底是什么？']],
  ])('content words of %s', (q, want) => {
    expect(questions(contentWordZh(q))).toEqual(want);
  });
});

describe('paraphraseQuestion', () => {
  it('labels each paraphrase with its kind and picks one of the rule’s rewrites', () => {
    const r = paraphraseQuestion('Which city hosted the games in 1896?', 'en', 'function-word', 3);
    expect(isNone(r)).toBe(false);
    if (isNone(r)) return;
    expect(r.kind).toBe('function-word');
    expect(questions(functionWordEn('Which city hosted the games in 1896?'))).toContain(r.question);
  });

  it('says why when a kind has nothing to change', () => {
    expect(paraphraseQuestion('When was the Eiffel Tower completed?', 'en', 'reorder', 1)).toEqual({ none: 'no word reordering applies to this question' });
    expect(paraphraseQuestion('谁？', 'zh', 'synonym', 1)).toEqual({ none: 'no synonym substitution applies to this question' });
  });

  it('combines two different kinds and names both', () => {
    const r = paraphraseQuestion('鲁迅的原名是什么？', 'zh', 'combined', 1);
    if (isNone(r)) throw new Error(r.none);
    expect(r.kind).toBe('combined');
    expect(r.parts).toHaveLength(2);
    expect(new Set(r.parts).size).toBe(2);
    expect(r.question).not.toBe('鲁迅的原名是什么？');
  });
});

const inst = (over: Partial<Instance> = {}): Instance => ({ id: 'q1', dataset: 'd', title: 't', question: 'Which city hosted the games in 1896?', context: 'Athens hosted the games in 1896.', answers: [{ text: 'Athens', start: 0 }], isImpossible: false, lang: 'en', tags: [], ...over });

describe('paraphrase sources', () => {
  it('takes the dataset’s paraphrases and an aligned file’s reworded question on the same passage, never the question itself', () => {
    const i = inst({ paraphrases: ['Where were the 1896 games held?', 'Which city hosted the games in 1896?'], revision: { context: 'Athens hosted the games in 1896.', answers: [{ text: 'Athens', start: 0 }], question: 'The 1896 games were hosted by which city?' } });
    expect(datasetParaphrases(i).map((p) => [p.question, p.kind, p.detail])).toEqual([
      ['Where were the 1896 games held?', 'dataset', 'paraphrases field'],
      ['The 1896 games were hosted by which city?', 'dataset', 'aligned file'],
    ]);
    // An edited passage is a revision, not a paraphrase.
    expect(datasetParaphrases(inst({ revision: { context: 'Other.', answers: [], question: 'Reworded?' } }))).toEqual([]);
  });

  it('reads a SQuAD question’s `paraphrases` list; a malformed one is noted and the question kept', async () => {
    const ctx = 'Athens hosted the games in 1896.';
    const qa = (id: string, paraphrases: unknown) => ({ id, question: 'Which city hosted the games?', answers: [{ text: 'Athens', answer_start: 0 }], paraphrases });
    const doc = { version: '1.1', data: [{ title: 't', paragraphs: [{ context: ctx, qas: [qa('a', ['Where were the games held?', 7, '']), qa('b', 'not a list')] }] }] };
    const r = await importFile('p.json', new TextEncoder().encode(JSON.stringify(doc)), { dataset: 'd' });
    expect(r.instances.map((i) => [i.id, i.paraphrases, i.tags.includes('paraphrase')])).toEqual([
      ['a', ['Where were the games held?'], true],
      ['b', undefined, false],
    ]);
    expect(r.issues.map((i) => [i.path, i.skipped])).toEqual([
      ['data[0].paragraphs[0].qas[0].paraphrases', false],
      ['data[0].paragraphs[0].qas[1].paraphrases', false],
    ]);
    expect(datasetParaphrases(r.instances[0] as Instance).map((p) => p.question)).toEqual(['Where were the games held?']);
  });

  it('counts the questions each kind could not paraphrase', () => {
    const set = [inst(), inst({ id: 'q2', question: 'When was the Eiffel Tower completed?' })];
    const { items, none } = paraphraseItems(set, { dataset: false, kinds: ['reorder', 'function-word'], seed: 1 });
    expect(items.map((i) => [i.instance.id, i.paraphrase.kind])).toEqual([
      ['q1', 'reorder'],
      ['q1', 'function-word'],
    ]);
    expect(none).toEqual({ reorder: { count: 1, ids: ['q2'] }, 'function-word': { count: 1, ids: ['q2'] } });
  });

  it('lists every kind the CLI and app offer', () => {
    expect(PARAPHRASE_KINDS).toEqual(['reorder', 'function-word', 'synonym', 'content-word', 'combined']);
  });
});
