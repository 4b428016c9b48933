import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonWordList, LEXICON_PATH, COMMON_WORDS } from '../../scripts/make-entity-lexicon.ts';
import { isCommonWord } from '../../src/core/entity/lexicon.ts';

describe('common-word lexicon', () => {
  it('is what scripts/make-entity-lexicon.ts generates', () => {
    const committed = JSON.parse(readFileSync(LEXICON_PATH, 'utf8')) as string[];
    expect(committed).toEqual(commonWordList());
    expect(committed).toHaveLength(COMMON_WORDS);
  });
  it.each([
    { word: 'telephone', common: true },
    { word: 'Company', common: true },
    { word: 'Fleming', common: false },
    { word: 'Quillan', common: false },
  ])('$word → $common', ({ word, common }) => expect(isCommonWord(word)).toBe(common));
});
