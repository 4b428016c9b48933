/**
 * Watches a worker for death that raises no error event (closed, crashed, out of memory), for both
 * the inference and the data worker. Two signals:
 *
 * - a Web Lock the worker holds for its whole life: when the browser grants it to us, the worker is
 *   gone — exact and immediate, whatever the worker was doing;
 * - a ping every few seconds, for browsers without Web Locks and for a hung worker: it is declared
 *   dead only when a ping stays unanswered AND nothing at all (pong, progress, result) was heard for
 *   a generous silence. A long synchronous ONNX batch blocks pongs, but a batch that takes longer
 *   than the silence (90 s by default) is not a batch any more.
 */
import { packMessage, unpackMessage } from '../../core/data/wire.ts';
import { isHeartbeatEvent, lifeLockName, type DebugAction, type HeartbeatRequest } from '../../worker/heartbeat-protocol.ts';

export interface HeartbeatOptions {
  /** Milliseconds between pings. */
  intervalMs: number;
  /** Milliseconds of complete silence after an unanswered ping before the worker counts as dead. */
  silenceMs: number;
}

export const DEFAULT_HEARTBEAT: HeartbeatOptions = { intervalMs: 5_000, silenceMs: 90_000 };

/** What the heartbeat knows: when the worker was last heard, and the oldest ping sent since. */
export interface Beat {
  lastHeard: number;
  unansweredSince: number | null;
}

/** Whether a worker is silent too long: a ping unanswered and nothing heard for silenceMs. */
export function silentTooLong(b: Beat, now: number, silenceMs: number): boolean {
  return b.unansweredSince !== null && now - b.unansweredSince >= silenceMs;
}

/** The beat after a ping at `now` (the oldest unanswered ping is kept). */
export const pinged = (b: Beat, now: number): Beat => ({ ...b, unansweredSince: b.unansweredSince ?? now });

/** The beat after any message from the worker at `now`: it is alive, nothing is unanswered. */
export const heard = (_b: Beat, now: number): Beat => ({ lastHeard: now, unansweredSince: null });

/**
 * Whether to start another worker after a death at `now`, given earlier deaths: at most `max` in
 * `windowMs`, so a model that kills its worker on every load cannot restart it forever.
 */
export function mayRestart(deaths: readonly number[], now: number, max = 3, windowMs = 60_000): boolean {
  return deaths.filter((t) => now - t < windowMs).length < max;
}

export type DeathCause = 'closed' | 'silent';

/** What the supervisor needs from its environment (injectable for tests). */
export interface SupervisorEnv {
  now(): number;
  setInterval(f: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  locks: Pick<LockManager, 'request'> | null;
}

const browserEnv = (): SupervisorEnv => ({
  now: () => performance.now(),
  setInterval: (f, ms) => setInterval(f, ms),
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
});

export interface Supervisor {
  /** Notes a message from the worker; true when it was a heartbeat message (not for the store). */
  receive(data: unknown): boolean;
  /** Stops watching (before terminating the worker on purpose). */
  stop(): void;
}

/** Watches `worker` (created with the unique `name`); calls `onDead` once when it is gone. */
export function supervise(worker: Pick<Worker, 'postMessage'>, name: string, onDead: (cause: DeathCause) => void, opts: HeartbeatOptions = DEFAULT_HEARTBEAT, env: SupervisorEnv = browserEnv()): Supervisor {
  let beat: Beat = { lastHeard: env.now(), unansweredSince: null };
  let seq = 0;
  let stopped = false;
  const lockAbort = new AbortController();
  const stop = () => {
    if (stopped) return;
    stopped = true;
    env.clearInterval(timer);
    lockAbort.abort();
  };
  const die = (cause: DeathCause) => {
    if (stopped) return;
    stop();
    onDead(cause);
  };
  const timer = env.setInterval(() => {
    if (stopped) return;
    const now = env.now();
    if (silentTooLong(beat, now, opts.silenceMs)) return die('silent');
    beat = pinged(beat, now);
    const ping: HeartbeatRequest = { type: 'qarx-ping', seq: ++seq };
    worker.postMessage(ping);
  }, opts.intervalMs);
  return {
    receive(data) {
      if (stopped) return isHeartbeatEvent(data);
      beat = heard(beat, env.now());
      if (!isHeartbeatEvent(data)) return false;
      // The worker holds its life lock now: our request is granted only when the worker is gone.
      if (data.type === 'qarx-alive' && env.locks) {
        env.locks.request(lifeLockName(name), { signal: lockAbort.signal }, () => die('closed')).catch(() => {});
      }
      return true;
    },
    stop,
  };
}

/** A worker name unique across tabs (Web Locks are shared by every tab of the origin). */
export function uniqueWorkerName(base: string): string {
  return `${base}#${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/** How the page talks to one supervised worker; a dead worker is replaced on the next use. */
export interface WorkerSlot<Req> {
  /** Posts a request, creating the worker first if there is none. */
  send(req: Req): void;
  /** Terminates the worker on purpose (no death reported) and starts a fresh one. */
  restart(): void;
  /** Test hook: makes the worker close itself or hang, without any error event. */
  debug(action: DebugAction): void;
}

export interface SlotHandlers<Ev> {
  event(e: Ev): void;
  error(message: string): void;
  /** The worker died silently; `restart` is false after too many deaths in a row. */
  died(cause: DeathCause, restart: boolean): void;
  /** A fresh worker exists (first start or replacement): send it its set-up messages. */
  created(w: Worker): void;
  /** A worker started before the slot's first use (early-worker.ts), with what it said since. */
  adopt?(): { worker: Worker; name: string; early: (MessageEvent | ErrorEvent)[] } | null;
}

let heartbeatOptions: HeartbeatOptions = DEFAULT_HEARTBEAT;

/** Sets the heartbeat of workers created from now on (?heartbeat=ms in the page URL). */
export function configureHeartbeat(o: Partial<HeartbeatOptions>): void {
  heartbeatOptions = { ...heartbeatOptions, ...o };
}

/** A supervised worker slot: `create` must call `new Worker(new URL(…), { name })` so Vite bundles it. */
export function workerSlot<Req, Ev>(base: string, create: (name: string) => Worker, on: SlotHandlers<Ev>): WorkerSlot<Req> {
  let worker: Worker | null = null;
  let watch: Supervisor | null = null;
  const deaths: number[] = [];
  const get = (): Worker => {
    if (worker) return worker;
    const early = on.adopt?.() ?? null;
    const name = early?.name ?? uniqueWorkerName(base);
    const w = early?.worker ?? create(name);
    const sup = supervise(w, name, (cause) => {
      if (w !== worker) return;
      w.terminate(); // a hung worker keeps running otherwise
      worker = null;
      watch = null;
      const now = performance.now();
      const again = mayRestart(deaths, now);
      deaths.push(now);
      on.died(cause, again);
    }, heartbeatOptions);
    w.onmessage = (ev: MessageEvent<Ev>) => {
      if (sup.receive(ev.data) || w !== worker) return;
      on.event(unpackMessage(ev.data));
    };
    w.onerror = (ev) => {
      if (w === worker) on.error(ev.message || 'unknown error');
    };
    worker = w;
    watch = sup;
    // An adopted worker's earlier events (its 'alive' among them) are handled as if they came now.
    for (const ev of early?.early ?? []) {
      if (ev instanceof MessageEvent) w.onmessage(ev);
      else w.onerror?.(ev);
    }
    on.created(w);
    return w;
  };
  return {
    // Packed (core/data/wire.ts): a passage shared by 2,000 questions crosses once, not 2,000 times.
    send: (req) => get().postMessage(packMessage(req)),
    restart() {
      watch?.stop();
      worker?.terminate();
      worker = null;
      watch = null;
      get();
    },
    debug: (action) => get().postMessage({ type: 'qarx-debug', action } satisfies HeartbeatRequest),
  };
}
