/**
 * The experiments' scope: the Questions list's dataset and filters, and its search only when the
 * user includes it (a search typed to find one question must not narrow a run). Every card states
 * it before a run (ScopeLine), asks the data worker for it (collectRequest) and records it.
 */
import type { StateCreator } from 'zustand';
import type { Instance } from '../../core/data/types.ts';
import { countsOf, describeScope, type ScopeCounts, type ScopeKind, type ScopeSpec } from '../../core/experiments/scope.ts';
import type { SearchFilters } from '../../worker/data-protocol.ts';
import { newDataId, sendData } from '../workers/data-client.ts';
import { rowKey } from './data-slice.ts';
import type { AppState } from './index.ts';
import type { TaggerCoverage } from '../../core/ner/coverage.ts';

export interface ScopeSlice {
  /** Whether the list's search narrows the experiments too (off: a search only finds questions). */
  scopeSearch: boolean;
  /** The scope's counts from the data worker for the latest request (scopeReq); null while it counts, so no line states a new scope with an old count. */
  scopeCounts: ScopeCounts | null;
  scopeReq: number;
  setScopeSearch(on: boolean): void;
  /** Asks the data worker to count the scope (after any change of dataset, filter or search). */
  refreshScope(): void;
  receiveScopeCounts(reqId: number, counts: ScopeCounts): void;
  /** The scope's tagger coverage before a renaming run (built-in tagger and the files' own tags) for the latest request (reqId); null while it counts. */
  scopeCoverage: { reqId: number; coverage: TaggerCoverage | null };
  /** Asks the data worker to count the coverage of the scope's first `limit` questions, as a renaming run collects them. */
  refreshCoverage(limit: number): void;
  receiveScopeCoverage(reqId: number, coverage: TaggerCoverage): void;
}

type ScopeState = Pick<AppState, 'query' | 'filters' | 'scopeSearch' | 'naturalRows' | 'datasets'>;

/** The search words in the scope ('' when the search is not included). */
export const scopeQuery = (s: Pick<AppState, 'query' | 'scopeSearch'>): string => (s.scopeSearch ? s.query.trim() : '');

/** What the data worker collects for an experiment: the scope's search, filters and category rows. */
export function collectRequest(s: ScopeState): { query: string; filters: SearchFilters; only: string[] | null } {
  const only = s.filters.category === 'all' ? null : s.naturalRows.filter((r) => r.category === s.filters.category).map(rowKey);
  return { query: scopeQuery(s), filters: s.filters, only };
}

/** The scope as core's describeScope reads it. */
export function scopeSpecOf(s: ScopeState): ScopeSpec {
  const ds = s.filters.dataset === 'all' ? '' : (s.datasets.find((d) => d.id === s.filters.dataset)?.name ?? s.filters.dataset);
  return { dataset: ds, answerable: s.filters.answerable, entity: s.filters.entity, revision: s.filters.revision, category: s.filters.category, search: scopeQuery(s), searchLeftOut: s.scopeSearch ? '' : s.query.trim() };
}

/**
 * The record's scope of a run: the words (from the questions collected) and, when the questions
 * run are not every question of their datasets, their ids in run order (qarx --ids).
 */
export function scopeRecord(kind: ScopeKind, s: ScopeState, collected: readonly Instance[], run: readonly Instance[], total: number, limit?: number): { scope: string; ids?: string[] } {
  const spec = scopeSpecOf(s);
  const { text } = describeScope(kind, spec, { ...countsOf(collected), total }, limit, run.length);
  const f = s.filters;
  const filtered = f.answerable !== 'all' || f.entity !== 'all' || f.revision !== 'all' || f.category !== 'all' || spec.search !== '';
  const narrowed = filtered || total > collected.length || run.length < collected.length;
  return { scope: text, ...(narrowed ? { ids: run.map((i) => i.id) } : {}) };
}

export const createScopeSlice: StateCreator<AppState, [], [], ScopeSlice> = (set, get) => ({
  scopeSearch: false,
  scopeCounts: null,
  scopeReq: 0,
  setScopeSearch(on) {
    set({ scopeSearch: on });
    get().refreshScope();
  },
  refreshScope() {
    const reqId = newDataId();
    set({ scopeReq: reqId, scopeCounts: null });
    sendData({ type: 'scope-count', reqId, ...collectRequest(get()) });
  },
  receiveScopeCounts(reqId, counts) {
    if (reqId === get().scopeReq) set({ scopeCounts: counts });
  },
  scopeCoverage: { reqId: 0, coverage: null },
  refreshCoverage(limit) {
    const reqId = newDataId();
    set({ scopeCoverage: { reqId, coverage: null } });
    sendData({ type: 'scope-coverage', reqId, ...collectRequest(get()), limit });
  },
  receiveScopeCoverage(reqId, coverage) {
    if (reqId === get().scopeCoverage.reqId) set({ scopeCoverage: { reqId, coverage } });
  },
});
