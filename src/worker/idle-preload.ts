/**
 * Imports late-loaded modules while the worker has nothing to do, one per quiet period, so e.g. a
 * first Explain does not wait for its code to be fetched, parsed and compiled (issue 44: 2 s of
 * compiling before a first Explain's 27–66 ms of work). It starts after the first
 * model has loaded (the first answer never waits for it), and each import waits until no message
 * has arrived for `quietMs` and no job is running, so it never competes with the user's work.
 */

/** Timer functions, injectable so the logic is tested without real time. */
export interface Timers {
  set(f: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = { set: (f, ms) => setTimeout(f, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };

/** The modules still to import, in order, and the quiet period before the next one. */
export class IdlePreloader {
  private next = 0;
  private timer: unknown = null;
  private started = false;
  private importing = false;

  constructor(
    private readonly loads: readonly (() => Promise<unknown>)[],
    private readonly busy: () => boolean,
    private readonly quietMs = 1500,
    private readonly timers: Timers = realTimers,
  ) {}

  /** The first model is ready: from now on, quiet periods import modules. */
  start(): void {
    this.started = true;
    this.arm();
  }

  /** A message arrived: the next import waits for another full quiet period. */
  poke(): void {
    if (this.started) this.arm();
  }

  /** Whether every module has been imported (or tried). */
  get done(): boolean {
    return this.next >= this.loads.length;
  }

  private arm(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    if (this.done || this.importing) return;
    this.timer = this.timers.set(() => void this.fire(), this.quietMs);
  }

  private async fire(): Promise<void> {
    this.timer = null;
    if (this.busy()) return this.arm();
    const load = this.loads[this.next++];
    this.importing = true;
    // A failed import is not retried here: its command imports it again on first use (lazy-modules.ts).
    await load?.().catch(() => undefined);
    this.importing = false;
    this.arm();
  }
}
