/**
 * An experiment card with two models loaded: the store sends the job to the primary, then (same job
 * id) to the added model, keeps each model's result with its own run record, saves each as a run,
 * lets a tab show either, and stops at a cancel or an error. The worker is a recorder.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerEvent, WorkerRequest } from '../../src/worker/protocol.ts';
import type { BudgetResult } from '../../src/core/entity/stats.ts';
import { applyDataEvent, applyWorkerEvent, dataSent, qaWorkerDied, resetStore, sent, useApp } from './helpers/store.ts';
import type { SweepCell } from '../../src/core/entity/stats.ts';

const info = (id: string, dtype = 'q8') => ({ id, label: id, kind: 'neural' as const, architecture: 'bert', device: 'wasm' as const, dtype, inputNames: ['input_ids'], fallbackReason: null });
const budgets = sent as Extract<WorkerRequest, { type: 'budget' }>[];
const lastBudget = () => budgets.filter((r) => r.type === 'budget').at(-1) as Extract<WorkerRequest, { type: 'budget' }>;
const score = (f1: number) => ({ em: f1, f1 });
const result = (f1: number, cancelled = false): BudgetResult => ({ n: 2, plain: { original: score(1), random: score(f1), randomStd: score(0), worst: score(f1 / 2), best: score(1), stability: 0.5 }, defended: null, perInstance: [], cancelled });

beforeEach(() => {
  resetStore();
  useApp.setState({ model: info('primary/model', 'fp32'), modelStatus: 'ready', addedModels: [{ key: 'm2', source: { kind: 'hub', id: 'b/model' }, device: 'wasm', dtype: 'auto', host: null, status: 'ready', info: info('b/model'), loadMs: 1, bytes: 1, jobId: null, progress: null, error: null }] });
});

/** Starts the budget card and hands it two collected questions. */
function startBudget(): void {
  useApp.getState().start('budget');
  const c = dataSent.filter((r) => r.type === 'collect').at(-1) as { reqId: number };
  applyDataEvent({ type: 'collected', reqId: c.reqId, instances: [], total: 2, versionTwo: false, datasets: ['demo'], pool: null } as never);
}

describe('an experiment on every loaded model', () => {
  it('runs on the primary, then on the added model, each result with its own record, both saved', async () => {
    startBudget();
    const first = lastBudget();
    expect(first.key).toBe('primary');
    expect(useApp.getState().budget.run?.model).toBe('primary/model');
    applyWorkerEvent({ type: 'budget-done', jobId: first.jobId, result: result(0.8), cases: [] });
    const second = lastBudget();
    expect(second).toMatchObject({ jobId: first.jobId, key: 'm2' });
    let s = useApp.getState();
    expect(s.budget.status).toBe('running');
    expect(s.budget.run).toMatchObject({ model: 'b/model', dtype: 'q8', device: 'wasm' });
    expect(s.budgetResult).toBeNull();
    applyWorkerEvent({ type: 'budget-done', jobId: first.jobId, result: result(0.4), cases: [] });
    s = useApp.getState();
    expect(s.budget.status).toBe('done');
    expect(budgets.filter((r) => r.type === 'budget')).toHaveLength(2);
    const run = s.perModel.budget;
    expect(run?.keys).toEqual(['primary', 'm2']);
    expect(run?.running).toBeNull();
    // Each model's label (here its id: the test models have none of their own) names its tab and row.
    expect(run?.names).toEqual({ primary: { letter: 'A', id: 'primary/model', label: 'primary/model', runtime: 'wasm · fp32' }, m2: { letter: 'B', id: 'b/model', label: 'b/model', runtime: 'wasm · q8' } });
    expect(run?.results.primary?.run.model).toBe('primary/model');
    expect(run?.results.m2?.run.model).toBe('b/model');
    // Each model's run is saved with its own record.
    // Saved once each run's confidence intervals are in (or failed: the stats worker does not exist here).
    await vi.waitFor(() => expect(dataSent.filter((r) => r.type === 'run-save').map((r) => r.info?.run.model)).toEqual(['primary/model', 'b/model']));
    // The last model's result is shown; the A tab brings the primary's back.
    expect(s.budgetResult?.plain.random.f1).toBe(0.4);
    useApp.getState().showModelResult('budget', 'primary');
    s = useApp.getState();
    expect(s.budgetResult?.plain.random.f1).toBe(0.8);
    expect(s.budget.run?.model).toBe('primary/model');
    expect(s.perModel.budget?.shown).toBe('primary');
  });

  it('a cancel on the primary does not start the added model', () => {
    startBudget();
    const first = lastBudget();
    applyWorkerEvent({ type: 'budget-done', jobId: first.jobId, result: result(0.5, true), cases: [] });
    expect(budgets.filter((r) => r.type === 'budget')).toHaveLength(1);
    const s = useApp.getState();
    expect(s.budget.status).toBe('cancelled');
    expect(s.perModel.budget?.results.primary?.partial).toBe(true);
    expect(s.perModel.budget?.running).toBeNull();
  });

  it('an error on the added model keeps the primary’s result', () => {
    startBudget();
    const first = lastBudget();
    applyWorkerEvent({ type: 'budget-done', jobId: first.jobId, result: result(0.9), cases: [] });
    applyWorkerEvent({ type: 'error', jobId: first.jobId, code: 'unknown', message: 'b/model: boom', restart: false });
    const s = useApp.getState();
    expect(s.budget.status).toBe('error');
    expect(s.perModel.budget?.running).toBeNull();
    expect(Object.keys(s.perModel.budget?.results ?? {})).toEqual(['primary']);
  });

  it('the worker dying on the added model mid-sweep: its cells kept as its partial result (tab, history), the primary’s whole (issue 25.2)', async () => {
    const cell = (seed: number): SweepCell => ({ type: 'PER', source: 'db', origin: 'us', seed, n: 3, orig: score(100), pert: score(60), categories: { C2C: 1, C2W: 2, W2C: 0, W2W: 0 }, errors: { orig: { correct: 3, 'wrong-entity': 0, 'wrong-boundary': 0 }, pert: { correct: 1, 'wrong-entity': 1, 'wrong-boundary': 1 } }, skipped: {} });
    useApp.getState().start('sweep');
    const c = dataSent.filter((r) => r.type === 'collect').at(-1) as { reqId: number };
    applyDataEvent({ type: 'collected', reqId: c.reqId, instances: [], total: 2, versionTwo: false, datasets: ['demo'], pool: null } as never);
    const jobId = (sent.filter((r) => r.type === 'sweep').at(-1) as { jobId: number }).jobId;
    // As the worker posts them: each cell, then the checkpoint it makes (what a Cancel now would end with).
    const checkpoint: WorkerEvent = { type: 'checkpoint', jobId, done: { type: 'sweep-done', jobId, cancelled: true, n: 3, cases: [] } };
    applyWorkerEvent({ type: 'sweep-cell', jobId, cell: cell(0) });
    applyWorkerEvent(checkpoint);
    applyWorkerEvent({ type: 'sweep-done', jobId, cancelled: false, n: 2, cases: [] });
    applyWorkerEvent({ type: 'sweep-cell', jobId, cell: cell(1) });
    applyWorkerEvent(checkpoint);
    qaWorkerDied('closed', true);
    const s = useApp.getState();
    expect(s.sweep.status).toBe('cancelled');
    expect(s.sweep.stopReason).toMatch(/^The inference worker stopped/);
    expect(s.sweepCells).toEqual([cell(1)]);
    const run = s.perModel.sweep;
    expect(run?.running).toBeNull();
    expect(run?.shown).toBe('m2');
    expect([run?.results.primary?.partial, run?.results.m2?.partial]).toEqual([false, true]);
    expect(run?.results.m2?.run.model).toBe('b/model');
    const saved = () => dataSent.filter((r) => r.type === 'run-save') as unknown as { info: { run: { model: string }; partial: boolean } }[];
    await vi.waitFor(() => expect(saved().map((r) => [r.info.run.model, r.info.partial])).toEqual([['primary/model', false], ['b/model', true]]));
  });

  it('the worker dying before the added model’s first result: the primary’s result stays, the card says why, no tab keeps running', () => {
    startBudget();
    const first = lastBudget();
    applyWorkerEvent({ type: 'budget-done', jobId: first.jobId, result: result(0.9), cases: [] });
    qaWorkerDied('closed', true);
    const s = useApp.getState();
    expect(s.budget.status).toBe('error');
    expect(s.budget.error).toMatch(/^The inference worker stopped/);
    expect(s.perModel.budget?.running).toBeNull();
    expect(Object.keys(s.perModel.budget?.results ?? {})).toEqual(['primary']);
  });

  it('with one model loaded the request goes to it alone', () => {
    useApp.setState({ addedModels: [] });
    startBudget();
    applyWorkerEvent({ type: 'budget-done', jobId: lastBudget().jobId, result: result(0.7), cases: [] });
    expect(budgets.filter((r) => r.type === 'budget')).toHaveLength(1);
    expect(useApp.getState().budget.status).toBe('done');
  });
});

describe('the primary model’s precision', () => {
  it('goes with its load and reloads the model; switching off WASM drops q8 (wrong answers on WebGPU)', () => {
    useApp.setState({ loadedSource: { kind: 'local', id: 'primary/model' }, deviceChoice: 'wasm' });
    useApp.getState().setDtypeChoice('q8');
    const load = sent.filter((r) => r.type === 'load').at(-1);
    expect(load).toMatchObject({ type: 'load', source: { id: 'primary/model' }, device: 'wasm', dtype: 'q8' });
    useApp.getState().setDeviceChoice('webgpu');
    expect(useApp.getState().dtypeChoice).toBe('auto');
    expect(sent.filter((r) => r.type === 'load').at(-1)).toMatchObject({ device: 'webgpu', dtype: 'auto' });
    useApp.getState().setDtypeChoice('fp16');
    expect(sent.filter((r) => r.type === 'load').at(-1)).toMatchObject({ device: 'webgpu', dtype: 'fp16' });
  });
});
