/**
 * A full garbage collection on demand, for the commands that walk a big input: V8 lets its heap
 * grow to about twice the live data before collecting, which on a 200 MB input means gigabytes of
 * garbage. Collecting every so many questions keeps the peak near the live size.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

/** Runs a full collection (a no-op where the runtime does not allow it). */
export function collectGarbage(): void {
  if (gc === undefined) {
    try {
      // --expose-gc set now applies to contexts created afterwards: the new context's `gc` is V8's.
      setFlagsFromString('--expose-gc');
      gc = runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
}

/** Questions between two collections while a big input is walked. */
export const GC_EVERY = 20_000;

/** Yields each item and drops it from the array, so a big input's originals can be freed while their perturbed copies are built. */
export function* drain<T>(items: (T | null)[]): Generator<T> {
  for (let k = 0; k < items.length; k++) {
    const item = items[k];
    items[k] = null;
    if (item !== null && item !== undefined) yield item;
  }
}
