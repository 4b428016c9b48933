/**
 * The store's over-sensitivity state machine: the selection collected, paraphrases sent with a run
 * record, a cancelled run kept and marked, a live paraphrase labelled typed or generated. The
 * workers are replaced by recorders (this tests the UI state, not a model).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkerRequest } from '../../src/worker/protocol.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { dprRow } from '../../src/core/sensitivity/dpr.ts';
import { applyDataEvent, applyWorkerEvent, dataSent, resetStore, sent, useApp } from './helpers/store.ts';

const model = { id: 'm', label: 'm', kind: 'neural' as const, architecture: 'bert', device: 'wasm' as const, dtype: 'q8', inputNames: [], fallbackReason: null };
const inst = (id: string, question: string, paraphrases?: string[]): Instance => ({ id, dataset: 'd', title: 't', question, context: 'Athens hosted the games in 1896.', answers: [{ text: 'Athens', start: 0 }], isImpossible: false, lang: 'en', tags: [], ...(paraphrases ? { paraphrases } : {}) });

/** Resolves when the store reaches a state (the paraphrase generators load on first use, so a collection is handled a step later). */
const until = (ok: (s: ReturnType<typeof useApp.getState>) => boolean) =>
  new Promise<void>((resolve) => {
    if (ok(useApp.getState())) return resolve();
    const stop = useApp.subscribe((s) => {
      if (!ok(s)) return;
      stop();
      resolve();
    });
  });

beforeEach(() => {
  resetStore();
  useApp.setState({ model, modelStatus: 'ready' });
});

describe('the DPR experiment', () => {
  it('collects the selection, sends every paraphrase with a run record, and keeps a cancelled run’s rows marked', async () => {
    useApp.getState().setParaSource({ dataset: true, kinds: ['function-word'], seed: 4 });
    useApp.getState().startParaphrases();
    expect(useApp.getState().paraphrase.status).toBe('collecting');
    const reqId = (dataSent.at(-1) as { reqId: number }).reqId;
    const set = [inst('a', 'Which city hosted the games?', ['Where were the games held?']), inst('b', 'When was it?')];
    applyDataEvent({ type: 'collected', reqId, instances: set, total: 2, versionTwo: false, datasets: ['Demo'] } as Parameters<typeof applyDataEvent>[0]);
    await until((s) => s.paraphrase.status !== 'collecting');
    const req = sent.at(-1) as Extract<WorkerRequest, { type: 'paraphrases' }>;
    expect(req.type).toBe('paraphrases');
    expect(req.items.map((i) => [i.instance.id, i.paraphrase.kind])).toEqual([
      ['a', 'dataset'],
      ['a', 'function-word'],
    ]);
    const s = useApp.getState();
    expect(s.paraphrase.status).toBe('running');
    expect(s.paraphrase.run?.settings).toMatchObject({ datasetParaphrases: true, kinds: 'function-word', seed: 4, paraphrases: 2 });
    expect(s.paraphrase.run?.n).toBe(1);
    expect(s.paraWithout).toBe(1);
    expect(s.paraNone).toEqual({ 'function-word': { count: 1, ids: ['b'] } });
    const first = req.items[0];
    if (!first) throw new Error('no item');
    applyWorkerEvent({ type: 'paraphrases-done', jobId: req.jobId, rows: [dprRow(first, 'Athens', 'Athens')], cancelled: true });
    expect(useApp.getState().paraphrase.status).toBe('cancelled');
    expect(useApp.getState().paraRows).toHaveLength(1);
  });

  it('drops a collection cancelled while the paraphrase generators load', async () => {
    useApp.getState().setParaSource({ dataset: true, kinds: [], seed: 1 });
    const collect = (id: string) => {
      useApp.getState().startParaphrases();
      const reqId = (dataSent.at(-1) as { reqId: number }).reqId;
      applyDataEvent({ type: 'collected', reqId, instances: [inst(id, 'Which city hosted the games?', ['Where were the games held?'])], total: 1, versionTwo: false, datasets: ['Demo'] } as Parameters<typeof applyDataEvent>[0]);
    };
    const before = sent.length;
    collect('cancelled');
    useApp.getState().cancelParaphrases();
    expect(useApp.getState().paraphrase.status).toBe('idle');
    // The second collection is handled after the first (both wait for the same load), so by then the first was dropped or sent.
    collect('kept');
    await until((s) => s.paraphrase.status === 'running');
    const requests = sent.slice(before).filter((r): r is Extract<WorkerRequest, { type: 'paraphrases' }> => r.type === 'paraphrases');
    expect(requests.map((r) => r.items.map((i) => i.instance.id))).toEqual([['kept']]);
  });

  it('ignores another job’s collection and answers', () => {
    useApp.getState().startParaphrases();
    applyDataEvent({ type: 'collected', reqId: -5, instances: [], total: 0, versionTwo: false, datasets: [], pool: null });
    expect(useApp.getState().paraphrase.status).toBe('collecting');
    applyWorkerEvent({ type: 'paraphrases-done', jobId: 9999, rows: [], cancelled: false });
    expect(useApp.getState().paraRows).toEqual([]);
  });
});

describe('the live paraphrase', () => {
  it('labels a generated paraphrase with its kind and a typed one as typed', async () => {
    useApp.setState({ question: 'Which city hosted the games?', passage: 'Athens hosted the games in 1896.' });
    useApp.getState().setLiveParaKind('function-word', 1);
    await useApp.getState().generateLiveParaphrase();
    let req = sent.at(-1) as Extract<WorkerRequest, { type: 'paraphrases' }>;
    expect(req.live).toBe(true);
    expect(req.items[0]?.paraphrase).toMatchObject({ question: 'What city hosted the games?', kind: 'function-word' });
    useApp.getState().setLiveParaphrase('Where were the games?');
    await useApp.getState().askLiveParaphrase();
    req = sent.at(-1) as Extract<WorkerRequest, { type: 'paraphrases' }>;
    expect(req.items[0]?.paraphrase).toMatchObject({ question: 'Where were the games?', kind: 'user' });
    // The question itself is no paraphrase: nothing is sent.
    const n = sent.length;
    useApp.getState().setLiveParaphrase('Which city hosted the games?');
    await useApp.getState().askLiveParaphrase();
    expect(sent.length).toBe(n);
    expect(useApp.getState().liveParaNote).toContain('the question itself');
  });

  it('says when no rule of the kind applies', async () => {
    useApp.setState({ question: 'When was it?', passage: 'It was in 1896.' });
    useApp.getState().setLiveParaKind('reorder', 1);
    await useApp.getState().generateLiveParaphrase();
    expect(useApp.getState().liveParaNote).toBe('No paraphrase: no word reordering applies to this question.');
  });
});
