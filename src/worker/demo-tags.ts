/**
 * The demo set's entity tags and InDistName pool in the data worker (issue 44). The tags are kept for
 * the session as an import keeps a dataset's: the coverage count and the pool tag into them, and a
 * sweep gets them with its questions. They start from the built-in tagger's tags of the shipped demo
 * set (core/data/demo-tags.json) and the pool from core/data/demo-pool.json, both written by
 * scripts/make-demo-tags.ts and compared by demo-tags.test.ts: a first visit's count and sweep no
 * longer wait for a cold tagger (≈ 2 s on 2 cores).
 */
import type { Instance } from '../core/data/types.ts';
import type { NamePool } from '../core/entity/name-pool.ts';
import { tagStoreData, tagStoreFrom, type TagStoreData } from '../core/entity/tag-store.ts';
import DEMO_TAGS from '../core/data/demo-tags.json' with { type: 'json' };
import DEMO_POOL from '../core/data/demo-pool.json' with { type: 'json' };

// The files are what the tagger writes (demo-tags.test.ts regenerates and compares them), so their shapes are these.
/** The demo set's tags for the session. */
export const demoTags = tagStoreFrom(DEMO_TAGS as unknown as TagStoreData);
/** The InDistName pool of the uncorrected demo set (buildNamePool's). */
export const shippedDemoPool = DEMO_POOL as NamePool;

/**
 * The coverage counts in flight (settled when none): a run collected while one tags would otherwise
 * send demo passages untagged, and the inference worker would tag them again beside the count.
 */
let counting: Promise<unknown> = Promise.resolve();

/** Notes a coverage count that tags into demoTags. */
export function countingDemoTags(count: Promise<unknown>): void {
  counting = Promise.all([counting, count.catch(() => undefined)]);
}

/** Waits for the counts in flight when some of `instances` (a run's demo questions) has a passage not tagged yet. */
export async function demoTagsFor(instances: readonly Instance[]): Promise<void> {
  if (instances.some((x) => !demoTags.passages.has(x.context))) await counting;
}

/** The demo set's tags as a sweep receives them (null: none). */
export function demoTagData(): TagStoreData | null {
  return demoTags.passages.size + demoTags.answers.size > 0 ? tagStoreData(demoTags) : null;
}
