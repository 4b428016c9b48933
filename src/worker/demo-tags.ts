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
import DEMO_COVERAGE from '../core/data/demo-coverage.json' with { type: 'json' };
import { coverageFromParts, type CoveragePart, type TaggerCoverage } from '../core/ner/coverage.ts';

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

/** Each demo question's coverage part by id, as the built-in tagger counts the shipped demo set. */
const demoParts = new Map(Object.entries(DEMO_COVERAGE as Record<string, CoveragePart>));

/**
 * The coverage of a scope of uncorrected demo questions from their shipped parts (demo-coverage.json,
 * what taggerCoverage counts; demo-tags.test.ts checks it on random scopes), or null when some
 * question is not one (another dataset, a corrected type, an id the file lacks): then the count loads
 * the tagger. Without it, opening a run's settings loaded compromise in the data worker (≈ 0.3 s)
 * and a Run clicked meanwhile waited for it (issue 44).
 */
export function shippedDemoCoverage(instances: readonly Instance[], demoId: string, corrected: (x: Instance) => boolean): TaggerCoverage | null {
  const parts: CoveragePart[] = [];
  for (const x of instances) {
    const part = x.dataset === demoId && !corrected(x) ? demoParts.get(x.id) : undefined;
    if (!part) return null;
    parts.push(part);
  }
  return parts.length ? coverageFromParts(parts) : null;
}
