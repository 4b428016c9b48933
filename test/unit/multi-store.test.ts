/**
 * The store with several models: adding and unloading keep the primary model's state untouched,
 * stale compare answers are ignored, a memory refusal marks only that model, a run error restarts
 * the worker and reloads every added model, and the robustness table keeps the selection's rows.
 * The worker is replaced by a recorder (the UI state machine, not a model).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { applyDataEvent, applyWorkerEvent, dataSent, lastOf, qaWorkerDied, resetStore, restarts, sent, useApp } from './helpers/store.ts';

const { emptyRow, DEFAULT_ROBUSTNESS } = await import('../../src/core/results/robustness.ts');
const info = (id: string, device: 'wasm' | 'webgpu' = 'wasm') => ({ id, label: id, kind: 'neural' as const, architecture: 'bert', device, dtype: 'q8', inputNames: ['input_ids', 'attention_mask'], fallbackReason: null });

beforeEach(() => {
  resetStore();
  useApp.setState({ model: info('primary/model'), modelStatus: 'ready', loadedSource: { kind: 'local', id: 'primary/model' } });
});

/** Adds a model and reports it loaded; returns its key. */
function addLoaded(id: string, device: 'wasm' | 'webgpu' = 'wasm'): string {
  useApp.getState().setAddOptions({ device, dtype: 'fp32' });
  useApp.getState().addModel({ kind: 'hub', id });
  const req = lastOf('load-model');
  expect(req).toMatchObject({ source: { kind: 'hub', id }, device, dtype: 'fp32' });
  applyWorkerEvent({ type: 'model-loaded', jobId: req.jobId, key: req.key, model: info(id, device), loadMs: 12, bytes: 1000 });
  return req.key;
}

describe('several models in the store', () => {
  it('adds and unloads models without touching the primary model', () => {
    const k = addLoaded('b/model', 'webgpu');
    const s = useApp.getState();
    expect(s.addedModels.map((m) => [m.key, m.status, m.info?.device])).toEqual([[k, 'ready', 'webgpu']]);
    expect(s.model?.id).toBe('primary/model');
    expect(s.modelStatus).toBe('ready');
    useApp.getState().unloadModel(k);
    expect(lastOf('unload')).toMatchObject({ key: k });
    expect(useApp.getState().addedModels).toEqual([]);
    expect(useApp.getState().model?.id).toBe('primary/model');
  });

  it('asks every ready model, primary first, and ignores a superseded compare answer', () => {
    const k = addLoaded('b/model');
    useApp.getState().addModel({ kind: 'hub', id: 'still/loading' });
    const after = { id: 'after', question: 'Who?', context: 'Ann met Bob.' };
    useApp.getState().compareModels(null, after, false);
    const first = lastOf('compare');
    expect(first.keys).toEqual(['primary', k]);
    useApp.getState().compareModels(null, { ...after, question: 'Where?' }, false);
    const second = lastOf('compare');
    applyWorkerEvent({ type: 'compared', jobId: first.jobId, answers: [] });
    expect(useApp.getState().compareAnswers).toBeNull();
    applyWorkerEvent({ type: 'compared', jobId: second.jobId, answers: [] });
    expect(useApp.getState().compareAnswers).toEqual([]);
  });

  it('marks only the refused model on a memory error, without restarting the worker', () => {
    const k = addLoaded('b/model');
    useApp.getState().addModel({ kind: 'hub', id: 'too/big' });
    const req = lastOf('load-model');
    applyWorkerEvent({ type: 'error', jobId: req.jobId, code: 'out-of-memory', message: 'Not loaded: "too/big" needs about 9.0 MB', restart: false });
    const s = useApp.getState();
    expect(s.addedModels.map((m) => [m.key, m.status])).toEqual([[k, 'ready'], [req.key, 'error']]);
    expect(s.addedModels[1]?.error).toMatch(/^Not loaded/);
    expect(restarts).toBe(0);
    expect(s.modelStatus).toBe('ready');
  });

  it('restarts the worker after a failed run and reloads the primary and every added model', () => {
    const k = addLoaded('b/model', 'webgpu');
    useApp.getState().compareModels(null, { id: 'after', question: 'Who?', context: 'Ann met Bob.' }, false);
    sent.length = 0;
    applyWorkerEvent({ type: 'error', jobId: lastOfCompareJob(), code: 'unknown', message: 'b/model: session failed', restart: true });
    expect(restarts).toBe(1);
    expect(useApp.getState().compareError).toBe('b/model: session failed');
    expect(lastOf('load')).toMatchObject({ source: { id: 'primary/model' } });
    expect(lastOf('load-model')).toMatchObject({ key: k, device: 'webgpu', dtype: 'fp32' });
    expect(useApp.getState().addedModels[0]?.status).toBe('loading');
  });

  it('runs the robustness table on the selection with every ready model and keeps rows per model', () => {
    const k = addLoaded('b/model');
    useApp.getState().setRobustLimit(6);
    useApp.getState().startRobustness();
    const collect = dataSent.at(-1) as { type: string; reqId: number; limit: number };
    expect(collect).toMatchObject({ type: 'collect', limit: 6 });
    applyDataEvent({ type: 'collected', reqId: collect.reqId, instances: [], total: 96, versionTwo: true, datasets: ['demo'], pool: null } as never);
    const req = lastOf('robustness');
    expect(req.keys).toEqual(['primary', k]);
    expect(useApp.getState().robust.run?.settings).toMatchObject({ models: ['primary/model (wasm · q8)', 'b/model (wasm · q8)'] });
    const row = emptyRow('b/model', 'wasm · q8', DEFAULT_ROBUSTNESS);
    applyWorkerEvent({ type: 'robustness-row', jobId: req.jobId, key: k, row, complete: true });
    applyWorkerEvent({ type: 'robustness-done', jobId: req.jobId, cancelled: false });
    expect(useApp.getState().robust.rows[k]?.model).toBe('b/model');
    expect(useApp.getState().robust.status).toBe('done');
  });
});

describe('the robustness table when the inference worker dies (issue 25.2)', () => {
  /** Starts the table on the primary and one added model; returns the job and the added key. */
  function startTable(): { jobId: number; k: string } {
    const k = addLoaded('b/model');
    useApp.getState().startRobustness();
    const collect = dataSent.at(-1) as { reqId: number };
    applyDataEvent({ type: 'collected', reqId: collect.reqId, instances: [], total: 96, versionTwo: true, datasets: ['demo'], pool: null } as never);
    return { jobId: lastOf('robustness').jobId, k };
  }
  const saves = () => dataSent.filter((r) => r.type === 'run-save') as unknown as { info: { kind: string; partial: boolean; table: { rows: unknown[][] } } }[];

  it('mid-run: ends as a Cancel does — the unfinished row marked partial, the whole one kept whole, a note why, saved to the history partial', () => {
    const { jobId, k } = startTable();
    const a = { ...emptyRow('primary/model', 'wasm · q8', DEFAULT_ROBUSTNESS), original: { value: 80, n: 6 } };
    const b = { ...emptyRow('b/model', 'wasm · q8', DEFAULT_ROBUSTNESS), original: { value: 40, n: 6 } };
    applyWorkerEvent({ type: 'robustness-row', jobId, key: 'primary', row: a, complete: false });
    applyWorkerEvent({ type: 'robustness-row', jobId, key: 'primary', row: a, complete: true });
    applyWorkerEvent({ type: 'robustness-row', jobId, key: k, row: b, complete: false });
    qaWorkerDied('closed', true);
    const r = useApp.getState().robust;
    expect(r.status).toBe('cancelled');
    expect(r.stopReason).toMatch(/^The inference worker stopped without an error/);
    expect([r.rows.primary?.partial, r.rows[k]?.partial]).toEqual([false, true]);
    expect(r.jobId).toBeNull();
    expect(saves().map((x) => [x.info.kind, x.info.partial, x.info.table.rows.map((row) => row[0])])).toEqual([['robustness', true, ['primary/model', 'b/model']]]);
  });

  it('before any row: an error saying why, nothing saved', () => {
    startTable();
    qaWorkerDied('closed', true);
    const r = useApp.getState().robust;
    expect(r.status).toBe('error');
    expect(r.error).toMatch(/^The inference worker stopped/);
    expect(saves()).toEqual([]);
  });

  it('a finished table is saved to the history whole, a cancelled one partial', () => {
    for (const cancelled of [false, true]) {
      dataSent.length = 0;
      const { jobId, k } = startTable();
      applyWorkerEvent({ type: 'robustness-row', jobId, key: k, row: { ...emptyRow('b/model', 'wasm · q8', DEFAULT_ROBUSTNESS), partial: cancelled }, complete: !cancelled });
      applyWorkerEvent({ type: 'robustness-done', jobId, cancelled });
      expect(saves().map((x) => [x.info.kind, x.info.partial])).toEqual([['robustness', cancelled]]);
      useApp.getState().unloadModel(k);
    }
  });
});

function lastOfCompareJob(): number {
  return useApp.getState().compareJob as number;
}
