/** The data worker of the app (imports, storage, search): created once, on first use. */
import type { DataEvent, DataRequest } from '../worker/data-protocol.ts';

let worker: Worker | null = null;
let handler: (e: DataEvent) => void = () => {};
let next = 1;

/** Registers the one event handler (the store). */
export function onDataEvent(h: (e: DataEvent) => void): void {
  handler = h;
}

/** Sends a request to the data worker, creating it on first use. */
export function sendData(req: DataRequest): void {
  if (!worker) {
    worker = new Worker(new URL('../worker/data.worker.ts', import.meta.url), { type: 'module', name: 'qa-data' });
    worker.onmessage = (ev: MessageEvent<DataEvent>) => handler(ev.data);
    worker.onerror = (ev) => handler({ type: 'error', message: `The data worker failed: ${ev.message || 'unknown error'}` });
  }
  worker.postMessage(req);
}

/** A fresh id for imports and queries. */
export function newDataId(): number {
  return next++;
}
