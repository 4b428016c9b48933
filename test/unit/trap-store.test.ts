/**
 * The store's over-stability state: a trap run collected from the data worker and sent with its
 * record, its rows applied only for the current job, cancel marking it partial, errors restarting
 * the worker, and a worker death failing the job. The workers are replaced by recorders.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkerRequest } from '../../src/worker/protocol.ts';
import type { TrapRow } from '../../src/core/trap/summary.ts';
import { applyDataEvent, applyWorkerEvent, dataSent, qaWorkerDied, resetStore, restarts, sent, useApp } from './helpers/store.ts';

const model = { id: 'm', label: 'm', kind: 'neural' as const, architecture: 'bert', device: 'wasm' as const, dtype: 'q8', inputNames: [], fallbackReason: null };
const inst = { id: 'q1', dataset: 'd', title: '', question: 'Who?', context: 'Ann ran.', answers: [{ text: 'Ann', start: 0 }], isImpossible: false, lang: 'en' as const, tags: [] };
const row: TrapRow = { id: 'q1', dataset: 'd', question: 'Who?', sentence: 'Bo ran.', similarity: 0.5, trap: { start: 9, end: 16 }, original: { text: 'Ann', span: { start: 0, end: 3 }, em: 1, f1: 1 }, trapped: { text: 'Bo', span: { start: 9, end: 11 }, hit: true, em: 0, f1: 0 } };

/** Starts a trap run and answers its collect request; returns the worker job id. */
function startRun(): number {
  useApp.getState().startTraps('traps');
  const req = dataSent.at(-1);
  expect(req?.type).toBe('collect');
  applyDataEvent({ type: 'collected', reqId: req!.reqId!, instances: [inst], total: 1, versionTwo: false, datasets: ['demo'], pool: null });
  const msg = sent.at(-1) as Extract<WorkerRequest, { type: 'traps' }>;
  expect(msg.type).toBe('traps');
  return msg.jobId;
}

beforeEach(() => {
  resetStore();
  useApp.setState({ model, modelStatus: 'ready', loadedSource: { kind: 'hub', id: 'm' } });
});

describe('trap experiment state', () => {
  it('sends the collected questions with the settings and records what produced the run', () => {
    useApp.getState().setTrapConfig({ position: 'start', seed: 7 });
    const jobId = startRun();
    const s = useApp.getState();
    expect(s.traps.status).toBe('running');
    expect(s.traps.run?.settings).toEqual({ source: 'generated', position: 'start', seed: 7 });
    expect(s.traps.run?.model).toBe('m');
    expect((sent.at(-1) as Extract<WorkerRequest, { type: 'traps' }>).config.seed).toBe(7);
    // The entity-renaming experiments do not react to this collect.
    expect(s.sweep.status).toBe('idle');
    applyWorkerEvent({ type: 'experiment-progress', jobId, progress: { done: 1, total: 2, label: 'trap sentences' } });
    expect(useApp.getState().traps.progress?.done).toBe(1);
    applyWorkerEvent({ type: 'traps-done', jobId: jobId + 100, rows: [row, row], skipped: {}, cancelled: false });
    expect(useApp.getState().trapRows).toEqual([]); // a stale job's rows are ignored
    applyWorkerEvent({ type: 'traps-done', jobId, rows: [row], skipped: { unanswerable: { count: 1, ids: ['q9'] } }, cancelled: true });
    expect(useApp.getState().traps.status).toBe('cancelled');
    expect(useApp.getState().trapRows).toEqual([row]);
    expect(useApp.getState().trapSkipped.unanswerable?.count).toBe(1);
  });

  it('cancels a running job through the worker', () => {
    const jobId = startRun();
    useApp.getState().cancelTraps('traps');
    expect(sent.at(-1)).toEqual({ type: 'cancel', jobId });
  });

  it('fails the job and restarts the worker on a runtime error', () => {
    const jobId = startRun();
    applyWorkerEvent({ type: 'error', jobId, code: 'unknown', message: 'boom', restart: true });
    expect(useApp.getState().traps.status).toBe('error');
    expect(useApp.getState().traps.error).toBe('boom');
    expect(restarts).toBe(1);
  });

  it('fails the job when the worker dies silently', () => {
    startRun();
    qaWorkerDied('closed', true);
    expect(useApp.getState().traps.status).toBe('error');
  });
});

describe('live trap state', () => {
  it('sends the open question with the typed sentence and keeps only the newest answer', () => {
    useApp.setState({ instance: inst, passage: inst.context, question: inst.question });
    useApp.getState().setLiveTrapConfig({ kind: 'typed', sentence: 'Bo ran.', position: 'end' });
    useApp.getState().runLiveTrap();
    const first = sent.at(-1) as Extract<WorkerRequest, { type: 'trap-live' }>;
    expect(first.spec).toEqual({ kind: 'typed', position: 'end', sentence: 'Bo ran.' });
    expect(first.instance.answers).toEqual([{ text: 'Ann', start: 0 }]);
    // The same ask again (the panel's first effect after its open) is not sent twice.
    const count = sent.length;
    useApp.getState().runLiveTrap();
    expect(sent.length).toBe(count);
    useApp.getState().setLiveTrapConfig({ sentence: 'Cy ran.' });
    useApp.getState().runLiveTrap();
    const second = sent.at(-1) as Extract<WorkerRequest, { type: 'trap-live' }>;
    expect(second.jobId).not.toBe(first.jobId);
    applyWorkerEvent({ type: 'trap-answered', jobId: first.jobId, result: { row: null, variant: null, reason: 'old' } });
    expect(useApp.getState().liveTrap).toBeNull();
    applyWorkerEvent({ type: 'trap-answered', jobId: second.jobId, result: { row, variant: null, reason: null } });
    expect(useApp.getState().liveTrap?.row).toEqual(row);
    expect(useApp.getState().liveTrapJob).toBeNull();
    // Shown: asking for it again sends nothing; a worker error lets the same ask run again.
    useApp.getState().runLiveTrap();
    expect(sent.at(-1)).toBe(second);
    useApp.getState().setLiveTrapConfig({ sentence: 'Di ran.' });
    useApp.getState().runLiveTrap();
    const third = sent.at(-1) as Extract<WorkerRequest, { type: 'trap-live' }>;
    applyWorkerEvent({ type: 'error', jobId: third.jobId, code: 'unknown', message: 'boom', restart: false });
    useApp.getState().runLiveTrap();
    expect((sent.at(-1) as { jobId: number }).jobId).toBeGreaterThan(third.jobId);
  });
});

describe('adversarial SQuAD run', () => {
  /** Starts the adversarial evaluation and answers its collect request with `instances`. */
  function collect(instances: (typeof inst & { adversarial?: unknown })[]): void {
    useApp.getState().startTraps('adversarialJob');
    const req = dataSent.at(-1);
    applyDataEvent({ type: 'collected', reqId: req!.reqId!, instances: instances as never, total: instances.length, versionTwo: false, datasets: [...new Set(instances.map((i) => i.dataset))], pool: null });
  }
  const link = { originalId: 'a1', suffix: 'turk0', originalContext: 'Ann ran.', inserted: null };

  it('refuses a list with no adversarial variant instead of scoring dashed ids as variants', () => {
    collect([{ ...inst, id: 'demo-per-01', dataset: 'demo' }, { ...inst, id: 'demo-per-02', dataset: 'demo' }]);
    expect(sent.filter((m) => m.type === 'adversarial')).toEqual([]);
    const job = useApp.getState().adversarialJob;
    expect(job.status).toBe('error');
    expect(job.error).toMatch(/no adversarial SQuAD variants/i);
  });

  it('sends only the questions of the adversarial file, with its count in the record', () => {
    useApp.setState({ datasets: [{ id: 'adv', name: 'addsent.json', format: 'squad', count: 2, createdAt: 0 } as never] });
    collect([{ ...inst, id: 'demo-per-01', dataset: 'demo' }, { ...inst, id: 'a1', dataset: 'adv' }, { ...inst, id: 'a1-turk0', dataset: 'adv', adversarial: link }]);
    const msg = sent.at(-1) as Extract<WorkerRequest, { type: 'adversarial' }>;
    expect(msg.type).toBe('adversarial');
    expect(msg.instances.map((i) => i.id)).toEqual(['a1', 'a1-turk0']);
    expect(useApp.getState().adversarialJob.run?.n).toBe(2);
    expect(useApp.getState().adversarialJob.run?.datasets).toEqual(['addsent.json']);
  });
});
