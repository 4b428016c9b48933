import { describe, expect, it } from 'vitest';
import { countOf, isAre, theCount } from '../../src/core/text/plural.ts';

describe('counts in messages', () => {
  it.each([
    { n: 0, want: '0 questions', the: 'the 0 questions', verb: 'are' },
    { n: 1, want: '1 question', the: 'the question', verb: 'is' },
    { n: 2, want: '2 questions', the: 'the 2 questions', verb: 'are' },
    { n: 100000, want: '100,000 questions', the: 'the 100,000 questions', verb: 'are' },
  ])('$n → $want', ({ n, want, the, verb }) => {
    expect(countOf(n, 'question')).toBe(want);
    expect(theCount(n, 'question')).toBe(the);
    expect(isAre(n)).toBe(verb);
  });

  it('takes an irregular plural', () => {
    expect(countOf(1, 'entity', 'entities')).toBe('1 entity');
    expect(countOf(3, 'entity', 'entities')).toBe('3 entities');
  });
});
