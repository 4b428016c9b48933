/**
 * Worker health: what the page says when a worker died without an error event, and the pure state
 * changes that fail every request the dead worker held, so no card stays busy.
 */
import type { StateCreator } from 'zustand';
import type { DeathCause } from '../workers/supervisor.ts';
import type { ExperimentJob } from './experiment-slice.ts';
import type { AppState } from './index.ts';
import { JOB_OF, type SavedKind } from './run-saving.ts';
import type { ExperimentDoneEvent } from '../../worker/protocol.ts';
import { robustAfterDeath } from './multi-slice.ts';

export interface HealthSlice {
  /** The last worker death and what was done about it, shown until dismissed. */
  workerNotice: string | null;
  dismissWorkerNotice(): void;
  /** Each running experiment job's last checkpoint: the done event a Cancel now would give (src/worker/checkpoints.ts). */
  checkpoints: Record<number, ExperimentDoneEvent>;
}

export const createHealthSlice: StateCreator<AppState, [], [], HealthSlice> = (set) => ({
  workerNotice: null,
  dismissWorkerNotice() {
    set({ workerNotice: null });
  },
  checkpoints: {},
});

/** The running experiment jobs, by job id, with the store field each lives in. */
function runningJobs(s: AppState): Map<number, (typeof JOB_OF)[SavedKind]> {
  const m = new Map<number, (typeof JOB_OF)[SavedKind]>();
  for (const f of Object.values(JOB_OF)) if (s[f].status === 'running' && s[f].jobId !== null) m.set(s[f].jobId as number, f);
  return m;
}

/** The checkpoints after one arrived: kept for a running experiment job; those of jobs that ended are dropped. */
export function keepCheckpoint(s: AppState, jobId: number, done: ExperimentDoneEvent): Pick<HealthSlice, 'checkpoints'> {
  const running = runningJobs(s);
  const kept = Object.fromEntries(Object.entries(s.checkpoints).filter(([id]) => running.has(Number(id))));
  return { checkpoints: running.has(jobId) ? { ...kept, [jobId]: done } : kept };
}

/**
 * Ends running experiments whose worker stopped exactly as a Cancel ends them (issue 40.3): the job
 * gets `reason` as its stopReason and its last checkpoint — the done event a Cancel would have
 * brought — is applied as that event is (status 'cancelled', result kept, saved to the history
 * marked partial, a run on several models ends). Only job `only` when given; jobs without a
 * checkpoint (nothing finished yet) are left to the caller.
 */
export function stopAtCheckpoints(get: () => AppState, set: (p: Partial<AppState>) => void, apply: (e: ExperimentDoneEvent) => void, reason: string, only?: number): void {
  for (const [jobId, field] of runningJobs(get())) {
    const done = get().checkpoints[jobId];
    if (!done || (only !== undefined && jobId !== only)) continue;
    set({ [field]: { ...get()[field], stopReason: reason } } as Partial<AppState>);
    apply(done);
  }
  set({ checkpoints: only === undefined ? {} : Object.fromEntries(Object.entries(get().checkpoints).filter(([id]) => Number(id) !== only)) });
}

/** The stop reason of a run whose worker failed with an error, e.g. 'The inference worker stopped with an error: out of memory.' */
export function errorStopReason(message: string): string {
  const m = message.replace(/^The inference worker failed: /, '').replace(/\.?$/, '.');
  return `The inference worker stopped with an error: ${m}`;
}

/** One sentence on a death, e.g. deathMessage('inference', 'closed', true). */
export function deathMessage(worker: 'inference' | 'data', cause: DeathCause, restart: boolean): string {
  const what = cause === 'closed' ? `The ${worker} worker stopped without an error (closed, crashed or out of memory).` : `The ${worker} worker stopped answering.`;
  if (!restart) return `${what} It stopped three times within a minute, so it was not restarted again: reload the page.`;
  return worker === 'inference' ? `${what} A fresh one was started and the model reloaded.` : `${what} A fresh one was started; saved datasets are read again from this browser's storage.`;
}

/** The store fields of the experiment jobs the inference worker runs. */
export const EXPERIMENTS = ['sweep', 'budget', 'universal', 'exportJob', 'natural', 'synthetic', 'paraphrase', 'traps', 'adversarialJob'] as const;

/** Experiment jobs in `statuses` turned into errors saying `message`. */
export function failExperiments(s: AppState, statuses: readonly ExperimentJob['status'][], message: string): Partial<AppState> {
  const patch: Partial<Record<(typeof EXPERIMENTS)[number], ExperimentJob>> = {};
  for (const k of EXPERIMENTS) if (statuses.includes(s[k].status)) patch[k] = { ...s[k], status: 'error', error: message };
  return patch;
}

/** The store after the inference worker died (experiments with a checkpoint already stopped by stopAtCheckpoints): every other job on it failed, the model to be reloaded. */
export function qaDeathPatch(s: AppState, message: string): Partial<AppState> {
  return {
    ...failExperiments(s, ['running'], message),
    robust: robustAfterDeath(s.robust, message),
    workerNotice: message,
    predictJob: null,
    predictProgress: null,
    predictError: s.predictJob !== null ? message : s.predictError,
    renameJob: null,
    liveParaJob: null,
    renameError: s.renameJob !== null ? message : s.renameError,
    renameShownFor: s.renameJob !== null ? null : s.renameShownFor,
    // Explain's jobs died too: the panel may ask again (a running ask would otherwise block it, live-ask.ts).
    explainJob: null,
    reduceJob: null,
    failureJob: null,
    failureProgress: null,
    explainError: s.explainJob !== null || s.reduceJob !== null ? message : s.explainError,
    failureError: s.failureJob !== null ? message : s.failureError,
    explained: s.reduceJob !== null && s.explained ? { ...s.explained, reducing: false, cancelled: true } : s.explained,
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
