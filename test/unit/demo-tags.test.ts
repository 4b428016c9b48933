/**
 * Issue 44: the data worker starts from the demo set's tags in core/data/demo-tags.json and hands out
 * its InDistName pool from core/data/demo-pool.json instead of tagging the demo passages cold on a
 * first visit. The file must be exactly what the built-in tagger
 * gives now (scripts/make-demo-tags.ts), and a coverage count started from it must tag nothing and
 * count what a fresh count counts.
 */
import { describe, expect, it, vi } from 'vitest';

// Counts every text compromise is asked to read (the tagger's work), passing it through unchanged.
const read = vi.hoisted(() => [] as string[]);
vi.mock('compromise', async (importOriginal) => {
  const real = (await importOriginal<{ default: ((t: string) => unknown) & Record<string, unknown> }>()).default;
  return { default: new Proxy(real, { apply: (target, self, args: [string]) => (read.push(args[0]), Reflect.apply(target, self, args)) }) };
});

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { DEMO_COVERAGE_FILE, demoCoverageJson, DEMO_POOL_FILE, demoPoolJson, demoTags, demoTagsJson, DEMO_TAGS_FILE } from '../../scripts/make-demo-tags.ts';
import { taggerCoverage } from '../../src/core/ner/coverage-of.ts';
import { shippedDemoCoverage } from '../../src/worker/demo-tags.ts';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { forgetRecentEntities } from '../../src/core/entity/spans.ts';
import { newTagStore, tagStoreFrom, type TagStoreData } from '../../src/core/entity/tag-store.ts';
import { coverageOfCollected } from '../../src/worker/scope-coverage.ts';

describe('the demo set\'s shipped tags (core/data/demo-tags.json)', () => {
  it('are what scripts/make-demo-tags.ts generates with the tagger of this checkout', async () => {
    expect(readFileSync(DEMO_TAGS_FILE, 'utf8')).toBe(demoTagsJson(await demoTags()));
  });

  it('the demo pool (core/data/demo-pool.json) is buildNamePool over the demo set with the tagger of this checkout', () => {
    expect(readFileSync(DEMO_POOL_FILE, 'utf8')).toBe(demoPoolJson());
  });

  it('a coverage count started from them reads no passage and counts what a fresh count counts', async () => {
    const shipped = JSON.parse(readFileSync(DEMO_TAGS_FILE, 'utf8')) as TagStoreData;
    const demo = loadDemoSet();
    forgetRecentEntities();
    const fresh = await coverageOfCollected(demo, [], newTagStore());
    forgetRecentEntities();
    read.length = 0;
    const fromFile = await coverageOfCollected(demo, [], tagStoreFrom(shipped));
    expect(read).toEqual([]);
    expect(fromFile).toEqual(fresh);
  });

  it('each demo question\'s coverage part (core/data/demo-coverage.json) is what scripts/make-demo-tags.ts generates', async () => {
    expect(readFileSync(DEMO_COVERAGE_FILE, 'utf8')).toBe(await demoCoverageJson());
  });

  it('the shipped parts of any scope of demo questions add up to what taggerCoverage counts there (issue 38.4\'s partition), with no passage read', async () => {
    const demo = loadDemoSet();
    const shipped = JSON.parse(readFileSync(DEMO_TAGS_FILE, 'utf8')) as TagStoreData;
    forgetRecentEntities();
    const store = tagStoreFrom(shipped);
    await fc.assert(
      fc.asyncProperty(fc.subarray(demo, { minLength: 1 }), async (scope) => {
        read.length = 0;
        const fromParts = shippedDemoCoverage(scope, 'demo', () => false);
        expect(read).toEqual([]);
        expect(fromParts).toEqual(await coverageOfCollected(scope, [], store));
        expect(fromParts).toEqual(await withFreshStore(() => taggerCoverage(scope)));
      }),
      { numRuns: 40 },
    );
  });

  it('counts with the tagger (null from the shipped parts) once a question is corrected, from another dataset, unknown, or none', () => {
    const demo = loadDemoSet();
    expect(shippedDemoCoverage(demo, 'demo', () => false)?.scope).toBe(demo.length);
    expect(shippedDemoCoverage(demo, 'demo', (x) => x.id === demo[3]!.id)).toBeNull();
    expect(shippedDemoCoverage([...demo, { ...demo[0]!, dataset: 'mine' }], 'demo', () => false)).toBeNull();
    expect(shippedDemoCoverage([{ ...demo[0]!, id: 'not-in-the-demo-set' }], 'demo', () => false)).toBeNull();
    expect(shippedDemoCoverage([], 'demo', () => false)).toBeNull();
  });
});

/** Runs a count in a store of its own (a fresh tagger's tags). */
async function withFreshStore<T>(job: () => T): Promise<T> {
  const { withTagStore } = await import('../../src/core/entity/tag-store.ts');
  return withTagStore(async () => job(), newTagStore());
}

