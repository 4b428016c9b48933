/**
 * A lazily imported module, started once and shared; a failed import (e.g. a chunk missing offline)
 * is tried again on the next use instead of failing for good.
 */
export const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let p: Promise<T> | null = null;
  return () =>
    (p ??= load().catch((err: unknown) => {
      p = null;
      throw err;
    }));
};
