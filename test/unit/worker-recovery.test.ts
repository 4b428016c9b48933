/**
 * What the store does when a worker dies without an error event: it says so, fails every request
 * the dead worker held (no card stays busy), starts a fresh worker and reloads the model that
 * worked, or re-initialises the data worker over the same IndexedDB. The workers are recorders.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { noAnswerReason } from '../../src/core/results/run-record.ts';
import type { SweepCell } from '../../src/core/entity/stats.ts';
import { applyWorkerEvent, dataSent, dataWorkerDied, qaWorkerDied, resetStore, restarts, sent, useApp } from './helpers/store.ts';

type State = ReturnType<typeof useApp.getState>;
const shipped = { kind: 'local' as const, id: 'qarx-lexical-qa' };
const running = { status: 'running' as const, jobId: 40, progress: null, selected: 3, error: null, run: null };
const collecting = { status: 'collecting' as const, jobId: null, progress: null, selected: 0, error: null, run: null };

beforeEach(() => {
  resetStore();
});

describe('the inference worker dies', () => {
  it.each<{ name: string; busy: Partial<State>; idle: (s: State) => boolean }>([
    { name: 'a live answer', busy: { predictJob: 7 }, idle: (s) => s.predictJob === null && s.predictError !== null },
    { name: 'a live rename', busy: { renameJob: 8 }, idle: (s) => s.renameJob === null && /stopped/.test(s.renameError ?? '') },
    { name: 'a revision pair', busy: { pairJob: 9 }, idle: (s) => s.pairJob === null },
    { name: 'a noisy copy', busy: { noiseJob: 10, noisePair: null }, idle: (s) => s.noiseJob === null && s.noisePair === null },
    { name: 'an applied Wikipedia edit', busy: { wikiPairJob: 11 }, idle: (s) => s.wikiPairJob === null && s.wikiApplied === null },
    { name: 'a sweep', busy: { sweep: running }, idle: (s) => s.sweep.status === 'error' && /inference worker/.test(s.sweep.error ?? '') },
    { name: 'a budget run', busy: { budget: running }, idle: (s) => s.budget.status === 'error' },
    { name: 'revision pairs of the list', busy: { natural: running }, idle: (s) => s.natural.status === 'error' },
    { name: 'synthetic noise of the list', busy: { synthetic: running }, idle: (s) => s.synthetic.status === 'error' },
    { name: 'an export', busy: { exportJob: running }, idle: (s) => s.exportJob.status === 'error' },
  ])('fails $name, says so, and reloads the model that worked', ({ busy, idle }) => {
    useApp.setState({ ...busy, loadedSource: shipped, modelStatus: 'ready' });
    qaWorkerDied('closed', true);
    const s = useApp.getState();
    expect(idle(s)).toBe(true);
    expect(s.workerNotice).toBe('The inference worker stopped without an error (closed, crashed or out of memory). A fresh one was started and the model reloaded.');
    expect(restarts).toBe(1);
    expect(sent.filter((r) => r.type === 'load').map((r) => r.type === 'load' && r.source)).toEqual([shipped]);
    expect(s.modelStatus).toBe('loading');
  });

  it('mid-sweep with cells received: ends as a Cancel does (partial, a note saying why, saved to the history) (issue 25.2)', async () => {
    const run = { datasets: ['d'], n: 3, selected: 3, query: '', filters: {}, model: 'm', dtype: 'fp32', device: 'wasm', versionTwo: false, versionTwoReason: noAnswerReason(false), settings: { seeds: 2 }, date: '2026-11-23T00:00:00.000Z' };
    const score = { em: 50, f1: 60 };
    const errors = { orig: {}, pert: {} } as SweepCell['errors'];
    const cell: SweepCell = { type: 'PER', source: 'db', origin: 'us', seed: 0, n: 3, orig: score, pert: score, categories: {} as SweepCell['categories'], errors, skipped: {} };
    useApp.setState({ sweep: { ...running, run }, loadedSource: shipped, modelStatus: 'ready' });
    // As the worker posts them: the cell, then the checkpoint it makes (what a Cancel now would end with).
    applyWorkerEvent({ type: 'sweep-cell', jobId: 40, cell });
    applyWorkerEvent({ type: 'checkpoint', jobId: 40, done: { type: 'sweep-done', jobId: 40, cancelled: true, n: 3, cases: [] } });
    qaWorkerDied('closed', true);
    const s = useApp.getState();
    expect(s.sweep.status).toBe('cancelled');
    expect(s.sweep.stopReason).toMatch(/^The inference worker stopped without an error/);
    expect(s.sweepCells).toEqual([cell]);
    // Saved once the run's confidence intervals are in (or failed: the stats worker does not exist here).
    const saved = () => dataSent.filter((r) => r.type === 'run-save') as unknown as { info: { kind: string; partial: boolean } }[];
    await vi.waitFor(() => expect(saved().map((r) => [r.info.kind, r.info.partial])).toEqual([['sweep', true]]));
  });

  it('reports an interrupted load and reloads the model that worked, not the one being loaded', () => {
    useApp.setState({ loadedSource: shipped, loadJob: 3, loadingSource: { kind: 'hub', id: 'a/b' }, requested: { id: 'a/b', kind: 'hub' }, modelStatus: 'loading' });
    qaWorkerDied('silent', true);
    const load = sent.find((r) => r.type === 'load');
    expect(load?.type === 'load' && load.source).toEqual(shipped);
    expect(useApp.getState().workerNotice).toMatch(/^The inference worker stopped answering\./);
  });

  it('an Explain running when the worker died is over: the panel may ask it again after the reload', () => {
    const model = { id: 'm', label: 'm', kind: 'neural' as const, architecture: 'bert', device: 'wasm' as const, dtype: 'q8', inputNames: [], fallbackReason: null };
    useApp.setState({ loadedSource: shipped, model, modelStatus: 'ready', explainOpen: true, passage: 'Ann ran.', question: 'Who ran?' });
    useApp.getState().runExplain();
    const asked = sent.filter((r) => r.type === 'explain').length;
    qaWorkerDied('silent', true);
    expect(useApp.getState()).toMatchObject({ explainJob: null, reduceJob: null, failureJob: null });
    expect(useApp.getState().explainError).toMatch(/^The inference worker stopped answering\./);
    const load = sent.filter((r) => r.type === 'load').at(-1);
    applyWorkerEvent({ type: 'loaded', jobId: load?.type === 'load' ? load.jobId : -1, model, loadMs: 1 });
    useApp.getState().runExplain();
    expect(sent.filter((r) => r.type === 'explain').length).toBe(asked + 1);
  });

  it('retries the first load when no model had loaded yet', () => {
    useApp.setState({ loadedSource: null, loadJob: 3, loadingSource: shipped, requested: { id: shipped.id, kind: 'local' }, modelStatus: 'loading' });
    qaWorkerDied('closed', true);
    const load = sent.find((r) => r.type === 'load');
    expect(load?.type === 'load' && load.source).toEqual(shipped);
    expect(useApp.getState().modelStatus).toBe('loading');
  });

  it('stops restarting after three deaths in a minute and says to reload the page', () => {
    useApp.setState({ loadedSource: shipped, predictJob: 2 });
    qaWorkerDied('closed', false);
    const s = useApp.getState();
    expect(restarts).toBe(0);
    expect(s.predictJob).toBeNull();
    expect(s.modelStatus).toBe('error');
    expect(s.workerNotice).toMatch(/reload the page\.$/);
  });
});

describe('the data worker dies', () => {
  it('fails the import, the history lookup and a collection, then re-initialises and searches again', () => {
    useApp.setState({ importJob: { jobId: 5, name: 'dev.json', phase: 'parse', done: 1, total: 2 }, wikiReq: 6, collecting: { reqId: 7, purpose: 'sweep' }, sweep: collecting });
    dataWorkerDied('closed', true);
    const s = useApp.getState();
    expect(s.importJob).toBeNull();
    expect(s.importMessage).toEqual({ kind: 'error', text: expect.stringMatching(/^The import of "dev.json" stopped: The data worker stopped without an error/) });
    expect(s.wikiReq).toBeNull();
    expect(s.wikiError).toMatch(/data worker/);
    expect(s.collecting).toBeNull();
    expect(s.sweep.status).toBe('error');
    expect(dataSent.map((r) => r.type)).toEqual(['init', 'search', 'scope-count']); // the scope line beside each Run button is counted again too
    expect(s.workerNotice).toMatch(/saved datasets are read again/);
  });
});
