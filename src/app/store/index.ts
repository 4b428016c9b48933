/** The one app store (composed in app.ts) and the inference worker's events folded into it (the data worker's: data-events.ts). */
import type { SweepCell } from '../../core/entity/stats.ts';
import type { WorkerEvent } from '../../worker/protocol.ts';
import { onDataEvent, onDataWorkerDied, sendData } from '../workers/data-client.ts';
import { downloadText } from '../shell/download.ts';
import { onWorkerDied, onWorkerEvent, restartWorker, send } from '../workers/worker-client.ts';
import { applyParaphrasesDone } from './paraphrase-slice.ts';
import { applyTrapEvent, ownsTrapJob } from './trap-slice.ts';
import { collectAdversarial, collectFailures, collectFound, collectParaphrases } from '../results/gallery-collect.ts';
import { JOB_OF, saveFinishedRun } from './run-saving.ts';
import { dataDeathPatch, deathMessage, errorStopReason, failExperiments, keepCheckpoint, qaDeathPatch, stopAtCheckpoints } from './health-slice.ts';
import type { DeathCause } from '../workers/supervisor.ts';
import { runRobustCi } from './robust-ci.ts';
import { applyMultiEvent, reloadAddedModels, robustAfterDeath, saveRobustnessRun } from './multi-slice.ts';
import { fanFailed, fanStep, isFanned } from './per-model-slice.ts';
import { taggerAfterRestart } from './tagger-slice.ts';
import { rowKey } from './data-slice.ts';
import { applyExplainEvent, ownsExplainJob } from './explain-slice.ts';
import { dropStaleLive } from '../live/live-key.ts';

import { useApp, type AppState } from './app.ts';
import { applyDataEvent } from './data-events.ts';

export { useApp, applyDataEvent, type AppState };

/** Which experiment job an id belongs to, if any. */
function experimentOf(s: AppState, jobId: number): 'sweep' | 'budget' | 'universal' | 'exportJob' | 'natural' | 'synthetic' | 'paraphrase' | null {
  if (s.paraphrase.jobId === jobId) return 'paraphrase';
  if (s.natural.jobId === jobId) return 'natural';
  if (s.synthetic.jobId === jobId) return 'synthetic';
  if (s.sweep.jobId === jobId) return 'sweep';
  if (s.budget.jobId === jobId) return 'budget';
  if (s.universal.jobId === jobId) return 'universal';
  if (s.exportJob.jobId === jobId) return 'exportJob';
  return null;
}




/** Starts a fresh worker and loads into it again what the user was using or asked for. */
function recover(retry: { source: AppState['loadedSource']; reason?: string; wasm?: boolean }): void {
  restartWorker();
  useApp.setState({ tagger: taggerAfterRestart(useApp.getState().tagger) });
  const s = useApp.getState();
  if (retry.source) s.loadModel(retry.source, retry.wasm ? { device: 'wasm', reason: retry.reason ?? '' } : undefined);
  reloadAddedModels(s, (p) => useApp.setState(p));
}

/** Sweep cells waiting to be shown: cached cells arrive many per frame, and each render redraws the charts. */
let pendingCells: { jobId: number; cells: SweepCell[] } | null = null;
let cellTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * How often finished sweep cells reach the store while a run goes on: each flush re-renders the card
 * and its table, and on two cores that time is taken from the model (issue 44: 250 ms flushes cost
 * seconds of main-thread time per demo sweep). The run's end flushes at once.
 */
const CELL_FLUSH_MS = 1000;

/** Adds a finished sweep cell to the store at most every CELL_FLUSH_MS (the sweep's own order kept). */
function queueSweepCell(jobId: number, cell: SweepCell): void {
  if (pendingCells?.jobId !== jobId) pendingCells = { jobId, cells: [] };
  pendingCells.cells.push(cell);
  cellTimer ??= setTimeout(flushSweepCells, CELL_FLUSH_MS);
}

/** Moves the waiting cells into the store now (before the sweep's end is applied). */
function flushSweepCells(): void {
  if (cellTimer) clearTimeout(cellTimer);
  cellTimer = null;
  const p = pendingCells;
  pendingCells = null;
  const s = useApp.getState();
  if (p && p.cells.length && p.jobId === s.sweep.jobId) useApp.setState({ sweepCells: [...s.sweepCells, ...p.cells] });
}

const DONE_EVENTS = new Set<WorkerEvent['type']>(['sweep-done', 'budget-done', 'universal-done', 'pairs-done', 'paraphrases-done', 'traps-done', 'adversarial-done']);

/** Applies one worker event to the store; an experiment's result on one model then moves it on to the next loaded model. */
export function applyWorkerEvent(e: WorkerEvent): void {
  applyEvent(e);
  if (!('jobId' in e) || e.jobId === null || !isFanned(e.jobId)) return;
  const set = (p: Partial<AppState>) => useApp.setState(p);
  if (DONE_EVENTS.has(e.type)) fanStep(useApp.getState, set, e.jobId);
  else if (e.type === 'error') fanFailed(useApp.getState, set, e.jobId);
}

/** Applies one worker event to the store. Stale jobs (superseded or cancelled) are ignored. */
function applyEvent(e: WorkerEvent): void {
  if (e.type === 'checkpoint') return useApp.setState(keepCheckpoint(useApp.getState(), e.jobId, e.done));
  // A run's end makes its checkpoint stale (on several models, the job id goes on with the next one).
  if (DONE_EVENTS.has(e.type) && 'jobId' in e && e.jobId !== null) dropCheckpoint(e.jobId);
  // The worker is restarted after this error: its runs end as a Cancel (or, with nothing finished, fail).
  if (e.type === 'error' && e.restart) stopOnError(e.jobId, e.message);
  const s = useApp.getState();
  if (applyMultiEvent(e, s, (p) => useApp.setState(p), () => recover({ source: s.loadedSource }))) {
    // As every experiment card's: a finished or cancelled table goes to the run history.
    if (e.type === 'robustness-done' && e.jobId === s.robust.jobId) runRobustCi(useApp.getState, (p) => useApp.setState(p), () => saveRobustnessRun(useApp.getState()));
    return;
  }
  if (applyExplainEvent(e, s, (p) => useApp.setState(p))) return;
  if (applyTrapEvent(e, s, (p) => useApp.setState(p))) {
    if (e.type === 'traps-done' && e.jobId === s.traps.jobId) {
      saveFinishedRun(useApp.getState(), 'traps');
      collectFailures(useApp.getState(), 'traps');
    }
    if (e.type === 'adversarial-done' && e.jobId === s.adversarialJob.jobId) {
      saveFinishedRun(useApp.getState(), 'adversarial');
      collectAdversarial(useApp.getState());
    }
    return;
  }
  switch (e.type) {
    case 'ready':
      useApp.setState({ capabilities: e.capabilities });
      return;
    case 'load-progress':
      if (e.jobId === s.loadJob) useApp.setState({ loadProgress: e.progress });
      return;
    case 'loaded': {
      if (e.jobId !== s.loadJob) return;
      // A WebGPU failure retried on WASM says so; otherwise the worker's own reason (a software adapter under Auto).
      const reason = s.loadDeviceOverride?.reason ?? e.model.fallbackReason;
      // The old answer stays until the new model's arrives; the live view re-answers on the status change.
      useApp.setState({
        model: { ...e.model, fallbackReason: reason },
        modelStatus: 'ready',
        loadJob: null,
        loadProgress: null,
        loadMs: e.loadMs,
        modelLoads: s.modelLoads + 1,
        lastRun: null,
        modelError: null,
        loadedSource: s.loadingSource,
        loadingSource: null,
        modelHost: s.loadingHost,
        loadDeviceOverride: null,
      });
      return;
    }
    case 'throughput':
      if (s.model?.id === e.modelId) useApp.setState({ lastRun: { windows: e.windows, ms: e.ms } });
      return;
    case 'predict-progress':
      if (e.jobId === s.predictJob) useApp.setState({ predictProgress: e.progress });
      return;
    case 'prediction':
      return; // single-question live view: the final 'predicted' carries it
    case 'predicted':
      if (e.jobId !== s.predictJob) return;
      if (e.cancelled) {
        useApp.setState({ predictJob: null, predictProgress: null });
        return;
      }
      useApp.setState({
        prediction: e.predictions[0] ?? null,
        answeredFor: s.predictFor,
        selectedSpan: 0,
        predictJob: null,
        predictProgress: null,
        inferenceMs: e.inferenceMs,
        windowsComputed: e.computed,
        windowsCached: e.cached,
      });
      return;
    case 'paired':
      if (e.jobId === s.pairJob) useApp.setState({ pair: e.row, pairJob: null });
      if (e.jobId === s.wikiPairJob) useApp.setState({ wikiPair: e.row, wikiPairJob: null });
      if (e.jobId === s.noiseJob) useApp.setState({ noisePair: { instance: e.instance, row: e.row }, noiseJob: null });
      collectFailures(useApp.getState(), 'live-pair');
      return;
    case 'pairs-done': {
      const k = s.natural.jobId === e.jobId ? 'natural' : s.synthetic.jobId === e.jobId ? 'synthetic' : null;
      if (!k) return;
      const status = e.cancelled ? 'cancelled' : 'done';
      if (k === 'natural') {
        useApp.setState({ natural: { ...s.natural, status }, naturalRows: e.rows, naturalAnswerMissing: e.answerMissing, naturalByModel: e.cancelled || !s.natural.run ? s.naturalByModel : { ...s.naturalByModel, [s.natural.run.model]: e.rows } });
        if (s.filters.category !== 'all') useApp.getState().runSearch();
      }
      else useApp.setState({ synthetic: { ...s.synthetic, status }, syntheticRows: e.rows, syntheticDropped: e.dropped });
      saveFinishedRun(useApp.getState(), k);
      collectFailures(useApp.getState(), k);
      return;
    }
    case 'paraphrases-done': {
      const patch = applyParaphrasesDone(s, e);
      if (patch) useApp.setState(patch);
      if (patch && e.jobId === s.paraphrase.jobId) {
        saveFinishedRun(useApp.getState(), 'paraphrase');
        collectParaphrases(useApp.getState());
      }
      return;
    }
    case 'renamed':
      if (e.jobId === s.renameJob) {
        useApp.setState({ rename: e.result, renameJob: null, renameShownFor: s.renameFor });
        collectFailures(useApp.getState(), 'rename');
      }
      return;
    case 'experiment-progress': {
      const k = experimentOf(s, e.jobId);
      if (k) useApp.setState({ [k]: { ...s[k], progress: e.progress } } as Partial<AppState>);
      return;
    }
    case 'sweep-cell':
      if (e.jobId === s.sweep.jobId) queueSweepCell(e.jobId, e.cell);
      return;
    case 'sweep-done':
      if (e.jobId !== s.sweep.jobId) return;
      flushSweepCells();
      useApp.setState({ sweep: { ...s.sweep, status: e.cancelled ? 'cancelled' : 'done' } });
      saveFinishedRun(useApp.getState(), 'sweep');
      collectFound(useApp.getState(), 'sweep', e.cases);
      return;
    case 'budget-done':
      if (e.jobId !== s.budget.jobId) return;
      useApp.setState({ budget: { ...s.budget, status: e.result.cancelled ? 'cancelled' : 'done' }, budgetResult: e.result });
      saveFinishedRun(useApp.getState(), 'budget');
      collectFound(useApp.getState(), 'budget', e.cases);
      return;
    case 'universal-done':
      if (e.jobId !== s.universal.jobId) return;
      useApp.setState({ universal: { ...s.universal, status: e.result.cancelled ? 'cancelled' : 'done' }, universalResult: e.result });
      saveFinishedRun(useApp.getState(), 'universal');
      collectFound(useApp.getState(), 'universal', e.cases);
      return;
    case 'tagger-loaded':
      s.receiveTagger(e.jobId, e.id, e.labels);
      return;
    case 'tagger-coverage': {
      const k = experimentOf(s, e.jobId);
      if (k !== 'sweep' && k !== 'budget' && k !== 'universal') return;
      const hubTags = e.tagger && e.hubTypes ? { tagger: e.tagger, types: Object.fromEntries(e.hubTypes.map(([d, id, t]) => [rowKey({ dataset: d, id }), t])) } : s.tagger.hubTags;
      useApp.setState({ tagger: { ...s.tagger, coverage: { run: k, tagger: e.tagger, coverage: e.coverage }, ...(hubTags ? { hubTags } : {}) } });
      return;
    }
    case 'trap-answered':
    case 'traps-done':
    case 'adversarial-done':
      return; // applyTrapEvent
    case 'explained':
    case 'input-reduced':
    case 'failure-found':
      return; // applyExplainEvent
    case 'exported':
      if (e.jobId !== s.exportJob.jobId) return;
      {
        const o = s.exportOptions;
        downloadText(`renamed-${o.type}-${o.source}${o.source === 'db' ? `-${o.origin}` : ''}-seed${o.seed}.json`, e.json);
        useApp.setState({ exportJob: { ...s.exportJob, status: 'done' }, exportMessage: `Exported ${e.renamed} renamed questions of ${e.total} (the others have no renamable answer entity of this type).` });
      }
      return;
    case 'error': {
      // A tagger that failed to load: its control says why; the QA model is untouched.
      if (e.jobId !== null && s.taggerFailed(e.jobId, e.message)) return;
      const exp = e.jobId !== null ? experimentOf(s, e.jobId) : null;
      if (exp && s[exp].status === 'running') useApp.setState({ [exp]: { ...s[exp], status: 'error', error: e.message } } as Partial<AppState>);
      // Nothing shown answers the failed ask: asking it again runs (live-ask.ts).
      if (e.jobId !== null && e.jobId === s.renameJob) useApp.setState({ renameJob: null, renameError: e.message, renameShownFor: null });
      if (e.jobId !== null && e.jobId === s.liveParaJob) useApp.setState({ liveParaJob: null, liveParaNote: e.message });
      const isLoad = e.jobId !== null && e.jobId === s.loadJob;
      const isPredict = e.jobId !== null && e.jobId === s.predictJob;
      if (isLoad) {
        useApp.setState({ modelStatus: s.model ? 'ready' : 'error', loadJob: null, loadProgress: null, loadingSource: null, modelError: e.message });
        if (e.webgpuRuntime && s.loadingSource) {
          recover({ source: s.loadingSource }); // the same load, in a worker with the WebGPU build
          return;
        }
        if (e.retryOnWasm && s.loadingSource) {
          recover({ source: s.loadingSource, wasm: true, reason: `WebGPU failed (${e.message}); running on WASM instead.` });
          return;
        }
      } else if (isPredict) {
        useApp.setState({ predictJob: null, predictProgress: null, predictError: e.message });
      } else if (exp || (e.jobId !== null && (e.jobId === s.renameJob || e.jobId === s.liveParaJob)) || ownsTrapJob(s, e.jobId) || ownsExplainJob(s, e.jobId)) {
        // reported above; a restart below reloads the model
      } else if (e.jobId === null) {
        useApp.setState({ modelError: e.message, modelStatus: s.modelStatus === 'loading' ? 'error' : s.modelStatus });
      } else {
        return; // an error of a superseded job
      }
      // The worker's runtime is unusable: start a new one with the model that worked before.
      if (e.restart) {
        useApp.setState({ model: null, modelStatus: s.loadedSource ? 'loading' : 'error' });
        recover({ source: s.loadedSource });
        if (!isPredict) useApp.setState({ modelError: e.message }); // keep the reason visible during the reload
      }
      return;
    }
    case 'model-loaded':
    case 'unloaded':
    case 'compared':
    case 'robustness-row':
    case 'robustness-progress':
    case 'robustness-scores':
    case 'robustness-share':
    case 'robustness-done':
      return; // applyMultiEvent
    default: {
      const never: never = e;
      void never;
    }
  }
}

const setApp = (p: Partial<AppState>) => useApp.setState(p);

/** Forgets job `jobId`'s checkpoint. */
function dropCheckpoint(jobId: number): void {
  const c = useApp.getState().checkpoints;
  if (c[jobId]) useApp.setState({ checkpoints: Object.fromEntries(Object.entries(c).filter(([id]) => Number(id) !== jobId)) });
}

/** Runs on the inference worker (job `jobId`, or all of them) end with their worker: as a Cancel at their last checkpoint, or failed when nothing finished. */
function stopRuns(reason: string, jobId?: number): void {
  // Cells already received belong to the partial result that is kept.
  flushSweepCells();
  // As a Cancel: the checkpoint is the done event a Cancel would have brought (saved to the history, marked partial; a run on several models ends).
  stopAtCheckpoints(useApp.getState, setApp, applyWorkerEvent, reason, jobId);
  // The others had nothing finished: they fail, and a run on several models stops.
  for (const f of Object.values(JOB_OF)) {
    const job = useApp.getState()[f];
    if (job.status === 'running' && job.jobId !== null && (jobId === undefined || job.jobId === jobId) && isFanned(job.jobId)) fanFailed(useApp.getState, setApp, job.jobId);
  }
}

/** An error after which the worker is restarted: the job's run (every run, for an error of no job) ends as after a death. */
function stopOnError(jobId: number | null, message: string): void {
  const reason = errorStopReason(message);
  stopRuns(reason, jobId ?? undefined);
  if (jobId === null) useApp.setState(failExperiments(useApp.getState(), ['running'], reason));
  // The robustness table streams its rows: they end as after a death (robustAfterDeath).
  const r = useApp.getState().robust;
  if (r.status !== 'running' || (jobId !== null && jobId !== r.jobId)) return;
  useApp.setState({ robust: robustAfterDeath(r, reason) });
  saveRobustnessRun(useApp.getState());
}

/** The inference worker died silently: fail its jobs, say so, start a fresh one and reload the model that worked. */
export function qaWorkerDied(cause: DeathCause, restart: boolean): void {
  const message = deathMessage('inference', cause, restart);
  stopRuns(message);
  const s = useApp.getState();
  useApp.setState(qaDeathPatch(s, message));
  if (s.robust.status === 'running') saveRobustnessRun(useApp.getState());
  // With no model yet (the first load died), try that load again: the restart cap ends a loop.
  if (restart) recover({ source: s.loadedSource ?? s.loadingSource });
}

/** The data worker died silently: fail its requests, say so, and start a fresh one over the same IndexedDB. */
export function dataWorkerDied(cause: DeathCause, restart: boolean): void {
  useApp.setState(dataDeathPatch(useApp.getState(), deathMessage('data', cause, restart)));
  if (!restart) return;
  sendData({ type: 'init' });
  useApp.getState().runSearch();
}

// Live's on-demand results belong to the question and model they were computed for (live/live-key.ts).
useApp.subscribe((s, prev) => {
  const patch = dropStaleLive(s, prev, (jobId) => send({ type: 'cancel', jobId }));
  if (patch) useApp.setState(patch);
});

onWorkerEvent(applyWorkerEvent);
onDataEvent(applyDataEvent);
onWorkerDied(qaWorkerDied);
onDataWorkerDied(dataWorkerDied);
