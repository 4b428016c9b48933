/**
 * The inference worker's jobs for several models: loading and unloading added models, answering
 * one question on every model with token views, and the robustness table run on every model.
 */
import { classifyRunError, ModelError } from '../core/index.ts';
import type { QaInput, QaPrediction } from '../core/types.ts';
import type { PredictionDetail } from '../core/qa/engine.ts';
import { enginePredictor } from '../core/entity/predictor.ts';
import { mergeNbest, mergeTokenProbs } from '../core/qa/token-view.ts';
import { windowsPerSecond } from '../core/qa/throughput.ts';
import { lazy } from './lazy-modules.ts';
import type { WorkerEvent } from './protocol.ts';
import type { ModelAnswer, ModelSide, MultiRequest } from './multi-protocol.ts';
import { loaded, openModel, retire, serialLoad, type Active } from './open-model.ts';
import { heldPredictor, takeSweepHold } from './test-hold.ts';

type Post = (e: WorkerEvent) => void;

let latestCompare = 0;
let compareChain: Promise<void> = Promise.resolve();
let robustnessChain: Promise<void> = Promise.resolve();

/** Handles one multi-model request; `aborts` is the worker's job → AbortController map ('cancel' aborts it). */
export function handleMulti(msg: MultiRequest, post: Post, aborts: Map<number, AbortController>): void {
  switch (msg.type) {
    case 'load-model': {
      const ctrl = new AbortController();
      aborts.set(msg.jobId, ctrl);
      void serialLoad(async () => {
        if (ctrl.signal.aborted) return;
        const opened = await openModel(post, { jobId: msg.jobId, key: msg.key, source: msg.source, choice: msg.device, dtype: msg.dtype }, ctrl.signal);
        if (!opened) return;
        if (ctrl.signal.aborted) return void (await opened.active.model.dispose());
        const old = loaded.get(msg.key);
        loaded.set(msg.key, opened.active);
        post({ type: 'model-loaded', jobId: msg.jobId, key: msg.key, model: opened.info, loadMs: opened.loadMs, bytes: opened.active.bytes });
        if (old) await retire(old);
      }).finally(() => aborts.delete(msg.jobId));
      return;
    }
    case 'unload': {
      const a = loaded.get(msg.key);
      loaded.delete(msg.key);
      void (a ? retire(a) : Promise.resolve()).finally(() => post({ type: 'unloaded', jobId: msg.jobId, key: msg.key }));
      return;
    }
    case 'compare':
      latestCompare = msg.jobId;
      compareChain = compareChain.then(() => (msg.jobId === latestCompare ? compare(msg, post) : undefined));
      return;
    case 'robustness': {
      aborts.set(msg.jobId, new AbortController());
      robustnessChain = robustnessChain.then(() => robustness(msg, post, aborts.get(msg.jobId)?.signal).finally(() => aborts.delete(msg.jobId)));
      return;
    }
  }
}

/** Runs `f` on the model of `key`, tracked so unloading waits for it; a run error ends the job with an error event. */
async function onModel(key: string, jobId: number, post: Post, f: (a: Active) => Promise<void>): Promise<boolean> {
  const a = loaded.get(key);
  if (!a) {
    post({ type: 'error', jobId, code: 'bad-request', message: `The model "${key}" is not loaded.`, restart: false });
    return false;
  }
  const job = f(a);
  a.running.add(job);
  try {
    await job;
    return true;
  } catch (err) {
    const e = err instanceof ModelError ? err : classifyRunError(err, a.model.id, a.model.device);
    // A failed run leaves transformers.js' inference queue rejected: the page restarts the worker.
    post({ type: 'error', jobId, code: e.code, message: `${a.model.id}: ${e.message}`, restart: true });
    return false;
  } finally {
    a.running.delete(job);
  }
}

/** One side's prediction with its merged token probabilities and n-best. */
function sideOf(prediction: QaPrediction, detail: PredictionDetail): ModelSide {
  const view = mergeTokenProbs(detail.windows.map(({ window, logits }) => ({ startLogits: logits.start, endLogits: logits.end, contextSpans: window.contextSpans })));
  return { prediction, view, nbest: mergeNbest(prediction.nbest) };
}

async function compare(msg: Extract<MultiRequest, { type: 'compare' }>, post: Post): Promise<void> {
  const answers: ModelAnswer[] = [];
  const inputs: QaInput[] = [{ ...msg.after, id: 'after' }, ...(msg.before ? [{ ...msg.before, id: 'before' }] : [])];
  for (const key of msg.keys) {
    if (msg.jobId !== latestCompare) return; // a newer edit replaced this one
    const ok = await onModel(key, msg.jobId, post, async (a) => {
      const sides = new Map<string, ModelSide>();
      // Windows per second as the header's badge measures it: the model's own time on the windows it
      // computed (the meter inside the batch queue), not the call's tokenising, decoding and waiting.
      a.meter.take();
      await a.engine.predict(inputs, { onPrediction: (p, d) => sides.set(p.id, sideOf(p, d)) }, { versionTwo: msg.versionTwo });
      const rate = windowsPerSecond(a.meter.take());
      const after = sides.get('after');
      if (!after) return;
      answers.push({ key, after, before: sides.get('before') ?? null, windowsPerSecond: rate });
    });
    if (!ok) return;
  }
  if (msg.jobId === latestCompare) post({ type: 'compared', jobId: msg.jobId, answers });
}

async function robustness(msg: Extract<MultiRequest, { type: 'robustness' }>, post: Post, signal: AbortSignal | undefined): Promise<void> {
  const { emptyRow, runRobustness } = await lazy.robustness(); // the renaming and noise tables, on first use
  for (const key of msg.keys) {
    if (signal?.aborted) break;
    const ok = await onModel(key, msg.jobId, post, async (a) => {
      const row = emptyRow(a.model.id, `${a.model.device} · ${a.model.dtype}`, msg.config);
      let rows = 0;
      const plain = enginePredictor(a.engine, { versionTwo: msg.config.versionTwo, signal });
      // Test builds: a test can hold this model's run after its n-th row (src/worker/test-hold.ts).
      const predict = __QARX_TEST_HOOKS__ ? heldPredictor(plain, takeSweepHold(), signal ?? new AbortController().signal, () => rows) : plain;
      let last = 0;
      const done = await runRobustness(msg.instances, msg.config, predict, row, {
        signal,
        pool: msg.pool ?? undefined,
        onScores: (cell, questions) => post({ type: 'robustness-scores', jobId: msg.jobId, key, cell, questions }),
        onShare: (cell, values) => post({ type: 'robustness-share', jobId: msg.jobId, key, cell, values }),
        onRow: (r) => {
          rows++;
          post({ type: 'robustness-row', jobId: msg.jobId, key, row: structuredClone(r), complete: false });
        },
        onProgress: (progress) => {
          const now = performance.now();
          if (now - last < 100 && progress.done !== progress.total) return;
          last = now;
          post({ type: 'robustness-progress', jobId: msg.jobId, key, progress });
        },
      });
      // Every experiment ran: the page keeps this row whole if the worker dies later (a row not marked complete is partial then).
      if (!done.partial) post({ type: 'robustness-row', jobId: msg.jobId, key, row: structuredClone(done), complete: true });
    });
    if (!ok) return;
  }
  post({ type: 'robustness-done', jobId: msg.jobId, cancelled: signal?.aborted ?? false });
}
