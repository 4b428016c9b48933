import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { schemaText } from '../../src/core/formats/schema-text.ts';

const Int = v.pipe(v.number(), v.integer());
// The shape of a flat SQuAD row: answers column-wise or as SQuAD's list of objects.
const Row = v.object({
  question: v.string(),
  answers: v.union([v.object({ text: v.array(v.string()), answer_start: v.array(Int) }), v.array(v.object({ text: v.string(), answer_start: Int }))]),
});
const text = (x: unknown) => {
  const r = v.safeParse(Row, x);
  return r.success ? null : schemaText(r.issues);
};

describe('schemaText: valibot issues in plain words', () => {
  it.each([
    ['a missing key', { answers: [] }, 'question: missing'],
    ['a wrong type', { question: 7, answers: [] }, 'question: expected string, got 7'],
    ['a string offset in the column layout (a union: the alternative that fits says what is wrong)', { question: 'q', answers: { text: ['a'], answer_start: ['11'] } }, 'answers.answer_start[0]: expected number, got "11"'],
    ['a string offset in the list layout', { question: 'q', answers: [{ text: 'a', answer_start: '3' }] }, 'answers[0].answer_start: expected number, got "3"'],
    ['a fractional offset', { question: 'q', answers: [{ text: 'a', answer_start: 1.5 }] }, 'answers[0].answer_start: not integer: 1.5'],
    ['neither alternative', { question: 'q', answers: 'none' }, 'answers: expected (Object | Array), got "none"'],
    ['several problems', { answers: { text: [3], answer_start: [0] } }, 'question: missing; answers.text[0]: expected string, got 3'],
  ])('%s', (_, input, expected) => expect(text(input)).toBe(expected));

  it('says "value" for a problem with the whole input', () => expect(schemaText(v.safeParse(v.string(), 3).issues ?? [])).toBe('value: expected string, got 3'));
});
