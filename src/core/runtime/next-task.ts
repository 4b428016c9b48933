/**
 * Yielding to the event loop between steps of a long job, so that a cancel message queued behind it
 * is read, without a timer's clamp.
 *
 * `setTimeout(r, 0)` is clamped to 4 ms once timers nest five deep (HTML's timer nesting level),
 * which every await chain of a run reaches at once: traced in the inference worker, the demo sweep's
 * 80 cells each waited 4 ms doing nothing (≈ 0.3 s of a 1.35 s sweep; docs/benchmarks.md, issue 44).
 * A message to oneself is a task too (the worker's queued messages are read before it) and is never
 * clamped; Node has setImmediate, whose MessagePort would keep the process alive.
 */

type Resume = () => void;

/** Task-posting primitive of this runtime: setImmediate in Node, a MessageChannel elsewhere, setTimeout as a last resort. */
export function taskPoster(): (run: Resume) => void {
  const g = globalThis as { setImmediate?: (f: Resume) => unknown; MessageChannel?: typeof MessageChannel };
  // Looked up at each call, so a test's fake timers (which replace setImmediate) still apply.
  if (typeof g.setImmediate === 'function') return (run) => void (globalThis as unknown as { setImmediate: (f: Resume) => unknown }).setImmediate(run);
  if (typeof g.MessageChannel === 'function') {
    // One channel for every yield: resumes are queued in order and each message wakes the oldest.
    const channel = new g.MessageChannel();
    const waiting: Resume[] = [];
    channel.port1.onmessage = () => waiting.shift()?.();
    return (run) => {
      waiting.push(run);
      channel.port2.postMessage(null);
    };
  }
  return (run) => void setTimeout(run, 0);
}

let post: ((run: Resume) => void) | null = null;

/** Resolves in a later task of the event loop (never a clamped timer), e.g. `await nextTask()` between a run's cells. */
export function nextTask(): Promise<void> {
  post ??= taskPoster();
  return new Promise<void>((resolve) => post!(resolve));
}
