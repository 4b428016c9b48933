/**
 * The single inference worker of the app. Created once, on first use; its events are routed into
 * the store by the handler the store registers.
 */
import type { WorkerEvent, WorkerRequest } from '../worker/protocol.ts';

let worker: Worker | null = null;
let nextJob = 1;
let handler: (e: WorkerEvent) => void = () => {};

/** Registers the one event handler (the store). */
export function onWorkerEvent(h: (e: WorkerEvent) => void): void {
  handler = h;
}

/** The worker, created on first call. */
function get(): Worker {
  if (!worker) {
    worker = new Worker(new URL('../worker/qa.worker.ts', import.meta.url), { type: 'module', name: 'qa-inference' });
    worker.onmessage = (ev: MessageEvent<WorkerEvent>) => handler(ev.data);
    worker.onerror = (ev) => handler({ type: 'error', jobId: null, code: 'unknown', message: `The inference worker failed: ${ev.message || 'unknown error'}` });
  }
  return worker;
}

/** Sends a request; returns nothing, answers arrive as events. */
export function send(req: WorkerRequest): void {
  get().postMessage(req);
}

/** A fresh job id for load/predict requests. */
export function newJobId(): number {
  return nextJob++;
}
