/**
 * The worker supervisor: a worker that dies without an error event is noticed (its life lock is
 * granted to the page, or it stays silent), while a busy worker that keeps talking, however slowly,
 * is never declared dead. Time is simulated: nothing here depends on the machine's speed.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { mayRestart, silentTooLong, supervise, workerSlot, type DeathCause, type HeartbeatOptions, type SupervisorEnv } from '../../src/app/workers/supervisor.ts';

/** A simulated clock with one interval timer, a worker that records what it is sent, and fake Web Locks. */
function harness(opts: HeartbeatOptions, locks = true) {
  let now = 0;
  let tick: (() => void) | null = null;
  let every = 0;
  let next = 0;
  const grants: { name: string; signal: AbortSignal | undefined; grant: () => void }[] = [];
  const env: SupervisorEnv = {
    now: () => now,
    setInterval: (f, ms) => {
      tick = f;
      every = ms;
      next = ms;
      return 1;
    },
    clearInterval: () => {
      tick = null;
    },
    locks: locks
      ? {
          request: ((name: string, o: LockOptions, cb: () => unknown) => {
            grants.push({ name, signal: o.signal, grant: () => void cb() });
            return new Promise(() => {});
          }) as unknown as LockManager['request'],
        }
      : null,
  };
  const posted: unknown[] = [];
  const deaths: DeathCause[] = [];
  const sup = supervise({ postMessage: (m: unknown) => posted.push(m) }, 'qa#1', (c) => deaths.push(c), opts, env);
  return {
    sup,
    posted,
    deaths,
    grants,
    /** Advances the clock to `t`, firing the interval timer on the way. */
    advance(t: number) {
      while (tick && next <= t) {
        now = next;
        tick();
        next += every;
      }
      now = t;
    },
  };
}

const OPTS: HeartbeatOptions = { intervalMs: 5_000, silenceMs: 90_000 };

describe('silentTooLong', () => {
  it.each([
    { beat: { lastHeard: 0, unansweredSince: null }, now: 1e9, dead: false, why: 'no ping unanswered' },
    { beat: { lastHeard: 0, unansweredSince: 5_000 }, now: 94_999, dead: false, why: 'just under the silence' },
    { beat: { lastHeard: 0, unansweredSince: 5_000 }, now: 95_000, dead: true, why: 'a ping unanswered for the whole silence' },
  ])('$why → $dead', ({ beat, now, dead }) => {
    expect(silentTooLong(beat, now, 90_000)).toBe(dead);
  });
});

describe('mayRestart', () => {
  it.each([
    { deaths: [], now: 0, ok: true },
    { deaths: [0, 10_000], now: 20_000, ok: true },
    { deaths: [0, 10_000, 20_000], now: 30_000, ok: false },
    { deaths: [0, 10_000, 20_000], now: 65_000, ok: true },
  ])('after $deaths at $now → $ok', ({ deaths, now, ok }) => {
    expect(mayRestart(deaths, now)).toBe(ok);
  });
});

describe('supervise', () => {
  it('declares a worker dead at once when the browser grants its life lock', () => {
    const h = harness(OPTS);
    expect(h.sup.receive({ type: 'qarx-alive' })).toBe(true);
    expect(h.grants.map((g) => g.name)).toEqual(['qarx-life:qa#1']);
    h.grants[0]?.grant();
    expect(h.deaths).toEqual(['closed']);
    h.advance(1_000_000);
    expect(h.deaths).toEqual(['closed']); // once only; the timer stopped
  });

  it('withdraws its lock request when stopped on purpose, and reports nothing', () => {
    const h = harness(OPTS);
    h.sup.receive({ type: 'qarx-alive' });
    h.sup.stop();
    expect(h.grants[0]?.signal?.aborted).toBe(true);
    h.grants[0]?.grant();
    expect(h.deaths).toEqual([]);
  });

  it('keeps a worker that answers pings alive, and hides heartbeat messages from the store', () => {
    const h = harness(OPTS, false);
    for (let t = 5_000; t <= 600_000; t += 5_000) {
      h.advance(t);
      expect(h.sup.receive({ type: 'qarx-pong', seq: 1 })).toBe(true);
    }
    expect(h.posted.length).toBe(120);
    expect(h.sup.receive({ type: 'predicted', jobId: 1 })).toBe(false);
    expect(h.deaths).toEqual([]);
  });

  it('keeps a busy worker alive that answers no ping but sends progress every 60 s', () => {
    const h = harness(OPTS, false);
    for (let t = 60_000; t <= 1_200_000; t += 60_000) {
      h.advance(t);
      h.sup.receive({ type: 'predict-progress', jobId: 1 });
    }
    expect(h.deaths).toEqual([]);
  });

  it('declares a silent worker dead after the silence, not before', () => {
    const h = harness(OPTS, false);
    h.advance(94_999);
    expect(h.deaths).toEqual([]);
    h.advance(95_000); // first ping at 5 s, unanswered for 90 s
    expect(h.deaths).toEqual(['silent']);
  });

  it('property: a worker never silent for the silence is never declared dead', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: OPTS.silenceMs - 1 }), { minLength: 1, maxLength: 60 }), (gaps) => {
        const h = harness(OPTS, false);
        let t = 0;
        for (const g of gaps) {
          t += g;
          h.advance(t);
          h.sup.receive({ type: 'sweep-cell' });
        }
        return h.deaths.length === 0;
      }),
    );
  });

  it('property: a worker silent for the silence plus two intervals is declared dead, once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: OPTS.silenceMs - 1 }), { maxLength: 20 }), fc.integer({ min: 0, max: 100_000 }), (gaps, extra) => {
        const h = harness(OPTS, false);
        let t = 0;
        for (const g of gaps) {
          t += g;
          h.advance(t);
          h.sup.receive({ type: 'experiment-progress' });
        }
        h.advance(t + OPTS.silenceMs + 2 * OPTS.intervalMs + extra);
        return h.deaths.length === 1 && h.deaths[0] === 'silent';
      }),
    );
  });
});

describe('workerSlot adopting the early worker (boot.ts)', () => {
  it('uses the early worker and its name, and hands its earlier events on in order, heartbeat ones hidden', () => {
    vi.useFakeTimers();
    try {
      const posted: unknown[] = [];
      const fake = { postMessage: (m: unknown) => posted.push(m), terminate: () => {}, onmessage: null, onerror: null } as unknown as Worker;
      const early = [new MessageEvent('message', { data: { type: 'qarx-alive' } }), new MessageEvent('message', { data: { type: 'first' } }), new MessageEvent('message', { data: { type: 'second' } })];
      const got: unknown[] = [];
      let created = 0;
      const slot = workerSlot<{ type: string }, { type: string }>('qa', () => {
        created++;
        return fake;
      }, { event: (e) => got.push(e.type), error: () => {}, died: () => {}, created: () => {}, adopt: () => ({ worker: fake, name: 'qa#early', early }) });
      slot.send({ type: 'init' });
      expect(created).toBe(0);
      expect(got).toEqual(['first', 'second']);
      expect(posted).toEqual([{ type: 'init' }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
