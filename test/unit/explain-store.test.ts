/**
 * The store's Explain state: "Find a failure" sends the live question with the call budget, a
 * found breaking edit goes to the failure gallery (grouped as "smallest breaking edit: …") and is
 * the "after" side of the next explanation; results of superseded jobs are ignored. The worker is a recorder.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { char } from '../../src/core/types.ts';
// First: its mocks must be in place before the store loads.
import { applyWorkerEvent, lastOf, resetStore, sent, useApp } from './helpers/store.ts';
import { brokenByTrap } from './helpers/breaking-edit.ts';
import { heatColour } from '../../src/app/live/ExplainPanel.tsx';

const model = { id: 'm', label: 'm', kind: 'neural' as const, architecture: 'bert', device: 'wasm' as const, dtype: 'q8', inputNames: [], fallbackReason: null };
const span = { text: 'Ann', start: char(0), end: char(3), startLogit: 1, endLogit: 1, score: 2, probability: 0.9 };
const pred = { id: 'live', text: 'Ann', best: span, nbest: [span], nullScoreDiff: null, windows: 1 };

beforeEach(() => {
  resetStore();
  useApp.setState({ model, modelStatus: 'ready', loadedSource: { kind: 'hub', id: 'm' }, passage: 'Ann ran. Bo sat.', question: 'Who ran?', prediction: pred, instance: null });
});

const broken = brokenByTrap;

describe('Find a failure in the store', () => {
  it('sends the live question with the budget and puts the found edit in the gallery', () => {
    useApp.getState().setFailureBudget(9);
    useApp.getState().findFailure();
    const req = sent.at(-1);
    expect(req).toMatchObject({ type: 'find-failure', options: { budget: 9, rule: 'script' }, instance: { question: 'Who ran?', context: 'Ann ran. Bo sat.', answers: [{ text: 'Ann' }] } });
    const jobId = (req as { jobId: number }).jobId;
    applyWorkerEvent({ type: 'failure-found', jobId: jobId + 100, result: broken({ question: 'Who ran?', context: 'x' }), ms: 1 });
    expect(useApp.getState().failure).toBeNull(); // another job's result
    applyWorkerEvent({ type: 'failure-found', jobId, result: broken({ question: 'Who ran?', context: 'Cy ran. Ann ran. Bo sat.' }), ms: 5 });
    const s = useApp.getState();
    expect(s.failure?.result.calls).toBe(4);
    expect(s.failures.map((c) => [c.kind, c.perturbation, c.perturbed.answer])).toEqual([['attack', 'smallest breaking edit: trap sentence', 'Cy']]);
  });

  it('explains the found edit beside the passage', () => {
    useApp.getState().findFailure();
    const jobId = (sent.at(-1) as { jobId: number }).jobId;
    applyWorkerEvent({ type: 'failure-found', jobId, result: broken({ question: 'Who ran?', context: 'Cy ran. Ann ran. Bo sat.' }), ms: 5 });
    useApp.setState({ explainOpen: true });
    useApp.getState().runExplain();
    expect(sent.at(-1)).toMatchObject({ type: 'explain', input: { context: 'Ann ran. Bo sat.' }, after: { context: 'Cy ran. Ann ran. Bo sat.' } });
  });

  it('Cancel stops the running search; its partial result says how far it got', () => {
    useApp.getState().findFailure();
    const jobId = (sent.at(-1) as { jobId: number }).jobId;
    useApp.getState().cancelExplain();
    expect(sent.at(-1)).toEqual({ type: 'cancel', jobId });
    applyWorkerEvent({ type: 'failure-found', jobId, result: { ...broken({ question: 'Who ran?', context: 'x' }), outcome: 'cancelled', edits: [], perturbed: null, newAnswer: null, calls: 3 }, ms: 2 });
    expect(useApp.getState().failure?.result.outcome).toBe('cancelled');
    expect(useApp.getState().failures).toEqual([]);
  });

  it('a budget outside 2…500 is clamped', () => {
    useApp.getState().setFailureBudget(1);
    expect(useApp.getState().failureBudget).toBe(2);
    useApp.getState().setFailureBudget(10_000);
    expect(useApp.getState().failureBudget).toBe(500);
  });
});

/** An occlusion of the live passage's two sentences: removing the first changes the answer. */
const occlusion = { target: 'context' as const, kind: 'sentence' as const, answer: 'Ann', probability: 0.9, rows: [], calls: 3, stats: { windows: 3, computed: 2, cached: 1 }, cancelled: false };
const reduction = { target: 'question' as const, answer: 'Ann', probability: 0.9, original: 'Who ran?', reduced: 'ran', steps: [{ removed: 'Who', probability: 0.8, text: 'ran?' }], before: 2, after: 1, calls: 3, stats: { windows: 3, computed: 1, cached: 2 }, cancelled: false };
const requests = (type: string) => sent.filter((r) => r.type === type) as { jobId: number }[];

describe('a first Explain: the map at once, then the question’s input reduction (issue 44)', () => {
  it('opening Explain sends its request at once, and the panel’s own ask (its first effect) does not restart it', () => {
    useApp.getState().setExplainOpen(true);
    expect(requests('explain')).toHaveLength(1);
    useApp.getState().runExplain();
    expect(requests('explain')).toHaveLength(1);
    expect(requests('cancel')).toEqual([]);
    // Another unit kind is another request: the running one is cancelled.
    useApp.getState().setExplainUnits('word', 0);
    expect(requests('explain')).toHaveLength(2);
    expect(requests('cancel')).toEqual([{ type: 'cancel', jobId: requests('explain')[0]!.jobId }]);
  });

  it('a map that comes back before the panel’s first effect is not asked again: its reduction goes on (CI h19: a rerun marked it partial)', () => {
    useApp.getState().setExplainOpen(true);
    applyWorkerEvent({ type: 'explained', jobId: lastOf('explain').jobId, before: occlusion, after: null, ms: 40, cancelled: false });
    useApp.getState().reduceExplained();
    // The panel's effect fires now (a loaded page drew later than the worker answered).
    useApp.getState().runExplain();
    expect(requests('explain')).toHaveLength(1);
    expect(requests('cancel')).toEqual([]);
    expect(useApp.getState()).toMatchObject({ reduceJob: lastOf('reduce-input').jobId, explained: { reducing: true, cancelled: false } });
    // A cancelled explanation of the same request is asked again (the user wants it whole).
    useApp.getState().cancelExplain();
    applyWorkerEvent({ type: 'input-reduced', jobId: lastOf('reduce-input').jobId, reduction: { ...reduction, cancelled: true }, ms: 5, cancelled: true });
    useApp.getState().runExplain();
    expect(requests('explain')).toHaveLength(2);
  });

  it('the map asks for no reduction; the reduction is asked once, after it, and fills it in', () => {
    useApp.getState().setExplainOpen(true);
    const map = lastOf('explain');
    expect(map).not.toHaveProperty('reduce');
    applyWorkerEvent({ type: 'explained', jobId: map.jobId, before: occlusion, after: null, ms: 40, cancelled: false });
    expect(useApp.getState()).toMatchObject({ explainJob: null, reduceJob: null, explained: { reduction: null, reducing: true, ms: 40 } });
    useApp.getState().reduceExplained();
    useApp.getState().reduceExplained();
    expect(requests('reduce-input')).toHaveLength(1);
    const red = lastOf('reduce-input');
    expect(red).toMatchObject({ input: { question: 'Who ran?', context: 'Ann ran. Bo sat.' }, target: 'question' });
    applyWorkerEvent({ type: 'input-reduced', jobId: red.jobId + 100, reduction, ms: 1, cancelled: false });
    expect(useApp.getState().explained?.reduction).toBeNull(); // another job's
    applyWorkerEvent({ type: 'input-reduced', jobId: red.jobId, reduction, ms: 60, cancelled: false });
    expect(useApp.getState()).toMatchObject({ reduceJob: null, explained: { reduction: { reduced: 'ran' }, reducing: false, ms: 100, cancelled: false } });
  });

  it('Cancel, a new explanation or a new question stops a running reduction', () => {
    useApp.getState().setExplainOpen(true);
    applyWorkerEvent({ type: 'explained', jobId: lastOf('explain').jobId, before: occlusion, after: null, ms: 40, cancelled: false });
    useApp.getState().reduceExplained();
    const first = lastOf('reduce-input').jobId;
    useApp.getState().cancelExplain();
    expect(sent.at(-1)).toEqual({ type: 'cancel', jobId: first });
    applyWorkerEvent({ type: 'input-reduced', jobId: first, reduction: { ...reduction, cancelled: true }, ms: 5, cancelled: true });
    expect(useApp.getState().explained).toMatchObject({ reducing: false, cancelled: true });
    // A new explanation cancels the reduction still running and marks the shown one partial.
    useApp.getState().setExplainUnits('sentence');
    applyWorkerEvent({ type: 'explained', jobId: lastOf('explain').jobId, before: occlusion, after: null, ms: 40, cancelled: false });
    useApp.getState().reduceExplained();
    const second = lastOf('reduce-input').jobId;
    useApp.getState().setExplainUnits('word', 1);
    expect(requests('cancel').at(-1)).toEqual({ type: 'cancel', jobId: second });
    expect(useApp.getState()).toMatchObject({ reduceJob: null, explained: { reducing: false, cancelled: true } });
    // A new question cancels a running reduction.
    applyWorkerEvent({ type: 'explained', jobId: lastOf('explain').jobId, before: occlusion, after: null, ms: 40, cancelled: false });
    useApp.getState().reduceExplained();
    const third = lastOf('reduce-input').jobId;
    useApp.getState().setQuestion('Who sat?');
    expect(requests('cancel').map((r) => r.jobId)).toContain(third);
    expect(useApp.getState().reduceJob).toBeNull();
  });

  it('a cancelled map asks for no reduction', () => {
    useApp.getState().setExplainOpen(true);
    applyWorkerEvent({ type: 'explained', jobId: lastOf('explain').jobId, before: { ...occlusion, cancelled: true }, after: null, ms: 40, cancelled: true });
    useApp.getState().reduceExplained();
    expect(requests('reduce-input')).toEqual([]);
  });
});

describe('heat colours', () => {
  it.each([
    [-1, 'rgba(241, 163, 64, 0.90)'],
    [0, 'rgba(153, 142, 195, 0.00)'],
    [0.5, 'rgba(153, 142, 195, 0.53)'],
  ])('%d → %s', (d, want) => expect(heatColour(d)).toBe(want));
});
