/**
 * Whether the question open in Live is missing from the question list because of the list's own
 * search or filters (a tour stop, a link or a reopened case opens questions the list may hide), and
 * whether clearing them would show it: the dataset filter is a choice of data and Clear keeps it.
 */
import { DEFAULT_FILTERS } from '../store/data-slice.ts';
import type { SearchFilters } from '../../worker/data-protocol.ts';

/** Why the open question is not in the list, or null when it is there, none is open, or the list is capped (it may be beyond the shown part). */
export function openQuestionHidden(p: { selectedKey: string | null; listed: boolean; total: number; shown: number; query: string; filters: SearchFilters }): { clearShows: boolean; dataset: string } | null {
  if (p.selectedKey === null || p.listed || p.total === 0 || p.shown < p.total) return null;
  const narrowed = p.query.trim() !== '' || (Object.keys(DEFAULT_FILTERS) as (keyof SearchFilters)[]).some((k) => p.filters[k] !== DEFAULT_FILTERS[k]);
  if (!narrowed) return null;
  const dataset = p.selectedKey.split('\u0000')[0] ?? '';
  return { clearShows: p.filters.dataset === 'all' || p.filters.dataset === dataset, dataset };
}
