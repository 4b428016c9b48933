/**
 * Every experiment kind of the registry handles its worker's death exactly as a Cancel (issue 40.3):
 * the run's last checkpoint — the done event a Cancel at that point brings — ends it, so the result
 * that finished is kept, marked partial with the reason "the worker stopped", and saved to the run
 * history; whether the worker died silently (closed, crashed) or with an `error` event. The workers
 * are recorders; each kind's checkpoint is its own job code on the demo set, cancelled mid-run.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { applyWorkerEvent, dataSent, qaWorkerDied, resetStore, useApp } from './helpers/store.ts';
import { allKinds } from '../../src/core/experiments/registry.ts';
import type { Predictor } from '../../src/core/entity/tally.ts';
import { runSweep } from '../../src/core/entity/experiment.ts';
import { DEFAULT_SWEEP } from '../../src/core/entity/options.ts';
import { builtInPayload, JOB_OF, type SavedKind } from '../../src/app/store/run-saving.ts';
import { noAnswerReason, type RunRecord } from '../../src/core/results/run-record.ts';
import { DEFAULT_ROBUSTNESS, emptyRow } from '../../src/core/results/robustness.ts';
import type { ExperimentDoneEvent } from '../../src/worker/protocol.ts';
import { cancelledAfter, demoInstances, goldOf, kindBodies, standIn } from './helpers/kind-runs.ts';

const instances = demoInstances();
const answer = standIn(goldOf(instances));
const bodies = kindBodies(instances);
const run: RunRecord = { datasets: ['demo'], n: 3, selected: 3, query: '', filters: {}, model: 'm', dtype: 'fp32', device: 'wasm', versionTwo: false, versionTwoReason: noAnswerReason(false), settings: { seeds: 1 }, date: '2026-12-02T00:00:00.000Z' };

/** Where the app runs each kind of the registry: its own card's job, or inside the robustness table (its original column). */
const APP_JOB: Record<string, SavedKind | 'robustness'> = { original: 'robustness', sweep: 'sweep', budget: 'budget', natural: 'natural', synthetic: 'synthetic', universal: 'universal', paraphrase: 'paraphrase', traps: 'traps', adversarial: 'adversarial', robustness: 'robustness' };


/** How many predictions a whole run of kind `k` makes. */
async function predictionsOf(k: SavedKind): Promise<number> {
  let n = 0;
  await (bodies[k] as (p: Predictor) => Promise<ExperimentDoneEvent>)(async (inputs) => ((n += inputs.length), { predictions: inputs.map(answer), cancelled: false }));
  return n;
}

/** Kind `k` running as job 77, its sweep cells (a sweep streams them) in, and its checkpoint one prediction before the end received (universal names rank names only after the originals). */
async function runningWithCheckpoint(k: SavedKind): Promise<ExperimentDoneEvent> {
  const jobId = 77;
  const at = (await predictionsOf(k)) - 1;
  useApp.setState({ [JOB_OF[k]]: { status: 'running', jobId, progress: null, selected: 3, error: null, run }, ciSettings: { ...useApp.getState().ciSettings, on: false } } as never);
  if (k === 'sweep') {
    const demo = instances.filter((i) => i.dataset !== 'adv');
    await runSweep(demo, { ...DEFAULT_SWEEP, seeds: 1, sources: ['db'], types: ['PER'] }, cancelledAfter(answer, at), { onCell: (cell) => applyWorkerEvent({ type: 'sweep-cell', jobId, cell }) });
  }
  const done = { ...(await (bodies[k] as (p: Predictor) => Promise<ExperimentDoneEvent>)(cancelledAfter(answer, at))), jobId };
  applyWorkerEvent({ type: 'checkpoint', jobId, done });
  return done;
}

const saves = () => (dataSent.filter((r) => r.type === 'run-save') as unknown as { info: { kind: string; partial: boolean } }[]).map((r) => [r.info.kind, r.info.partial]);

const deaths: { how: string; die: () => void }[] = [
  { how: 'closed (no error event)', die: () => qaWorkerDied('closed', true) },
  { how: 'an error event of the worker', die: () => applyWorkerEvent({ type: 'error', jobId: null, code: 'unknown', message: 'The inference worker failed: out of memory', restart: true }) },
  { how: "an error of the run's job", die: () => applyWorkerEvent({ type: 'error', jobId: 77, code: 'unknown', message: 'm: RangeError: out of memory', restart: true }) },
];

beforeEach(() => resetStore());

describe('every kind of the registry has a path in the app', () => {
  it('maps each kind to the job it runs as (a new kind fails here until its death is handled)', () => {
    expect(allKinds().map((k) => k.id).sort()).toEqual(Object.keys(APP_JOB).sort());
  });
});

describe.each(deaths)('the worker dies mid-run: $how', ({ how, die }) => {
  it.each(allKinds().map((k) => k.id))('%s: the partial result kept, marked partial with why, saved to the history — as a Cancel at the same point', async (id) => {
    const k = APP_JOB[id] as SavedKind | 'robustness';
    if (k === 'robustness') {
      const row = { ...emptyRow('m', 'wasm · q8', DEFAULT_ROBUSTNESS), original: { value: 80, n: 6 } };
      useApp.setState({ robust: { ...useApp.getState().robust, status: 'running', jobId: 77, rows: { primary: row }, keys: ['primary'], complete: [], run } });
      die();
      const r = useApp.getState().robust;
      expect([r.status, r.rows.primary?.original, r.rows.primary?.partial]).toEqual(['cancelled', { value: 80, n: 6 }, true]);
      expect(r.stopReason).toMatch(/worker stopped/);
      expect(saves()).toEqual([['robustness', true]]);
      return;
    }
    const done = await runningWithCheckpoint(k);
    die();
    const s = useApp.getState();
    const job = s[JOB_OF[k]];
    expect(job.status).toBe('cancelled');
    expect(job.stopReason).toMatch(/worker stopped/);
    const kept = builtInPayload(s, k);
    expect(kept).not.toBeNull();
    expect(saves()).toEqual([[k, true]]);
    // A Cancel at the same point: the same done event, from a worker that lived.
    const died = { payload: kept, saved: dataSent.filter((r) => r.type === 'run-save').length };
    resetStore();
    await runningWithCheckpoint(k);
    applyWorkerEvent(done);
    const c = useApp.getState();
    expect(c[JOB_OF[k]].status).toBe('cancelled');
    expect({ payload: builtInPayload(c, k), saved: saves().length }).toEqual(died);
    void how;
  });
});
