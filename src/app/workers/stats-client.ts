/**
 * The app's statistics worker (src/worker/stats.worker.ts): created on first use; a failure rejects
 * what is waiting and the next request starts a fresh worker.
 */
import type { CiComparison, CiOptions, ExperimentCi, ShareInput } from '../../core/stats/index.ts';
import type { StatsEvent, StatsRequest } from '../../worker/stats-protocol.ts';

let worker: Worker | null = null;
let next = 1;
const waiting = new Map<number, { resolve: (r: { result: ExperimentCi; ms: number }) => void; reject: (e: Error) => void }>();

/** Rejects every waiting request with `message` and drops the worker. */
function fail(message: string): void {
  for (const w of waiting.values()) w.reject(new Error(message));
  waiting.clear();
  worker?.terminate();
  worker = null;
}

/** The worker, created on first use. */
function statsWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('../../worker/stats.worker.ts', import.meta.url), { type: 'module', name: 'qa-stats' });
  w.onmessage = (ev: MessageEvent<StatsEvent>) => {
    const e = ev.data;
    const p = waiting.get(e.reqId);
    if (!p) return;
    waiting.delete(e.reqId);
    if (e.type === 'ci-done') p.resolve({ result: e.result, ms: e.ms });
    else p.reject(new Error(e.message));
  };
  w.onerror = (ev) => {
    ev.preventDefault();
    fail(`The statistics worker failed: ${ev.message || 'unknown error'}`);
  };
  worker = w;
  return w;
}

/** The paired statistics of a result's comparisons, Holm-adjusted together, and its shares' CIs, computed in the worker. */
export function requestCi(comparisons: CiComparison[], options: CiOptions, shares: ShareInput[] = []): Promise<{ result: ExperimentCi; ms: number }> {
  const reqId = next++;
  const req: StatsRequest = { type: 'ci', reqId, comparisons, options, ...(shares.length ? { shares } : {}) };
  return new Promise((resolve, reject) => {
    waiting.set(reqId, { resolve, reject });
    statsWorker().postMessage(req);
  });
}
