/**
 * Issue 41.2, 41.3, 41.5 in the store: Live's on-demand results (a found failure, an explanation, a
 * paraphrase pair, a noise pair) belong to the question and model they were computed for and leave
 * when either changes (their running jobs are cancelled); a link made after Find a failure carries
 * the found edit, the explain mode, the list's search and the page, and opening it replays the edit
 * (one pair, no search); the tour gives back the question and the list's search. Workers are recorders.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { char } from '../../src/core/types.ts';
// First: its mocks must be in place before the store loads.
import { applyDataEvent, applyWorkerEvent, dataSent, lastOf, resetStore, sent, useApp } from './helpers/store.ts';
import { applyPermalink, currentPermalink } from '../../src/app/results/permalink-state.ts';
import { liveKey } from '../../src/app/live/live-key.ts';
import { brokenByTrap } from './helpers/breaking-edit.ts';

const model = { id: 'm', label: 'm', kind: 'neural' as const, architecture: 'bert', device: 'wasm' as const, dtype: 'q8', inputNames: [], fallbackReason: null };
const span = { text: 'Ann', start: char(0), end: char(3), startLogit: 1, endLogit: 1, score: 2, probability: 0.9 };
const pred = { id: 'live', text: 'Ann', best: span, nbest: [span], nullScoreDiff: null, windows: 1 };
const PASSAGE = 'Ann ran. Bo sat.';
const inst = (id: string, question = 'Who ran?'): Instance => ({ id, dataset: 'demo', title: '', question, context: PASSAGE, answers: [{ text: 'Ann', start: 0 }], isImpossible: false, lang: 'en', tags: [] });

/** A trap sentence at the passage's start that pulls the answer to "Cy". */
const broken = brokenByTrap({ question: 'Who ran?', context: `Cy ran. ${PASSAGE}` });

/** Opens a stored question as the list does: asked for, then arrived. */
function open(q: Instance): void {
  useApp.getState().select({ dataset: q.dataset, id: q.id } as Parameters<ReturnType<typeof useApp.getState>['select']>[0]);
  const get = dataSent.filter((r) => r.type === 'get').at(-1)!;
  applyDataEvent({ type: 'instance', reqId: get.reqId!, instance: q });
}

/** Runs Find a failure and answers it with `broken`. */
function findBroken(): void {
  useApp.getState().findFailure();
  applyWorkerEvent({ type: 'failure-found', jobId: lastOf('find-failure').jobId, result: broken, ms: 5 });
}

beforeEach(() => {
  resetStore();
  useApp.setState({ model, modelStatus: 'ready', loadedSource: { kind: 'hub', id: 'm' }, passage: PASSAGE, question: 'Who ran?', prediction: pred, instance: null });
});

describe('Live results belong to their question and model (41.2)', () => {
  it.each([
    ['another question typed', () => useApp.getState().setQuestion('Who sat?')],
    ['the passage edited', () => useApp.getState().setPassage(`${PASSAGE} Cy came.`)],
    ['another question opened', () => open(inst('q2', 'Who sat?'))],
    ['another model loaded', () => useApp.setState({ loadedSource: { kind: 'hub', id: 'other' } })],
    ['"allow no answer" switched', () => useApp.getState().setAllowNull(!useApp.getState().allowNull)],
  ])('a found failure leaves when %s', (_, change) => {
    findBroken();
    expect(useApp.getState().failure?.result.newAnswer).toBe('Cy');
    change();
    expect(useApp.getState().failure).toBeNull();
  });

  it('stays while nothing it was computed for changes (the same model reloaded after a restart)', () => {
    findBroken();
    useApp.setState({ loadedSource: { kind: 'hub', id: 'm' }, model: null, modelStatus: 'loading' });
    useApp.setState({ model, modelStatus: 'ready' });
    expect(useApp.getState().failure?.result.newAnswer).toBe('Cy');
  });

  it('a running search, explanation and paraphrase pair are cancelled with their question; a late answer lands nowhere', () => {
    useApp.setState({ explainOpen: true, liveParaphrase: 'Which person ran?' });
    useApp.getState().findFailure();
    useApp.getState().runExplain();
    useApp.getState().askLiveParaphrase();
    const jobs = [lastOf('find-failure').jobId, lastOf('explain').jobId];
    useApp.getState().setQuestion('Who sat?');
    const cancelled = sent.filter((r) => r.type === 'cancel').map((r) => (r as { jobId: number }).jobId);
    expect(cancelled).toEqual(expect.arrayContaining(jobs));
    applyWorkerEvent({ type: 'failure-found', jobId: jobs[0]!, result: broken, ms: 5 });
    const s = useApp.getState();
    expect([s.failure, s.failureJob, s.explainJob, s.liveParaJob, s.liveParaRow]).toEqual([null, null, null, null, null]);
  });

  it('the key names the model with its device and precision, the decoding, the question and the passage', () => {
    const s = useApp.getState();
    expect(liveKey(s)).toBe(JSON.stringify(['hub:m·auto·auto', s.allowNull, 'Who ran?', PASSAGE]));
    expect(liveKey({ ...s, loadedSource: null })).toBe(JSON.stringify(['none', s.allowNull, 'Who ran?', PASSAGE]));
  });
});

describe('a link carries the found edit, the explain mode, the search and the page (41.3)', () => {
  it('after Find a failure the link holds the edit itself, not the open renaming', () => {
    useApp.setState({ renameOpen: true, explainOpen: true, explainKind: 'word', explainSentence: 1, query: 'Ann', route: { section: 'experiments', experiment: 'entity/sweep' } });
    findBroken();
    const r = currentPermalink(useApp.getState());
    if (!('link' in r)) throw new Error(r.error);
    expect(r.link.p).toEqual({ kind: 'edit', edits: [{ family: 'trap', label: broken.edits[0]!.label, changes: broken.edits[0]!.changes }], answers: [{ text: 'Ann', start: 8 }] });
    expect(r.link.explain).toEqual({ open: true, kind: 'word', sentence: 1 });
    expect(r.link.list?.query).toBe('Ann');
    expect(r.link.page).toBe('entity/sweep');
  });

  it('opening it replays the edit as one pair (no search) and shows the row; the explain mode, search and page come back', () => {
    findBroken();
    const r = currentPermalink({ ...useApp.getState(), explainOpen: true, explainKind: 'word', explainSentence: 0, query: 'Ann', route: { section: 'experiments', experiment: 'stability/traps' } });
    if (!('link' in r)) throw new Error(r.error);
    resetStore();
    useApp.setState({ model, modelStatus: 'ready', loadedSource: { kind: 'hub', id: 'm' } });
    applyPermalink(r.link);
    // Typed text: the replay waits for the model's own answer, which stands for the gold answer.
    expect(sent.some((q) => q.type === 'pair')).toBe(false);
    useApp.setState({ prediction: pred });
    const pair = lastOf('pair');
    expect(pair.instance.revision).toEqual({ context: `Cy ran. ${PASSAGE}`, answers: [{ text: 'Ann', start: 8 }] });
    expect(sent.some((q) => q.type === 'find-failure')).toBe(false);
    const row = { id: 'live', dataset: 'demo', question: 'Who ran?', original: { text: 'Ann', em: 1, f1: 1 }, perturbed: { text: 'Cy', em: 0, f1: 0 }, category: 'C2W' as const, intent: null, touchesAnswer: false };
    applyWorkerEvent({ type: 'paired', jobId: pair.jobId, row, instance: null });
    const s = useApp.getState();
    expect(s.replayedEdit?.row?.category).toBe('C2W');
    expect([s.explainOpen, s.explainKind, s.query, s.route]).toEqual([true, 'word', 'Ann', { section: 'experiments', experiment: 'stability/traps' }]);
    expect(dataSent.some((q) => q.type === 'search')).toBe(true);
    // Shared again, it still carries the edit; another question drops it.
    const again = currentPermalink(s);
    expect('link' in again && again.link.p.kind).toBe('edit');
    useApp.getState().setQuestion('Who sat?');
    expect(useApp.getState().replayedEdit).toBeNull();
  });

  it('an edit that does not fit the question says so instead of showing another edit', () => {
    useApp.getState().replayEdit({ kind: 'edit', edits: [{ family: 'rename', label: 'renamed Eve → Cy', changes: [{ field: 'context', start: 0, end: 3, from: 'Eve', to: 'Cy' }] }], answers: [] });
    expect(useApp.getState().replayedEdit?.error).toMatch(/does not fit this question/);
    expect(sent.some((q) => q.type === 'pair')).toBe(false);
  });
});

describe('the tour gives back the question and the list search (41.5)', () => {
  it('a stored question with the learner’s own edit, and the search words and filters', () => {
    open(inst('q7'));
    useApp.setState({ passage: `${PASSAGE} Edited.`, query: 'Ann', filters: { ...useApp.getState().filters, entity: 'PER' } });
    useApp.getState().setTourStep(0);
    // What a stop does: another question, the list left as the tour found it or searched.
    open(inst('demo-per-01', 'Who discovered penicillin?'));
    useApp.setState({ query: '' });
    useApp.getState().setTourStep(null);
    const get = dataSent.filter((r) => r.type === 'get').at(-1) as unknown as { dataset: string; id: string; reqId: number };
    expect([get.dataset, get.id]).toEqual(['demo', 'q7']);
    applyDataEvent({ type: 'instance', reqId: get.reqId, instance: inst('q7') });
    const s = useApp.getState();
    expect([s.instance?.id, s.passage, s.query, s.filters.entity]).toEqual(['q7', `${PASSAGE} Edited.`, 'Ann', 'PER']);
    expect(s.tourNote).toBe('Tour closed: your question and list search from before it are back.');
  });

  it('typed text comes back as it was', () => {
    useApp.getState().setTourStep(0);
    open(inst('demo-per-01', 'Who discovered penicillin?'));
    useApp.getState().setTourStep(null);
    const s = useApp.getState();
    expect([s.instance, s.question, s.passage]).toEqual([null, 'Who ran?', PASSAGE]);
    expect(s.tourNote).toBe('Tour closed: your question from before it is back.');
  });
});
