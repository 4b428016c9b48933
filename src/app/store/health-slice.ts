/**
 * Worker health: what the page says when a worker died without an error event, and the pure state
 * changes that fail every request the dead worker held, so no card stays busy.
 */
import type { StateCreator } from 'zustand';
import type { DeathCause } from '../supervisor.ts';
import type { ExperimentJob } from './experiment-slice.ts';
import type { AppState } from './index.ts';
import { builtInPayload, JOB_OF, type SavedKind } from './run-saving.ts';
import { robustAfterDeath } from './multi-slice.ts';

export interface HealthSlice {
  /** The last worker death and what was done about it, shown until dismissed. */
  workerNotice: string | null;
  dismissWorkerNotice(): void;
}

export const createHealthSlice: StateCreator<AppState, [], [], HealthSlice> = (set) => ({
  workerNotice: null,
  dismissWorkerNotice() {
    set({ workerNotice: null });
  },
});

/** One sentence on a death, e.g. deathMessage('inference', 'closed', true). */
export function deathMessage(worker: 'inference' | 'data', cause: DeathCause, restart: boolean): string {
  const what = cause === 'closed' ? `The ${worker} worker stopped without an error (closed, crashed or out of memory).` : `The ${worker} worker stopped answering.`;
  if (!restart) return `${what} It stopped three times within a minute, so it was not restarted again: reload the page.`;
  return worker === 'inference' ? `${what} A fresh one was started and the model reloaded.` : `${what} A fresh one was started; saved datasets are read again from this browser's storage.`;
}

const EXPERIMENTS = ['sweep', 'budget', 'universal', 'exportJob', 'natural', 'synthetic', 'paraphrase', 'traps', 'adversarialJob'] as const;

/** Experiment jobs in `statuses` turned into errors saying `message`. */
function failExperiments(s: AppState, statuses: readonly ExperimentJob['status'][], message: string): Partial<AppState> {
  const patch: Partial<Record<(typeof EXPERIMENTS)[number], ExperimentJob>> = {};
  for (const k of EXPERIMENTS) if (statuses.includes(s[k].status)) patch[k] = { ...s[k], status: 'error', error: message };
  return patch;
}

/**
 * Running experiments that had results when the inference worker died: they end exactly as a
 * Cancel ends them (status 'cancelled', so results, exports and the saved run say partial), with
 * `stopReason` saying why; experiments without results fail as before.
 */
export function stoppedByDeath(s: AppState): SavedKind[] {
  return (Object.keys(JOB_OF) as SavedKind[]).filter((k) => s[JOB_OF[k]].status === 'running' && builtInPayload(s, k) !== null);
}

/** The store after the inference worker died: every job on it stopped (kept as partial) or failed, the model to be reloaded. */
export function qaDeathPatch(s: AppState, message: string): Partial<AppState> {
  const stopped: Partial<Record<(typeof EXPERIMENTS)[number], ExperimentJob>> = {};
  for (const k of stoppedByDeath(s)) stopped[JOB_OF[k]] = { ...s[JOB_OF[k]], status: 'cancelled', stopReason: message };
  return {
    ...failExperiments(s, ['running'], message),
    ...stopped,
    robust: robustAfterDeath(s.robust, message),
    workerNotice: message,
    predictJob: null,
    predictProgress: null,
    predictError: s.predictJob !== null ? message : s.predictError,
    renameJob: null,
    liveParaJob: null,
    renameError: s.renameJob !== null ? message : s.renameError,
    pairJob: null,
    noiseJob: null,
    noisePair: s.noiseJob !== null ? null : s.noisePair,
    wikiPairJob: null,
    liveTrapJob: null,
    adversarialLiveJob: null,
    wikiApplied: s.wikiPairJob !== null ? null : s.wikiApplied,
    loadJob: null,
    loadProgress: null,
    loadingSource: null,
    loadDeviceOverride: null,
    model: null,
    modelStatus: 'error',
    modelError: s.loadJob !== null && s.requested ? `Loading ${s.requested.id} was interrupted: ${message}` : message,
  };
}

/** The store after the data worker died: imports, history lookups and collections failed. */
export function dataDeathPatch(s: AppState, message: string): Partial<AppState> {
  return {
    ...failExperiments(s, ['collecting'], message),
    workerNotice: message,
    importJob: null,
    importMessage: s.importJob ? { kind: 'error', text: `The import of "${s.importJob.name}" stopped: ${message}` } : s.importMessage,
    wikiReq: null,
    wikiError: s.wikiReq !== null ? message : s.wikiError,
    collecting: null,
    paraCollect: null,
    poolReq: null,
  };
}
