/** Datasets, imports and the instance browser's query, selection and results. */
import type { StateCreator } from 'zustand';
import type { Permalink } from '../../core/results/permalink.ts';
import type { GoldAnswer, Instance } from '../../core/data/types.ts';
import type { DatasetInfo, ImportSource, InstanceRow, SearchFilters, StorageReport } from '../../worker/data-protocol.ts';
import { newDataId, sendData } from '../workers/data-client.ts';
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
  /** Every gold answer of the questions on the open instance's passage (Live's noise keeps them all, as every other surface does). */
  passageAnswers: GoldAnswer[] | null;
  dataError: string | null;
  /** Things the data worker reported unasked (start-up clean-up, another tab's delete), newest last. */
  dataNotices: string[];
  /** A permalink's question whose imported dataset is not in this browser: the live view names the file to import, and opens the question once it is here. */
  missingLink: MissingLink | null;
  /** The Storage panel's figures, once asked for. */
  storage: StorageReport | null;
  /** An import the user asked for while another was running: waits for their answer (or for the other to end). */
  pendingImport: { source: ImportSource; name: string } | null;
  /** Starts an import; one already running here is cancelled (requestImport asks the user first). */
  startImport(source: ImportSource, name: string): void;
  /** Starts an import, or, while another runs, holds it until the user says whether to cancel the other. */
  requestImport(source: ImportSource, name: string): void;
  /** The user's answer: replace the running import with the held one, or keep it (dropping the held one). */
  answerPendingImport(replace: boolean): void;
  /** Called when an import ends: a held import no longer needs to cancel anything, so it starts. */
  runPendingImport(): void;
  cancelImport(): void;
  deleteDataset(id: string): void;
  setQuery(q: string): void;
  setFilters(f: Partial<SearchFilters>): void;
  /** Clears the search words and the filters, keeping the dataset chosen. */
  clearSearch(): void;
  /** A filter the app reset, in one line under the list's filters (null: none); the list's next change or Dismiss takes it away. */
  listNote: string | null;
  dismissListNote(): void;
  runSearch(): void;
  select(row: InstanceRow): void;
  dismissImportMessage(): void;
  /** Applies a new dataset list: a filter or an open question on a vanished dataset is let go, and said so. */
  receiveDatasets(list: DatasetInfo[]): void;
  addNotice(message: string): void;
  dismissNotice(index: number): void;
  /** Asks the data worker for the Storage panel's figures. */
  requestStorage(): void;
}

/** A permalink's stored question: dataset id, question id and the file it came from. */
export type MissingLink = Extract<Permalink['q'], { kind: 'instance' }>;

export const DEFAULT_FILTERS: SearchFilters = { dataset: 'all', answerable: 'all', entity: 'all', revision: 'all', category: 'all' };

/** The key of a row, unique across datasets. */
export const rowKey = (r: { dataset: string; id: string }) => `${r.dataset}\u0000${r.id}`;

let getReq = 0;

/** The line under the list when a dataset change let a category filter go, e.g. categoryResetNote('C2W'). */
export const categoryResetNote = (category: string): string => `Category filter "${category}" cleared: it came from the revision pairs of another dataset.`;

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
  passageAnswers: null,
  dataError: null,
  dataNotices: [],
  missingLink: null,
  storage: null,
  pendingImport: null,
  startImport(source, name) {
    const prev = get().importJob;
    if (prev) sendData({ type: 'cancel', jobId: prev.jobId });
    const jobId = newDataId();
    set({ importJob: { jobId, name, phase: 'start', done: 0, total: 0 }, importMessage: null });
    sendData({ type: 'import', jobId, source, name });
  },
  requestImport(source, name) {
    if (get().importJob) set({ pendingImport: { source, name } });
    else get().startImport(source, name);
  },
  answerPendingImport(replace) {
    const p = get().pendingImport;
    set({ pendingImport: null });
    if (p && replace) get().startImport(p.source, p.name);
  },
  runPendingImport() {
    const p = get().pendingImport;
    if (!p || get().importJob) return;
    const outcome = get().importMessage; // the finished import's outcome stays readable
    set({ pendingImport: null });
    get().startImport(p.source, p.name);
    set({ importMessage: outcome });
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
    // The note on a reset filter is about the list as it was: the next change of the list ends it.
    set({ query: q, listNote: null });
    get().runSearch();
  },
  setFilters(f) {
    const before = get().filters;
    // A category comes from the last revision-pair run's rows: on another dataset it would leave nothing.
    const reset = f.dataset !== undefined && f.dataset !== before.dataset && before.category !== 'all' && f.category === undefined;
    set({ filters: { ...before, ...f, ...(reset ? { category: 'all' as const } : {}) }, listNote: reset ? categoryResetNote(before.category) : null });
    get().runSearch();
  },
  clearSearch() {
    // The dataset is a choice of data, not a search: it stays (runs after a clear stay on it).
    set({ query: '', filters: { ...DEFAULT_FILTERS, dataset: get().filters.dataset }, listNote: null });
    get().runSearch();
  },
  listNote: null,
  dismissListNote() {
    set({ listNote: null });
  },
  runSearch() {
    const reqId = newDataId();
    set({ searchReq: reqId });
    const { filters, naturalRows } = get();
    const only = filters.category === 'all' ? null : naturalRows.filter((r) => r.category === filters.category).map(rowKey);
    sendData({ type: 'search', reqId, query: get().query, filters, only });
    // The experiments' scope follows the list's dataset and filters.
    get().refreshScope();
  },
  select(row) {
    getReq = newDataId();
    set({ selectedKey: rowKey(row) });
    sendData({ type: 'get', reqId: getReq, dataset: row.dataset, id: row.id });
  },
  dismissImportMessage() {
    set({ importMessage: null });
  },
  receiveDatasets(list) {
    const { datasets: before, filters, instance } = get();
    const ids = new Set(list.map((d) => d.id));
    set({ datasets: list, ...(filters.dataset !== 'all' && !ids.has(filters.dataset) ? { filters: { ...filters, dataset: 'all' } } : {}) });
    const lost = instance && !ids.has(instance.dataset) ? before.find((d) => d.id === instance.dataset) : undefined;
    if (lost) get().addNotice(`The open question belongs to "${lost.name}", which was deleted: it stays open here but is no longer stored.`);
    // A link waiting for its file: the dataset with its content hash has arrived (imported again), so open the question.
    const waiting = get().missingLink;
    const found = waiting?.file ? list.find((d) => d.hash === waiting.file?.hash) : undefined;
    if (waiting && found) {
      set({ missingLink: null });
      get().select({ dataset: found.id, id: waiting.id } as InstanceRow);
    }
    get().runSearch();
  },
  addNotice(message) {
    const rest = get().dataNotices.filter((m) => m !== message);
    set({ dataNotices: [...rest, message].slice(-4) });
  },
  dismissNotice(index) {
    set({ dataNotices: get().dataNotices.filter((_, i) => i !== index) });
  },
  requestStorage() {
    sendData({ type: 'storage' });
  },
});

/** Whether a 'instance' event answers the latest selection. */
export const isLatestGet = (reqId: number) => reqId === getReq;
