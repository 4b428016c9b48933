/** The inference worker's explanation commands: occlusion (before and after a perturbation), input reduction, "Find a failure". */
import type { QaEngine } from '../core/qa/engine.ts';
// Not the explain index: occlusion must not load the edit search's perturbations (renaming, noise,
// paraphrase tables; ≈ 5 MB of code, 2 s to compile on 2 cores) before a first Explain can answer.
import { explainPredictor, type ExplainPredictor } from '../core/explain/predictor.ts';
import { occlude, occlusionUnits } from '../core/explain/occlusion.ts';
import { reduceInput } from '../core/explain/reduction.ts';
import { once } from './once.ts';
import type { ExplainRequest } from './explain-protocol.ts';
import type { WorkerEvent } from './protocol.ts';
import { throttle } from './progress-throttle.ts';
import { heldExplainPredictor, takeExplainHold } from './test-hold.ts';

/** "Find a failure": the edit search and every perturbation it tries, imported on its first use. */
const failureSearch = once(() => import('../core/explain/search.ts'));

/** The predictor with progress counted in answered inputs against a total (the call budget). */
function counted(predict: ExplainPredictor, total: number, report: (done: number, total: number) => void): ExplainPredictor {
  let done = 0;
  return async (inputs) => {
    const r = await predict(inputs);
    done += r.predictions.length;
    report(Math.min(done, total), total);
    return r;
  };
}

/** Runs one explanation request on the loaded engine and posts its result. */
export async function handleExplainJob(msg: ExplainRequest, engine: QaEngine, signal: AbortSignal, post: (e: WorkerEvent) => void): Promise<void> {
  const plain = explainPredictor(engine, { versionTwo: msg.versionTwo, signal });
  // Test builds: `qarxTest.holdExplain(n)` holds the job after n model calls until Cancel (test-hold.ts).
  const predict = __QARX_TEST_HOOKS__ ? heldExplainPredictor(plain, takeExplainHold(), signal) : plain;
  const t0 = performance.now();
  if (msg.type === 'find-failure') {
    const report = throttle(msg.jobId, 'model calls', post);
    const { findBreakingEdit } = await failureSearch();
    const result = await findBreakingEdit(msg.instance, counted(predict, msg.options.budget, report), msg.options, signal);
    post({ type: 'failure-found', jobId: msg.jobId, result, ms: performance.now() - t0 });
    return;
  }
  if (msg.type === 'reduce-input') {
    const reduction = await reduceInput(msg.input, msg.target, predict, signal);
    post({ type: 'input-reduced', jobId: msg.jobId, reduction, ms: performance.now() - t0, cancelled: signal.aborted || reduction.cancelled });
    return;
  }
  const report = throttle(msg.jobId, 'windows', post);
  const before = await occlude(msg.input, occlusionUnits(msg.input, msg.target, msg.kind, msg.sentence), msg.target, msg.kind, predict, report);
  const after = msg.after && !signal.aborted ? await occlude(msg.after, occlusionUnits(msg.after, msg.target, msg.kind, msg.sentence), msg.target, msg.kind, predict, report) : null;
  post({ type: 'explained', jobId: msg.jobId, before, after, ms: performance.now() - t0, cancelled: signal.aborted || before.cancelled || !!after?.cancelled });
}
