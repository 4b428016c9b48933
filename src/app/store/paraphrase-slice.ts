/**
 * Over-sensitivity in the app: a paraphrase of the open question answered beside it (live), and
 * DPR over the selected questions with the dataset's paraphrases and/or generated ones.
 */
import type { StateCreator } from 'zustand';
import type { Instance } from '../../core/data/types.ts';
import { isNone, type GeneratedKind } from '../../core/sensitivity/kinds.ts';
import type { DprRow, ParaphraseItem, ParaphraseSource } from '../../core/sensitivity/index.ts';
import { newDataId, sendData } from '../workers/data-client.ts';
import { newJobId, send } from '../workers/worker-client.ts';
import { sendOnAll } from './per-model-slice.ts';
import { EXPERIMENT_LIMIT, runRecordOf, type ExperimentJob } from './experiment-slice.ts';
import type { AppState } from './index.ts';
import { scored } from './scoring.ts';
import { collectRequest, scopeRecord } from './scope-slice.ts';
import { populationOf } from '../../core/experiments/scope.ts';
import { datasetParaphrases } from '../../core/sensitivity/dataset-paraphrases.ts';
import { liveInstance } from './entity-slice.ts';

/** The paraphrase generators: they load the NLP packages, so they are imported on first use, not with the page. */
type Paraphraser = typeof import('../../core/sensitivity/paraphrase.ts');
let paraphraser: Promise<Paraphraser> | null = null;
const loadParaphraser = (): Promise<Paraphraser> => {
  paraphraser ??= import('../../core/sensitivity/paraphrase.ts').catch((e: unknown) => {
    // A failed load (e.g. offline before the chunk was cached) is tried again next time.
    paraphraser = null;
    throw e;
  });
  return paraphraser;
};
const loadError = (e: unknown) => `Could not load the paraphrase generators: ${e instanceof Error ? e.message : String(e)}`;

const idle = (): ExperimentJob => ({ status: 'idle', jobId: null, progress: null, selected: 0, error: null, run: null });

/** Kind-by-kind count of questions no rule of the kind applied to, with the first ids. */
export type NoneCounts = Partial<Record<GeneratedKind, { count: number; ids: string[] }>>;

export interface ParaphraseSlice {
  /** Where the experiment's paraphrases come from. */
  paraSource: ParaphraseSource;
  paraphrase: ExperimentJob;
  paraRows: DprRow[];
  paraNone: NoneCounts;
  /** Questions in the selection with no paraphrase at all (none in the data, no kind chosen or none applied). */
  paraWithout: number;
  /** The questions the last DPR run asked (originals), for its slice table. */
  paraInstances: Instance[];
  paraCollect: number | null;
  /** The live control: the paraphrase typed or generated, its answer row, and why a generator gave none. */
  liveParaphrase: string;
  liveParaKind: GeneratedKind;
  liveParaSeed: number;
  liveParaRow: DprRow | null;
  liveParaJob: number | null;
  liveParaNote: string | null;
  setParaSource(s: Partial<ParaphraseSource>): void;
  startParaphrases(): void;
  cancelParaphrases(): void;
  receiveParaphraseCollected(reqId: number, instances: Instance[], total: number, data: { versionTwo: boolean; versionTwoReason?: string; datasets: string[] }): boolean;
  setLiveParaphrase(q: string): void;
  setLiveParaKind(k: GeneratedKind, seed?: number): void;
  /** Both resolve once the request is sent or the note says why not (the generators load on first use). */
  generateLiveParaphrase(): Promise<void>;
  askLiveParaphrase(): Promise<void>;
}


export const createParaphraseSlice: StateCreator<AppState, [], [], ParaphraseSlice> = (set, get) => ({
  paraSource: { dataset: true, kinds: ['reorder', 'function-word', 'synonym', 'content-word', 'combined'], seed: 1 },
  paraphrase: idle(),
  paraRows: [],
  paraNone: {},
  paraWithout: 0,
  paraInstances: [],
  paraCollect: null,
  liveParaphrase: '',
  liveParaKind: 'reorder',
  liveParaSeed: 1,
  liveParaRow: null,
  liveParaJob: null,
  liveParaNote: null,
  setParaSource(src) {
    set({ paraSource: { ...get().paraSource, ...src } });
  },
  startParaphrases() {
    const s = get();
    if (!s.model || s.modelStatus !== 'ready') return;
    get().cancelParaphrases();
    const reqId = newDataId();
    set({ paraCollect: reqId, paraphrase: { ...idle(), status: 'collecting' }, paraRows: [], paraNone: {}, paraWithout: 0 });
    sendData({ type: 'collect', reqId, ...collectRequest(s), limit: EXPERIMENT_LIMIT });
  },
  cancelParaphrases() {
    const job = get().paraphrase;
    if (job.jobId !== null && job.status === 'running') send({ type: 'cancel', jobId: job.jobId });
    if (job.status === 'collecting') set({ paraCollect: null, paraphrase: idle() });
  },
  receiveParaphraseCollected(reqId, instances, total, data) {
    if (get().paraCollect !== reqId) return false;
    void loadParaphraser().then(
      ({ paraphraseItems }) => {
        // A cancel while the generators loaded cleared paraCollect: the collection is dropped.
        if (get().paraCollect !== reqId) return;
        const s = get();
        // core's one rule (src/core/experiments/scope.ts): paraphrases are asked of the answerable questions, as in the robustness table.
        const population = populationOf('paraphrase', instances);
        const { items, none } = paraphraseItems(population, s.paraSource);
        const asked = new Set(items.map((i) => i.instance));
        const settings = { datasetParaphrases: s.paraSource.dataset, kinds: s.paraSource.kinds.join(', ') || 'none', seed: s.paraSource.seed, paraphrases: items.length };
        // "n of N questions" counts N as the scope line does (answerable only), unless a cap cut the collection.
        const inScope = total === instances.length ? population.length : total;
        const run = runRecordOf(s, data, asked.size, inScope, settings, scopeRecord('paraphrase', s, instances, population, total));
        const jobId = newJobId();
        set({ paraCollect: null, paraNone: none, paraWithout: population.length - asked.size, paraInstances: [...asked], paraphrase: { ...idle(), status: items.length ? 'running' : 'done', jobId, selected: total, run } });
        if (items.length) sendOnAll(get, set, 'paraphrase', { type: 'paraphrases', jobId, items, versionTwo: data.versionTwo, live: false });
      },
      (e: unknown) => {
        if (get().paraCollect === reqId) set({ paraCollect: null, paraphrase: { ...idle(), status: 'error', error: loadError(e) } });
      },
    );
    return true;
  },
  setLiveParaphrase(q) {
    set({ liveParaphrase: q, liveParaNote: null });
  },
  setLiveParaKind(k, seed) {
    set({ liveParaKind: k, ...(seed !== undefined ? { liveParaSeed: seed } : {}) });
  },
  async generateLiveParaphrase() {
    let paraphraseQuestion: Paraphraser['paraphraseQuestion'];
    try {
      ({ paraphraseQuestion } = await loadParaphraser());
    } catch (e) {
      set({ liveParaNote: loadError(e), liveParaRow: null });
      return;
    }
    const s = get();
    const inst = liveInstance(s);
    const r = paraphraseQuestion(inst.question, inst.lang, s.liveParaKind, s.liveParaSeed);
    if (isNone(r)) {
      set({ liveParaNote: `No paraphrase: ${r.none}.`, liveParaRow: null });
      return;
    }
    set({ liveParaphrase: r.question, liveParaNote: r.detail });
    await get().askLiveParaphrase();
  },
  async askLiveParaphrase() {
    const s = get();
    const q = s.liveParaphrase.trim();
    if (!s.model || s.modelStatus !== 'ready' || !q || !s.passage.trim() || !s.question.trim()) return;
    const inst = liveInstance(s);
    if (q === inst.question.trim()) {
      set({ liveParaNote: 'The paraphrase is the question itself: change a word first.', liveParaRow: null });
      return;
    }
    // A note may come with a generated paraphrase: check the text against the generator's (loaded on first use).
    let generated: ReturnType<Paraphraser['paraphraseQuestion']> | false = false;
    if (s.liveParaNote !== null) {
      try {
        generated = (await loadParaphraser()).paraphraseQuestion(inst.question, inst.lang, s.liveParaKind, s.liveParaSeed);
      } catch (e) {
        set({ liveParaNote: loadError(e), liveParaRow: null });
        return;
      }
    }
    // The dataset's own paraphrase (its field, or an aligned paraphrase file's question) is labelled as such, not as typed.
    const own = s.instance && s.instance.question === s.question ? datasetParaphrases(s.instance).find((p) => p.question.trim() === q) : undefined;
    const kind = own ? 'dataset' : generated && !isNone(generated) && generated.question === s.liveParaphrase ? s.liveParaKind : 'user';
    const item: ParaphraseItem = { instance: scored(s, inst), paraphrase: { question: s.liveParaphrase, kind, detail: own ? own.detail : kind === 'user' ? 'typed' : (s.liveParaNote ?? '') } };
    const jobId = newJobId();
    set({ liveParaJob: jobId, liveParaRow: null });
    send({ type: 'paraphrases', jobId, items: [item], versionTwo: s.allowNull, live: true });
  },
});

/** Folds the worker's answer into the live control or the experiment; false when the job is not ours. */
export function applyParaphrasesDone(s: AppState, e: { jobId: number; rows: DprRow[]; cancelled: boolean }): Partial<AppState> | null {
  if (e.jobId === s.liveParaJob) return { liveParaJob: null, liveParaRow: e.cancelled ? null : (e.rows[0] ?? null) };
  if (e.jobId === s.paraphrase.jobId) return { paraphrase: { ...s.paraphrase, status: e.cancelled ? 'cancelled' : 'done' }, paraRows: e.rows };
  return null;
}
