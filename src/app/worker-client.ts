/**
 * The single inference worker of the app: created on first use, and replaced only when its runtime
 * is unusable (a failed ONNX session poisons transformers.js' queue). Events go to the one handler
 * the store registers.
 */
import type { WorkerEvent, WorkerRequest } from '../worker/protocol.ts';

let worker: Worker | null = null;
let nextJob = 1;
let handler: (e: WorkerEvent) => void = () => {};
let lastInit: Extract<WorkerRequest, { type: 'init' }> | null = null;

/** Registers the one event handler (the store). */
export function onWorkerEvent(h: (e: WorkerEvent) => void): void {
  handler = h;
}

/** The worker, created on first call (and initialised like the last one). */
function get(): Worker {
  if (!worker) {
    const w = new Worker(new URL('../worker/qa.worker.ts', import.meta.url), { type: 'module', name: 'qa-inference' });
    w.onmessage = (ev: MessageEvent<WorkerEvent>) => {
      if (w === worker) handler(ev.data);
    };
    w.onerror = (ev) => {
      if (w === worker) handler({ type: 'error', jobId: null, code: 'unknown', message: `The inference worker failed: ${ev.message || 'unknown error'}`, restart: true });
    };
    worker = w;
    if (lastInit) w.postMessage(lastInit);
  }
  return worker;
}

/** Sends a request; answers arrive as events. */
export function send(req: WorkerRequest): void {
  if (req.type === 'init') lastInit = req;
  get().postMessage(req);
}

/** Replaces the worker with a fresh one; events of the old one are ignored from now on. */
export function restartWorker(): void {
  worker?.terminate();
  worker = null;
  get();
}

/** A fresh job id for load/predict requests. */
export function newJobId(): number {
  return nextJob++;
}
