/** The question list says when it hides the question open in Live, and whether Clear would show it. */
import { describe, expect, it } from 'vitest';
import { openQuestionHidden } from '../../src/app/data/open-hidden.ts';
import { DEFAULT_FILTERS } from '../../src/app/store/data-slice.ts';

const key = 'demo\u0000q7';
const base = { selectedKey: key, listed: false, total: 3, shown: 3, query: 'Curie', filters: DEFAULT_FILTERS };

describe('openQuestionHidden', () => {
  it.each([
    { name: 'a search hides it: Clear shows it', p: base, want: { clearShows: true, dataset: 'demo' } },
    { name: 'a filter hides it', p: { ...base, query: '', filters: { ...DEFAULT_FILTERS, answerable: 'unanswerable' as const } }, want: { clearShows: true, dataset: 'demo' } },
    { name: 'the list shows another dataset: Clear keeps the dataset, so it would not show it', p: { ...base, filters: { ...DEFAULT_FILTERS, dataset: 'ds-2' } }, want: { clearShows: false, dataset: 'demo' } },
    { name: 'its own dataset chosen, a search hides it', p: { ...base, filters: { ...DEFAULT_FILTERS, dataset: 'demo' } }, want: { clearShows: true, dataset: 'demo' } },
    { name: 'it is in the list', p: { ...base, listed: true }, want: null },
    { name: 'no question open (free text)', p: { ...base, selectedKey: null }, want: null },
    { name: 'no search and no filter: nothing of the list hides it', p: { ...base, query: '  ' }, want: null },
    { name: 'a capped list may hold it beyond the shown part', p: { ...base, total: 900, shown: 500 }, want: null },
    { name: 'nothing matches: the empty list says so itself', p: { ...base, total: 0, shown: 0 }, want: null },
  ])('$name', ({ p, want }) => {
    expect(openQuestionHidden(p)).toEqual(want);
  });
});
