import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/cli/gc.ts';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('collectGarbage', () => {
  it('runs a real full collection: an unreachable object is gone afterwards', async () => {
    let big: number[] | null = Array.from({ length: 100_000 }, (_, i) => i);
    const ref = new WeakRef(big);
    big = null;
    // WeakRef targets live until the current job ends; collect on a later turn.
    await tick();
    collectGarbage();
    await tick();
    expect(ref.deref()).toBeUndefined();
  });
});
