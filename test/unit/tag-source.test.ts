/**
 * Issue 42.3: each question's answer tag and its source (a correction by hand, the file's own
 * annotation, a loaded Hub NER model, the built-in tagger), in answerTypeOf's order of precedence,
 * and the list's and Live's tag with a Hub run's types laid over the built-in guesses only.
 */
import { describe, expect, it } from 'vitest';
import { answerTagSource, type TagSourceFields } from '../../src/core/ner/file-answer-type.ts';
import { rowTag } from '../../src/app/data/row-tag.ts';
import { tagInstances } from '../../src/core/ner/tag-instances.ts';
import { answerTypeOf } from '../../src/core/ner/answer-type.ts';

const span = { type: 'GPE' as const, start: 0, end: 5 };

describe('answerTagSource (hand-made cases)', () => {
  it.each<[string, TagSourceFields, string]>([
    ['no type, no spans: the built-in tagger types it', {}, 'builtin'],
    ["the import's built-in guess", { answerType: 'PER', answerTypeBy: 'builtin' }, 'builtin'],
    ["the file's own answer_type", { answerType: 'ORG' }, 'file'],
    ["the file's own entity spans", { entities: [span] }, 'file'],
    ["a loaded tagger's spans", { entities: [span], entitiesBy: 'Xenova/bert-base-NER' }, 'hub'],
    ['a correction wins over the built-in guess', { answerType: 'GPE', answerTypeBy: 'builtin', meta: { answer_type: 'GPE' } }, 'corrected'],
    ["a correction wins over a tagger's spans", { entities: [span], entitiesBy: 'x/y', meta: { answer_type: 'other' } }, 'corrected'],
    ['an answer_type that is no type is ignored', { answerType: 'PER', answerTypeBy: 'builtin', meta: { answer_type: 'city' } }, 'builtin'],
  ])('%s', (_, inst, want) => {
    expect(answerTagSource(inst)).toBe(want);
  });

  it("tagInstances marks a tagger's spans as its own, and the type then comes from them", async () => {
    const base = { id: 'a', dataset: 'd', isImpossible: false, question: 'Where?', context: 'Paris is big.', lang: 'en' as const, answers: [{ text: 'Paris', start: 0 }] };
    const { instances } = await tagInstances([{ ...base, answerType: 'PER' as const, answerTypeBy: 'builtin' as const }, { ...base, answerType: 'ORG' as const }], async () => [span], undefined, 'x/ner');
    expect(instances.map((x) => [answerTagSource(x), answerTypeOf(x)])).toEqual([
      ['hub', 'GPE'],
      ['file', 'ORG'],
    ]);
  });
});

describe('rowTag: the tag the list and Live show', () => {
  const row = (answerType: 'PER' | 'other' | null, tagSource: 'builtin' | 'file' | 'corrected' | null) => ({ dataset: 'd', id: 'q', answerType, tagSource });
  const hub = { 'd\u0000q': 'ORG' as const };
  it.each([
    ['a built-in guess', row('PER', 'builtin'), null, { type: 'PER', source: 'builtin' }],
    ["a Hub run's type replaces the built-in guess", row('PER', 'builtin'), hub, { type: 'ORG', source: 'hub' }],
    ["but not a file's type", row('PER', 'file'), hub, { type: 'PER', source: 'file' }],
    ['nor a correction', row('other', 'corrected'), hub, { type: 'other', source: 'corrected' }],
    ['an unanswerable question has none', row(null, null), hub, null],
  ])('%s', (_, r, h, want) => {
    expect(rowTag(r, h)).toEqual(want);
  });
});
