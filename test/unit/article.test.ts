import { describe, expect, it } from 'vitest';
import { aOrAn, withArticle } from '../../src/core/text/article.ts';

describe('aOrAn: the article by the sound a word starts with (issue 41.10: "a ORG")', () => {
  it.each([
    ['ORG', 'an'],
    ['PER', 'a'],
    ['GPE', 'a'],
    ['MIX', 'a'],
    ['NER', 'an'],
    ['F1', 'an'],
    ['EM', 'an'],
    ['C2W', 'a'],
    ['audit', 'an'],
    ['adversarial', 'an'],
    ['sweep', 'a'],
    ['universal', 'a'],
    ['one-word', 'a'],
    ['hour', 'an'],
    ['8', 'an'],
    ['8-token', 'an'],
    ['11', 'an'],
    ['18-token', 'an'],
    ['80', 'an'],
    ['110', 'a'],
    ['180', 'a'],
    ['11000', 'an'],
    ['11,000', 'an'],
    ['1', 'a'],
    ['64-token', 'a'],
    ['string', 'a'],
    ['object', 'an'],
    ['undefined', 'an'],
  ] as const)('%s → %s', (word, want) => {
    expect(aOrAn(word)).toBe(want);
  });
  it('withArticle puts it before the word', () => {
    expect(withArticle('ORG')).toBe('an ORG');
    expect(withArticle('PER')).toBe('a PER');
  });
});
