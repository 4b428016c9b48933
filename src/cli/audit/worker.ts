/**
 * An audit worker thread: runs the units its parent sends, one at a time, with its own UnitRunner
 * (its own ONNX sessions and intra-op thread count), and posts each unit file back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { UnitFile } from '../../core/audit/format.ts';
import type { PlannedUnit } from './plan.ts';
import { UnitRunner, type RunnerOptions } from './unit-runner.ts';

/** Parent → worker. */
export type ToWorker = { type: 'run'; unit: PlannedUnit } | { type: 'stop' };
/** Worker → parent. */
export type FromWorker = { type: 'done'; file: UnitFile };

/** What a worker is started with. */
export interface AuditWorkerData {
  qarxAuditWorker: true;
  runner: RunnerOptions;
}

/** Serves run requests until told to stop. */
export function serve(): void {
  const port = parentPort;
  if (!port) throw new Error('the audit worker must run in a worker thread');
  const runner = new UnitRunner((workerData as AuditWorkerData).runner);
  port.on('message', (msg: ToWorker) => {
    if (msg.type === 'stop') {
      void runner.dispose().then(() => port.close());
      return;
    }
    const { unit } = msg;
    void runner.run(unit).then((file) => port.postMessage({ type: 'done', file } satisfies FromWorker));
  });
}

if ((workerData as Partial<AuditWorkerData> | null)?.qarxAuditWorker) serve();
