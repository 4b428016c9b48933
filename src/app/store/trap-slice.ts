/** Over-stability: a trap sentence in the live view, the trap experiment and the adversarial SQuAD figures. */
import type { StateCreator } from 'zustand';
import type { Instance } from '../../core/data/types.ts';
import type { AdversarialRun } from '../../core/trap/experiment.ts';
import { DEFAULT_TRAP, type TrapConfig, type TrapRow, type TrapSkipped } from '../../core/trap/summary.ts';
import type { TrapPosition } from '../../core/trap/insert.ts';
import { adversarialPair, type LiveTrap, type TrapSpec } from '../../core/trap/pair.ts';
import { adversarialSelection } from '../../core/trap/adversarial.ts';
import { newDataId, sendData } from '../workers/data-client.ts';
import { newJobId, send } from '../workers/worker-client.ts';
import { sendOnAll } from './per-model-slice.ts';
import { EXPERIMENT_LIMIT, runRecordOf, type ExperimentJob } from './experiment-slice.ts';
import type { AppState } from './index.ts';
import { scored } from './scoring.ts';
import { collectRequest, scopeRecord } from './scope-slice.ts';
import type { WorkerEvent } from '../../worker/protocol.ts';
import { liveInstance } from './entity-slice.ts';
import { askKey, sameAsked } from './live-ask.ts';

export type TrapPurpose = 'traps' | 'adversarialJob';

/** The live trap's settings: a generated sentence (seeded) or one the user types, and where it goes. */
export interface LiveTrapConfig {
  /** 'dataset': the open question's own trap variant (the demo set has some). */
  kind: 'generated' | 'typed' | 'dataset';
  position: TrapPosition;
  seed: number;
  sentence: string;
}

export interface TrapSlice {
  trapOpen: boolean;
  liveTrapConfig: LiveTrapConfig;
  liveTrapJob: number | null;
  /** The request (askKey) of the running or last live trap job, and the one `liveTrap` answers (live-ask.ts). */
  liveTrapFor: string | null;
  liveTrapShownFor: string | null;
  liveTrap: LiveTrap | null;
  setTrapOpen(open: boolean): void;
  setLiveTrapConfig(c: Partial<LiveTrapConfig>): void;
  /** Answers the open question (or free text) on its passage and with the configured trap. */
  runLiveTrap(): void;
  /** Answers an adversarial variant beside its original passage. */
  adversarialJob: ExperimentJob;
  adversarialRun: AdversarialRun | null;
  adversarialLiveJob: number | null;
  adversarialLive: LiveTrap | null;
  runAdversarialLive(): void;
  trapConfig: TrapConfig;
  traps: ExperimentJob;
  trapRows: TrapRow[];
  trapSkipped: TrapSkipped;
  /** The questions of the last trap and adversarial runs, for their slice tables and the failure gallery's passages. */
  trapInstances: Instance[];
  adversarialInstances: Instance[];
  trapCollect: { reqId: number; purpose: TrapPurpose } | null;
  setTrapConfig(c: Partial<TrapConfig>): void;
  startTraps(purpose: TrapPurpose): void;
  cancelTraps(purpose: TrapPurpose): void;
  receiveTrapCollected(reqId: number, instances: Instance[], total: number, data: { versionTwo: boolean; versionTwoReason?: string; datasets: string[] }): void;
}

/** Shown instead of Jia & Liang's figures when no listed question is a variant linked at import. */
const NO_VARIANTS = 'No adversarial SQuAD variants in the list: import an AddSent / AddOneSent file (question ids <original id>-<suffix>) and pick it in the dataset filter.';

const idle = (): ExperimentJob => ({ status: 'idle', jobId: null, progress: null, selected: 0, error: null, run: null });


export const createTrapSlice: StateCreator<AppState, [], [], TrapSlice> = (set, get) => ({
  trapOpen: false,
  liveTrapConfig: { kind: 'generated', position: 'after', seed: 1, sentence: '' },
  liveTrapJob: null,
  liveTrapFor: null,
  liveTrapShownFor: null,
  liveTrap: null,
  setTrapOpen(open) {
    set({ trapOpen: open });
    if (open) get().runLiveTrap();
  },
  setLiveTrapConfig(c) {
    set({ liveTrapConfig: { ...get().liveTrapConfig, ...c } });
  },
  runLiveTrap() {
    const s = get();
    if (!s.model || s.modelStatus !== 'ready') return;
    const c = s.liveTrapConfig;
    const own = c.kind === 'dataset' && s.instance?.trap && s.passage === s.instance.context ? s.instance.trap : null;
    const spec: TrapSpec = own ? { kind: 'given', variant: own } : c.kind === 'typed' ? { kind: 'typed', position: c.position, sentence: c.sentence } : { kind: 'generated', position: c.position, seed: c.seed };
    const ask = { instance: scored(s, liveInstance(s)), spec, versionTwo: s.allowNull };
    const key = askKey({ model: s.model, modelLoads: s.modelLoads }, ask);
    if (sameAsked(key, s.liveTrapJob !== null ? s.liveTrapFor : null, s.liveTrap !== null ? s.liveTrapShownFor : null)) return;
    const jobId = newJobId();
    set({ liveTrapJob: jobId, liveTrapFor: key });
    send({ type: 'trap-live', jobId, ...ask });
  },
  adversarialJob: idle(),
  adversarialRun: null,
  adversarialLiveJob: null,
  adversarialLive: null,
  runAdversarialLive() {
    const s = get();
    const pair = s.instance ? adversarialPair(s.instance) : null;
    if (!pair || !s.model || s.modelStatus !== 'ready') return;
    const jobId = newJobId();
    set({ adversarialLiveJob: jobId, adversarialLive: null });
    send({ type: 'trap-live', jobId, instance: scored(s, pair.original), spec: pair.spec, versionTwo: s.allowNull });
  },
  trapConfig: DEFAULT_TRAP,
  traps: idle(),
  trapRows: [],
  trapSkipped: {},
  trapInstances: [],
  adversarialInstances: [],
  trapCollect: null,
  setTrapConfig(c) {
    set({ trapConfig: { ...get().trapConfig, ...c } });
  },
  startTraps(purpose) {
    const s = get();
    if (!s.model || s.modelStatus !== 'ready') return;
    get().cancelTraps(purpose);
    const reqId = newDataId();
    set({ trapCollect: { reqId, purpose }, [purpose]: { ...idle(), status: 'collecting' } } as Partial<AppState>);
    if (purpose === 'traps') set({ trapRows: [], trapSkipped: {} });
    else set({ adversarialRun: null });
    sendData({ type: 'collect', reqId, ...collectRequest(s), limit: EXPERIMENT_LIMIT });
  },
  cancelTraps(purpose) {
    const job = get()[purpose];
    if (job.jobId !== null && job.status === 'running') send({ type: 'cancel', jobId: job.jobId });
    if (job.status === 'collecting') set({ trapCollect: null, [purpose]: idle() } as Partial<AppState>);
  },
  receiveTrapCollected(reqId, collected, total, data) {
    const c = get().trapCollect;
    if (!c || c.reqId !== reqId) return;
    const s = get();
    // Any dashed id would pass for a variant in Jia & Liang's script: only files linked at import are scored.
    const instances = c.purpose === 'traps' ? collected : adversarialSelection(collected);
    if (c.purpose === 'adversarialJob' && instances.length === 0) {
      set({ trapCollect: null, adversarialJob: { ...idle(), status: 'error', error: NO_VARIANTS } });
      return;
    }
    // The record names the datasets scored: the adversarial files' names (instances carry dataset ids).
    const names = [...new Set(instances.map((i) => s.datasets.find((d) => d.id === i.dataset)?.name ?? i.dataset))];
    const picked = c.purpose === 'traps' ? { data, total } : { data: { ...data, datasets: names }, total: instances.length };
    const jobId = newJobId();
    const recorded = runRecordOf(s, picked.data, instances.length, picked.total, c.purpose === 'traps' ? { ...s.trapConfig } : { metric: 'Jia & Liang 2017 adversarial evaluation' }, scopeRecord(c.purpose === 'traps' ? 'traps' : 'adversarial', s, collected, instances, total));
    // Jia & Liang's evaluation is SQuAD v1.1's metric whatever the Scoring select says: the record does not claim otherwise.
    const { scoringLang: _scoring, ...adversarialRun } = recorded;
    const run = c.purpose === 'traps' ? recorded : adversarialRun;
    set({ trapCollect: null, [c.purpose]: { ...idle(), status: 'running', jobId, selected: picked.total, run }, [c.purpose === 'traps' ? 'trapInstances' : 'adversarialInstances']: instances } as Partial<AppState>);
    if (c.purpose === 'traps') sendOnAll(get, set, 'traps', { type: 'traps', jobId, instances, config: s.trapConfig, versionTwo: data.versionTwo });
    else sendOnAll(get, set, 'adversarial', { type: 'adversarial', jobId, instances, versionTwo: data.versionTwo });
  },
});

/** Whether a job id is one of this slice's (live traps, trap run, adversarial run). */
export function ownsTrapJob(s: AppState, jobId: number | null): boolean {
  return jobId !== null && [s.liveTrapJob, s.adversarialLiveJob, s.traps.jobId, s.adversarialJob.jobId].includes(jobId);
}

/**
 * Applies the inference worker's trap events and the progress and errors of trap jobs; true when
 * the event is fully handled (errors are not: the store's error handling restarts the worker).
 */
export function applyTrapEvent(e: WorkerEvent, s: AppState, set: (p: Partial<AppState>) => void): boolean {
  switch (e.type) {
    case 'trap-answered':
      if (e.jobId === s.liveTrapJob) set({ liveTrap: e.result, liveTrapJob: null, liveTrapShownFor: s.liveTrapFor });
      if (e.jobId === s.adversarialLiveJob) set({ adversarialLive: e.result, adversarialLiveJob: null });
      return true;
    case 'traps-done':
      if (e.jobId === s.traps.jobId) set({ traps: { ...s.traps, status: e.cancelled ? 'cancelled' : 'done' }, trapRows: e.rows, trapSkipped: e.skipped });
      return true;
    case 'adversarial-done':
      if (e.jobId === s.adversarialJob.jobId) set({ adversarialJob: { ...s.adversarialJob, status: e.run?.cancelled ? 'cancelled' : 'done' }, adversarialRun: e.run });
      return true;
    case 'experiment-progress': {
      const k = s.traps.jobId === e.jobId ? 'traps' : s.adversarialJob.jobId === e.jobId ? 'adversarialJob' : null;
      if (k) set({ [k]: { ...s[k], progress: e.progress } } as Partial<AppState>);
      return k !== null;
    }
    case 'error': {
      if (e.jobId === null || !ownsTrapJob(s, e.jobId)) return false;
      if (e.jobId === s.liveTrapJob) set({ liveTrapJob: null, liveTrap: { row: null, variant: null, reason: e.message }, liveTrapShownFor: null });
      if (e.jobId === s.adversarialLiveJob) set({ adversarialLiveJob: null, adversarialLive: { row: null, variant: null, reason: e.message } });
      const k = s.traps.jobId === e.jobId ? 'traps' : s.adversarialJob.jobId === e.jobId ? 'adversarialJob' : null;
      // A run the error stopped as a Cancel (its checkpoint, index.ts) keeps its partial result.
      if (k && s[k].status === 'running') set({ [k]: { ...s[k], status: 'error', error: e.message } } as Partial<AppState>);
      return false;
    }
    default:
      return false;
  }
}
