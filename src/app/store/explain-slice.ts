/**
 * The Live view's "Explain" area: an occlusion map of the question on its passage (and on a
 * perturbed copy, side by side), input reduction, and "Find a failure" (the smallest breaking edit
 * within a budget of model calls), whose result goes to the failure gallery.
 */
import type { StateCreator } from 'zustand';
import type { Instance } from '../../core/data/types.ts';
import { DEFAULT_SEARCH, FAMILY_LABELS, type BreakingEdit } from '../../core/explain/search-options.ts';
import type { Occlusion, Reduction, UnitKind } from '../../core/explain/index.ts';
import { originalLink, type FailureCase } from '../../core/results/gallery.ts';
import { liveCaseRun } from '../../core/results/case-run.ts';
import type { QaInput } from '../../core/types.ts';
import type { SweepProgress } from '../../core/entity/stats.ts';
import { newJobId, send } from '../workers/worker-client.ts';
import type { WorkerEvent } from '../../worker/protocol.ts';
import { liveInstance } from './entity-slice.ts';
import type { AppState } from './index.ts';
import { scored } from './scoring.ts';
import { foundEditText, replayPair, type FoundEditLink, type ReplayedEdit } from '../live/found-edit.ts';
import { askKey, sameAsked } from './live-ask.ts';

/** Fewest and most model calls "Find a failure" may spend (the field's bounds). */
export const MIN_FAILURE_BUDGET = 2;
export const MAX_FAILURE_BUDGET = 500;

export interface Explained {
  before: Occlusion;
  after: Occlusion | null;
  /** What the "after" side is, e.g. 'the found breaking edit'. */
  afterLabel: string | null;
  reduction: Reduction | null;
  /** Whether the question's input reduction is still to come (asked once the maps are on screen, issue 44). */
  reducing: boolean;
  ms: number;
  cancelled: boolean;
  /** The question and passage it was computed on (a stale result says so). */
  question: string;
  passage: string;
}

export interface ExplainSlice {
  explainOpen: boolean;
  /** Sentences of the passage, or words of one sentence (explainSentence). */
  explainKind: UnitKind;
  explainSentence: number;
  explainJob: number | null;
  /** The running input reduction of the shown explanation. */
  reduceJob: number | null;
  /** What the running explanation was asked on, and its request (a same request is not sent again). */
  explainFor: { question: string; passage: string; afterLabel: string | null; request: string } | null;
  explainProgress: SweepProgress | null;
  explained: Explained | null;
  explainError: string | null;
  failureBudget: number;
  failureJob: number | null;
  /** The instance the running search started from. */
  failureFor: Instance | null;
  failureProgress: SweepProgress | null;
  failure: { result: BreakingEdit; ms: number; instance: Instance; budget: number } | null;
  failureError: string | null;
  /** A found edit opened from a link, replayed on this question and model instead of searched again. */
  replayedEdit: ReplayedEdit | null;
  /** Replays a link's found edit on the open question (its answers on both sides, scored as a pair). */
  replayEdit(link: FoundEditLink): void;
  setExplainOpen(open: boolean): void;
  setExplainUnits(kind: UnitKind, sentence?: number): void;
  setFailureBudget(n: number): void;
  runExplain(): void;
  /** Asks for the shown explanation's input reduction (the panel calls it once the maps are painted). */
  reduceExplained(): void;
  findFailure(): void;
  cancelExplain(): void;
}

/** The perturbed copy the "after" side explains: the found breaking edit of this question, else the open renaming. */
function afterInput(s: AppState): { input: QaInput; label: string } | null {
  const found = foundEditText(s);
  if (found) return { input: { id: 'after', question: found.question, context: found.context }, label: 'with the found breaking edit' };
  const r = s.renameOpen ? s.rename : null;
  if (r?.perturbed && r.original.context === s.passage) return { input: { id: 'after', question: r.perturbed.question, context: r.perturbed.context }, label: 'with the open renaming' };
  return null;
}

/** The gallery's case of a found breaking edit: it reopens the original question with the found edit beside it. */
export function failureCase(s: Pick<AppState, 'loadedSource' | 'allowNull' | 'scoringLang' | 'categoryRule'>, f: NonNullable<ExplainSlice['failure']>): FailureCase | null {
  const src = s.loadedSource;
  const r = f.result;
  if (!src || src.kind === 'files' || r.outcome !== 'broken' || !r.perturbed) return null;
  const inst = f.instance;
  const model = { kind: src.kind, id: src.id };
  const found = new Date().toISOString();
  return {
    key: ['breaking-edit', model.id, inst.dataset, inst.id === 'live' ? inst.context : inst.id, ...r.edits.map((e) => e.label)].join('|'),
    kind: 'attack',
    perturbation: `smallest breaking edit: ${r.edits.map((e) => FAMILY_LABELS[e.family]).join(' + ')}`,
    model: model.id,
    dataset: inst.dataset,
    id: inst.id,
    question: inst.question,
    gold: [...new Set(inst.answers.map((a) => a.text))],
    original: { passage: inst.context, answer: r.originalAnswer },
    perturbed: { passage: r.perturbed.context, answer: r.newAnswer ?? '' },
    ...(r.perturbed.question !== inst.question ? { perturbedQuestion: r.perturbed.question } : {}),
    // The original question opens (with its dataset and gold); the reopened case shows the found edit beside it.
    link: originalLink({ stored: inst.id !== 'live' && !inst.tags.includes('free-text'), dataset: inst.dataset, id: inst.id, question: inst.question, passage: inst.context }, model, s.allowNull),
    starred: false,
    found,
    run: liveCaseRun(s, found, inst.dataset),
  };
}

/** The explanation, marked partial when its input reduction was still running and will never arrive. */
const reductionDropped = (ex: Explained | null): Explained | null => (ex?.reducing ? { ...ex, reducing: false, cancelled: true } : ex);

export const createExplainSlice: StateCreator<AppState, [], [], ExplainSlice> = (set, get) => ({
  explainOpen: false,
  explainKind: 'sentence',
  explainSentence: 0,
  explainJob: null,
  reduceJob: null,
  explainFor: null,
  explainProgress: null,
  explained: null,
  explainError: null,
  failureBudget: DEFAULT_SEARCH.budget,
  failureJob: null,
  failureFor: null,
  failureProgress: null,
  failure: null,
  failureError: null,
  replayedEdit: null,
  replayEdit(link) {
    const s = get();
    if (!s.model || s.modelStatus !== 'ready') return;
    const r = replayPair(scored(s, liveInstance(s)), link);
    const base = { edits: link.edits, answers: link.answers, row: null };
    if ('error' in r) return set({ replayedEdit: { ...base, perturbed: null, jobId: null, error: r.error } });
    const jobId = newJobId();
    set({ replayedEdit: { ...base, perturbed: r.perturbed, jobId, error: null }, failure: null });
    send({ type: 'pair', jobId, instance: r.instance, versionTwo: s.allowNull, rule: s.categoryRule });
  },
  setExplainOpen(open) {
    set({ explainOpen: open });
    // Asked at once, before the panel renders (issue 44); the panel's effect then finds it running.
    if (open) get().runExplain();
  },
  setExplainUnits(kind, sentence) {
    set({ explainKind: kind, explainSentence: sentence ?? get().explainSentence });
    get().runExplain();
  },
  setFailureBudget(n) {
    set({ failureBudget: Math.min(MAX_FAILURE_BUDGET, Math.max(MIN_FAILURE_BUDGET, Math.round(n) || DEFAULT_SEARCH.budget)) });
  },
  runExplain() {
    const s = get();
    if (!s.explainOpen || !s.model || s.modelStatus !== 'ready' || !s.passage.trim() || !s.question.trim()) return;
    const after = afterInput(s);
    const ask = { input: { id: 'live', question: s.question, context: s.passage }, after: after?.input ?? null, target: 'context', kind: s.explainKind, sentence: s.explainKind === 'word' ? s.explainSentence : undefined, versionTwo: s.allowNull } as const;
    const request = askKey({ model: s.model, modelLoads: s.modelLoads }, ask);
    // The same explanation running or shown whole (asked on open, then by the panel's first effect, which
    // a fast map can beat) is not asked again: a rerun would drop its input reduction and mark it partial.
    const shownWhole = s.explained !== null && !s.explained.cancelled && s.explainError === null;
    const last = s.explainFor?.request ?? null;
    if (sameAsked(request, s.explainJob !== null ? last : null, shownWhole ? last : null)) return;
    for (const j of [s.explainJob, s.reduceJob]) if (j !== null) send({ type: 'cancel', jobId: j });
    const jobId = newJobId();
    // A shown explanation whose reduction was still to come will not get it: the new job replaces it.
    const explained = reductionDropped(s.explained);
    set({ reduceJob: null, explainJob: jobId, explainFor: { question: s.question, passage: s.passage, afterLabel: after?.label ?? null, request }, explainProgress: null, explainError: null, explained });
    send({ type: 'explain', jobId, ...ask });
  },
  reduceExplained() {
    const s = get();
    const ex = s.explained;
    if (!ex?.reducing || s.reduceJob !== null || s.explainJob !== null || !s.model || s.modelStatus !== 'ready') return;
    const jobId = newJobId();
    set({ reduceJob: jobId });
    send({ type: 'reduce-input', jobId, input: { id: 'live', question: ex.question, context: ex.passage }, target: 'question', versionTwo: s.allowNull });
  },
  findFailure() {
    const s = get();
    if (!s.model || s.modelStatus !== 'ready' || !s.prediction) return;
    if (s.failureJob !== null) send({ type: 'cancel', jobId: s.failureJob });
    const jobId = newJobId();
    const instance = scored(s, liveInstance(s));
    set({ failureJob: jobId, failureFor: instance, failureProgress: { done: 0, total: s.failureBudget, label: 'model calls' }, failureError: null, failure: null, replayedEdit: null });
    send({ type: 'find-failure', jobId, instance, options: { ...DEFAULT_SEARCH, budget: s.failureBudget, rule: s.categoryRule }, versionTwo: s.allowNull });
  },
  cancelExplain() {
    const s = get();
    for (const j of [s.explainJob, s.reduceJob, s.failureJob]) if (j !== null) send({ type: 'cancel', jobId: j });
  },
});

/** Whether a job id is one of this slice's (its errors are shown here). */
export const ownsExplainJob = (s: AppState, jobId: number | null): boolean => jobId !== null && (jobId === s.explainJob || jobId === s.reduceJob || jobId === s.failureJob || jobId === s.replayedEdit?.jobId);

/** Folds an explanation event into the store; true when it was one. */
export function applyExplainEvent(e: WorkerEvent, s: AppState, set: (p: Partial<AppState>) => void): boolean {
  if (e.type === 'experiment-progress') {
    if (e.jobId === s.explainJob) set({ explainProgress: e.progress });
    else if (e.jobId === s.failureJob) set({ failureProgress: e.progress });
    return e.jobId === s.explainJob || e.jobId === s.failureJob;
  }
  if (e.type === 'paired' && s.replayedEdit && e.jobId === s.replayedEdit.jobId) {
    set({ replayedEdit: { ...s.replayedEdit, jobId: null, row: e.row } });
    // The "after" side of the occlusion map follows the replayed edit.
    if (s.explainOpen) queueMicrotask(() => s.runExplain());
    return true;
  }
  if (e.type === 'error' && s.replayedEdit && e.jobId === s.replayedEdit.jobId) {
    set({ replayedEdit: { ...s.replayedEdit, jobId: null, error: e.message } });
    return false;
  }
  if (e.type === 'error' && ownsExplainJob(s, e.jobId)) {
    if (e.jobId === s.failureJob) set({ failureJob: null, failureError: e.message });
    else set({ explainJob: null, reduceJob: null, explainError: e.message, explained: reductionDropped(s.explained) });
    return false; // the store's error handling restarts the worker when it must
  }
  if (e.type === 'explained') {
    if (e.jobId !== s.explainJob) return true;
    const asked = s.explainFor ?? { question: s.question, passage: s.passage, afterLabel: null };
    // The question's input reduction is asked for once these maps are painted (reduceExplained).
    set({ explainJob: null, explainProgress: null, explained: { before: e.before, after: e.after, afterLabel: asked.afterLabel, reduction: null, reducing: !e.cancelled, ms: e.ms, cancelled: e.cancelled, question: asked.question, passage: asked.passage } });
    return true;
  }
  if (e.type === 'input-reduced') {
    if (e.jobId !== s.reduceJob || !s.explained) return true;
    set({ reduceJob: null, explained: { ...s.explained, reduction: e.reduction, reducing: false, ms: s.explained.ms + e.ms, cancelled: s.explained.cancelled || e.cancelled } });
    return true;
  }
  if (e.type === 'failure-found') {
    if (e.jobId !== s.failureJob) return true;
    const failure = { result: e.result, ms: e.ms, instance: s.failureFor ?? liveInstance(s), budget: e.result.budget };
    set({ failureJob: null, failureProgress: null, failure });
    const c = failureCase(s, failure);
    if (c) s.addFailures([c]);
    // The "after" side of the occlusion map follows the found edit.
    if (e.result.outcome === 'broken' && s.explainOpen) queueMicrotask(() => s.runExplain());
    return true;
  }
  return false;
}
