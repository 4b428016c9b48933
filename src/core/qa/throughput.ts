/**
 * Windows per second of a model, measured where the windows are computed: a runner wrapper
 * counts the windows of every batch and the time the batch took. take() hands over what the last
 * job measured and starts afresh; cached windows never reach the runner, so they do not count.
 */
import type { Logits, ModelRunner } from './engine.ts';
import type { Window } from './windows.ts';

/** Windows computed and the milliseconds they took. */
export interface Throughput {
  windows: number;
  ms: number;
}

/** A runner that measures itself. */
export interface MeteredRunner {
  runner: ModelRunner;
  /** What was measured since the last take, then zeroed. */
  take(): Throughput;
}

/** Wraps `runner`; `now` is the clock in milliseconds (performance.now in the worker). */
export function meterRunner(runner: ModelRunner, now: () => number): MeteredRunner {
  let windows = 0;
  let ms = 0;
  return {
    runner: {
      async run(rows: readonly Window[], padId: number): Promise<Logits[]> {
        const t0 = now();
        const out = await runner.run(rows, padId);
        windows += rows.length;
        ms += now() - t0;
        return out;
      },
    },
    take() {
      const t = { windows, ms };
      windows = 0;
      ms = 0;
      return t;
    },
  };
}

/** Windows per second, or null when nothing was computed, e.g. { windows: 30, ms: 1500 } → 20. */
export function windowsPerSecond(t: Throughput | null): number | null {
  return t && t.windows > 0 && t.ms > 0 ? (t.windows * 1000) / t.ms : null;
}
