/** The inference worker's over-stability commands: a live trap, a trap run, an adversarial SQuAD run. */
import type { QaEngine } from '../core/qa/engine.ts';
import { enginePredictor } from '../core/entity/predictor.ts';
import { answerTraps, prepareTraps, runAdversarial } from '../core/trap/experiment.ts';
import { liveTrap } from '../core/trap/live.ts';
import type { WorkerEvent, WorkerRequest } from './protocol.ts';
import { throttle } from './progress-throttle.ts';

type TrapRequest = Extract<WorkerRequest, { type: 'trap-live' | 'traps' | 'adversarial' }>;

/** Runs one trap request on the loaded engine and posts its result. */
export async function handleTrapJob(msg: TrapRequest, engine: QaEngine, signal: AbortSignal, post: (e: WorkerEvent) => void): Promise<void> {
  const predict = enginePredictor(engine, { versionTwo: msg.versionTwo, signal });
  if (msg.type === 'trap-live') {
    const result = await liveTrap(msg.instance, msg.spec, predict);
    if (!signal.aborted) post({ type: 'trap-answered', jobId: msg.jobId, result });
    return;
  }
  if (msg.type === 'traps') {
    const { items, skipped } = prepareTraps(msg.instances, msg.config);
    const r = await answerTraps(items, predict, throttle(msg.jobId, 'trap sentences', post));
    post({ type: 'traps-done', jobId: msg.jobId, rows: r.rows, skipped, cancelled: r.cancelled });
    return;
  }
  const run = await runAdversarial(msg.instances, predict, throttle(msg.jobId, 'adversarial SQuAD', post));
  post({ type: 'adversarial-done', jobId: msg.jobId, run });
}
