/**
 * The single inference worker of the app: created on first use, and replaced when its runtime is
 * unusable (a failed ONNX session poisons transformers.js' queue) or when it dies silently (the
 * supervisor notices). Events go to the one handler the store registers.
 */
import type { WorkerEvent, WorkerRequest } from '../../worker/protocol.ts';
import type { DebugAction } from '../../worker/heartbeat-protocol.ts';
import { workerSlot, type DeathCause } from './supervisor.ts';
import { takeEarly } from './early-worker.ts';
import { QA_SLOT } from '../models/slot-names.ts';

let nextJob = 1;
let handler: (e: WorkerEvent) => void = () => {};
let deathHandler: (cause: DeathCause, restart: boolean) => void = () => {};
let lastInit: Extract<WorkerRequest, { type: 'init' }> | null = null;
let lastTraffic = -Infinity;
const trafficListeners = new Set<() => void>();

/** Notes a request to or an event from the worker (offline setup waits for the worker to be quiet). */
function traffic(): void {
  lastTraffic = performance.now();
  for (const f of trafficListeners) f();
}

const slot = workerSlot<WorkerRequest, WorkerEvent>(QA_SLOT, (name) => new Worker(new URL('../../worker/qa.worker.ts', import.meta.url), { type: 'module', name }), {
  // The worker boot.ts started while the page loaded, if any.
  adopt: () => takeEarly(QA_SLOT),
  event: (e) => {
    // Once a WebGPU load needed it, every later worker starts ONNX Runtime's WebGPU build.
    if (e.type === 'error' && e.webgpuRuntime && lastInit) lastInit = { ...lastInit, webgpuRuntime: true };
    handler(e);
    traffic();
  },
  error: (message) => handler({ type: 'error', jobId: null, code: 'unknown', message: `The inference worker failed: ${message}`, restart: true }),
  died: (cause, restart) => deathHandler(cause, restart),
  // A fresh worker is initialised like the last one.
  created: (w) => {
    if (lastInit) w.postMessage(lastInit);
  },
});

/** Registers the one event handler (the store). */
export function onWorkerEvent(h: (e: WorkerEvent) => void): void {
  handler = h;
}

/** Registers what happens when the worker dies without an error event (the store recovers). */
export function onWorkerDied(h: (cause: DeathCause, restart: boolean) => void): void {
  deathHandler = h;
}

/** Sends a request; answers arrive as events. */
export function send(req: WorkerRequest): void {
  if (req.type === 'init') lastInit = req;
  slot.send(req);
  traffic();
}

/** performance.now() of the last request to or event from the inference worker (-Infinity before any). */
export function lastWorkerTraffic(): number {
  return lastTraffic;
}

/** Calls `f` after every request to and event from the inference worker; returns the unsubscribe. */
export function onWorkerTraffic(f: () => void): () => void {
  trafficListeners.add(f);
  return () => trafficListeners.delete(f);
}

/** Replaces the worker with a fresh one; events of the old one are ignored from now on. */
export function restartWorker(): void {
  slot.restart();
}

/** Test hook (?test-hooks=1): makes the worker close itself or hang, with no error event. */
export function debugWorker(action: DebugAction): void {
  slot.debug(action);
}

/** A fresh job id for load/predict requests. */
export function newJobId(): number {
  return nextJob++;
}
