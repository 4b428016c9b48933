/**
 * The install's pause while the page runs a job (issue 44; the page's side is
 * src/app/shell/offline-setup.ts): the page posts { type: 'QARX_INSTALL_PAUSE', pause } to the
 * installing worker, and each precache fetch of the install waits here while paused. Browsers end
 * an event whose waitUntil lasts too long (Chromium: 5 minutes), which would throw the install away,
 * so all pauses of one install together last at most `budgetMs`; then it goes on beside the job.
 */

/** The message the page posts. */
export interface InstallPauseMessage {
  type: 'QARX_INSTALL_PAUSE';
  pause: boolean;
}

/** Whether a message event's data is the page's pause message. */
export const isPauseMessage = (d: unknown): d is InstallPauseMessage => typeof d === 'object' && d !== null && (d as { type?: unknown }).type === 'QARX_INSTALL_PAUSE' && typeof (d as { pause?: unknown }).pause === 'boolean';

/** A gate the install's fetches pass: open unless paused, and never closed longer than the budget in all. */
export class InstallPause {
  private paused = false;
  private waiters: (() => void)[] = [];
  private spentMs = 0;

  constructor(
    private readonly budgetMs: number,
    private readonly now: () => number = () => Date.now(),
    private readonly later: (f: () => void, ms: number) => void = (f, ms) => void setTimeout(f, ms),
  ) {}

  /** Pauses or resumes; resuming lets every waiting fetch go. */
  set(pause: boolean): void {
    this.paused = pause;
    if (!pause) this.release();
  }

  /** Resolves at once when open, else when resumed or the budget is spent. */
  wait(): Promise<void> {
    const left = this.budgetMs - this.spentMs;
    if (!this.paused || left <= 0) return Promise.resolve();
    const start = this.now();
    return new Promise((resolve) => {
      const done = () => {
        this.spentMs += this.now() - start;
        resolve();
      };
      this.waiters.push(done);
      this.later(() => this.release(done), left);
    });
  }

  /** Lets one waiter go (its budget ran out), or all of them. */
  private release(only?: () => void): void {
    const go = only ? this.waiters.filter((w) => w === only) : this.waiters;
    this.waiters = only ? this.waiters.filter((w) => w !== only) : [];
    for (const w of go) w();
  }
}
