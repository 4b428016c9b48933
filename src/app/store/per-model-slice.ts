/**
 * Every experiment on every loaded model. A card starts its job as before; the request is sent to
 * the primary model first, and when its result is in, the same request (same job id, so the card's
 * progress and cancel keep working) goes to the next loaded model through the worker's one
 * experiment queue. Each model's result is kept with its own run record and saved as its own run;
 * the card shows one model's result at a time (tabs) and a table of all models.
 */
import type { StateCreator } from 'zustand';
import type { WorkerRequest } from '../../worker/protocol.ts';
import type { RunRecord } from '../../core/results/run-record.ts';
import type { ResultTable } from '../../core/results/table.ts';
import { send } from '../workers/worker-client.ts';
import { builtInPayload, builtInTable, JOB_OF, type SavedKind } from './run-saving.ts';
import { modelOfKey, readyKeys } from './model-keys.ts';
import type { AppState } from './index.ts';

type ExperimentRequest = Extract<WorkerRequest, { type: 'sweep' | 'budget' | 'universal' | 'pairs' | 'paraphrases' | 'traps' | 'adversarial' }>;

/** One model's finished (or cancelled) result of an experiment. */
export interface ModelResult {
  key: string;
  run: RunRecord;
  /** The store fields that show this result (restored when its tab is picked). */
  snapshot: Partial<AppState>;
  table: ResultTable | null;
  partial: boolean;
}

/** An experiment across the loaded models: their keys in order, the one running, their results and the one shown. */
export interface PerModelRun {
  keys: string[];
  /** How each model is named, fixed when the run started: letter (as in the live view), id, label (its human name; the id when it has none), device · dtype. */
  names: Record<string, { letter: string; id: string; label?: string; runtime: string }>;
  running: string | null;
  results: Record<string, ModelResult>;
  shown: string | null;
}

export interface PerModelSlice {
  perModel: Partial<Record<SavedKind, PerModelRun>>;
  /** Shows one model's result of an experiment in its card (not while it runs). */
  showModelResult(kind: SavedKind, key: string): void;
}

/** The store fields holding each kind's result, and their empty values for the next model's run. */
const RESULT_FIELDS: Record<SavedKind, Partial<AppState>> = {
  sweep: { sweepCells: [] },
  budget: { budgetResult: null },
  universal: { universalResult: null },
  natural: { naturalRows: [], naturalAnswerMissing: { count: 0, ids: [] } },
  synthetic: { syntheticRows: [] },
  paraphrase: { paraRows: [] },
  traps: { trapRows: [], trapSkipped: {} },
  adversarial: { adversarialRun: null },
};

interface Fan {
  kind: SavedKind;
  req: ExperimentRequest;
  keys: string[];
  index: number;
}
const fans = new Map<number, Fan>();

/** The run record of `run` on another model (its id, precision, device; a fresh date). */
export function recordOnModel(run: RunRecord, s: Pick<AppState, 'model' | 'addedModels'>, key: string): RunRecord {
  const info = modelOfKey(s, key).info;
  return info ? { ...run, model: info.id, dtype: info.dtype, device: info.device, date: new Date().toISOString() } : run;
}

/** Sends an experiment request to the first loaded model; the others follow as each result comes in (see fanStep). */
export function sendOnAll(get: () => AppState, set: (p: Partial<AppState>) => void, kind: SavedKind, req: ExperimentRequest): void {
  const s = get();
  const keys = readyKeys(s);
  const names = Object.fromEntries(
    keys.map((k) => {
      const { info, letter } = modelOfKey(s, k);
      return [k, { letter, id: info?.id ?? k, label: info?.label ?? info?.id ?? k, runtime: info ? `${info.device} · ${info.dtype}` : '' }];
    }),
  );
  fans.set(req.jobId, { kind, req, keys, index: 0 });
  set({ perModel: { ...s.perModel, [kind]: { keys, names, running: keys[0] ?? null, results: {}, shown: keys[0] ?? null } } });
  send(keys[0] ? { ...req, key: keys[0] } : req);
}

/** Whether this job is one model's turn of an experiment on several models. */
export const isFanned = (jobId: number): boolean => fans.has(jobId);

/**
 * After one model's result of job `jobId` came in (and was saved): keeps it, and sends the same
 * request to the next loaded model unless the run was cancelled, failed or was the last.
 */
export function fanStep(get: () => AppState, set: (p: Partial<AppState>) => void, jobId: number): void {
  const fan = fans.get(jobId);
  if (!fan) return;
  const s = get();
  const jobField = JOB_OF[fan.kind];
  const job = s[jobField];
  if (job.jobId !== jobId) return void fans.delete(jobId); // a newer run of the card replaced this one
  const key = fan.keys[fan.index] as string;
  const fields = Object.fromEntries(Object.keys(RESULT_FIELDS[fan.kind]).map((f) => [f, s[f as keyof AppState]])) as Partial<AppState>;
  const payload = builtInPayload(s, fan.kind);
  const result: ModelResult | null = job.run ? { key, run: job.run, snapshot: { ...fields, [jobField]: job }, table: payload === null ? null : builtInTable(fan.kind, payload, job.run), partial: job.status === 'cancelled' } : null;
  const prev = s.perModel[fan.kind] ?? { keys: fan.keys, names: {}, running: null, results: {}, shown: null };
  const results = result ? { ...prev.results, [key]: result } : prev.results;
  // The next model still loaded (one unloaded meanwhile is skipped).
  let next = fan.index + 1;
  while (next < fan.keys.length && !readyKeys(s).includes(fan.keys[next] as string)) next++;
  const nextKey = fan.keys[next];
  if (job.status !== 'done' || !nextKey || !job.run) {
    fans.delete(jobId);
    set({ perModel: { ...s.perModel, [fan.kind]: { ...prev, results, running: null, shown: key } } });
    return;
  }
  fan.index = next;
  set({
    ...RESULT_FIELDS[fan.kind],
    [jobField]: { ...job, status: 'running', progress: null, error: null, run: recordOnModel(job.run, s, nextKey) },
    perModel: { ...s.perModel, [fan.kind]: { ...prev, results, running: nextKey, shown: nextKey } },
  } as Partial<AppState>);
  send({ ...fan.req, key: nextKey });
}

/** A job failed: its remaining models do not run (the results so far stay). */
export function fanFailed(get: () => AppState, set: (p: Partial<AppState>) => void, jobId: number): void {
  const fan = fans.get(jobId);
  if (!fan) return;
  fans.delete(jobId);
  const run = get().perModel[fan.kind];
  if (run) set({ perModel: { ...get().perModel, [fan.kind]: { ...run, running: null } } });
}

export const createPerModelSlice: StateCreator<AppState, [], [], PerModelSlice> = (set, get) => ({
  perModel: {},
  showModelResult(kind, key) {
    const run = get().perModel[kind];
    const r = run?.results[key];
    if (!run || !r || run.running !== null) return;
    set({ ...r.snapshot, perModel: { ...get().perModel, [kind]: { ...run, shown: key } } });
  },
});
