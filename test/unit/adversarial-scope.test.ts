/** The Adversarial SQuAD card states the questions it scores before Run: none when no dataset in the scope has variants (issue 41.10's "442 questions", then "there are none"). */
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { SearchIndex } from '../../src/worker/search-index.ts';
import { describeScope, type ScopeSpec } from '../../src/core/experiments/scope.ts';
import { adversarialSelection } from '../../src/core/trap/adversarial.ts';
import type { SearchFilters } from '../../src/worker/data-protocol.ts';

const q = (dataset: string, id: string, variant = false): Instance => ({ id, dataset, title: 't', question: `${id}?`, context: `Passage of ${id}.`, answers: [], isImpossible: false, lang: 'en', tags: [], ...(variant ? { adversarial: { originalId: id.split('-')[0]!, sentence: 'x' } as never } : {}) });
const ALL: SearchFilters = { dataset: 'all', answerable: 'all', entity: 'all', revision: 'all', category: 'all' };
const DATA: Record<string, Instance[]> = {
  plain: [q('plain', 'p1'), q('plain', 'p2'), q('plain', 'p3')],
  adv: [q('adv', 'a1'), q('adv', 'a1-turk0', true), q('adv', 'a2'), q('adv', 'a2-turk0', true)],
};
const index = new SearchIndex();
for (const [d, xs] of Object.entries(DATA)) index.add(d, xs);

describe('SearchIndex.adversarialTotal: the questions adversarialSelection keeps, counted without reading them', () => {
  it.each([
    { name: 'both datasets: the adversarial file only', f: ALL, query: '', want: 4 },
    { name: 'the plain dataset alone: none', f: { ...ALL, dataset: 'plain' }, query: '', want: 0 },
    { name: 'a search that keeps only originals: no variant in scope, none', f: ALL, query: 'a1?', want: 0 },
    { name: 'a search that keeps a variant: its dataset\'s matches', f: ALL, query: 'a1', want: 2 },
  ])('$name → $want', ({ f, query, want }) => {
    const ids = Object.keys(DATA);
    expect(index.adversarialTotal(ids, query, f, null)).toBe(want);
    // One rule: the same count as the run's own selection from the same questions.
    const rows = index.search(ids, query, f, null, 1000).rows;
    const picked = rows.map((r) => DATA[r.dataset]!.find((x) => x.id === r.id)!);
    expect(adversarialSelection(picked).length).toBe(want);
  });
});

describe('the scope line of the adversarial card', () => {
  const spec: ScopeSpec = { dataset: '', answerable: 'all', entity: 'all', revision: 'all', category: 'all', search: '', searchLeftOut: '' };
  it('says 0 questions, and why, when no dataset has variants', () => {
    expect(describeScope('adversarial', spec, { total: 442, answerable: 400, paired: 0, adversarial: 0 })).toEqual({ n: 0, text: '0 questions: all datasets · no search · no dataset in the scope has Adversarial SQuAD variants: import an AddSent / AddOneSent file' });
  });
  it('counts the linked datasets\' questions when there are', () => {
    expect(describeScope('adversarial', spec, { total: 442, answerable: 400, paired: 0, adversarial: 4 })).toEqual({ n: 4, text: '4 questions: all datasets · no search · scored: the datasets linked as adversarial variants' });
  });
});
