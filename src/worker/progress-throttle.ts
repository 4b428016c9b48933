/** The worker's shared progress throttle for experiment jobs. */
import type { WorkerEvent } from './protocol.ts';

/** Progress posts at most every 100 ms (and at the end), so a fast job does not flood the UI thread. */
export function throttle(jobId: number, label: string, post: (e: WorkerEvent) => void): (done: number, total: number) => void {
  let last = 0;
  return (done, total) => {
    const now = performance.now();
    if (now - last > 100 || done === total) {
      last = now;
      post({ type: 'experiment-progress', jobId, progress: { done, total, label } });
    }
  };
}
