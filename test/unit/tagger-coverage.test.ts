/** Tagger coverage (issue 24.8): answerable questions whose answer gets a PER, ORG or GPE entity, with the entities in use. */
import { describe, expect, it } from 'vitest';
import { coverageText } from '../../src/core/ner/coverage.ts';
import { taggerCoverage } from '../../src/core/ner/coverage-of.ts';

const CONTEXT = 'Marie Curie was born in Warsaw in 1867. The Eiffel Tower is in Paris.';
const q = (answer: string, extra: Record<string, unknown> = {}) => ({ context: CONTEXT, isImpossible: false, answers: [{ text: answer, start: CONTEXT.indexOf(answer) }], ...extra });

describe('taggerCoverage', () => {
  it.each([
    { name: 'built-in tagger: a person and a city, not a year or a landmark', qs: [q('Marie Curie'), q('Warsaw'), q('1867'), q('Eiffel Tower')], want: { answerable: 4, withEntity: 2, byType: { PER: 1, ORG: 0, GPE: 1 } } },
    { name: 'unanswerable questions are not counted', qs: [q('Warsaw'), { context: CONTEXT, isImpossible: true, answers: [] }], want: { answerable: 1, withEntity: 1, byType: { PER: 0, ORG: 0, GPE: 1 } } },
    // A tagger's spans (here: none over "Marie Curie") decide instead of the built-in tagger.
    { name: "a loaded tagger's spans win", qs: [q('Marie Curie', { entities: [{ type: 'GPE', start: CONTEXT.indexOf('Warsaw'), end: CONTEXT.indexOf('Warsaw') + 6 }] }), q('Warsaw', { entities: [{ type: 'GPE', start: CONTEXT.indexOf('Warsaw'), end: CONTEXT.indexOf('Warsaw') + 6 }] })], want: { answerable: 2, withEntity: 1, byType: { PER: 0, ORG: 0, GPE: 1 } } },
    { name: "the file's answer type wins", qs: [q('1867', { answerType: 'ORG' })], want: { answerable: 1, withEntity: 1, byType: { PER: 0, ORG: 1, GPE: 0 } } },
    { name: 'nothing answerable', qs: [], want: { answerable: 0, withEntity: 0, byType: { PER: 0, ORG: 0, GPE: 0 } } },
  ])('$name', ({ qs, want }) => {
    expect(taggerCoverage(qs as Parameters<typeof taggerCoverage>[0])).toEqual(want);
  });

  it('in words', () => {
    expect(coverageText({ answerable: 2, withEntity: 1, byType: { PER: 0, ORG: 0, GPE: 1 } })).toBe('answer entity for 1 of 2 answerable questions (50.0%: PER 0, ORG 0, GPE 1)');
    expect(coverageText({ answerable: 0, withEntity: 0, byType: { PER: 0, ORG: 0, GPE: 0 } })).toBe('answer entity for 0 of 0 answerable questions (–: PER 0, ORG 0, GPE 0)');
  });
});
