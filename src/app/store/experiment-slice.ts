/** Entity-renaming experiments over the browser's selection: sweep, worst/best budget, export. */
import type { StateCreator } from 'zustand';
import { DEFAULT_BUDGET, DEFAULT_SWEEP, type BudgetConfig, type SweepConfig } from '../../core/entity/options.ts';
import type { BudgetResult, SweepCell, SweepProgress } from '../../core/entity/stats.ts';
import type { Instance } from '../../core/data/types.ts';
import type { RenameOptions } from '../../core/entity/options.ts';
import { DEFAULT_UNIVERSAL, type UniversalConfig, type UniversalResult } from '../../core/entity/universal-options.ts';
import type { NamePool } from '../../core/entity/rename.ts';
import type { TagStoreData } from '../../core/entity/tag-store.ts';
import type { PairRow, PairsDropped } from '../../core/natural/pairs.ts';
import { recategorize, recategorizeLive, type CategoryRule } from '../../core/natural/categories.ts';
import type { NoiseOptions } from '../../core/natural/noise-kinds.ts';
import { pairsToCsv } from '../../core/formats/pairs-csv.ts';
import type { RunRecord } from '../../core/results/run-record.ts';
import { downloadText } from '../shell/download.ts';
import { newDataId, sendData } from '../workers/data-client.ts';
import { newJobId, send } from '../workers/worker-client.ts';
import { sendOnAll } from './per-model-slice.ts';
import type { AppState } from './index.ts';
import { collectRequest, scopeQuery, scopeRecord } from './scope-slice.ts';
import { populationOf } from '../../core/experiments/scope.ts';
import { runTagger } from './tagger-slice.ts';

/** At most this many questions of the selection go into one experiment. */
export const EXPERIMENT_LIMIT = 20_000;

export type JobStatus = 'idle' | 'collecting' | 'running' | 'done' | 'cancelled' | 'error';
type Purpose = 'sweep' | 'budget' | 'universal' | 'export' | 'natural' | 'synthetic' | 'pairs-export';

export interface ExperimentJob {
  status: JobStatus;
  jobId: number | null;
  progress: SweepProgress | null;
  /** Questions in the selection, and how many were sent (capped). */
  selected: number;
  error: string | null;
  /** Why a run ended early without a Cancel (its worker died), shown with its partial results; absent otherwise. */
  stopReason?: string;
  /** What produced the job's result (data, model, settings, date); null before a run. */
  run: RunRecord | null;
}

/** What produced an experiment's result: the collected data, the store's selection and model, the settings and the date. */
export function runRecordOf(s: Pick<AppState, 'query' | 'scopeSearch' | 'filters' | 'model' | 'scoringLang'>, data: { versionTwo: boolean; versionTwoReason?: string; datasets: string[] }, n: number, selected: number, settings: Record<string, unknown>, scope?: { scope: string; ids?: string[] }): RunRecord {
  const { model } = s;
  // The search is recorded only when it narrowed the run (the scope included it).
  return { datasets: data.datasets, n, selected, query: scopeQuery(s), filters: { ...s.filters }, model: model?.id ?? '', dtype: model?.dtype ?? '', device: model?.device ?? '', versionTwo: data.versionTwo, versionTwoReason: data.versionTwoReason ?? (data.versionTwo ? 'on' : 'off'), scoringLang: s.scoringLang, ...(scope ?? {}), settings, date: new Date().toISOString() };
}

/** Whether a run draws InDistName names, so the data worker must send the datasets' pool with the questions. */
function needsPool(s: Pick<AppState, 'sweepConfig' | 'budgetConfig' | 'exportOptions'>, purpose: Purpose): boolean {
  if (purpose === 'sweep') return s.sweepConfig.sources.includes('indist');
  if (purpose === 'budget') return s.budgetConfig.source === 'indist';
  return purpose === 'export' && s.exportOptions.source === 'indist';
}

const idle = (): ExperimentJob => ({ status: 'idle', jobId: null, progress: null, selected: 0, error: null, run: null });

export interface ExperimentSlice {
  sweepConfig: SweepConfig;
  sweep: ExperimentJob;
  sweepCells: SweepCell[];
  budgetConfig: BudgetConfig;
  budget: ExperimentJob;
  budgetResult: BudgetResult | null;
  /** Universal names (Algorithm 2): settings, job and the ranked names (partial when cancelled). */
  universalConfig: UniversalConfig;
  universal: ExperimentJob;
  universalResult: UniversalResult | null;
  setUniversalConfig(c: Partial<UniversalConfig>): void;
  exportOptions: RenameOptions;
  exportJob: ExperimentJob;
  exportMessage: string | null;
  collecting: { reqId: number; purpose: Purpose } | null;
  /** Revision pairs of the list answered on both passages, and the same questions with synthetic noise. */
  natural: ExperimentJob;
  naturalRows: PairRow[];
  /** The questions of the last revision-pair run, and every model's rows on them (for the challenge set). */
  naturalInstances: Instance[];
  naturalByModel: Record<string, PairRow[]>;
  noiseOptions: NoiseOptions;
  synthetic: ExperimentJob;
  syntheticRows: PairRow[];
  syntheticDropped: number;
  /** The questions of the last synthetic-noise and budget runs (their slice tables read titles, metadata …). */
  syntheticInstances: Instance[];
  /** The scope of the last synthetic-noise run: its questions' answers are what the noise kept (the gallery redraws the same passages). */
  syntheticAmong: Instance[];
  budgetInstances: Instance[];
  /** The questions of the last sweep and universal-names runs, for their slice tables. */
  sweepInstances: Instance[];
  universalInstances: Instance[];
  /** Questions of the last revision-pair run left out because a gold answer is not in the edited passage. */
  naturalAnswerMissing: PairsDropped['answerMissing'];
  /** How a side counts as correct or wrong (the released script's rule by default). */
  categoryRule: CategoryRule;
  /** Switches the rule and re-categorises every pair row shown (their scores are kept). */
  setCategoryRule(rule: CategoryRule): void;
  setNoiseOptions(o: Partial<NoiseOptions>): void;
  setSweepConfig(c: Partial<SweepConfig>): void;
  setBudgetConfig(c: Partial<BudgetConfig>): void;
  setExportOptions(o: Partial<RenameOptions>): void;
  start(purpose: Purpose): void;
  cancel(purpose: Purpose): void;
  receiveCollected(reqId: number, instances: Instance[], total: number, data: { versionTwo: boolean; versionTwoReason?: string; datasets: string[]; pool?: NamePool | null; tags?: TagStoreData[] }): void;
}

const key = (p: Purpose) => (p === 'export' ? 'exportJob' : p === 'pairs-export' ? 'natural' : p);
type JobKey = ReturnType<typeof key>;

export const createExperimentSlice: StateCreator<AppState, [], [], ExperimentSlice> = (set, get) => ({
  sweepConfig: DEFAULT_SWEEP,
  sweep: idle(),
  sweepCells: [],
  budgetConfig: { ...DEFAULT_BUDGET, resemble: { m: 3, temperature: 2, type: 'MIX', seed: 1 } },
  budget: idle(),
  budgetResult: null,
  universalConfig: DEFAULT_UNIVERSAL,
  universal: idle(),
  universalResult: null,
  setUniversalConfig(c) {
    set({ universalConfig: { ...get().universalConfig, ...c } });
  },
  exportOptions: { type: 'MIX', source: 'db', origin: 'us', seed: 1 },
  exportJob: idle(),
  exportMessage: null,
  collecting: null,
  natural: idle(),
  naturalRows: [],
  naturalInstances: [],
  naturalByModel: {},
  naturalAnswerMissing: { count: 0, ids: [] },
  categoryRule: 'script',
  setCategoryRule(rule) {
    const s = get();
    const one = <T extends PairRow | null>(r: T): T => (r ? recategorize([r], rule)[0] : r) as T;
    set({
      categoryRule: rule,
      naturalRows: recategorize(s.naturalRows, rule),
      syntheticRows: recategorize(s.syntheticRows, rule),
      naturalByModel: Object.fromEntries(Object.entries(s.naturalByModel).map(([m, rows]) => [m, recategorize(rows, rule)])),
      pair: one(s.pair),
      wikiPair: one(s.wikiPair),
      noisePair: s.noisePair ? { ...s.noisePair, row: one(s.noisePair.row) } : s.noisePair,
      rename: s.rename && recategorizeLive(s.rename, rule),
    });
    if (s.filters.category !== 'all') get().runSearch();
  },
  noiseOptions: { kind: 'keyboard', rate: 0.3, seed: 1 },
  synthetic: idle(),
  syntheticRows: [],
  syntheticDropped: 0,
  syntheticInstances: [],
  syntheticAmong: [],
  budgetInstances: [],
  sweepInstances: [],
  universalInstances: [],
  setNoiseOptions(o) {
    set({ noiseOptions: { ...get().noiseOptions, ...o } });
  },
  setSweepConfig(c) {
    set({ sweepConfig: { ...get().sweepConfig, ...c } });
  },
  setBudgetConfig(c) {
    set({ budgetConfig: { ...get().budgetConfig, ...c } });
  },
  setExportOptions(o) {
    set({ exportOptions: { ...get().exportOptions, ...o } });
  },
  start(purpose) {
    const s = get();
    if (!s.model || s.modelStatus !== 'ready') return;
    if (purpose !== 'pairs-export') get().cancel(purpose);
    const reqId = newDataId();
    set({ collecting: { reqId, purpose }, [key(purpose)]: { ...idle(), status: 'collecting' } } as Partial<AppState>);
    if (purpose === 'sweep') set({ sweepCells: [] });
    if (purpose === 'budget') set({ budgetResult: null });
    if (purpose === 'universal') set({ universalResult: null });
    if (purpose === 'export') set({ exportMessage: null });
    if (purpose === 'natural') set({ naturalRows: [] });
    if (purpose === 'synthetic') set({ syntheticRows: [], syntheticDropped: 0 });
    sendData({ type: 'collect', reqId, ...collectRequest(s), limit: EXPERIMENT_LIMIT, withPool: needsPool(s, purpose) });
  },
  cancel(purpose) {
    const job = get()[key(purpose) as JobKey];
    if (job.jobId !== null && job.status === 'running') send({ type: 'cancel', jobId: job.jobId });
    if (job.status === 'collecting') set({ collecting: null, [key(purpose)]: idle() } as Partial<AppState>);
  },
  receiveCollected(reqId, instances, total, data) {
    const c = get().collecting;
    if (!c || c.reqId !== reqId) return;
    if (c.purpose === 'pairs-export') {
      // Nothing to compute: the pairs (with their intentions) go straight to a CSV file.
      set({ collecting: null, natural: { ...get().natural, status: get().naturalRows.length ? 'done' : 'idle' } });
      downloadText('revision-pairs.csv', pairsToCsv(instances), 'text/csv');
      return;
    }
    const jobId = newJobId();
    const s = get();
    // SQuAD 2.0's "no answer" follows the data, never the model or the live view's checkbox.
    const versionTwo = data.versionTwo;
    // A loaded Hub entity tagger is a setting of the renaming runs (the record and the qarx command carry it).
    const tagger = runTagger(s);
    const withTagger = tagger ? { tagger } : {};
    const settings: Record<string, unknown> =
      c.purpose === 'sweep' ? { ...s.sweepConfig, ...withTagger } : c.purpose === 'budget' ? { ...s.budgetConfig, versionTwo, ...withTagger } : c.purpose === 'universal' ? { ...s.universalConfig, ...withTagger } : c.purpose === 'export' ? { ...s.exportOptions } : c.purpose === 'synthetic' ? { ...s.noiseOptions, rule: s.categoryRule } : { rule: s.categoryRule };
    const run = runRecordOf(s, data, instances.length, total, settings, c.purpose === 'natural' || c.purpose === 'synthetic' ? undefined : scopeRecord(c.purpose, s, instances, instances, total));
    set({ collecting: null, [key(c.purpose)]: { ...idle(), status: 'running', jobId, selected: total, run } } as Partial<AppState>);
    const pool = data.pool ?? null;
    if (c.purpose === 'sweep') {
      set({ sweepInstances: instances });
      sendOnAll(get, set, 'sweep', { type: 'sweep', jobId, instances, config: s.sweepConfig, versionTwo, pool, tags: data.tags ?? [], rule: s.categoryRule, ...withTagger });
    }
    else if (c.purpose === 'budget') {
      set({ budgetInstances: instances });
      sendOnAll(get, set, 'budget', { type: 'budget', jobId, instances, config: { ...s.budgetConfig, versionTwo }, pool, rule: s.categoryRule, ...withTagger });
    } else if (c.purpose === 'universal') {
      set({ universalInstances: instances });
      sendOnAll(get, set, 'universal', { type: 'universal', jobId, instances, config: s.universalConfig, versionTwo, rule: s.categoryRule, ...withTagger });
    }
    else if (c.purpose === 'export') send({ type: 'export-renamed', jobId, instances, options: s.exportOptions, pool, versionTwo });
    else {
      // core's one rule (src/core/experiments/scope.ts): natural = the revision pairs; noise = their questions when the scope has any, else the answerable ones.
      const pick = populationOf(c.purpose, instances);
      // Only the questions with a pair (or, for noise, the answerable ones) are run: the record counts those.
      set({ [key(c.purpose)]: { ...get()[key(c.purpose) as JobKey], run: { ...run, n: pick.length, selected: pick.length, ...scopeRecord(c.purpose, s, instances, pick, total) } } } as Partial<AppState>);
      if (c.purpose === 'natural') {
        // Rows of other models stay only if they were computed on the same questions.
        const same = s.naturalInstances.length === pick.length && pick.every((x, k) => x.id === s.naturalInstances[k]?.id && x.dataset === s.naturalInstances[k]?.dataset);
        set({ naturalInstances: pick, ...(same ? {} : { naturalByModel: {} }) });
      } else set({ syntheticInstances: pick, syntheticAmong: instances });
      sendOnAll(get, set, c.purpose === 'natural' ? 'natural' : 'synthetic', { type: 'pairs', jobId, instances: pick, noise: c.purpose === 'synthetic' ? s.noiseOptions : null, versionTwo, rule: s.categoryRule, ...(c.purpose === 'synthetic' ? { among: instances } : {}) });
    }
  },
});
