/**
 * Issue 44: the service worker's install never competes with a running job. The policy
 * (src/app/shell/offline-setup.ts) and the install's pause (src/sw/install-pause.ts), hand-computed.
 */
import { describe, expect, it } from 'vitest';
import { inferenceBusy, offlineSetupStep, QUIET_MS, workerQuiet, type BusyView, type OfflineSetupState } from '../../src/app/shell/offline-setup.ts';
import { EXPERIMENTS } from '../../src/app/store/health-slice.ts';
import { InstallPause, isPauseMessage } from '../../src/sw/install-pause.ts';

const job = (status: string) => ({ status, jobId: status === 'idle' ? null : 1, progress: null, selected: 0, error: null, run: null });

/** An idle store's fields, with `patch` over them. */
function view(patch: Record<string, unknown> = {}): BusyView {
  const idle = Object.fromEntries(EXPERIMENTS.map((k) => [k, job('idle')]));
  return { loadJob: null, addedModels: [], robust: { status: 'idle' }, ...idle, ...patch } as unknown as BusyView;
}

describe('inferenceBusy: the jobs an install would compete with', () => {
  it.each<[string, Record<string, unknown>, boolean]>([
    ['nothing running', {}, false],
    ['the first model load', { loadJob: 3 }, true],
    ['a sweep reading its questions', { sweep: job('collecting') }, true],
    ['a sweep running', { sweep: job('running') }, true],
    ['a sweep done', { sweep: job('done') }, false],
    ['a sweep cancelled', { sweep: job('cancelled') }, false],
    ['an adversarial run (field adversarialJob)', { adversarialJob: job('running') }, true],
    ['an export running', { exportJob: job('running') }, true],
    ['the robustness table running', { robust: { status: 'running' } }, true],
    ['the robustness table failed', { robust: { status: 'error' } }, false],
    ['a second model loading', { addedModels: [{ status: 'loading' }] }, true],
    ['a second model ready', { addedModels: [{ status: 'ready' }] }, false],
  ])('%s → %s', (_name, patch, busy) => {
    expect(inferenceBusy(view(patch))).toBe(busy);
  });
});

describe('offlineSetupStep: register, pause, and the notice', () => {
  const s = (firstLoadOver: boolean, busy: boolean, registered: boolean, ready: boolean, quiet = true): OfflineSetupState => ({ firstLoadOver, busy, quiet, registered, ready });
  it.each<[string, OfflineSetupState, { register: boolean; pause: boolean; waitNotice: boolean }]>([
    ['model still loading: nothing yet', s(false, true, false, false), { register: false, pause: false, waitNotice: false }],
    ['first answer shown, idle: register', s(true, false, false, false), { register: true, pause: false, waitNotice: false }],
    ['first answer shown, a sweep already running: wait and say so', s(true, true, false, false), { register: false, pause: true, waitNotice: true }],
    ['registered, a sweep starts: pause the install and say so', s(true, true, true, false), { register: false, pause: true, waitNotice: true }],
    ['registered, the sweep ended: go on, no notice', s(true, false, true, false), { register: false, pause: false, waitNotice: false }],
    ['already saved (later visit), a sweep running: pause an update, no notice', s(true, true, false, true), { register: false, pause: true, waitNotice: false }],
    ['already saved, idle: register (updates)', s(true, false, false, true), { register: true, pause: false, waitNotice: false }],
    ['registered and saved, idle: nothing to do', s(true, false, true, true), { register: false, pause: false, waitNotice: false }],
    ['first answer just shown (worker not quiet yet): wait, no notice', s(true, false, false, false, false), { register: false, pause: true, waitNotice: false }],
    ['registered, a live edit or Explain under way: pause, no notice', s(true, false, true, false, false), { register: false, pause: true, waitNotice: false }],
    ['registered, a sweep running and the worker busy talking: pause and say so', s(true, true, true, false, false), { register: false, pause: true, waitNotice: true }],
    ['model still loading, worker talking: nothing yet', s(false, true, false, false, false), { register: false, pause: false, waitNotice: false }],
  ])('%s', (_name, state, step) => {
    expect(offlineSetupStep(state)).toEqual(step);
  });
});

describe('workerQuiet: no request or event for QUIET_MS', () => {
  it.each<[string, number, number, boolean]>([
    ['never talked to', 10, -Infinity, true],
    ['just now', 5000, 5000, false],
    ['one ms short', 5000 + QUIET_MS - 1, 5000, false],
    ['exactly QUIET_MS later', 5000 + QUIET_MS, 5000, true],
    ['long after', 60_000, 5000, true],
  ])('%s', (_name, now, last, quiet) => {
    expect(workerQuiet(now, last)).toBe(quiet);
  });
});

describe("InstallPause: the install's fetches wait while paused, within a budget", () => {
  /** A pause on a hand-driven clock: timers run only when the test advances it. */
  function manual(budget: number) {
    let t = 0;
    const timers: { at: number; f: () => void }[] = [];
    const gate = new InstallPause(budget, () => t, (f, ms) => void timers.push({ at: t + ms, f }));
    const advance = (ms: number) => {
      t += ms;
      for (const x of timers.filter((x) => x.at <= t)) x.f();
    };
    return { gate, advance };
  }
  const settled = async (p: Promise<void>) => {
    let done = false;
    void p.then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };

  it('open: a fetch goes at once', async () => {
    expect(await settled(manual(1000).gate.wait())).toBe(true);
  });

  it('paused: fetches wait until resumed, then all go', async () => {
    const { gate } = manual(1000);
    gate.set(true);
    const a = gate.wait();
    const b = gate.wait();
    expect(await settled(a)).toBe(false);
    gate.set(false);
    expect(await settled(a)).toBe(true);
    expect(await settled(b)).toBe(true);
  });

  it('a pause longer than the budget lets the install go on; later pauses no longer hold it', async () => {
    const { gate, advance } = manual(1000);
    gate.set(true);
    const a = gate.wait();
    advance(999);
    expect(await settled(a)).toBe(false);
    advance(1);
    expect(await settled(a)).toBe(true);
    expect(await settled(gate.wait())).toBe(true);
  });

  it('the budget counts every pause of one install: 600 + 400 ms of 1,000', async () => {
    const { gate, advance } = manual(1000);
    gate.set(true);
    const a = gate.wait();
    advance(600);
    gate.set(false);
    expect(await settled(a)).toBe(true);
    gate.set(true);
    const b = gate.wait();
    advance(399);
    expect(await settled(b)).toBe(false);
    advance(1);
    expect(await settled(b)).toBe(true);
  });

  it.each<[unknown, boolean]>([
    [{ type: 'QARX_INSTALL_PAUSE', pause: true }, true],
    [{ type: 'QARX_INSTALL_PAUSE', pause: false }, true],
    [{ type: 'QARX_INSTALL_PAUSE' }, false],
    [{ type: 'SKIP_WAITING' }, false],
    [null, false],
    ['QARX_INSTALL_PAUSE', false],
  ])('isPauseMessage(%j) → %s', (d, ok) => {
    expect(isPauseMessage(d)).toBe(ok);
  });
});
