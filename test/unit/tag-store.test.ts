/**
 * Issue 29 §1: a sweep tags each passage and answer once per dataset (tag-store.ts), never a
 * passage whose question cannot be renamed, and its cells are the same to the last bit whether
 * the tags come from the store, from a saved file, or are computed afresh.
 */
import 'fake-indexeddb/auto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Counts every text compromise is asked to read (the tagger's work), passing it through unchanged.
const read = vi.hoisted(() => [] as string[]);
vi.mock('compromise', async (importOriginal) => {
  const real = (await importOriginal<{ default: ((t: string) => unknown) & Record<string, unknown> }>()).default;
  const counted = new Proxy(real, {
    apply(target, self, args: [string]) {
      read.push(args[0]);
      return Reflect.apply(target, self, args);
    },
  });
  return { default: counted };
});

import { loadDemoSet } from '../../src/core/data/demo.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { forgetRecentEntities, runSweep, type Predictor, type SweepConfig } from '../../src/core/entity/index.ts';
import { newTagStore, tagStoreData, tagStoreFrom, useTagStore } from '../../src/core/entity/tag-store.ts';
import { loadTags, saveTags, useSavedTags } from '../../src/cli/tag-cache.ts';
import { classify } from '../../src/worker/import-job.ts';
import { QarxDb, removeDataset } from '../../src/worker/db.ts';

/** A predictor that answers each question with its passage's first five words (deterministic). */
const firstWords: Predictor = async (inputs) => ({
  predictions: inputs.map((x) => ({ id: x.id, text: x.context.split(' ').slice(0, 5).join(' '), best: null, nbest: [], nullScoreDiff: null, windows: 1 })),
  cancelled: false,
});

const CONFIG: SweepConfig = { target: 'answer', types: ['PER', 'ORG', 'GPE'], sources: ['indist', 'db', 'randstr'], seeds: 3, origin: 'us', origins: ['us', 'in'] };

/** English demo questions without their stored answer types, as a file without types is read. */
function untyped(): Instance[] {
  return loadDemoSet()
    .filter((i) => i.lang === 'en')
    .map((i) => ({ ...i, answerType: undefined }));
}

afterEach(() => useTagStore(null));

describe('tags once per dataset (issue 29 §1)', () => {
  it('a sweep of 3 seeds × 3 sources × 3 types reads each passage and each answer at most once', async () => {
    const instances = untyped();
    read.length = 0;
    forgetRecentEntities();
    await runSweep(instances, CONFIG, firstWords);
    const counts = new Map<string, number>();
    for (const t of read) counts.set(t, (counts.get(t) ?? 0) + 1);
    const passages = new Set(instances.map((i) => i.context));
    // An answer is typed once per passage it answers in (its type depends on the passage's people).
    const places = (t: string) => new Set(instances.filter((i) => i.answers[0]?.text.trim() === t).map((i) => `${i.answers[0]?.start} ${i.context}`)).size;
    const again = [...counts].filter(([t, n]) => (passages.has(t) && n > 1) || (places(t) > 0 && n > places(t)));
    expect(again).toEqual([]);
  });

  it('never tags a passage none of whose questions has an entity answer (the pre-check)', async () => {
    const instances = untyped();
    // Passages whose answerable questions all have answers without a capital letter (dates,
    // numbers, common nouns): no type but 'other', so nothing to rename and no reason to tag.
    const named = (i: Instance) => !i.isImpossible && /\p{Lu}/u.test(i.answers[0]?.text ?? '');
    const skippable = [...new Set(instances.map((i) => i.context))].filter((c) => !instances.some((i) => i.context === c && named(i)));
    expect(skippable.length).toBeGreaterThan(0);
    read.length = 0;
    forgetRecentEntities();
    const store = newTagStore();
    useTagStore(store);
    await runSweep(instances, CONFIG, firstWords);
    for (const c of skippable) {
      expect(read).not.toContain(c);
      expect(store.passages.has(c)).toBe(false);
    }
  });

  it('cells are identical with a fresh store, a reused one and one read back from its saved data', async () => {
    const instances = untyped();
    const fresh = await runSweep(instances, CONFIG, firstWords);
    const store = newTagStore();
    useTagStore(store);
    await runSweep(instances, CONFIG, firstWords);
    read.length = 0;
    forgetRecentEntities();
    const reused = await runSweep(instances, CONFIG, firstWords);
    expect(read.filter((t) => instances.some((i) => i.context === t))).toEqual([]); // nothing tagged again
    useTagStore(tagStoreFrom(JSON.parse(JSON.stringify(tagStoreData(store)))));
    const reread = await runSweep(instances, CONFIG, firstWords);
    expect(JSON.stringify(reused.cells)).toBe(JSON.stringify(fresh.cells));
    expect(JSON.stringify(reread.cells)).toBe(JSON.stringify(fresh.cells));
  });
});

describe('the CLI tag cache (src/cli/tag-cache.ts)', () => {
  it('saves a run’s tags under <cache dir>/tags and a second run reads them instead of tagging', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qarx-tags-'));
    const instances = untyped();
    const save = useSavedTags(instances, dir);
    await runSweep(instances, CONFIG, firstWords);
    save();
    const files = readdirSync(join(dir, 'tags'));
    // The dataset's tags, and beside them the dictionaries the renaming derived from packages (lexicon.ts).
    expect(files.filter((f) => !f.startsWith('lexicon-'))).toHaveLength(1);
    expect(files.filter((f) => f.startsWith('lexicon-'))).toHaveLength(1);
    read.length = 0;
    forgetRecentEntities();
    const again = useSavedTags(instances, dir);
    await runSweep(instances, CONFIG, firstWords);
    again();
    expect(read.filter((t) => instances.some((i) => i.context === t))).toEqual([]);
  });

  it('an unreadable tags file is ignored (tagging again) and replaced on save', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qarx-tags-'));
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"passages": [');
    const store = loadTags(file);
    expect(store.passages.size).toBe(0);
    store.passages.set('A passage.', []);
    store.dirty = true;
    saveTags(file, store);
    expect(loadTags(file).passages.get('A passage.')).toEqual([]);
  });
});

describe('the app keeps a dataset’s tags in IndexedDB from its import', () => {
  it('classify returns the tags its typing computed; stored and read back, a sweep over them tags none of those passages again and the rest once; deleting the dataset deletes them', async () => {
    const db = new QarxDb(`tags-${Math.random()}`);
    const instances = untyped().map((i) => ({ ...i, dataset: 'x' }));
    const tags = classify(instances, 'ds-1', () => undefined);
    // Every answer's type; a passage only where typing needed its people (issue 40.2: import tags no whole passage it can skip).
    expect(tags.answers.length).toBe(new Set(instances.filter((i) => !i.isImpossible && i.answers[0]).map((i) => i.context)).size);
    expect(tags.passages.length).toBeLessThan(tags.answers.length);
    await db.tags.put({ dataset: 'ds-1', data: tags });
    const back = (await db.tags.get('ds-1'))?.data;
    expect(back).toBeDefined();
    read.length = 0;
    forgetRecentEntities();
    const fromImport = tagStoreFrom(back as NonNullable<typeof back>);
    useTagStore(fromImport);
    const swept = await runSweep(instances, CONFIG, firstWords);
    const passagesRead = read.filter((t) => instances.some((i) => i.context === t));
    expect(passagesRead.filter((t) => tags.passages.some(([p]) => p === t))).toEqual([]);
    expect(new Set(passagesRead).size).toBe(passagesRead.length);
    useTagStore(null);
    const fresh = await runSweep(instances, CONFIG, firstWords);
    expect(JSON.stringify(swept.cells)).toBe(JSON.stringify(fresh.cells));
    await db.datasets.add({ id: 'ds-1', name: 'x.json', format: 'squad', count: 0, createdAt: 1, builtIn: false, issueSummary: '', issues: [], partial: false, state: 'complete' });
    await removeDataset(db, 'ds-1');
    expect(await db.tags.get('ds-1')).toBeUndefined();
  });
});

describe('the demo set keeps the tags its coverage line computed (issue 44)', () => {
  it('a default sweep of the demo set over the tags the data worker kept from the coverage count asks compromise to read no passage (without them it reads many)', async () => {
    const { coverageOfCollected } = await import('../../src/worker/scope-coverage.ts');
    const { DEFAULT_SWEEP } = await import('../../src/core/entity/options.ts');
    const demo = loadDemoSet();
    const passages = new Set(demo.map((i) => i.context));
    const kept = newTagStore();
    forgetRecentEntities();
    await coverageOfCollected(demo, [], kept);
    const readBy = async (data: ReturnType<typeof tagStoreData> | null) => {
      read.length = 0;
      forgetRecentEntities();
      useTagStore(data ? tagStoreFrom(data) : newTagStore());
      const r = await runSweep(demo, DEFAULT_SWEEP, firstWords);
      useTagStore(null);
      return { read: read.filter((t) => passages.has(t)).length, cells: JSON.stringify(r.cells) };
    };
    const withKept = await readBy(tagStoreData(kept));
    const without = await readBy(null);
    expect(without.read).toBeGreaterThan(10);
    expect(withKept.read).toBe(0);
    expect(withKept.cells).toBe(without.cells);
  });
});

describe('the coverage before a run and the run itself share the tags (issue 44)', () => {
  it("a run given the count's tags reads no passage again, and counts the same coverage", async () => {
    const { coverageOfCollected } = await import('../../src/worker/scope-coverage.ts');
    const demo = untyped();
    forgetRecentEntities();
    const counted = newTagStore();
    const before = await coverageOfCollected(demo, [], counted);
    forgetRecentEntities();
    read.length = 0;
    const run = newTagStore();
    const after = await coverageOfCollected(demo, [tagStoreData(counted)], run);
    expect(read).toEqual([]);
    expect(after).toEqual(before);
    // The run's store is what its sweep reads: every passage the count tagged is in it.
    expect([...run.passages.keys()].sort()).toEqual([...counted.passages.keys()].sort());
  });
});
