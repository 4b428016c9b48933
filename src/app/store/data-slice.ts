/** Datasets, imports and the instance browser's query, selection and results. */
import type { StateCreator } from 'zustand';
import type { Instance } from '../../core/data/types.ts';
import type { DatasetInfo, ImportSource, InstanceRow, SearchFilters } from '../../worker/data-protocol.ts';
import { newDataId, sendData } from '../data-client.ts';
import type { AppState } from './index.ts';

export interface ImportJob {
  jobId: number;
  name: string;
  phase: 'download' | 'parse' | 'store' | 'classify' | 'start';
  done: number;
  total: number;
}

export interface DataSlice {
  datasets: DatasetInfo[];
  importJob: ImportJob | null;
  /** Outcome of the last import (success summary, cancellation or error), shown until dismissed. */
  importMessage: { kind: 'ok' | 'warn' | 'error'; text: string } | null;
  query: string;
  filters: SearchFilters;
  searchReq: number;
  rows: InstanceRow[];
  total: number;
  /** Key (dataset + id) of the selected row, and the instance once fetched. */
  selectedKey: string | null;
  instance: Instance | null;
  dataError: string | null;
  startImport(source: ImportSource, name: string): void;
  cancelImport(): void;
  deleteDataset(id: string): void;
  setQuery(q: string): void;
  setFilters(f: Partial<SearchFilters>): void;
  runSearch(): void;
  select(row: InstanceRow): void;
  dismissImportMessage(): void;
}

export const DEFAULT_FILTERS: SearchFilters = { dataset: 'all', answerable: 'all', entity: 'all', revision: 'all', category: 'all' };

/** The key of a row, unique across datasets. */
export const rowKey = (r: { dataset: string; id: string }) => `${r.dataset}\u0000${r.id}`;

let getReq = 0;

export const createDataSlice: StateCreator<AppState, [], [], DataSlice> = (set, get) => ({
  datasets: [],
  importJob: null,
  importMessage: null,
  query: '',
  filters: DEFAULT_FILTERS,
  searchReq: 0,
  rows: [],
  total: 0,
  selectedKey: null,
  instance: null,
  dataError: null,
  startImport(source, name) {
    const prev = get().importJob;
    if (prev) sendData({ type: 'cancel', jobId: prev.jobId });
    const jobId = newDataId();
    set({ importJob: { jobId, name, phase: 'start', done: 0, total: 0 }, importMessage: null });
    sendData({ type: 'import', jobId, source, name });
  },
  cancelImport() {
    const job = get().importJob;
    if (job) sendData({ type: 'cancel', jobId: job.jobId });
  },
  deleteDataset(id) {
    sendData({ type: 'delete', dataset: id });
    if (get().filters.dataset === id) get().setFilters({ dataset: 'all' });
  },
  setQuery(q) {
    set({ query: q });
    get().runSearch();
  },
  setFilters(f) {
    set({ filters: { ...get().filters, ...f } });
    get().runSearch();
  },
  runSearch() {
    const reqId = newDataId();
    set({ searchReq: reqId });
    const { filters, naturalRows } = get();
    const only = filters.category === 'all' ? null : naturalRows.filter((r) => r.category === filters.category).map(rowKey);
    sendData({ type: 'search', reqId, query: get().query, filters, only });
  },
  select(row) {
    getReq = newDataId();
    set({ selectedKey: rowKey(row) });
    sendData({ type: 'get', reqId: getReq, dataset: row.dataset, id: row.id });
  },
  dismissImportMessage() {
    set({ importMessage: null });
  },
});

/** Whether a 'instance' event answers the latest selection. */
export const isLatestGet = (reqId: number) => reqId === getReq;
