/**
 * The store's handling of worker events: stale jobs ignored, recovery after a poisoned runtime,
 * the WebGPU → WASM retry, and the live view's cancel-on-clear. The worker is replaced by a
 * recorder (this tests the UI state machine, not a model).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { applyWorkerEvent, lastOf, resetStore, restarts, sent, useApp } from './helpers/store.ts';

const info = (id: string, device: 'wasm' | 'webgpu' = 'wasm') => ({ id, label: id, kind: 'neural' as const, architecture: 'bert', device, dtype: 'q8', inputNames: ['input_ids', 'attention_mask'], fallbackReason: null });

beforeEach(() => {
  resetStore();
});

describe('loading', () => {
  it('ignores events of a superseded load and keeps the newest', () => {
    const s = useApp.getState();
    s.loadModel({ kind: 'hub', id: 'a/one' });
    const first = lastOf('load').jobId;
    s.loadModel({ kind: 'hub', id: 'a/two' });
    const second = lastOf('load').jobId;
    expect(sent.some((r) => r.type === 'cancel' && r.jobId === first)).toBe(true);
    applyWorkerEvent({ type: 'loaded', jobId: first, model: info('a/one'), loadMs: 5 });
    expect(useApp.getState().model).toBeNull();
    applyWorkerEvent({ type: 'loaded', jobId: second, model: info('a/two'), loadMs: 5 });
    expect(useApp.getState().model?.id).toBe('a/two');
    expect(useApp.getState().loadedSource).toEqual({ kind: 'hub', id: 'a/two' });
  });

  it('never changes the "no answer" setting when a model loads (it follows the data)', () => {
    useApp.getState().setAllowNull(true);
    useApp.getState().loadModel({ kind: 'hub', id: 'Xenova/distilbert-base-cased-distilled-squad' });
    applyWorkerEvent({ type: 'loaded', jobId: lastOf('load').jobId, model: info('Xenova/distilbert-base-cased-distilled-squad'), loadMs: 1 });
    expect(useApp.getState().allowNull).toBe(true);
  });

  it('a download error keeps the working model and the same worker', () => {
    const s = useApp.getState();
    s.loadModel({ kind: 'local', id: 'qarx-lexical-qa' });
    applyWorkerEvent({ type: 'loaded', jobId: lastOf('load').jobId, model: info('qarx-lexical-qa'), loadMs: 1 });
    s.loadModel({ kind: 'hub', id: 'x/missing' });
    applyWorkerEvent({ type: 'error', jobId: lastOf('load').jobId, code: 'no-config', message: '"x/missing" was not found', restart: false });
    const st = useApp.getState();
    expect(st.model?.id).toBe('qarx-lexical-qa');
    expect(st.modelStatus).toBe('ready');
    expect(st.modelError).toMatch(/not found/);
    expect(restarts).toBe(0);
  });

  it('a poisoned runtime restarts the worker and reloads the model that worked', () => {
    const s = useApp.getState();
    s.loadModel({ kind: 'local', id: 'qarx-lexical-qa' });
    applyWorkerEvent({ type: 'loaded', jobId: lastOf('load').jobId, model: info('qarx-lexical-qa'), loadMs: 1 });
    s.loadModel({ kind: 'hub', id: 'x/broken' });
    applyWorkerEvent({ type: 'error', jobId: lastOf('load').jobId, code: 'unknown', message: 'session failed', restart: true });
    expect(restarts).toBe(1);
    expect(lastOf('load').source).toEqual({ kind: 'local', id: 'qarx-lexical-qa' });
    expect(useApp.getState().modelError).toBe('session failed');
  });

  it('Auto: a WebGPU session failure is retried on WASM in a new worker, and says so', () => {
    useApp.getState().loadModel({ kind: 'hub', id: 'x/gpu-trouble' });
    applyWorkerEvent({ type: 'error', jobId: lastOf('load').jobId, code: 'unknown', message: 'op not supported', restart: true, retryOnWasm: true });
    expect(restarts).toBe(1);
    const retry = lastOf('load');
    expect(retry).toMatchObject({ source: { kind: 'hub', id: 'x/gpu-trouble' }, device: 'wasm' });
    applyWorkerEvent({ type: 'loaded', jobId: retry.jobId, model: info('x/gpu-trouble'), loadMs: 1 });
    expect(useApp.getState().model?.fallbackReason).toMatch(/WebGPU failed \(op not supported\); running on WASM/);
  });

  it('switching device reloads the model in use, not a failed request', () => {
    const s = useApp.getState();
    s.loadModel({ kind: 'local', id: 'qarx-lexical-qa' });
    applyWorkerEvent({ type: 'loaded', jobId: lastOf('load').jobId, model: info('qarx-lexical-qa'), loadMs: 1 });
    s.loadModel({ kind: 'hub', id: 'x/missing' });
    applyWorkerEvent({ type: 'error', jobId: lastOf('load').jobId, code: 'no-config', message: 'nope', restart: false });
    s.setDeviceChoice('webgpu');
    expect(lastOf('load')).toMatchObject({ source: { kind: 'local', id: 'qarx-lexical-qa' }, device: 'webgpu' });
  });
});

describe('live answers', () => {
  const ready = () => {
    useApp.getState().loadModel({ kind: 'local', id: 'qarx-lexical-qa' });
    applyWorkerEvent({ type: 'loaded', jobId: lastOf('load').jobId, model: info('qarx-lexical-qa'), loadMs: 1 });
  };

  it('a newer question cancels the running one and stale answers are ignored', () => {
    ready();
    const s = useApp.getState();
    s.answer();
    const first = lastOf('predict').jobId;
    s.setQuestion('When?');
    s.answer();
    const second = lastOf('predict').jobId;
    expect(sent.some((r) => r.type === 'cancel' && r.jobId === first)).toBe(true);
    const pred = (id: string, text: string) => ({ id, text, best: null, nbest: [], nullScoreDiff: null, windows: 1 });
    applyWorkerEvent({ type: 'predicted', jobId: first, predictions: [pred('live', 'stale')], cancelled: false, inferenceMs: 1, computed: 1, cached: 0 });
    expect(useApp.getState().prediction).toBeNull();
    applyWorkerEvent({ type: 'predicted', jobId: second, predictions: [pred('live', 'fresh')], cancelled: false, inferenceMs: 1, computed: 1, cached: 0 });
    expect(useApp.getState().prediction?.text).toBe('fresh');
  });

  it('clearing the question cancels the running job so its answer never shows', () => {
    ready();
    const s = useApp.getState();
    s.answer();
    const job = lastOf('predict').jobId;
    s.setQuestion('   ');
    s.answer();
    expect(sent.some((r) => r.type === 'cancel' && r.jobId === job)).toBe(true);
    expect(useApp.getState().predictJob).toBeNull();
    applyWorkerEvent({ type: 'predicted', jobId: job, predictions: [{ id: 'live', text: 'old', best: null, nbest: [], nullScoreDiff: null, windows: 1 }], cancelled: false, inferenceMs: 1, computed: 1, cached: 0 });
    expect(useApp.getState().prediction).toBeNull();
  });

  it('an inference failure restarts the worker, reloads the model and shows the error', () => {
    ready();
    useApp.getState().answer();
    applyWorkerEvent({ type: 'error', jobId: lastOf('predict').jobId, code: 'unknown', message: 'Inference failed for "m" on WASM: boom', restart: true });
    expect(restarts).toBe(1);
    expect(useApp.getState().predictError).toMatch(/Inference failed/);
    expect(lastOf('load').source).toEqual({ kind: 'local', id: 'qarx-lexical-qa' });
  });
});

describe('entity-renaming experiments in the store', () => {
  const cell = (seed: number) => ({ type: 'PER' as const, source: 'db' as const, origin: 'us' as const, seed, n: 3, orig: { em: 100, f1: 100 }, pert: { em: 50, f1: 60 }, categories: { C2C: 1, C2W: 2, W2C: 0, W2W: 0 }, errors: { orig: { correct: 3, 'wrong-entity': 0, 'wrong-boundary': 0 }, pert: { correct: 1, 'wrong-entity': 1, 'wrong-boundary': 1 } }, skipped: {} });

  it('collects the selection, sends the sweep, folds in cells, and keeps them when cancelled', () => {
    useApp.setState({ model: info('m'), modelStatus: 'ready' });
    const s = useApp.getState();
    s.start('sweep');
    expect(useApp.getState().sweep.status).toBe('collecting');
    const reqId = useApp.getState().collecting?.reqId as number;
    useApp.getState().setAllowNull(true);
    useApp.getState().receiveCollected(reqId, [], 0, { versionTwo: false, datasets: ['Demo set'] });
    const job = lastOf('sweep').jobId;
    expect(useApp.getState().sweep).toMatchObject({ status: 'running', jobId: job });
    // "No answer" follows the data (here SQuAD 1.1-like), not the live view's checkbox, and is recorded.
    expect(lastOf('sweep').versionTwo).toBe(false);
    expect(useApp.getState().sweep.run).toMatchObject({ datasets: ['Demo set'], model: 'm', versionTwo: false, settings: { seeds: useApp.getState().sweepConfig.seeds } });
    applyWorkerEvent({ type: 'sweep-cell', jobId: job, cell: cell(1) });
    applyWorkerEvent({ type: 'sweep-cell', jobId: job + 100, cell: cell(2) }); // another job's cell
    useApp.getState().cancel('sweep');
    expect(lastOf('cancel').jobId).toBe(job);
    applyWorkerEvent({ type: 'sweep-done', jobId: job, cancelled: true, n: 3, cases: [] });
    expect(useApp.getState().sweep.status).toBe('cancelled');
    expect(useApp.getState().sweepCells.map((c) => c.seed)).toEqual([1]);
  });

  it('reports a failed experiment on its card and restarts the worker', () => {
    useApp.setState({ model: info('m'), modelStatus: 'ready', loadedSource: { kind: 'hub', id: 'm' } });
    useApp.getState().start('budget');
    useApp.getState().receiveCollected(useApp.getState().collecting?.reqId as number, [], 0, { versionTwo: true, datasets: ['d'] });
    const job = lastOf('budget').jobId;
    expect(lastOf('budget').config.versionTwo).toBe(true);
    applyWorkerEvent({ type: 'error', jobId: job, code: 'out-of-memory', message: 'Out of memory.', restart: true });
    expect(useApp.getState().budget).toMatchObject({ status: 'error', error: 'Out of memory.' });
    expect(restarts).toBe(1);
  });

  it('universal names: sends the run with its settings, keeps a cancelled result as partial, ignores other jobs', () => {
    useApp.setState({ model: info('m'), modelStatus: 'ready' });
    useApp.getState().setUniversalConfig({ candidates: 7, top: 3 });
    useApp.getState().start('universal');
    expect(useApp.getState().universal.status).toBe('collecting');
    useApp.getState().receiveCollected(useApp.getState().collecting?.reqId as number, [], 0, { versionTwo: true, datasets: ['d'] });
    const msg = lastOf('universal');
    expect(msg).toMatchObject({ config: { candidates: 7, top: 3, type: 'PER', source: 'db' }, versionTwo: true });
    expect(useApp.getState().universal.run).toMatchObject({ datasets: ['d'], model: 'm', settings: { candidates: 7, top: 3 } });
    const result = { eligible: 2, ineligible: {}, candidates: 7, tried: 1, rows: [], top: 3, original: { em: 50, f1: 50 }, cancelled: true };
    applyWorkerEvent({ type: 'experiment-progress', jobId: msg.jobId, progress: { done: 1, total: 7, label: 'x done' } });
    expect(useApp.getState().universal.progress).toEqual({ done: 1, total: 7, label: 'x done' });
    applyWorkerEvent({ type: 'universal-done', jobId: msg.jobId + 100, result: { ...result, tried: 5 }, cases: [] });
    expect(useApp.getState().universalResult).toBeNull();
    useApp.getState().cancel('universal');
    expect(lastOf('cancel').jobId).toBe(msg.jobId);
    applyWorkerEvent({ type: 'universal-done', jobId: msg.jobId, result, cases: [] });
    expect(useApp.getState().universal.status).toBe('cancelled');
    expect(useApp.getState().universalResult).toEqual(result);
  });

  it('ignores a live rename that a newer one replaced', () => {
    useApp.setState({ model: info('m'), modelStatus: 'ready', renameOpen: true });
    useApp.getState().runRename();
    const first = lastOf('rename').jobId;
    useApp.getState().reroll();
    const second = lastOf('rename').jobId;
    expect(second).not.toBe(first);
    expect(sent.some((r) => r.type === 'cancel' && r.jobId === first)).toBe(true);
    expect(lastOf('rename').options.seed).toBe(2);
  });

  it('asks a live rename once: the panel\'s first effect after its open, or a shown result, sends nothing again', () => {
    useApp.setState({ model: info('m'), modelStatus: 'ready' });
    useApp.getState().setRenameOpen(true);
    const renames = () => sent.filter((r) => r.type === 'rename').length;
    expect(renames()).toBe(1);
    useApp.getState().runRename();
    expect(renames()).toBe(1);
    applyWorkerEvent({ type: 'renamed', jobId: lastOf('rename').jobId, result: { perturbed: null } as never });
    useApp.getState().runRename();
    expect(renames()).toBe(1);
    expect(sent.some((r) => r.type === 'cancel')).toBe(false);
    // Another model is another request.
    useApp.setState({ model: info('other') });
    useApp.getState().runRename();
    expect(renames()).toBe(2);
    // A reload of the same id (another host, a picked folder of the same name) is asked again.
    useApp.getState().loadModel({ kind: 'hub', id: 'other' });
    applyWorkerEvent({ type: 'loaded', jobId: lastOf('load').jobId, model: info('other'), loadMs: 1 });
    useApp.getState().runRename();
    expect(renames()).toBe(3);
  });

  it('a failed rename is asked again, and going back to the shown one clears the error', () => {
    useApp.setState({ model: info('m'), modelStatus: 'ready' });
    useApp.getState().setRenameOpen(true);
    applyWorkerEvent({ type: 'renamed', jobId: lastOf('rename').jobId, result: { perturbed: null } as never });
    useApp.getState().setRenameOptions({ seed: 2 });
    applyWorkerEvent({ type: 'error', jobId: lastOf('rename').jobId, code: 'unknown', message: 'boom', restart: false });
    expect(useApp.getState().renameError).toBe('boom');
    // Back to seed 1: the shown result no longer answers "the last ask", so it runs and the error goes.
    useApp.getState().setRenameOptions({ seed: 1 });
    expect(lastOf('rename').options.seed).toBe(1);
    expect(useApp.getState().renameError).toBeNull();
  });
});

describe('device reason and speed of the loaded model', () => {
  it("keeps the worker's reason (a software adapter under Auto) and records windows/s of the current model only", () => {
    useApp.getState().loadModel({ kind: 'hub', id: 'x/model' });
    const reason = 'Auto chose WASM: the WebGPU adapter is a software renderer (SwiftShader) that runs on the CPU, slower than WASM.';
    applyWorkerEvent({ type: 'loaded', jobId: lastOf('load').jobId, model: { ...info('x/model'), fallbackReason: reason }, loadMs: 12 });
    expect(useApp.getState().model?.fallbackReason).toBe(reason);
    expect(useApp.getState().lastRun).toBeNull();
    applyWorkerEvent({ type: 'throughput', modelId: 'other/model', windows: 9, ms: 3 });
    expect(useApp.getState().lastRun).toBeNull();
    applyWorkerEvent({ type: 'throughput', modelId: 'x/model', windows: 30, ms: 1500 });
    expect(useApp.getState().lastRun).toEqual({ windows: 30, ms: 1500 });
  });
});
