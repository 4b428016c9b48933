/** Live entity renaming of the open instance (or the free text): options, the job and its result. */
import type { StateCreator } from 'zustand';
import type { AnswerEntityType, Instance } from '../../core/data/types.ts';
import type { LiveRename } from '../../core/entity/live.ts';
import type { NamePool, RenameOptions } from '../../core/entity/rename.ts';
import type { PairRow } from '../../core/natural/pairs.ts';
import { editAsPair, WIKIPEDIA_API, type WikiEdit } from '../../core/natural/wiki-edit.ts';
import { MAX_SEED } from '../../core/text/random.ts';
import { isRevisionPair } from '../../core/formats/pair-kind.ts';
import { newDataId, sendData } from '../workers/data-client.ts';
import { newJobId, send } from '../workers/worker-client.ts';
import type { AppState } from './index.ts';
import { scored } from './scoring.ts';
import { askKey, objectId, sameAsked } from './live-ask.ts';
import { withArticle } from '../../core/text/article.ts';
import { liveQuestion } from '../../core/data/live-question.ts';

export interface EntitySlice {
  renameOpen: boolean;
  renameOptions: RenameOptions;
  /** Show RESEMBLE's answer (M canonical names, temperature T) beside the renamed prediction. */
  renameResemble: boolean;
  renameJob: number | null;
  /** The request (askKey) of the running or last rename job, and the one whose result `rename` shows (live-ask.ts). */
  renameFor: string | null;
  renameShownFor: string | null;
  rename: LiveRename | null;
  renameError: string | null;
  /** InDistName pools per dataset id, fetched from the data worker on first use. */
  pools: Record<string, NamePool>;
  poolReq: { reqId: number; dataset: string } | null;
  setRenameOpen(open: boolean): void;
  setRenameOptions(o: Partial<RenameOptions>): void;
  /** Why the entity type changed by itself (a new question whose answer is of another type); null when it did not. */
  renameNote: string | null;
  setRenameResemble(on: boolean): void;
  reroll(): void;
  runRename(): void;
  receivePool(reqId: number, dataset: string, pool: NamePool): void;
  /** The open instance's revision pair answered on both passages. */
  pairJob: number | null;
  pair: PairRow | null;
  runPair(): void;
  /** The open instance beside a synthetic-noise copy of its passage. */
  noiseJob: number | null;
  noisePair: { instance: Instance | null; row: PairRow | null } | null;
  runNoisePair(): void;
  /** Wikipedia history of the open instance's article: the API, the lookup, its edits and the one applied. */
  wikiApi: string;
  wikiTitle: string;
  wikiReq: number | null;
  wikiProgress: { revisions: number; page: number; parsing?: number } | null;
  wikiEdits: WikiEdit[] | null;
  wikiError: string | null;
  /** Revisions skipped because their wikitext took too long to parse ('' when none). */
  wikiSkipped: string;
  /** Milliseconds each revision's wikitext may take to parse (?wiki-budget=ms). */
  wikiBudgetMs: number;
  wikiApplied: Instance | null;
  wikiPairJob: number | null;
  wikiPair: PairRow | null;
  /** The last edit intention the data worker wrote to disk (dataset, id, intent joined by NUL). */
  intentSaved: string | null;
  receiveIntentSaved(dataset: string, id: string, intent: string): void;
  setWikiTitle(t: string): void;
  /** Tags the open instance's revision pair with an edit intention (saved in the browser). */
  setIntent(intent: string): void;
  /** Corrects the open question's answer entity type (null: back to the automatic one); saved with its dataset. */
  setAnswerType(t: AnswerEntityType | null): void;
  /** The data worker saved a correction: the open question, its dataset's pool and the list follow. */
  receiveAnswerType(dataset: string, id: string, t: AnswerEntityType, corrected: boolean): void;
  findWikiEdits(): void;
  applyWikiEdit(e: WikiEdit): void;
}

/** The instance every live panel scores: the open one while unedited, else core's liveQuestion (golds found again in the edited passage, or the model's answer as the reference). */
export function liveInstance(s: Pick<AppState, 'instance' | 'passage' | 'question' | 'prediction'>): Instance {
  const p = s.prediction;
  const span = p && p.text ? (p.best && p.best.text === p.text ? p.best : p.nbest[0]) : null;
  return liveQuestion(s.instance, s.passage, s.question, span ? { text: span.text, start: span.start } : null);
}

export const createEntitySlice: StateCreator<AppState, [], [], EntitySlice> = (set, get) => ({
  renameOpen: false,
  renameOptions: { type: 'MIX', source: 'db', origin: 'us', seed: 1 },
  renameResemble: false,
  renameJob: null,
  renameFor: null,
  renameShownFor: null,
  rename: null,
  renameError: null,
  pools: {},
  poolReq: null,
  setRenameOpen(open) {
    set({ renameOpen: open });
    if (open) get().runRename();
  },
  renameNote: null,
  setRenameOptions(o) {
    set({ renameOptions: { ...get().renameOptions, ...o }, renameNote: null });
    get().runRename();
  },
  setRenameResemble(on) {
    set({ renameResemble: on });
    get().runRename();
  },
  reroll() {
    const o = get().renameOptions;
    // Wraps at the last valid seed rather than leaving the range parseSeed accepts.
    get().setRenameOptions({ seed: o.seed >= MAX_SEED ? 0 : o.seed + 1 });
  },
  runRename() {
    const s = get();
    if (!s.renameOpen || !s.model || s.modelStatus !== 'ready') return;
    const instance = liveInstance(s);
    const o = s.renameOptions;
    let pool: NamePool | null = null;
    if (o.source === 'indist') {
      const known = s.pools[instance.dataset];
      if (!known) {
        // Ask the data worker for this dataset's names; the rename runs when they arrive.
        const reqId = newDataId();
        set({ poolReq: { reqId, dataset: instance.dataset } });
        sendData({ type: 'pool', reqId, dataset: instance.dataset });
        return;
      }
      pool = known;
    }
    const ask = { instance: scored(s, instance), options: o, pool, versionTwo: s.allowNull, resemble: s.renameResemble ? { m: 3 as const, temperature: 2 } : null, rule: s.categoryRule };
    // The pool by identity: its thousands of names are not serialised per ask (a new pool is a new object).
    const key = askKey({ model: s.model, modelLoads: s.modelLoads }, { ...ask, pool: pool ? objectId(pool) : null });
    if (sameAsked(key, s.renameJob !== null ? s.renameFor : null, s.rename !== null ? s.renameShownFor : null)) return;
    if (s.renameJob !== null) send({ type: 'cancel', jobId: s.renameJob });
    const jobId = newJobId();
    set({ renameJob: jobId, renameFor: key, renameError: null });
    send({ type: 'rename', jobId, ...ask });
  },
  pairJob: null,
  pair: null,
  runPair() {
    const s = get();
    const inst = s.instance;
    // A question-paraphrase pair is no edit: the paraphrase panel asks it, not the revision panel.
    if (!inst || !isRevisionPair(inst) || !s.model || s.modelStatus !== 'ready') return;
    const jobId = newJobId();
    set({ pairJob: jobId, pair: null });
    send({ type: 'pair', jobId, instance: scored(s, inst), versionTwo: s.allowNull, rule: s.categoryRule });
  },
  wikiApi: WIKIPEDIA_API,
  wikiTitle: '',
  wikiReq: null,
  wikiProgress: null,
  wikiEdits: null,
  wikiError: null,
  wikiSkipped: '',
  wikiBudgetMs: 2_000,
  wikiApplied: null,
  wikiPairJob: null,
  wikiPair: null,
  intentSaved: null,
  receiveIntentSaved(dataset, id, intent) {
    set({ intentSaved: `${dataset}\u0000${id}\u0000${intent}` });
  },
  setIntent(intent) {
    const inst = get().instance;
    if (!inst?.revision) return;
    set({ instance: { ...inst, revision: { ...inst.revision, intent } }, naturalRows: get().naturalRows.map((r) => (r.id === inst.id && r.dataset === inst.dataset ? { ...r, intent } : r)) });
    sendData({ type: 'set-intent', dataset: inst.dataset, id: inst.id, intent });
  },
  setAnswerType(t) {
    const inst = get().instance;
    if (!inst) return;
    sendData({ type: 'set-answer-type', dataset: inst.dataset, id: inst.id, answerType: t });
  },
  receiveAnswerType(dataset, id, t, corrected) {
    const { instance: inst, pools } = get();
    const rest = Object.fromEntries(Object.entries(pools).filter(([d]) => d !== dataset));
    set({ pools: rest });
    if (inst && inst.dataset === dataset && inst.id === id) {
      const meta = { ...inst.meta };
      if (corrected) meta.answer_type = t;
      else delete meta.answer_type;
      const passageShown = get().passage === inst.context && get().question === inst.question;
      set({ instance: { ...inst, answerType: t, meta } });
      if (passageShown) get().runRename();
    }
    get().runSearch();
  },
  setWikiTitle(t) {
    set({ wikiTitle: t });
  },
  findWikiEdits() {
    const s = get();
    const title = s.wikiTitle.trim();
    if (!title) return;
    const inst = liveInstance(s);
    const reqId = newDataId();
    set({ wikiReq: reqId, wikiProgress: null, wikiEdits: null, wikiError: null, wikiSkipped: '', wikiApplied: null, wikiPair: null });
    sendData({ type: 'wiki-edits', reqId, api: s.wikiApi, title, passage: inst.context, answers: inst.answers, budgetMs: s.wikiBudgetMs });
  },
  applyWikiEdit(e) {
    const s = get();
    const pair = editAsPair(liveInstance(s), e);
    if (!pair || !s.model || s.modelStatus !== 'ready') return;
    const jobId = newJobId();
    set({ wikiApplied: pair, wikiPairJob: jobId, wikiPair: null });
    send({ type: 'pair', jobId, instance: scored(s, pair), versionTwo: s.allowNull, rule: s.categoryRule });
  },
  noiseJob: null,
  noisePair: null,
  runNoisePair() {
    const s = get();
    if (!s.model || s.modelStatus !== 'ready') return;
    const inst = liveInstance(s);
    const jobId = newJobId();
    set({ noiseJob: jobId, noisePair: null });
    // The open question's passage keeps every answer of its questions, so Live draws the noisy passage experiments and qarx draw.
    const passageAnswers = inst === s.instance && s.passageAnswers ? { passageAnswers: s.passageAnswers } : {};
    send({ type: 'pair', jobId, instance: scored(s, { ...inst, revision: undefined }), versionTwo: s.allowNull, rule: s.categoryRule, noise: s.noiseOptions, ...passageAnswers });
  },
  receivePool(reqId, dataset, pool) {
    set({ pools: { ...get().pools, [dataset]: pool } });
    if (get().poolReq?.reqId === reqId) {
      set({ poolReq: null });
      get().runRename();
    }
  },
});

/**
 * The entity type for a newly opened question: a type chosen for the previous question that the new
 * answer is not is set to the new answer's type (MIX when it is no PER, ORG or GPE), with the line
 * that says so; null when the choice still applies (MIX, the same type, or renaming the question's person).
 */
export function typeForQuestion(o: RenameOptions, inst: Pick<Instance, 'answerType' | 'isImpossible'>): { options: RenameOptions; note: string } | null {
  if (o.type === 'MIX' || (o.target ?? 'answer') !== 'answer') return null;
  const t = inst.isImpossible ? 'other' : (inst.answerType ?? 'other');
  if (t === o.type) return null;
  const next = t === 'PER' || t === 'ORG' || t === 'GPE' ? t : 'MIX';
  return { options: { ...o, type: next }, note: `Entity type set from ${o.type} to ${next}: this question's answer is ${t === 'other' ? (inst.isImpossible ? 'none (unanswerable)' : 'no PER, ORG or GPE') : withArticle(t)}.` };
}
