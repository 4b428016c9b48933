/**
 * When the service worker may save the app for offline use (issue 44): its first install precaches
 * and hashes ≈ 60 MB (the app, ONNX Runtime, the model) for 15–30 s of CPU and I/O on a loaded
 * machine, and run beside a sweep it took a third of the sweep's CPU. So it is registered only once
 * the first model load is over and the inference worker has no job, and an install already under way
 * pauses between files while a job runs (src/sw/install-pause.ts); the notice says why it waits.
 * Short requests count too (a live edit's answer, an Explain): beside an install a 120 ms occlusion
 * took 420–500 ms to show at load 0.2–1.4 against 234 ms once installed, so the install starts only
 * once the inference worker has been quiet for QUIET_MS and pauses whenever it is not.
 */
import type { AppState } from '../store/index.ts';
import { EXPERIMENTS } from '../store/health-slice.ts';

/** What the inference worker is doing that an install would compete with, from the store. */
export type BusyView = Pick<AppState, 'loadJob' | 'robust' | 'addedModels' | (typeof EXPERIMENTS)[number]>;

/** Statuses of a job that holds the worker: reading its questions, then running. */
const HOLDS = new Set(['collecting', 'running']);

/** Whether the inference worker has a long job: a model loading, an experiment, the robustness table. */
export function inferenceBusy(s: BusyView): boolean {
  return s.loadJob !== null || s.addedModels.some((m) => m.status === 'loading') || HOLDS.has(s.robust.status) || EXPERIMENTS.some((k) => HOLDS.has(s[k].status));
}

/** How long the inference worker must have had no request or event before an install may run, in ms. */
export const QUIET_MS = 2000;

/** Whether `now` is at least QUIET_MS after the inference worker's last request or event (both ms, one clock). */
export function workerQuiet(now: number, lastTraffic: number): boolean {
  return now - lastTraffic >= QUIET_MS;
}

/** What offline setup knows. */
export interface OfflineSetupState {
  /** The first model load is over (answered, failed or cancelled). */
  firstLoadOver: boolean;
  /** The inference worker has a long job (inferenceBusy). */
  busy: boolean;
  /** The inference worker has had no request or event for QUIET_MS (workerQuiet): no live answer or Explain under way. */
  quiet: boolean;
  /** The service worker has been registered on this visit. */
  registered: boolean;
  /** The app is already saved for offline use: an earlier visit's worker controls the page, or this visit's install finished. */
  ready: boolean;
}

/** What to do now: register, pause or resume an install under way, and whether the notice says it waits for the run. */
export interface OfflineSetupStep {
  register: boolean;
  pause: boolean;
  waitNotice: boolean;
}

/**
 * The policy, e.g. first load over, a sweep running, nothing registered yet →
 * { register: false, pause: true, waitNotice: true }; the sweep ends and the worker is quiet →
 * { register: true, pause: false, waitNotice: false }. A short request pauses without a notice.
 */
export function offlineSetupStep(s: OfflineSetupState): OfflineSetupStep {
  const waiting = s.firstLoadOver && s.busy;
  return {
    register: s.firstLoadOver && !s.busy && s.quiet && !s.registered,
    pause: s.firstLoadOver && (s.busy || !s.quiet),
    waitNotice: waiting && !s.ready,
  };
}
