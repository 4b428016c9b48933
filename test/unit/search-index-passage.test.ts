/** The data worker's index finds the questions on an opened question's passage: Live's noise keeps all their answers (Wu et al. App. K: noise per passage). */
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { SearchIndex } from '../../src/worker/search-index.ts';

const q = (id: string, context: string): Instance => ({ id, dataset: 'd', title: 't', question: `${id}?`, context, answers: [], isImpossible: false, lang: 'en', tags: [] });

describe('SearchIndex.samePassage', () => {
  const index = new SearchIndex();
  index.add('d', [q('a1', 'One passage.'), q('b1', 'Another passage.'), q('a2', 'One passage.'), q('a3', 'One passage.')]);

  it.each([
    { id: 'a2', want: ['a1', 'a2', 'a3'] },
    { id: 'b1', want: ['b1'] },
    { id: 'nope', want: [] },
  ])('$id → $want', ({ id, want }) => {
    expect(index.samePassage('d', id)).toEqual(want);
  });

  it('an unknown dataset has none', () => expect(index.samePassage('x', 'a1')).toEqual([]));
});
