/**
 * Issue 44: an experiment's page preloads in the inference worker the modules its runs use, and only
 * those (a sweep's page also loaded the natural edits' noise tables, ≈ 0.1 s of a demo sweep's start).
 */
import { describe, expect, it, vi } from 'vitest';

const imported = vi.hoisted(() => [] as string[]);
vi.mock('../../src/core/entity/index.ts', () => (imported.push('entity'), {}));
vi.mock('../../src/core/natural/pairs.ts', () => (imported.push('pairs'), {}));
vi.mock('../../src/core/natural/noise-passage.ts', () => (imported.push('noise'), {}));
vi.mock('../../src/core/sensitivity/dpr.ts', () => (imported.push('paraphrases'), {}));
vi.mock('../../src/core/results/robustness.ts', () => (imported.push('robustness'), {}));
vi.mock('../../src/worker/trap-jobs.ts', () => (imported.push('traps'), {}));

import { lazy, preloadFor } from '../../src/worker/lazy-modules.ts';

describe('preloadFor: the modules an experiment page loads while the user sets a run up', () => {
  it.each<[string[], string[]]>([
    [['sweep'], ['entity']],
    [['budget'], ['entity']],
    [['universal'], ['entity']],
    [['export'], ['entity']],
    [['natural', 'synthetic'], ['noise', 'pairs']],
    [['paraphrase'], ['paraphrases']],
    [['traps', 'adversarial'], ['traps']],
    [['robustness'], ['robustness']],
    [['not-a-kind'], []],
  ])('%j → %j', async (kinds, want) => {
    const loads = preloadFor(kinds);
    await Promise.all(loads);
    expect(loads).toHaveLength(want.length);
    for (const m of want) expect(imported).toContain(m);
  });

  it('a sweep page\'s one load is the entity modules\' (not the revision pairs\' or the noise tables\')', () => {
    const loads = preloadFor(['sweep']);
    expect(loads).toHaveLength(1);
    expect(loads[0]).toBe(lazy.entity());
    expect(loads[0]).not.toBe(lazy.noise());
    expect(loads[0]).not.toBe(lazy.pairs());
  });
});
