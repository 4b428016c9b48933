/**
 * Test hooks, built only for tests (QARX_TEST_HOOKS=1 npm run build:test; never in `npm run build`)
 * and then on only with ?test-hooks=1: `window.qarxTest.worker('qa' | 'data', 'close' | 'hang')`
 * kills a worker without an error event, `qarxTest.heartbeat(ms)` shortens the supervisor's
 * silence for workers created from then on, and `qarxTest.holdSweep(n, skip?)` makes the next sweep
 * (or one model's robustness run) wait after its n-th finished cell (row) until it is cancelled,
 * once `skip` runs went by (so a test presses Cancel or kills the worker at a known point).
 * `qarxTest.holdExplain(n)` holds the next Explain jobs (its map, then its input reduction) or Find a failure after n model calls in all;
 * `qarxTest.holdRun(n)` holds the next checkpointed run (traps, pairs, paraphrases, budget, universal
 * names) once n predictions are in, after posting its checkpoint (so a test kills the worker there).
 */
import { debugDataWorker } from '../workers/data-client.ts';
import { configureHeartbeat } from '../workers/supervisor.ts';
import { debugWorker } from '../workers/worker-client.ts';
import { useApp } from '../store/index.ts';

/** Installs window.qarxTest when the page was opened with ?test-hooks=1. */
export function installTestHooks(): void {
  if (new URLSearchParams(window.location.search).get('test-hooks') !== '1') return;
  (window as Window & { qarxTest?: unknown }).qarxTest = {
    worker: (which: 'qa' | 'data', action: 'close' | 'hang') => (which === 'qa' ? debugWorker(action) : debugDataWorker(action)),
    holdSweep: (cells: number, skip = 0) => debugWorker({ holdSweepAfter: cells, skip }),
    holdExplain: (calls: number) => debugWorker({ holdExplainAfter: calls }),
    holdRun: (predictions: number) => debugWorker({ holdRunAfter: predictions }),
    // How many running jobs have a checkpoint in the store (a held run's arrives before the test kills the worker).
    checkpoints: () => Object.keys(useApp.getState().checkpoints).length,
    heartbeat: (silenceMs: number) => configureHeartbeat({ silenceMs, intervalMs: Math.max(100, Math.min(5_000, silenceMs / 4)) }),
  };
}
