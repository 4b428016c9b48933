import { describe, expect, it } from 'vitest';
import { answerEntityType } from '../../src/core/ner/answer-type.ts';

describe('answerEntityType', () => {
  it.each([
    { text: 'Marie Curie', want: 'PER' },
    { text: 'Charles Babbage', want: 'PER' },
    { text: 'Microsoft', want: 'ORG' },
    { text: 'the European Union', want: 'ORG' },
    { text: 'Warsaw', want: 'GPE' },
    { text: 'New York City', want: 'GPE' },
    { text: '1867', want: 'other' },
    { text: 'radium', want: 'other' },
    { text: '', want: 'other' },
    { text: 'the mayor of Paris', want: 'other' },
  ])('$text → $want', ({ text, want }) => {
    expect(answerEntityType(text)).toBe(want);
  });
});
