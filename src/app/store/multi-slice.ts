/**
 * Several models at once. The primary model (runtime-slice) stays what every single-model flow
 * uses; this slice adds more models, each with its own device and dtype, answers the live
 * question on all of them (with token views), and runs the robustness table on all of them.
 */
import type { StateCreator } from 'zustand';
import type { Instance } from '../../core/data/types.ts';
import type { QaInput } from '../../core/types.ts';
import type { SweepProgress } from '../../core/entity/stats.ts';
import type { NamePool } from '../../core/entity/rename.ts';
import { DEFAULT_ROBUSTNESS, robustnessColumns, type RobustnessConfig, type RobustnessRow, type RobustScores } from '../../core/results/robustness-columns.ts';
import { withRobustnessCi } from '../../core/experiments/robustness/ci.ts';
import { runRobustCi } from './robust-ci.ts';
import type { ExperimentCi } from '../../core/stats/index.ts';
import type { ResultTable } from '../../core/results/table.ts';
import type { RunRecord } from '../../core/results/run-record.ts';
import type { DeviceChoice, LoadProgress, ModelInfo, ModelSourceMsg, WorkerEvent } from '../../worker/protocol.ts';
import type { DtypeChoice, ModelAnswer } from '../../worker/multi-protocol.ts';
import { newDataId, sendData } from '../workers/data-client.ts';
import { newJobId, send } from '../workers/worker-client.ts';
import { runRecordOf } from './experiment-slice.ts';
import { collectRequest, scopeRecord } from './scope-slice.ts';
import type { AppState } from './index.ts';
import { modelOfKey, readyKeys } from './model-keys.ts';

/** A model added beside the primary. */
export interface AddedModel {
  key: string;
  source: ModelSourceMsg;
  device: DeviceChoice;
  dtype: DtypeChoice;
  /** The model host it came from (Hub sources), shown beside its id. */
  host: string | null;
  status: 'loading' | 'ready' | 'error';
  info: ModelInfo | null;
  loadMs: number | null;
  bytes: number | null;
  jobId: number | null;
  progress: LoadProgress | null;
  error: string | null;
}

export interface RobustnessJob {
  status: 'idle' | 'collecting' | 'running' | 'done' | 'cancelled' | 'error';
  jobId: number | null;
  reqId: number | null;
  progress: { key: string; progress: SweepProgress } | null;
  /** Rows by model key, filled in step by step. */
  rows: Record<string, RobustnessRow>;
  /** Model keys whose row every experiment ran on (the others are partial if the run stops). */
  complete: string[];
  /** Model keys in table order. */
  keys: string[];
  run: RunRecord | null;
  error: string | null;
  /** Why the run ended early without a Cancel (its worker died); null otherwise. */
  stopReason: string | null;
  /** Per model key, each comparison cell's per-question scores (from the worker, for the statistics). */
  scores: Record<string, RobustScores>;
  /** Per model key, each share cell's items (the DPR's 0/1 per pair). */
  shares: Record<string, Record<string, number[]>>;
  /** The statistics of each model's row (Holm over its cells), once the stats worker has them (src/app/store/robust-ci.ts). */
  ci: { status: 'running' | 'done' | 'error'; byModel: Record<string, ExperimentCi>; error: string | null } | null;
}

export interface MultiSlice {
  addedModels: AddedModel[];
  addDevice: DeviceChoice;
  addDtype: DtypeChoice;
  /** The newest compare job and its answers (one per loaded model), with what they answer. */
  compareJob: number | null;
  compareAnswers: ModelAnswer[] | null;
  compareError: string | null;
  /** Model key whose token view is open, or null. */
  tokenViewKey: string | null;
  robustConfig: RobustnessConfig;
  /** Questions of the selection the robustness table runs on (small N keeps it fast). */
  robustLimit: number;
  robust: RobustnessJob;
  setAddOptions(o: { device?: DeviceChoice; dtype?: DtypeChoice }): void;
  addModel(source: ModelSourceMsg): void;
  unloadModel(key: string): void;
  /** Answers `after` (and the unperturbed `before`) on every loaded model. */
  compareModels(before: QaInput | null, after: QaInput, versionTwo: boolean): void;
  openTokenView(key: string | null): void;
  setRobustLimit(n: number): void;
  startRobustness(): void;
  /** Computes the finished table's statistics again (after a change of the CI setting; the saved run keeps its own). */
  recomputeRobustCi(): void;
  cancelRobustness(): void;
  receiveRobustCollected(reqId: number, instances: Instance[], total: number, data: { versionTwo: boolean; versionTwoReason?: string; datasets: string[]; pool?: NamePool | null }): boolean;
}

let nextKey = 2;
const idleRobust = (): RobustnessJob => ({ status: 'idle', jobId: null, reqId: null, progress: null, rows: {}, complete: [], keys: [], run: null, error: null, stopReason: null, scores: {}, shares: {}, ci: null });

export { modelOfKey, readyKeys };

export const createMultiSlice: StateCreator<AppState, [], [], MultiSlice> = (set, get) => ({
  addedModels: [],
  addDevice: 'auto',
  addDtype: 'auto',
  compareJob: null,
  compareAnswers: null,
  compareError: null,
  tokenViewKey: null,
  robustConfig: DEFAULT_ROBUSTNESS,
  robustLimit: 12,
  robust: idleRobust(),
  setAddOptions(o) {
    set({ ...(o.device ? { addDevice: o.device } : {}), ...(o.dtype ? { addDtype: o.dtype } : {}) });
    // q8 would give wrong answers on WebGPU (transformers.js #1512/#1728): back to Auto off WASM.
    if (get().addDevice !== 'wasm' && get().addDtype === 'q8') set({ addDtype: 'auto' });
  },
  addModel(source) {
    const s = get();
    const key = `m${nextKey++}`;
    const jobId = newJobId();
    const m: AddedModel = { key, source, device: s.addDevice, dtype: s.addDtype, host: source.kind === 'hub' ? s.remoteHost : null, status: 'loading', info: null, loadMs: null, bytes: null, jobId, progress: null, error: null };
    set({ addedModels: [...s.addedModels, m] });
    send({ type: 'load-model', jobId, key, source, device: m.device, dtype: m.dtype });
  },
  unloadModel(key) {
    const m = get().addedModels.find((x) => x.key === key);
    if (m?.jobId != null) send({ type: 'cancel', jobId: m.jobId });
    send({ type: 'unload', jobId: newJobId(), key });
    set({ addedModels: get().addedModels.filter((x) => x.key !== key), compareAnswers: get().compareAnswers?.filter((a) => a.key !== key) ?? null, tokenViewKey: get().tokenViewKey === key ? null : get().tokenViewKey });
  },
  compareModels(before, after, versionTwo) {
    const keys = readyKeys(get());
    if (keys.length === 0 || !after.context.trim() || !after.question.trim()) return;
    const jobId = newJobId();
    set({ compareJob: jobId, compareError: null });
    send({ type: 'compare', jobId, keys, before, after, versionTwo });
  },
  openTokenView(key) {
    set({ tokenViewKey: key });
  },
  setRobustLimit(n) {
    set({ robustLimit: Math.max(1, Math.min(500, Math.floor(n) || 1)) });
  },
  startRobustness() {
    const s = get();
    if (readyKeys(s).length === 0) return;
    get().cancelRobustness();
    const reqId = newDataId();
    set({ robust: { ...idleRobust(), status: 'collecting', reqId } });
    sendData({ type: 'collect', reqId, ...collectRequest(s), limit: s.robustLimit, withPool: true });
  },
  recomputeRobustCi() {
    const st = get().robust.status;
    if (st === 'done' || st === 'cancelled') runRobustCi(get, set, () => {});
  },
  cancelRobustness() {
    const r = get().robust;
    if (r.jobId !== null && r.status === 'running') send({ type: 'cancel', jobId: r.jobId });
    if (r.status === 'collecting') set({ robust: idleRobust() });
  },
  receiveRobustCollected(reqId, instances, total, data) {
    const s = get();
    if (s.robust.reqId !== reqId || s.robust.status !== 'collecting') return false;
    const keys = readyKeys(s);
    const config = { ...s.robustConfig, versionTwo: data.versionTwo };
    const models = keys.map((k) => {
      const info = modelOfKey(s, k).info;
      return `${info?.id ?? k} (${info?.device ?? '?'} · ${info?.dtype ?? '?'})`;
    });
    const jobId = newJobId();
    const run = runRecordOf(s, data, instances.length, total, { ...config, models }, scopeRecord('robustness', s, instances, instances, total, s.robustLimit));
    set({ robust: { ...idleRobust(), status: 'running', jobId, keys, run } });
    send({ type: 'robustness', jobId, keys, instances, config, pool: data.pool ?? null });
    return true;
  },
});

/** Applies this slice's worker events; true when handled. `restart` starts a fresh worker after a run error. */
export function applyMultiEvent(e: WorkerEvent, s: AppState, set: (p: Partial<AppState>) => void, restart: () => void): boolean {
  const patchModel = (jobId: number, p: Partial<AddedModel>) => set({ addedModels: s.addedModels.map((m) => (m.jobId === jobId ? { ...m, ...p } : m)) });
  switch (e.type) {
    case 'model-loaded':
      patchModel(e.jobId, { status: 'ready', info: e.model, loadMs: e.loadMs, bytes: e.bytes, jobId: null, progress: null, error: null });
      return true;
    case 'unloaded':
      return true;
    case 'compared':
      if (e.jobId === s.compareJob) set({ compareAnswers: e.answers, compareJob: null });
      return true;
    case 'robustness-row':
      if (e.jobId === s.robust.jobId) set({ robust: { ...s.robust, rows: { ...s.robust.rows, [e.key]: e.row }, complete: e.complete ? [...s.robust.complete, e.key] : s.robust.complete } });
      return true;
    case 'robustness-scores':
      if (e.jobId === s.robust.jobId) set({ robust: { ...s.robust, scores: { ...s.robust.scores, [e.key]: { ...s.robust.scores[e.key], [e.cell]: e.questions } } } });
      return true;
    case 'robustness-share':
      if (e.jobId === s.robust.jobId) set({ robust: { ...s.robust, shares: { ...s.robust.shares, [e.key]: { ...s.robust.shares[e.key], [e.cell]: e.values } } } });
      return true;
    case 'robustness-progress':
      if (e.jobId === s.robust.jobId) set({ robust: { ...s.robust, progress: { key: e.key, progress: e.progress } } });
      return true;
    case 'robustness-done':
      if (e.jobId === s.robust.jobId) set({ robust: { ...s.robust, status: e.cancelled ? 'cancelled' : 'done', progress: null, jobId: null } });
      return true;
    case 'load-progress':
      if (!s.addedModels.some((m) => m.jobId === e.jobId)) return false;
      patchModel(e.jobId, { progress: e.progress });
      return true;
    case 'error': {
      if (e.jobId === null) return false;
      const mine = s.addedModels.some((m) => m.jobId === e.jobId) || e.jobId === s.compareJob || e.jobId === s.robust.jobId;
      if (!mine) return false;
      // A WebGPU load that needs the WebGPU runtime build stays loading: the restarted worker loads it again.
      if (s.addedModels.some((m) => m.jobId === e.jobId)) patchModel(e.jobId, e.webgpuRuntime ? { status: 'loading', jobId: null, progress: null } : { status: 'error', error: e.message, jobId: null, progress: null });
      if (e.jobId === s.compareJob) set({ compareJob: null, compareError: e.message });
      if (e.jobId === s.robust.jobId) set({ robust: { ...s.robust, status: 'error', error: e.message, jobId: null, progress: null } });
      if (e.restart) restart();
      return true;
    }
    default:
      return false;
  }
}

/**
 * The robustness job after its worker died: with rows, stopped as a Cancel stops it (status
 * 'cancelled', so the card, its exports and the saved run say partial), every row not complete
 * marked partial and `stopReason` saying why; without rows, an error saying why.
 */
export function robustAfterDeath(r: RobustnessJob, message: string): RobustnessJob {
  if (r.status !== 'running') return r;
  const ended = { ...r, jobId: null, progress: null };
  if (Object.keys(r.rows).length === 0) return { ...ended, status: 'error', error: message };
  const rows = Object.fromEntries(Object.entries(r.rows).map(([k, row]) => [k, r.complete.includes(k) ? row : { ...row, partial: true }]));
  return { ...ended, status: 'cancelled', rows, stopReason: message };
}

/** The robustness table as a result table (one row per model, in table order), e.g. for exports and the run history; with statistics, each comparison cell's CI columns. */
export function robustnessTable(r: Pick<RobustnessJob, 'keys' | 'rows'> & { ci?: RobustnessJob['ci'] }, config: Pick<RobustnessConfig, 'types'>): ResultTable {
  const keys = r.keys.filter((k) => r.rows[k]);
  const rows = keys.map((k) => r.rows[k] as RobustnessRow);
  const cols = robustnessColumns(config);
  const byModel = r.ci?.status === 'done' ? r.ci.byModel : null;
  return withRobustnessCi(plainTable(rows, cols), config, (i) => byModel?.[keys[i] ?? ''] ?? undefined);
}

/** The table's figures alone. */
function plainTable(rows: RobustnessRow[], cols: ReturnType<typeof robustnessColumns>): ResultTable {
  return {
    title: 'Robustness by model',
    columns: ['model', 'device · dtype', ...cols.map(([h]) => h)],
    rows: rows.map((row) => [row.model, row.runtime, ...cols.map(([, of]) => of(row)?.value ?? null)]),
    key: ['model', 'device · dtype'],
    headline: cols.map(([h]) => h),
  };
}

/** Whether the robustness result is partial: stopped early, or a row not every experiment ran on. */
export const robustPartial = (r: RobustnessJob): boolean => r.status === 'cancelled' || Object.values(r.rows).some((row) => row.partial);

/** Saves a finished, cancelled or stopped robustness run to the history (partial unless every row is whole). */
export function saveRobustnessRun(s: AppState): void {
  const r = s.robust;
  if (!r.run || Object.keys(r.rows).length === 0) return;
  const ci = r.ci?.status === 'done' ? r.ci.byModel : null;
  s.saveRun('robustness', r.run, { keys: r.keys, rows: r.rows, ...(ci ? { ci } : {}) }, robustnessTable(r, s.robustConfig), robustPartial(r));
}

/** After a worker restart: load every added model again (with the same device and dtype). */
export function reloadAddedModels(s: AppState, set: (p: Partial<AppState>) => void): void {
  const again = s.addedModels
    .filter((m) => m.status !== 'error')
    .map((m) => {
      const jobId = newJobId();
      send({ type: 'load-model', jobId, key: m.key, source: m.source, device: m.device, dtype: m.dtype });
      return { ...m, status: 'loading' as const, jobId, progress: null };
    });
  set({ addedModels: again, compareAnswers: null });
}
