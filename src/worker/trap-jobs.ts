/** The inference worker's over-stability commands: a live trap, a trap run, an adversarial SQuAD run. */
import type { QaEngine } from '../core/qa/engine.ts';
import { enginePredictor } from '../core/entity/predictor.ts';
import { answerTraps, prepareTraps, runAdversarial } from '../core/trap/experiment.ts';
import { liveTrap } from '../core/trap/live.ts';
import type { WorkerEvent, WorkerRequest } from './protocol.ts';
import { throttle } from './progress-throttle.ts';
import { runCheckpointed } from './checkpoints.ts';

type TrapRequest = Extract<WorkerRequest, { type: 'trap-live' | 'traps' | 'adversarial' }>;

/** Runs one trap request on the loaded engine and posts its result (runs with checkpoints: a worker death ends them as a Cancel). */
export async function handleTrapJob(msg: TrapRequest, engine: QaEngine, signal: AbortSignal, post: (e: WorkerEvent) => void): Promise<void> {
  if (msg.type === 'trap-live') {
    const result = await liveTrap(msg.instance, msg.spec, enginePredictor(engine, { versionTwo: msg.versionTwo, signal }));
    if (!signal.aborted) post({ type: 'trap-answered', jobId: msg.jobId, result });
    return;
  }
  const opts = { versionTwo: msg.versionTwo, signal };
  if (msg.type === 'traps') {
    const { items, skipped } = prepareTraps(msg.instances, msg.config);
    const progress = throttle(msg.jobId, 'trap sentences', post);
    return runCheckpointed(msg.jobId, engine, opts, async (p, live) => {
      const r = await answerTraps(items, p, live ? progress : undefined);
      return { type: 'traps-done', jobId: msg.jobId, rows: r.rows, skipped, cancelled: r.cancelled };
    }, post);
  }
  const progress = throttle(msg.jobId, 'adversarial SQuAD', post);
  return runCheckpointed(msg.jobId, engine, opts, async (p, live) => ({ type: 'adversarial-done', jobId: msg.jobId, run: await runAdversarial(msg.instances, p, live ? progress : undefined) }), post);
}
