import { describe, expect, it } from 'vitest';
import { IdlePreloader, type Timers } from '../../src/worker/idle-preload.ts';

/** Timers run by hand: `fire()` runs the pending callback, as if its quiet period had passed. */
function manualTimers(): Timers & { pending: number; fire(): Promise<void> } {
  let cb: (() => void) | null = null;
  let id = 0;
  let live = -1;
  return {
    set(f) {
      cb = f;
      live = ++id;
      return live;
    },
    clear(h) {
      if (h === live) cb = null;
    },
    get pending() {
      return cb ? 1 : 0;
    },
    async fire() {
      const f = cb;
      cb = null;
      f?.();
      for (let i = 0; i < 5; i++) await Promise.resolve(); // let the import's promise settle
    },
  };
}

describe('IdlePreloader (issue 44: late-loaded code imported while the worker is idle)', () => {
  it('imports nothing before the first model has loaded', () => {
    const t = manualTimers();
    const done: string[] = [];
    const p = new IdlePreloader([async () => done.push('a')], () => false, 10, t);
    p.poke();
    expect(t.pending).toBe(0);
    expect(done).toEqual([]);
  });

  it('imports one module per quiet period, in order, then stops', async () => {
    const t = manualTimers();
    const done: string[] = [];
    const p = new IdlePreloader([async () => done.push('explain'), async () => done.push('entity')], () => false, 10, t);
    p.start();
    await t.fire();
    expect(done).toEqual(['explain']);
    await t.fire();
    expect(done).toEqual(['explain', 'entity']);
    expect(p.done).toBe(true);
    expect(t.pending).toBe(0);
  });

  it('waits while a job runs and after every message, and survives a failed import', async () => {
    const t = manualTimers();
    const done: string[] = [];
    let busy = true;
    const p = new IdlePreloader([() => Promise.reject(new Error('offline')), async () => done.push('b')], () => busy, 10, t);
    p.start();
    await t.fire(); // busy: nothing imported, re-armed
    expect(t.pending).toBe(1);
    busy = false;
    p.poke(); // a message re-arms the quiet period
    await t.fire(); // the failing import
    await t.fire();
    expect(done).toEqual(['b']);
  });
});
