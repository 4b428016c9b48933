/**
 * Charts drawn after the frame that shows a run's table (issue 44: rendering off the sweep's path).
 * A finished sweep's four charts cost the page ≈ 150 ms of recharts; drawn in the same render as the
 * table they held the table back by that much. React's own deferral (useDeferredValue) did not help
 * here: the store's updates render synchronously, and the charts came in the same task.
 */
import { useEffect, useState } from 'react';

/** True once `ready` has been true for one painted frame (also right after mounting); false at once when `ready` is false. */
export function useAfterPaint(ready: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready) return;
    // A timer queued in the next frame's callback runs after that frame is painted.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      setPainted(false); // the next time `ready` turns true waits for a frame again
    };
  }, [ready]);
  return ready && painted;
}
