/**
 * What the guided tour takes besides settings and gives back when it closes: the open question (a
 * stored one, with its passage and question as the learner had edited them, or typed text) and the
 * question list's search words and filters.
 */
import type { SearchFilters } from '../../worker/data-protocol.ts';
import type { StoreApi } from 'zustand';
import type { AppState } from '../store/index.ts';

export interface TourReturn {
  /** The stored question that was open (dataset and id), or null for typed text. */
  instance: { dataset: string; id: string } | null;
  passage: string;
  question: string;
  query: string;
  filters: SearchFilters;
}

/** The question and list search as they are when the tour starts. */
export function tourReturn(s: Pick<AppState, 'instance' | 'passage' | 'question' | 'query' | 'filters'>): TourReturn {
  return { instance: s.instance ? { dataset: s.instance.dataset, id: s.instance.id } : null, passage: s.passage, question: s.question, query: s.query, filters: s.filters };
}

/** What differs between the tour's start and now, in words: 'question', 'list search'. */
export function tourReturnChanges(was: TourReturn, now: TourReturn): string[] {
  const q = was.passage !== now.passage || was.question !== now.question || JSON.stringify(was.instance) !== JSON.stringify(now.instance);
  const list = was.query !== now.query || JSON.stringify(was.filters) !== JSON.stringify(now.filters);
  return [...(q ? ['question'] : []), ...(list ? ['list search'] : [])];
}

type Store = Pick<StoreApi<AppState>, 'getState' | 'setState' | 'subscribe'>;

let stopWaiting: (() => void) | null = null;

/** Puts the list search and the question back; a stored question is fetched again, then the learner's own edits of it return. */
export function giveBack(app: Store, r: TourReturn): void {
  stopWaiting?.();
  stopWaiting = null;
  app.setState({ query: r.query, filters: r.filters });
  app.getState().runSearch();
  if (!r.instance) {
    app.setState({ instance: null, selectedKey: null, passage: r.passage, question: r.question, prediction: null });
    return;
  }
  const want = r.instance;
  const edits = () => app.setState({ passage: r.passage, question: r.question });
  const back = (st: AppState) => st.instance?.dataset === want.dataset && st.instance.id === want.id;
  app.getState().select(want as Parameters<AppState['select']>[0]);
  if (back(app.getState())) return edits();
  stopWaiting = app.subscribe((st) => {
    if (!back(st)) return;
    stopWaiting?.();
    stopWaiting = null;
    edits();
  });
}
