import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { wasmThreadsFor } from '../../src/core/runtime/threads.ts';

describe('wasmThreadsFor: ONNX Runtime Web threads in the app (issue 44, the sweep on 2 cores)', () => {
  it.each([
    // cores, cross-origin isolated, threads
    [1, true, 1],
    [2, true, 1], // was 2: a spinning second ORT thread took the core the worker's own JavaScript needs
    [3, true, 2],
    [4, true, 2],
    [8, true, 4],
    [16, true, 4],
    [8, false, 1], // no shared memory, no threads
    [0, true, 1], // navigator.hardwareConcurrency unknown
    [Number.NaN, true, 1],
  ])('%s logical cores, isolated %s → %s threads', (cores, isolated, threads) => {
    expect(wasmThreadsFor(cores, isolated)).toBe(threads);
  });

  it('leaves at least half the cores to the page, the worker and the compilers, and never exceeds 4', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 256 }), (cores) => {
        const t = wasmThreadsFor(cores, true);
        expect(t).toBeGreaterThanOrEqual(1);
        expect(t).toBeLessThanOrEqual(4);
        expect(t).toBeLessThanOrEqual(Math.ceil(cores / 2));
      }),
    );
  });
});
