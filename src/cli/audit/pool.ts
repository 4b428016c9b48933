/**
 * Runs planned units: in this thread (one worker), or in N worker threads, each taking the next
 * unit when it finishes one. A worker that dies fails its unit (recorded) and is replaced.
 */
import { fileURLToPath } from 'node:url';
import { isMainThread, Worker, workerData } from 'node:worker_threads';
import { AUDIT_VERSION, UNIT_FORMAT, type UnitFile } from '../../core/audit/format.ts';
import type { PlannedUnit } from './plan.ts';
import { UnitRunner, type RunnerOptions } from './unit-runner.ts';
import type { AuditWorkerData, FromWorker, ToWorker } from './worker.ts';

export interface PoolOptions {
  workers: number;
  runner: RunnerOptions;
  /** Called as each unit finishes (in finishing order), before the next is handed out by that worker. */
  onDone: (file: UnitFile) => void;
  onStart?: (unit: PlannedUnit, worker: number) => void;
}

// In a worker thread this module (however qarx was built or bundled) starts the unit server.
if (!isMainThread && (workerData as Partial<AuditWorkerData> | null)?.qarxAuditWorker) void import('./worker.ts');

/** Starts a worker thread that loads this very module (through tsx's tsImport when qarx runs from its TypeScript source: Node 20 gives workers no loader hooks). */
function startWorker(runner: RunnerOptions): Worker {
  const data: AuditWorkerData = { qarxAuditWorker: true, runner };
  const self = import.meta.url;
  if (self.endsWith('.ts')) {
    const code = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => m.tsImport(${JSON.stringify(self)}, ${JSON.stringify(self)}))`;
    return new Worker(code, { eval: true, workerData: data });
  }
  return new Worker(fileURLToPath(self), { workerData: data });
}

/** A unit file for a unit whose worker died. */
function crashed(unit: PlannedUnit, error: string): UnitFile {
  return { format: UNIT_FORMAT, version: AUDIT_VERSION, id: unit.id, label: unit.label, spec: unit.spec, status: 'failed', error, kind: unit.spec.experiment.kind, run: null, table: null, payload: null, headline: [], notes: [], runtime: { device: 'unknown', threads: null }, started: new Date().toISOString(), seconds: 0 };
}

/** Runs every unit; resolves when all are done. */
export async function runPool(units: readonly PlannedUnit[], o: PoolOptions): Promise<void> {
  if (o.workers <= 1 || units.length <= 1) {
    const runner = new UnitRunner(o.runner);
    try {
      for (const u of units) {
        o.onStart?.(u, 0);
        o.onDone(await runner.run(u));
      }
    } finally {
      await runner.dispose();
    }
    return;
  }
  const queue = [...units];
  const n = Math.min(o.workers, units.length);
  await new Promise<void>((resolve) => {
    let live = 0;
    const launch = (k: number) => {
      const w = startWorker(o.runner);
      let current: PlannedUnit | null = null;
      live++;
      const next = () => {
        current = queue.shift() ?? null;
        if (current) {
          o.onStart?.(current, k);
          w.postMessage({ type: 'run', unit: current } satisfies ToWorker);
        } else w.postMessage({ type: 'stop' } satisfies ToWorker);
      };
      w.on('message', (m: FromWorker) => {
        current = null;
        o.onDone(m.file);
        next();
      });
      w.on('error', (e: Error) => {
        if (current) o.onDone(crashed(current, `worker ${k} died: ${e.message}`));
        current = null;
      });
      w.on('exit', () => {
        live--;
        if (current) o.onDone(crashed(current, 'worker exited while running this unit'));
        current = null;
        // A worker that died with work left is replaced; one that was told to stop is not.
        if (queue.length) launch(k);
        else if (live === 0) resolve();
      });
      next();
    };
    for (let k = 0; k < n; k++) launch(k);
  });
}
