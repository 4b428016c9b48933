/**
 * The inference worker: a thin command switch over the core. It owns the loaded model and engine,
 * so the UI thread never blocks on tokenization or ONNX Runtime.
 *
 * Loads run one after another (transformers.js keeps global settings and a shared session queue),
 * predictions run one at a time with only the newest waiting, and a model is disposed only after
 * the predictions using it have finished. The experiments' modules (name lists, NLP, noise) are
 * imported when their first command runs, so the first answer waits only for engine and runtime.
 */
/// <reference lib="webworker" />
import { caseCollector } from '../core/results/found-case.ts';
import { classifyRunError, configureRuntime, ModelError } from '../core/index.ts';
import { enginePredictor } from '../core/entity/predictor.ts';
import type { SweepProgress } from '../core/entity/experiment.ts';
import type { SweepCell } from '../core/entity/stats.ts';
import type { DeviceChoice, ModelSourceMsg, WorkerEvent, WorkerRequest } from './protocol.ts';
import { PRIMARY, type DtypeChoice } from './multi-protocol.ts';
import { capabilities, loaded, loadsSettled, openModel, retire, serialLoad, settings, type Active, type Opened } from './open-model.ts';
import { loadKey, Prewarm } from './prewarm.ts';
import { handleMulti } from './multi-jobs.ts';
import { installHeartbeat } from './heartbeat.ts';
import { packedPost, receivedRequest } from './port.ts';
import { lazy, preloadFor } from './lazy-modules.ts';
import { handleExplainJob } from './explain-jobs.ts';
import { newTagStore, withTagStore } from '../core/entity/tag-store.ts';
import { coverageOfCollected } from './scope-coverage.ts';
import { runCheckpointed } from './checkpoints.ts';
import { heldPredictor, takeSweepHold } from './test-hold.ts';
import { loadTagger, tagForRun } from './tagger-jobs.ts';
import { wasmThreadsFor } from '../core/runtime/threads.ts';
import { nextTask } from '../core/runtime/next-task.ts';

declare const self: DedicatedWorkerGlobalScope;

// Packed: each passage crosses once, not once per question (issue 40.2).
const post = packedPost<WorkerEvent>(self);
let base = new URL('/', self.location.origin).href;

/** The primary model (the one 'load' loads): every single-model flow runs on it. */
const primary = (): Active | null => loaded.get(PRIMARY) ?? null;

/** Reports what the model computed in the job that just ended (nothing when every window was cached). */
function reportThroughput(a: Active): void {
  const t = a.meter.take();
  if (t.windows > 0) post({ type: 'throughput', modelId: a.model.id, windows: t.windows, ms: t.ms });
}

// ---- loads: serialized, the newest supersedes queued ones, cancel aborts the download ----
let latestLoad = 0;
const loadAborts = new Map<number, AbortController>();

/** The start-up model boot.ts asked for, until the first 'load' adopts or abandons it. */
let prewarm: Prewarm | null = null;

/** Opens the start-up model before the app asks for it, unless a load has already been asked for. */
function startPrewarm(source: ModelSourceMsg, choice: DeviceChoice, dtype: DtypeChoice): void {
  if (latestLoad !== 0 || prewarm) return;
  prewarm = new Prewarm(loadKey(source, choice, dtype), (fwd, signal) => {
    let opened: Opened | null = null;
    return serialLoad(async () => {
      opened = await openModel(fwd, { jobId: 0, key: PRIMARY, source, choice, dtype }, signal);
    }).then(() => opened);
  }, post);
}

function queueLoad(jobId: number, source: ModelSourceMsg, choice: DeviceChoice, dtype: DtypeChoice): void {
  latestLoad = jobId;
  const pw = prewarm;
  prewarm = null;
  if (pw && pw.key === loadKey(source, choice, dtype)) {
    // The model is already loading (or loaded): this job takes it over.
    loadAborts.set(jobId, pw.ctrl);
    pw.adopt(jobId);
    void serialLoad(() => install(jobId, pw.result, pw.ctrl.signal)).finally(() => loadAborts.delete(jobId));
    return;
  }
  pw?.abandon();
  const ctrl = new AbortController();
  loadAborts.set(jobId, ctrl);
  void serialLoad(() => load(jobId, source, choice, dtype, ctrl.signal)).finally(() => loadAborts.delete(jobId));
}

async function load(jobId: number, source: ModelSourceMsg, choice: DeviceChoice, dtype: DtypeChoice, signal: AbortSignal): Promise<void> {
  if (jobId !== latestLoad || signal.aborted) return; // superseded or cancelled while queued
  await install(jobId, openModel(post, { jobId, key: PRIMARY, source, choice, dtype }, signal), signal);
}

/** Makes the model being opened the primary one, unless job `jobId` was superseded or cancelled meanwhile. */
async function install(jobId: number, opening: Promise<Opened | null>, signal: AbortSignal): Promise<void> {
  const opened = await opening;
  if (!opened) return;
  if (jobId !== latestLoad || signal.aborted) {
    await opened.active.model.dispose(); // superseded or cancelled while its session was being created
    return;
  }
  const old = primary();
  loaded.set(PRIMARY, opened.active);
  post({ type: 'loaded', jobId, model: opened.info, loadMs: opened.loadMs });
  if (old) await retire(old);
}

// ---- predictions: one running, only the newest waiting; cancel aborts between batches ----
const predictAborts = new Map<number, AbortController>();
let predictBusy = false;
let waiting: Extract<WorkerRequest, { type: 'predict' }> | null = null;

function queuePredict(msg: Extract<WorkerRequest, { type: 'predict' }>): void {
  predictAborts.set(msg.jobId, new AbortController());
  if (waiting) {
    // A newer request replaces the one that has not started: report it as cancelled.
    post({ type: 'predicted', jobId: waiting.jobId, predictions: [], cancelled: true, inferenceMs: 0, computed: 0, cached: 0 });
    predictAborts.delete(waiting.jobId);
  }
  waiting = msg;
  if (!predictBusy) void drainPredictions();
}

async function drainPredictions(): Promise<void> {
  predictBusy = true;
  try {
    while (waiting) {
      const msg = waiting;
      waiting = null;
      // Let cancel messages that are already queued arrive before starting.
      await nextTask();
      await predict(msg);
    }
  } finally {
    predictBusy = false;
  }
}

async function predict(msg: Extract<WorkerRequest, { type: 'predict' }>): Promise<void> {
  const ctrl = predictAborts.get(msg.jobId) ?? new AbortController();
  const target = primary();
  try {
    if (ctrl.signal.aborted) {
      post({ type: 'predicted', jobId: msg.jobId, predictions: [], cancelled: true, inferenceMs: 0, computed: 0, cached: 0 });
      return;
    }
    if (!target) {
      post({ type: 'error', jobId: msg.jobId, code: 'bad-request', message: 'No model is loaded yet.', restart: false });
      return;
    }
    const t0 = performance.now();
    let lastProgress = 0;
    const run = target.engine.predict(
      msg.inputs,
      {
        signal: ctrl.signal,
        onProgress: (progress) => {
          const now = performance.now();
          // Throttled: a big job reports often enough for a smooth bar without flooding the UI.
          if (now - lastProgress > 50 || progress.done === progress.total) {
            lastProgress = now;
            post({ type: 'predict-progress', jobId: msg.jobId, progress });
          }
        },
        onPrediction: (prediction) => {
          if (msg.inputs.length > 1) post({ type: 'prediction', jobId: msg.jobId, prediction });
        },
      },
      { versionTwo: msg.versionTwo },
    );
    target.running.add(run);
    try {
      const r = await run;
      post({ type: 'predicted', jobId: msg.jobId, predictions: r.predictions, cancelled: r.cancelled, inferenceMs: performance.now() - t0, computed: r.stats.computed, cached: r.stats.cached });
    } finally {
      target.running.delete(run);
      reportThroughput(target);
    }
  } catch (err) {
    const e = err instanceof ModelError ? err : classifyRunError(err, target?.model.id ?? 'model', target?.model.device ?? 'wasm');
    // A failed run leaves transformers.js' inference queue rejected: the page restarts the worker.
    post({ type: 'error', jobId: msg.jobId, code: e.code, message: e.message, restart: true });
  } finally {
    predictAborts.delete(msg.jobId);
  }
}

// ---- entity renaming: live renames (newest wins) and experiments (one at a time), cancel aborts ----
const jobAborts = new Map<number, AbortController>();
let experimentChain: Promise<void> = Promise.resolve();
let latestRename = 0;
/** Cancels that found no running job: the page runs one experiment model after model under one job id, so a cancel between two models must stop the next. */
const cancelledJobs = new Set<number>();

/** A fresh abort controller for an experiment job, already aborted when the job was cancelled between models. */
function armJob(jobId: number): void {
  const ctrl = new AbortController();
  if (cancelledJobs.delete(jobId)) ctrl.abort();
  jobAborts.set(jobId, ctrl);
}
// Live renames do not wait behind a long sweep: they share the engine, whose session calls are queued.
let renameChain: Promise<void> = Promise.resolve();

/** Runs a job on the loaded model with its own abort signal; model errors end the job with an error event. */
async function withModel(jobId: number, run: (a: Active, signal: AbortSignal) => Promise<void>, key: string = PRIMARY): Promise<void> {
  const ctrl = jobAborts.get(jobId) ?? new AbortController();
  jobAborts.set(jobId, ctrl);
  const target = loaded.get(key) ?? null;
  if (!target) {
    post({ type: 'error', jobId, code: 'bad-request', message: key === PRIMARY ? 'No model is loaded yet.' : `The model "${key}" is not loaded.`, restart: false });
    return;
  }
  const job = run(target, ctrl.signal);
  target.running.add(job);
  try {
    await job;
  } catch (err) {
    const e = err instanceof ModelError ? err : classifyRunError(err, target.model.id, target.model.device);
    post({ type: 'error', jobId, code: e.code, message: e.message, restart: true });
  } finally {
    target.running.delete(job);
    jobAborts.delete(jobId);
    reportThroughput(target);
  }
}

function handleRename(msg: Extract<WorkerRequest, { type: 'rename' }>): void {
  latestRename = msg.jobId;
  renameChain = renameChain.then(() =>
    withModel(msg.jobId, async (a, signal) => {
      if (msg.jobId !== latestRename) return; // a newer re-roll replaced this one
      const { liveRename } = await lazy.entity();
      const predict = enginePredictor(a.engine, { versionTwo: msg.versionTwo, signal });
      const result = await liveRename(msg.instance, msg.options, msg.pool, predict, msg.versionTwo, msg.resemble, msg.rule);
      if (result) post({ type: 'renamed', jobId: msg.jobId, result });
    }),
  );
}

function handlePair(msg: Extract<WorkerRequest, { type: 'pair' }>): void {
  renameChain = renameChain.then(() =>
    withModel(msg.jobId, async (a, signal) => {
      const [{ noisyPairs }, { runPairs }] = await Promise.all([lazy.noise(), lazy.pairs()]);
      const inst = msg.noise ? (noisyPairs([msg.instance], msg.noise, [{ ...msg.instance, answers: msg.passageAnswers ?? msg.instance.answers }]).instances[0] ?? null) : msg.instance;
      if (!inst) {
        post({ type: 'paired', jobId: msg.jobId, row: null, instance: null });
        return;
      }
      const { rows, cancelled } = await runPairs([inst], enginePredictor(a.engine, { versionTwo: msg.versionTwo, signal }), undefined, { rule: msg.rule });
      if (!cancelled) post({ type: 'paired', jobId: msg.jobId, row: rows[0] ?? null, instance: inst });
    }),
  );
}

/** Over-sensitivity: originals and paraphrases answered; a live one goes with the live renames, a set with the experiments. */
function handleParaphrases(msg: Extract<WorkerRequest, { type: 'paraphrases' }>): void {
  armJob(msg.jobId);
  const job = () =>
    withModel(msg.jobId, async (a, signal) => {
      const { runParaphrases } = await lazy.paraphrases();
      const report = throttled(msg.jobId);
      const progress = msg.live ? undefined : (done: number, total: number) => report({ done, total, label: 'paraphrases' });
      await runCheckpointed(msg.jobId, a.engine, { versionTwo: msg.versionTwo, signal }, async (p, live) => {
        const r = await runParaphrases(msg.items, p, live ? progress : undefined);
        return { type: 'paraphrases-done', jobId: msg.jobId, rows: r.rows, cancelled: r.cancelled };
      }, post);
    }, msg.key);
  if (msg.live) renameChain = renameChain.then(job);
  else experimentChain = experimentChain.then(job);
}

function throttled(jobId: number): (p: SweepProgress) => void {
  let last = 0;
  return (progress) => {
    const now = performance.now();
    if (now - last > 100 || progress.done === progress.total) {
      last = now;
      post({ type: 'experiment-progress', jobId, progress });
    }
  };
}

function handleExperiment(msg: Extract<WorkerRequest, { type: 'sweep' | 'budget' | 'universal' | 'export-renamed' | 'pairs' }>): void {
  armJob(msg.jobId);
  experimentChain = experimentChain.then(() =>
    withModel(msg.jobId, async (a, signal) => {
      if (msg.type === 'pairs') {
        // Only what the run uses: the noise tables for synthetic noise, not the entity renaming's lists.
        const [{ runPairs }, noise] = await Promise.all([lazy.pairs(), msg.noise ? lazy.noise() : null]);
        const set = msg.noise && noise ? noise.noisyPairs(msg.instances, msg.noise, msg.among ?? msg.instances) : { instances: msg.instances, dropped: 0 };
        const report = throttled(msg.jobId);
        const label = msg.noise ? 'synthetic noise' : 'revision pairs';
        await runCheckpointed(msg.jobId, a.engine, { versionTwo: msg.versionTwo, signal }, async (p, live) => {
          const r = await runPairs(set.instances, p, live ? (done, total) => report({ done, total, label }) : undefined, { rule: msg.rule });
          return { type: 'pairs-done', jobId: msg.jobId, rows: r.rows, cancelled: r.cancelled, dropped: set.dropped, answerMissing: r.dropped.answerMissing };
        }, post);
        return;
      }
      const { exportRenamedJson, runBudget, runSweep, runUniversal } = await lazy.entity();
      if (msg.type === 'export-renamed') {
        post({ type: 'exported', jobId: msg.jobId, ...exportRenamedJson(msg.instances, msg.options, msg.pool ?? undefined, msg.versionTwo) });
        return;
      }
      // A loaded entity tagger chooses the answer entities; the pool came from the data worker untagged, as qarx's.
      const tagged = msg.tagger ? await tagForRun(msg.instances, msg.tagger, signal) : msg.instances;
      if (typeof tagged === 'string') {
        post({ type: 'error', jobId: msg.jobId, code: 'unknown', message: tagged, restart: false });
        return;
      }
      // Coverage with the tagger in use, shown on the tagger card, as qarx prints it (issue 24.8), counted as the
      // data worker counts it before a run: with the datasets' tags (the demo set's from that count), which the
      // sweep then reuses. Counted outside them, a first-visit demo sweep tagged every passage again (issue 44).
      const tags = newTagStore();
      const coverage = await coverageOfCollected(tagged, msg.type === 'sweep' && !msg.tagger ? (msg.tags ?? []) : [], tags);
      const { hubTypesOf } = await import('../core/ner/coverage-of.ts');
      // With a loaded tagger, the types it gave go back too: the list and Live show them with their source (issue 42.3).
      post({ type: 'tagger-coverage', jobId: msg.jobId, tagger: msg.tagger ?? null, coverage, ...(msg.tagger ? { hubTypes: hubTypesOf(tagged) } : {}) });
      // C2W cases for the failure gallery, a bounded number per run.
      const found = caseCollector();
      if (msg.type === 'universal') {
        const progress = throttled(msg.jobId);
        await runCheckpointed(msg.jobId, a.engine, { versionTwo: msg.versionTwo, signal }, async (p, live) => {
          const result = await runUniversal(tagged, msg.config, p, live ? { signal, onProgress: progress, onCase: found.add, rule: msg.rule } : { rule: msg.rule });
          return { type: 'universal-done', jobId: msg.jobId, result, cases: live ? found.cases : [] };
        }, post);
        return;
      }
      const versionTwo = msg.type === 'sweep' ? msg.versionTwo : msg.config.versionTwo;
      const predict = enginePredictor(a.engine, { versionTwo, signal });
      if (msg.type === 'sweep') {
        let cells = 0;
        const held = __QARX_TEST_HOOKS__ ? heldPredictor(predict, takeSweepHold(), signal, () => cells) : predict;
        const onCell = (cell: SweepCell) => {
          cells++;
          post({ type: 'sweep-cell', jobId: msg.jobId, cell });
          // The cells streamed so far are the sweep's partial result: a Cancel now would end it here.
          post({ type: 'checkpoint', jobId: msg.jobId, done: { type: 'sweep-done', jobId: msg.jobId, cancelled: true, n: cell.n, cases: found.cases.slice() } });
        };
        const r = await withTagStore(() => runSweep(tagged, msg.config, held, { pool: msg.pool ?? undefined, signal, onProgress: throttled(msg.jobId), onCell, onCase: found.add, rule: msg.rule }), tags);
        post({ type: 'sweep-done', jobId: msg.jobId, cancelled: r.cancelled, n: r.questions, cases: found.cases });
      } else {
        const progress = throttled(msg.jobId);
        await runCheckpointed(msg.jobId, a.engine, { versionTwo, signal }, async (p, live) => {
          const result = await runBudget(tagged, msg.config, p, live ? { pool: msg.pool ?? undefined, signal, onProgress: progress, onCase: found.add, rule: msg.rule } : { pool: msg.pool ?? undefined, rule: msg.rule });
          return { type: 'budget-done', jobId: msg.jobId, result, cases: live ? found.cases : [] };
        }, post);
      }
    }, 'key' in msg ? msg.key : undefined),
  );
}

installHeartbeat(self); // pings and the life lock, ahead of the command switch

self.onmessage = (ev: MessageEvent<WorkerRequest>) => {
  const msg = receivedRequest(ev);
  switch (msg.type) {
    case 'init':
      base = msg.baseUrl;
      Object.assign(settings, { base: msg.baseUrl, remoteHost: msg.remoteHost ?? '', memoryBudgetMb: msg.memoryBudgetMb ?? null, webgpuRuntime: msg.webgpuRuntime ?? false });
      // The wasm build is chosen by the first load (openModel): WASM-only starts the smaller one.
      configureRuntime({
        // A path, not a full URL: transformers.js skips local lookups for http(s) model paths.
        localModelPath: `${new URL(base).pathname}models/`,
        remoteHost: msg.remoteHost,
        wasmThreads: wasmThreadsFor(navigator.hardwareConcurrency || 1, self.crossOriginIsolated),
      });
      void capabilities().then((c) => post({ type: 'ready', capabilities: c }));
      return;
    case 'prewarm':
      startPrewarm(msg.source, msg.device, msg.dtype);
      return;
    case 'preload-experiments':
      // The user is setting a run up: its code (name lists, tagger, noise tables; ≈ 2 s on 2 cores)
      // loads meanwhile, after any model load so that a first answer never waits for it.
      // Only the open experiment's modules (the section's own page: the entity sweep, listed first).
      void loadsSettled().then(() => Promise.all(preloadFor(msg.kinds?.length ? msg.kinds : ['sweep']))).catch(() => undefined);
      return;
    case 'load':
      queueLoad(msg.jobId, msg.source, msg.device, msg.dtype ?? 'auto');
      return;
    case 'predict':
      queuePredict(msg);
      return;
    case 'cancel': {
      loadAborts.get(msg.jobId)?.abort();
      predictAborts.get(msg.jobId)?.abort();
      const job = jobAborts.get(msg.jobId);
      if (job) job.abort();
      else if (!loadAborts.has(msg.jobId) && !predictAborts.has(msg.jobId)) cancelledJobs.add(msg.jobId);
      return;
    }
    case 'load-tagger':
      void loadTagger(msg, post);
      return;
    case 'rename':
      handleRename(msg);
      return;
    case 'pair':
      handlePair(msg);
      return;
    case 'paraphrases':
      handleParaphrases(msg);
      return;
    case 'trap-live':
      renameChain = renameChain.then(() => withModel(msg.jobId, async (a, signal) => (await lazy.traps()).handleTrapJob(msg, a.engine, signal, post)));
      return;
    case 'traps':
    case 'adversarial':
      armJob(msg.jobId);
      experimentChain = experimentChain.then(() => withModel(msg.jobId, async (a, signal) => (await lazy.traps()).handleTrapJob(msg, a.engine, signal, post), msg.key));
      return;
    case 'explain':
    case 'reduce-input':
    case 'find-failure':
      armJob(msg.jobId);
      // In the worker's chunk (≈ 4 kB): importing it late cost a first Explain 100–500 ms (issue 44).
      renameChain = renameChain.then(() => withModel(msg.jobId, (a, signal) => handleExplainJob(msg, a.engine, signal, post)));
      return;
    case 'load-model':
    case 'unload':
    case 'compare':
    case 'robustness':
      handleMulti(msg, post, jobAborts);
      return;
    case 'sweep':
    case 'budget':
    case 'universal':
    case 'export-renamed':
    case 'pairs':
      handleExperiment(msg);
      return;
    default: {
      const never: never = msg;
      post({ type: 'error', jobId: null, code: 'bad-request', message: `Unknown request ${JSON.stringify(never)}`, restart: false });
    }
  }
};
