/**
 * The inference worker started by boot.ts before the app's own modules have loaded, so that its
 * start-up (parsing transformers.js and ONNX Runtime's glue) overlaps the page's. The app's worker
 * slot adopts it once; what it said before then is kept and replayed in order.
 */
import { uniqueWorkerName } from './supervisor.ts';

/** A started worker with what it posted (or failed with) before the slot took it. */
export interface EarlyWorker {
  worker: Worker;
  name: string;
  /** Message and error events in arrival order. */
  early: (MessageEvent | ErrorEvent)[];
}

const KEY = '__qarxEarlyWorkers';
type Registry = Record<string, EarlyWorker>;

/** The page-wide table of early workers (a global: boot.ts and the app are separate entry modules). */
function registry(): Registry {
  const g = globalThis as unknown as Record<string, Registry | undefined>;
  return (g[KEY] ??= {});
}

/** Starts (and returns) a worker for the slot `base` now; `create` must call `new Worker(new URL(…), { name })`. */
export function startEarly(base: string, create: (name: string) => Worker): Worker {
  const name = uniqueWorkerName(base);
  const worker = create(name);
  const early: EarlyWorker['early'] = [];
  worker.onmessage = (ev) => early.push(ev);
  worker.onerror = (ev) => early.push(ev);
  registry()[base] = { worker, name, early };
  return worker;
}

/** The early worker of slot `base`, once (a restarted slot creates its own). */
export function takeEarly(base: string): EarlyWorker | null {
  const r = registry();
  const e = r[base] ?? null;
  delete r[base];
  return e;
}
