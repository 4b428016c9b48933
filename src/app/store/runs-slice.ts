/**
 * The run history: every finished or cancelled experiment run is saved (IndexedDB, through the data
 * worker) with its record, headline table and full result; runs can be reopened after a reload,
 * deleted, and two of one kind put side by side. New experiment cards adopt it with one call:
 * saveRun(kind, record, payload, table, partial).
 */
import type { StateCreator } from 'zustand';
import type { RunRecord } from '../../core/results/run-record.ts';
import type { ResultTable } from '../../core/results/table.ts';
import type { SavedRunInfo } from '../../worker/data-protocol.ts';
import { newDataId, sendData } from '../workers/data-client.ts';
import type { AppState } from './index.ts';

export interface RunsSlice {
  savedRuns: SavedRunInfo[];
  /** What happened to the last save or delete, for the history panel (a full quota, say). */
  runsMessage: { kind: 'ok' | 'error'; text: string } | null;
  /** A reopened run: its record and table, its full result once read (null while reading or when gone), and the experiment page it was opened on (shown there only). */
  openedRun: { info: SavedRunInfo; payload: unknown; reqId: number; loading: boolean; page: string | null } | null;
  /** Up to two runs picked for side by side, oldest pick first. */
  compareIds: string[];
  /** Saves a run to the history; the result on screen never depends on it. A given id replaces the run saved under it (audit units). */
  saveRun(kind: string, run: RunRecord, payload: unknown, table: ResultTable, partial: boolean, id?: string): void;
  refreshRuns(): void;
  openRun(id: string): void;
  closeRun(): void;
  deleteRun(id: string): void;
  toggleCompare(id: string): void;
  receiveRuns(runs: SavedRunInfo[]): void;
  receiveRunSaved(id: string, error: string | null): void;
  receiveRun(reqId: number, id: string, payload: unknown): void;
}

/** The newest saved run of any of `kinds` (an experiment page's), or null, e.g. the sweep page's last sweep after a reload. */
export function lastRunOf(runs: readonly SavedRunInfo[], kinds: readonly string[]): SavedRunInfo | null {
  let last: SavedRunInfo | null = null;
  for (const r of runs) if (kinds.includes(r.kind) && (!last || r.createdAt > last.createdAt)) last = r;
  return last;
}

/** Whether the opened run belongs on the experiment page `page` (the one it was opened on): it does not follow the user to other pages. */
export const openedRunShownOn = (opened: RunsSlice['openedRun'], page: string | null): boolean => opened !== null && opened.page === page;

/** A fresh id for a saved run (time and a random part: unique across tabs). */
const runId = () => `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export const createRunsSlice: StateCreator<AppState, [], [], RunsSlice> = (set, get) => ({
  savedRuns: [],
  runsMessage: null,
  openedRun: null,
  compareIds: [],
  saveRun(kind, run, payload, table, partial, id) {
    const info: SavedRunInfo = { id: id ?? runId(), kind, title: table.title, run, partial, createdAt: Date.now(), table, bytes: JSON.stringify(payload)?.length ?? 0 };
    sendData({ type: 'run-save', reqId: newDataId(), info, payload });
  },
  refreshRuns() {
    sendData({ type: 'runs' });
  },
  openRun(id) {
    const info = get().savedRuns.find((r) => r.id === id);
    if (!info) return;
    const reqId = newDataId();
    set({ openedRun: { info, payload: null, reqId, loading: true, page: get().route.experiment } });
    sendData({ type: 'run-get', reqId, id });
  },
  closeRun() {
    set({ openedRun: null });
  },
  deleteRun(id) {
    const s = get();
    set({ compareIds: s.compareIds.filter((x) => x !== id), openedRun: s.openedRun?.info.id === id ? null : s.openedRun, runsMessage: null });
    sendData({ type: 'run-delete', id });
  },
  toggleCompare(id) {
    const ids = get().compareIds;
    set({ compareIds: ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].slice(-2) });
  },
  receiveRuns(runs) {
    const ids = new Set(runs.map((r) => r.id));
    const s = get();
    // Runs deleted (here or in another tab) leave the comparison and the reopened view.
    set({ savedRuns: runs, compareIds: s.compareIds.filter((x) => ids.has(x)), openedRun: s.openedRun && !ids.has(s.openedRun.info.id) ? null : s.openedRun });
  },
  receiveRunSaved(_id, error) {
    set({ runsMessage: error ? { kind: 'error', text: error } : null });
  },
  receiveRun(reqId, _id, payload) {
    const o = get().openedRun;
    if (!o || o.reqId !== reqId) return;
    set({ openedRun: { ...o, payload, loading: false } });
    if (payload === null) set({ runsMessage: { kind: 'error', text: `The run "${o.info.title}" is no longer in the history (deleted, perhaps in another tab).` } });
  },
});
