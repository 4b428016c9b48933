/**
 * The data worker of the app (imports, storage, search): created on first use, and replaced when
 * it dies silently (the supervisor notices; IndexedDB keeps the data).
 */
import type { DataEvent, DataRequest } from '../../worker/data-protocol.ts';
import type { DebugAction } from '../../worker/heartbeat-protocol.ts';
import { workerSlot, type DeathCause } from './supervisor.ts';

let handler: (e: DataEvent) => void = () => {};
let deathHandler: (cause: DeathCause, restart: boolean) => void = () => {};
let next = 1;

const slot = workerSlot<DataRequest, DataEvent>('qa-data', (name) => new Worker(new URL('../../worker/data.worker.ts', import.meta.url), { type: 'module', name }), {
  event: (e) => handler(e),
  error: (message) => handler({ type: 'error', message: `The data worker failed: ${message}` }),
  died: (cause, restart) => deathHandler(cause, restart),
  created: () => {},
});

/** Registers the one event handler (the store). */
export function onDataEvent(h: (e: DataEvent) => void): void {
  handler = h;
}

/** Registers what happens when the worker dies without an error event (the store recovers). */
export function onDataWorkerDied(h: (cause: DeathCause, restart: boolean) => void): void {
  deathHandler = h;
}

/** Sends a request to the data worker, creating it on first use. */
export function sendData(req: DataRequest): void {
  slot.send(req);
}

/** Test hook (?test-hooks=1): makes the worker close itself or hang, with no error event. */
export function debugDataWorker(action: DebugAction): void {
  slot.debug(action);
}

/** A fresh id for imports and queries. */
export function newDataId(): number {
  return next++;
}
