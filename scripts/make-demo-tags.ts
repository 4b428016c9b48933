/**
 * Writes src/core/data/demo-tags.json: the built-in tagger's entity tags of the demo set (its
 * passages' entities and its answers' types, core/entity/tag-store.ts), as the data worker's
 * coverage count and InDistName pool would compute them on every visit; and
 * src/core/data/demo-pool.json, the demo set's InDistName pool (buildNamePool). A first-visit demo
 * sweep waited ≈ 2 s for the tagger (compromise loaded and tagging 40 passages in a cold worker,
 * issue 44); the data worker now starts from these files, tags only what they lack, and builds the
 * pool only when the user corrected a demo answer's type. Run with
 * `npx tsx scripts/make-demo-tags.ts`; test/unit/demo-tags.test.ts regenerates both and compares.
 * Also src/core/data/demo-coverage.json: each demo question's coverage part (coverageParts), so the
 * coverage line of an uncorrected demo scope is added up without loading the tagger (compromise's
 * start-up, ≈ 0.3 s of the data worker that a Run clicked meanwhile waited for).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDemoSet } from '../src/core/data/demo.ts';
import { buildNamePool, forgetRecentEntities } from '../src/core/entity/index.ts';
import { newTagStore, tagStoreData, withTagStore, type TagStoreData } from '../src/core/entity/tag-store.ts';
import { coverageParts, taggerCoverage } from '../src/core/ner/coverage-of.ts';

export const DEMO_TAGS_FILE = join(import.meta.dirname, '..', 'src', 'core', 'data', 'demo-tags.json');
export const DEMO_POOL_FILE = join(import.meta.dirname, '..', 'src', 'core', 'data', 'demo-pool.json');
export const DEMO_COVERAGE_FILE = join(import.meta.dirname, '..', 'src', 'core', 'data', 'demo-coverage.json');

/** Each demo question's coverage part from a fresh tagger, by question id, one per line. */
export async function demoCoverageJson(): Promise<string> {
  forgetRecentEntities();
  const demo = loadDemoSet();
  const parts = await withTagStore(async () => coverageParts(demo), newTagStore());
  return `{\n${demo.map((x, i) => ` ${JSON.stringify(x.id)}: ${JSON.stringify(parts[i])}`).join(',\n')}\n}\n`;
}

/** The demo set's InDistName pool, as the data worker builds it for an uncorrected demo set. */
export function demoPoolJson(): string {
  forgetRecentEntities();
  const pool = buildNamePool(loadDemoSet());
  return `{\n${Object.entries(pool).map(([k, v]) => ` ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n')}\n}\n`;
}

/** The demo set's tags from a fresh tagger: what its coverage count and its name pool tag. */
export async function demoTags(): Promise<TagStoreData> {
  forgetRecentEntities();
  const store = newTagStore();
  const demo = loadDemoSet();
  await withTagStore(async () => {
    taggerCoverage(demo);
    buildNamePool(demo);
  }, store);
  return tagStoreData(store);
}

/** The file's text: one passage or answer map per line, so diffs stay readable. */
export function demoTagsJson(d: TagStoreData): string {
  const lines = (xs: readonly unknown[]) => xs.map((x) => `  ${JSON.stringify(x)}`).join(',\n');
  return `{\n "passages": [\n${lines(d.passages)}\n ],\n "answers": [\n${lines(d.answers)}\n ]\n}\n`;
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(DEMO_TAGS_FILE, demoTagsJson(await demoTags()));
  writeFileSync(DEMO_POOL_FILE, demoPoolJson());
  writeFileSync(DEMO_COVERAGE_FILE, await demoCoverageJson());
}
