/**
 * The store's Explain state: "Find a failure" sends the live question with the call budget, a
 * found breaking edit goes to the failure gallery (grouped as "smallest breaking edit: …") and is
 * the "after" side of the next explanation; results of superseded jobs are ignored. The worker is a recorder.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { char } from '../../src/core/types.ts';
// First: its mocks must be in place before the store loads.
import { applyWorkerEvent, resetStore, sent, useApp } from './helpers/store.ts';
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
    expect(sent.at(-1)).toMatchObject({ type: 'explain', input: { context: 'Ann ran. Bo sat.' }, after: { context: 'Cy ran. Ann ran. Bo sat.' }, reduce: 'question' });
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

describe('heat colours', () => {
  it.each([
    [-1, 'rgba(241, 163, 64, 0.90)'],
    [0, 'rgba(153, 142, 195, 0.00)'],
    [0.5, 'rgba(153, 142, 195, 0.53)'],
  ])('%d → %s', (d, want) => expect(heatColour(d)).toBe(want));
});
