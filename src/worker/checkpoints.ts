/**
 * Runs an experiment job so that its worker's death ends it as a Cancel would (issue 40.3): the
 * job's code builds its done event from a predictor; the run posts it, and now and then the same
 * code, run on a replay of the predictions so far (src/core/experiments/checkpoint.ts), posts what a
 * Cancel at that point would give as a 'checkpoint'. The page keeps the last one per running job.
 */
import { checkpointDue, predictRecorder, replayPredictor } from '../core/experiments/checkpoint.ts';
import { enginePredictor } from '../core/entity/predictor.ts';
import type { Predictor } from '../core/entity/tally.ts';
import type { QaEngine } from '../core/qa/engine.ts';
import type { ExperimentDoneEvent, WorkerEvent } from './protocol.ts';
import { takeRunHold } from './test-hold.ts';

/** A job's code: its done event from a predictor; `live` is false on a replay (no progress, no cases, no streamed rows). */
export type JobBody = (predict: Predictor, live: boolean) => Promise<ExperimentDoneEvent>;

/** Resolves when `signal` aborts (a test hold waits for Cancel or the worker's death). */
const aborted = (signal: AbortSignal) => new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));

/** Runs `body` on the engine with checkpoints, then posts its done event. */
export async function runCheckpointed(jobId: number, engine: QaEngine, opts: { versionTwo: boolean; signal: AbortSignal }, body: JobBody, post: (e: WorkerEvent) => void): Promise<void> {
  const rec = predictRecorder();
  const hold = __QARX_TEST_HOOKS__ ? takeRunHold() : null;
  let lastEnd = performance.now();
  let cost = 0;
  let busy = false;
  let ended = false;
  const checkpoint = async () => {
    if (busy || rec.count() === 0) return;
    busy = true;
    const t0 = performance.now();
    try {
      const done = await body(replayPredictor(rec.snapshot()), false);
      // A replay that ends after the run did would describe a run that is over.
      if (!ended) post({ type: 'checkpoint', jobId, done });
    } catch {
      // A checkpoint is a safety net: the run goes on without this one.
    } finally {
      cost = performance.now() - t0;
      lastEnd = performance.now();
      busy = false;
    }
  };
  const onChunk = (predictions: Parameters<NonNullable<Parameters<typeof enginePredictor>[1]['onChunk']>>[0]) => {
    rec.chunk(predictions);
    if (checkpointDue(performance.now(), lastEnd, cost)) void checkpoint();
  };
  // Test builds: past the hold, checkpoint once and wait for Cancel (or the test killing the worker).
  const between = hold === null ? undefined : async () => {
    if (rec.count() < hold) return;
    await checkpoint();
    await aborted(opts.signal);
  };
  const predict = rec.record(enginePredictor(engine, { ...opts, onChunk, between }));
  const done = await body(predict, true);
  ended = true;
  post(done);
}
