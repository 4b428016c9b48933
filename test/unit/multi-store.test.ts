/**
 * The store with several models: adding and unloading keep the primary model's state untouched,
 * stale compare answers are ignored, a memory refusal marks only that model, a run error restarts
 * the worker and reloads every added model, and the robustness table keeps the selection's rows.
 * The worker is replaced by a recorder (the UI state machine, not a model).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
// The stats worker answered in-process by its own command switch (the numbers are core's experimentCi).
vi.mock('../../src/app/workers/stats-client.ts', async () => {
  const { handleStats } = await import('../../src/worker/stats-jobs.ts');
  return {
    requestCi: async (comparisons: never, options: never, shares: never) => {
      const e = handleStats({ type: 'ci', reqId: 0, comparisons, options, shares });
      if (e.type !== 'ci-done') throw new Error(e.message);
      return { result: e.result, ms: e.ms };
    },
  };
});
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

describe('the robustness table\'s statistics (issue 27)', () => {
  it('per-question scores from the worker give each cell its CI and p (core\'s experimentCi, Holm over the row), in the table, export and record', async () => {
    const { experimentCi } = await import('../../src/core/stats/index.ts');
    const { robustnessComparisons } = await import('../../src/core/experiments/robustness/ci.ts');
    useApp.getState().startRobustness();
    const collect = dataSent.at(-1) as { reqId: number };
    applyDataEvent({ type: 'collected', reqId: collect.reqId, instances: [], total: 96, versionTwo: true, datasets: ['demo'], pool: null } as never);
    const { jobId } = lastOf('robustness');
    const s = (em: number, f1: number) => ({ em, f1 });
    // Trap: 12 questions right before, 11 wrong after (a real drop); noise: no change at all.
    const trap = Array.from({ length: 12 }, (_, i) => ({ id: `q${i}`, original: s(1, 1), perturbed: i === 0 ? s(1, 1) : s(0, 0.2) }));
    const noise = Array.from({ length: 8 }, (_, i) => ({ id: `q${i}`, original: s(1, 1), perturbed: s(1, 1) }));
    applyWorkerEvent({ type: 'robustness-scores', jobId, key: 'primary', cell: 'trap', questions: trap });
    applyWorkerEvent({ type: 'robustness-scores', jobId: jobId + 1000, key: 'primary', cell: 'natural', questions: trap }); // another job's: ignored
    applyWorkerEvent({ type: 'robustness-scores', jobId, key: 'primary', cell: 'noise', questions: noise });
    // The DPR cell's items: 1 per (question, paraphrase) pair whose answer changed.
    applyWorkerEvent({ type: 'robustness-share', jobId, key: 'primary', cell: 'dpr', values: [1, 0, 0, 0] });
    // The original column's F1 per answerable question (issue 27.1: its own CI).
    applyWorkerEvent({ type: 'robustness-share', jobId, key: 'primary', cell: 'original', values: [1, 1] });
    const row = { ...emptyRow('primary/model', 'wasm · q8', DEFAULT_ROBUSTNESS), trap: { value: 26.7, n: 12 }, noise: { value: 100, n: 8 } };
    applyWorkerEvent({ type: 'robustness-row', jobId, key: 'primary', row, complete: true });
    applyWorkerEvent({ type: 'robustness-done', jobId, cancelled: false });
    await vi.waitFor(() => expect(dataSent.some((r) => r.type === 'run-save')).toBe(true));
    const r = useApp.getState().robust;
    const want = experimentCi(robustnessComparisons({ trap, noise }, DEFAULT_ROBUSTNESS), { bootstrap: 1000, seed: 1, byPassage: false }, [{ key: 'dpr', values: [1, 0, 0, 0] }, { key: 'original', values: [1, 1] }]);
    expect(r.ci?.status).toBe('done');
    expect(r.ci?.byModel.primary).toEqual(want);
    expect(want.family).toBe(4);
    expect(want.rows.natural).toBeNull();
    // 11 correct → wrong, none back: McNemar p = 2 · 0.5^11, Holm × 4 (the smallest of 4 tests): significant; the noise drop is not.
    expect(want.rows.trap?.drop.em.p).toBeCloseTo(2 / 2048, 10);
    expect(want.rows.trap?.drop.em.pHolm).toBeCloseTo(8 / 2048, 10);
    expect(want.rows.noise?.drop.f1).toMatchObject({ value: 0, lo: 0, hi: 0, p: 1 });
    const save = dataSent.find((x) => x.type === 'run-save') as unknown as { info: { table: { columns: string[]; rows: unknown[][] }; run: { settings: Record<string, unknown> } }; payload?: unknown };
    const cols = save.info.table.columns;
    const cell = (c: string) => save.info.table.rows[0]?.[cols.indexOf(c)];
    expect(cell('trap_drop_f1_lo')).toBe(+(want.rows.trap?.drop.f1.lo ?? NaN).toFixed(4));
    expect(cell('trap_p_em_holm')).toBe(+(want.rows.trap?.drop.em.pHolm ?? NaN).toFixed(4));
    expect([cell('trap_f1_significance'), cell('synthetic_noise_f1_significance')]).toEqual(['significant', 'not significant']);
    expect(cell('natural_pairs_drop_f1_lo')).toBeNull();
    expect(save.info.run.settings.ci).toEqual({ bootstrap: 1000, seed: 1, byPassage: false });
    // The DPR's CI (hand-computed for 1 of 4 changed: [0, 75] %, see ci-kinds.test.ts) in its own columns.
    expect(want.shares?.dpr).toMatchObject({ n: 4, value: 25, lo: 0, hi: 75 });
    expect([cell('paraphrase_DPR_pct_lo'), cell('paraphrase_DPR_pct_hi')]).toEqual([0, 75]);
    // Two questions both right: every resample is 100 %, so the original F1's CI is [100, 100].
    expect(want.shares?.original).toMatchObject({ n: 2, value: 100, lo: 100, hi: 100 });
    expect([cell('original_F1_lo'), cell('original_F1_hi')]).toEqual([100, 100]);
    // A new CI seed computes the table's statistics again, as every card's; the saved run keeps its own.
    useApp.getState().setCiSettings({ seed: 2 });
    await vi.waitFor(() => expect(useApp.getState().robust.ci?.byModel.primary?.settings.seed).toBe(2));
    expect(useApp.getState().robust.run?.settings.ci).toEqual({ bootstrap: 1000, seed: 2, byPassage: false });
    expect(dataSent.filter((r) => r.type === 'run-save')).toHaveLength(1);
    useApp.getState().setCiSettings({ on: false });
    expect(useApp.getState().robust.ci).toBeNull();
  });
});

function lastOfCompareJob(): number {
  return useApp.getState().compareJob as number;
}
