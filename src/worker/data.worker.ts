/**
 * The data worker: imports files, URLs and Hub datasets (import-job.ts), stores them in IndexedDB
 * (db.ts; catalog.ts keeps the list equal to it in every tab), and answers searches over every
 * question, passage and answer (search-index.ts), so the UI stays responsive with 100,000
 * questions loaded. A thin switch over those and core.
 */
/// <reference lib="webworker" />
import { liveQuery } from 'dexie';
import type { AnswerEntityType, GoldAnswer, Instance } from '../core/data/types.ts';
import { TypeCorrections } from './corrections.ts';
import { loadDemoSet } from '../core/data/demo.ts';
import type { NamePool } from '../core/entity/rename.ts';
import { activeTagStore, tagStoreFrom, useTagStore, type TagStoreData } from '../core/entity/tag-store.ts';
import { mergePools } from '../core/entity/name-pool.ts';
import { countingDemoTags, demoTagData, demoTags, demoTagsFor, shippedDemoCoverage, shippedDemoPool } from './demo-tags.ts';
import type { WikiRevision } from '../core/natural/wiki.ts';
import { budgetedParser, DEFAULT_WIKITEXT_BUDGET_MS } from './wikitext-parser.ts';
import { Catalog } from './catalog.ts';
import type { DataEvent, DataRequest, DatasetInfo, InstanceRow, SearchFilters, StorageReport } from './data-protocol.ts';
import { describeRecovery, importAlive, QarxDb, readDataset, readQuestions, recoverStorage, removeDataset, storageRows } from './db.ts';
import { installHeartbeat } from './heartbeat.ts';
import { packedPost, receivedRequest } from './port.ts';
import { SearchIndex } from './search-index.ts';
import type { ScopeCounts } from '../core/experiments/scope.ts';
import { combineNoAnswer, decideNoAnswer, type NoAnswerData, type NoAnswerDecision } from '../core/data/no-answer.ts';
import { handleRunRequest } from './run-history.ts';
import { coverageOfCollected } from './scope-coverage.ts';

declare const self: DedicatedWorkerGlobalScope;
// Packed: each passage crosses once, not once per question (issue 40.2).
const post = packedPost<DataEvent>(self);

const DEMO_ID = 'demo';
const MAX_ROWS = 20_000;
const db = new QarxDb();
const index = new SearchIndex();
const demo: Instance[] = loadDemoSet();
// Corrected answer types: the InDistName pools of the datasets they touch are built again.
const corrections = new TypeCorrections(db, (datasets) => {
  for (const d of datasets) pools.delete(d);
});
index.correctedType = (dataset, id) => corrections.typeOf(dataset, id);
const catalog = new Catalog(db, index, {
  changed: publish,
  deletedElsewhere: (name) => post({ type: 'notice', message: `"${name}" was deleted in another tab.` }),
  importing: scheduleRecovery,
  error: (err) => post({ type: 'error', message: `Saved datasets could not be read from this browser's storage (${String(err)}).` }),
});

/** The listed datasets: the demo set, then the saved ones, oldest first. */
const listed = (): DatasetInfo[] => [demoInfo(), ...catalog.datasets];

function publish(): void {
  post({ type: 'datasets', datasets: listed() });
}

const demoInfo = (): DatasetInfo => ({
  id: DEMO_ID,
  name: 'Demo set (built in)',
  format: 'demo',
  count: demo.length,
  createdAt: 0,
  builtIn: true,
  issueSummary: '',
  issues: [],
  partial: false,
  state: 'complete',
});

let ready: Promise<void> | null = null;

/**
 * Once per worker: settles imports whose tab died and removes rows no dataset lists (and says so),
 * lists the saved datasets, indexes them, and follows later changes from every tab.
 */
function init(): Promise<void> {
  ready ??= (async () => {
    index.add(DEMO_ID, demo);
    try {
      await recover();
      for (const t of await db.intents.toArray()) intents.set(`${t.dataset}\u0000${t.id}`, t.intent);
      await corrections.load();
      await catalog.refresh();
      catalog.watch();
      watchIntents();
    } catch (err) {
      post({ type: 'error', message: `Saved datasets could not be read from this browser's storage (${String(err)}); imports will work but may not persist.` });
    }
    publish();
  })();
  return ready;
}

/** Settles dead imports and orphaned rows, and tells the user what was done. */
async function recover(): Promise<void> {
  const message = describeRecovery(await recoverStorage(db, importAlive));
  if (message) post({ type: 'notice', message });
}

let recheck: ReturnType<typeof setTimeout> | null = null;
/** Re-checks soon whether imports still saving have a live tab (a reloaded tab's lock can outlast its page briefly). */
function scheduleRecovery(): void {
  recheck ??= setTimeout(() => {
    recheck = null;
    void recover().catch(() => undefined);
  }, 3000);
}

// ---------------------------------------------------------------- import
const aborts = new Map<number, AbortController>();

/** Runs one import with its own cancel switch. */
async function startImport(jobId: number, msg: Extract<DataRequest, { type: 'import' }>): Promise<void> {
  await init();
  const ctrl = new AbortController();
  aborts.set(jobId, ctrl);
  try {
    const { runImport } = await import('./import-job.ts'); // the importers and the entity tagger: on first import
    await runImport({ db, catalog, index, post }, jobId, msg.source, msg.name, ctrl.signal);
  } catch (err) {
    post({ type: 'import-error', jobId, message: `Import of "${msg.name}" failed: ${err instanceof Error ? err.message : String(err)}` });
  } finally {
    aborts.delete(jobId);
  }
}

/** Deletes a dataset (or rows no dataset lists); says so when another tab already did. */
async function remove(dataset: string): Promise<void> {
  await init();
  if (dataset === DEMO_ID) return;
  const wasListed = catalog.has(dataset);
  // Unlisted here first: the list drops it at once, and its disappearance is not taken for another tab's.
  catalog.forget(dataset);
  pools.delete(dataset);
  const { existed } = await removeDataset(db, dataset);
  if (!existed) post({ type: 'notice', message: `Nothing to delete: ${catalog.goneMessage(dataset)}` });
  if (!wasListed) publish();
  // The list changed before the rows went: the Storage panel's figures are refreshed once they have.
  post({ type: 'storage', report: await storage() });
}

/** The Storage panel's figures: every saved dataset's size and the browser's estimate for the site. */
async function storage(): Promise<StorageReport> {
  await init();
  const rows = await storageRows(db, (id) => catalog.bytesOf(id));
  const est = await navigator.storage?.estimate?.().catch(() => null);
  return { rows, usage: est?.usage ?? null, quota: est?.quota ?? null };
}

// ---------------------------------------------------------------- search
/** Rows matching a query and filters over the listed datasets (at most MAX_ROWS, with the total). */
function search(query: string, f: SearchFilters, only: readonly string[] | null = null): { rows: InstanceRow[]; total: number } {
  return index.search(listed().map((d) => d.id), query, f, only, MAX_ROWS);
}

/** The experiments' scope counts that core's population rules need (src/core/experiments/scope.ts). */
function scopeCounts(query: string, f: SearchFilters, only: readonly string[] | null): Required<ScopeCounts> {
  const ids = listed().map((d) => d.id);
  const count = (g: Partial<SearchFilters>) => index.search(ids, query, { ...f, ...g }, only, 0).total;
  return { total: count({}), answerable: f.answerable === 'unanswerable' ? 0 : count({ answerable: 'answerable' }), paired: count({ revision: 'with-revision' }), adversarial: index.adversarialTotal(ids, query, f, only) };
}

/** A dataset's no-answer decision: its unanswerable questions and its file's version string (core/data/no-answer.ts). */
function datasetNoAnswer(dataset: string): NoAnswerDecision {
  return decideNoAnswer(datasetNoAnswerData(dataset));
}

/** What a dataset says about no answer: its unanswerable questions (the whole dataset) and its file's version string. */
function datasetNoAnswerData(dataset: string): NoAnswerData {
  return { unanswerable: index.unanswerable(dataset), version: listed().find((d) => d.id === dataset)?.fileVersion ?? null };
}

/** The selection's no-answer decision: each dataset's, one setting for all (on when any is). */
function selectionNoAnswer(rows: readonly InstanceRow[]): NoAnswerDecision {
  const ids = new Set(rows.map((r) => r.dataset));
  return combineNoAnswer(listed().filter((d) => ids.has(d.id)).map((d) => ({ name: d.name, decision: datasetNoAnswer(d.id) })));
}

/** Names of the datasets the rows come from, for a result's record. */
function selectionNames(rows: readonly InstanceRow[]): string[] {
  const ids = new Set(rows.map((r) => r.dataset));
  return listed().filter((d) => ids.has(d.id)).map((d) => d.name);
}

/** Full instances matching a search, in list order, at most `limit` (demo from memory, the rest from IndexedDB). */
async function collect(query: string, f: SearchFilters, limit: number, withPool = false, only: readonly string[] | null = null, waitForDemoTags = false): Promise<{ instances: Instance[]; total: number; versionTwo: boolean; versionTwoReason: string; datasets: string[]; pool: NamePool | null; tags: TagStoreData[] }> {
  const { rows, total } = search(query, f, only);
  const picked = rows.slice(0, limit);
  const fromDemo = new Map(demo.map((x) => [x.id, x]));
  const stored = await readQuestions(db, picked.filter((r) => r.dataset !== DEMO_ID).map((r) => [r.dataset, r.id] as [string, string]));
  let k = 0;
  const instances: Instance[] = [];
  for (const r of picked) {
    const x = r.dataset === DEMO_ID ? fromDemo.get(r.id) : stored[k++];
    if (x) instances.push(withIntent(x));
  }
  // InDistName draws from every question of the datasets renamed, as qarx does from its whole file.
  const ids = [...new Set(picked.map((r) => r.dataset))];
  const pooled = withPool ? mergePools(await Promise.all(ids.map(pool))) : null;
  // A run's demo questions whose passages are not tagged yet wait for a coverage count in flight: its tags then go with them (below).
  if (waitForDemoTags) await demoTagsFor(instances.filter((x) => x.dataset === DEMO_ID));
  // The datasets' entity tags from their import go with the questions: the sweep tags no passage again.
  const tags = (await Promise.all(ids.map(tagsOf))).filter((t) => t !== null);
  const noAnswer = selectionNoAnswer(rows);
  return { instances, total, versionTwo: noAnswer.versionTwo, versionTwoReason: noAnswer.reason, datasets: selectionNames(rows), pool: pooled, tags };
}

/** A dataset's entity tags saved at import, or the demo set's so far (null: none yet, or a dataset imported before they were kept). */
async function tagsOf(dataset: string): Promise<TagStoreData | null> {
  if (dataset === DEMO_ID) return demoTagData();
  return (await db.tags.get(dataset).catch(() => undefined))?.data ?? null;
}

const pools = new Map<string, NamePool>();

// Name pools and Wikipedia histories bring compromise, the name lists and the wikitext parser: they
// are imported on first use, so the worker's start (the question list) does not wait for them.
let renaming: Promise<typeof import('../core/entity/rename.ts')> | null = null;
const renameModule = () => (renaming ??= import('../core/entity/rename.ts'));
let wikiCode: Promise<typeof import('../core/natural/wiki.ts')> | null = null;
const wikiModule = () => (wikiCode ??= import('../core/natural/wiki.ts'));

// Edit intentions tagged by the user, keyed by dataset + NUL + id; kept equal to IndexedDB across tabs.
const intents = new Map<string, string>();
const withIntent = (raw: Instance): Instance => {
  const x = corrections.apply(raw);
  const tag = intents.get(`${x.dataset}\u0000${x.id}`);
  return tag && x.revision ? { ...x, revision: { ...x.revision, intent: tag } } : x;
};

/** Follows intent tags written by any tab. */
function watchIntents(): void {
  liveQuery(() => db.intents.toArray()).subscribe({
    next: (list) => {
      intents.clear();
      for (const t of list) intents.set(`${t.dataset}\u0000${t.id}`, t.intent);
    },
    error: () => undefined,
  });
}

async function setIntent(dataset: string, id: string, intent: string): Promise<void> {
  await init();
  if (dataset !== DEMO_ID && !catalog.has(dataset)) {
    post({ type: 'notice', message: `The edit intention was not saved: ${catalog.goneMessage(dataset)}` });
    return;
  }
  intents.set(`${dataset}\u0000${id}`, intent);
  await db.intents.put({ dataset, id, intent });
  post({ type: 'intent-saved', dataset, id, intent });
}

/** Saves the user's correction of a question's answer entity type (null: the automatic type again). */
async function setAnswerType(dataset: string, id: string, t: AnswerEntityType | null): Promise<void> {
  await init();
  if (dataset !== DEMO_ID && !catalog.has(dataset)) {
    post({ type: 'notice', message: `The entity type was not saved: ${catalog.goneMessage(dataset)}` });
    return;
  }
  await corrections.set(dataset, id, t);
  const raw = dataset === DEMO_ID ? demo.find((d) => d.id === id) : (await readQuestions(db, [[dataset, id]]))[0];
  post({ type: 'answer-type', dataset, id, answerType: t ?? raw?.answerType ?? 'other', corrected: t !== null });
}

/** A dataset's InDistName pool over all its questions (the rule qarx follows), built once. */
async function pool(dataset: string): Promise<NamePool> {
  let p = pools.get(dataset);
  // The shipped demo pool is buildNamePool's (demo-tags.test.ts), unless the user corrected a demo answer's type.
  if (!p && dataset === DEMO_ID && demo.every((x) => corrections.apply(x) === x)) pools.set(dataset, (p = shippedDemoPool));
  if (!p) {
    const list = dataset === DEMO_ID ? demo : await readDataset(db, dataset);
    const tags = await tagsOf(dataset);
    const { buildNamePool } = await renameModule();
    const before = activeTagStore();
    useTagStore(dataset === DEMO_ID ? demoTags : tags ? tagStoreFrom(tags) : before);
    try {
      p = buildNamePool(list.map((x) => corrections.apply(x)));
    } finally {
      useTagStore(before);
    }
    pools.set(dataset, p);
  }
  return p;
}

// Histories are cached for the session: the API is asked once per article.
const histories = new Map<string, Promise<WikiRevision[]>>();
let wikiAbort: AbortController | null = null;
// Wikitext is parsed in a worker of its own, with a time budget per revision: this loop stays free.
const parseWikitext = budgetedParser();

/** A passage's edits in an article's history; a newer request cancels the one before. */
async function wikiEdits(msg: Extract<DataRequest, { type: 'wiki-edits' }>): Promise<void> {
  wikiAbort?.abort();
  const ctrl = new AbortController();
  wikiAbort = ctrl;
  const key = `${msg.api}|${msg.title}`;
  const { fetchHistory, findEditsWith, skippedNotice } = await wikiModule();
  let history = histories.get(key);
  if (!history) {
    history = fetchHistory(msg.title, { api: msg.api, signal: ctrl.signal, onPage: (revisions, page) => post({ type: 'wiki-progress', reqId: msg.reqId, revisions, page }) });
    histories.set(key, history);
  }
  try {
    const revs = await history;
    const budget = msg.budgetMs ?? DEFAULT_WIKITEXT_BUDGET_MS;
    const found = await findEditsWith(msg.passage, revs, msg.answers, (passage, wikitext) => parseWikitext(passage, wikitext, budget), ctrl.signal, undefined, (parsing, n) =>
      post({ type: 'wiki-progress', reqId: msg.reqId, revisions: n, page: 0, parsing }),
    );
    post({ type: 'wiki-edits', reqId: msg.reqId, title: msg.title, revisions: revs.length, edits: found.edits, error: null, skipped: skippedNotice(found.skipped) });
  } catch (err) {
    histories.delete(key); // a failure is not cached: the user can retry
    post({ type: 'wiki-edits', reqId: msg.reqId, title: msg.title, revisions: 0, edits: [], error: err instanceof Error ? err.message : String(err), skipped: '' });
  }
}

/** One question, or why there is none when its dataset was deleted (here or in another tab). */
async function get(dataset: string, id: string): Promise<{ instance: Instance | null; gone?: string; passageAnswers?: GoldAnswer[] }> {
  await init();
  if (dataset !== DEMO_ID && !catalog.has(dataset)) return { instance: null, gone: `This question cannot be opened. ${catalog.goneMessage(dataset)}` };
  const x = dataset === DEMO_ID ? demo.find((d) => d.id === id) : (await readQuestions(db, [[dataset, id]]))[0];
  return x ? { instance: withIntent(x), passageAnswers: await passageAnswersOf(x) } : { instance: null };
}

/** Every gold answer of the questions on an instance's passage: what Live's noise keeps, as experiments and qarx keep it (noise-passage.ts). */
async function passageAnswersOf(x: Instance): Promise<GoldAnswer[]> {
  const ids = index.samePassage(x.dataset, x.id);
  if (ids.length <= 1) return x.answers;
  const same = x.dataset === DEMO_ID ? demo.filter((d) => ids.includes(d.id)) : await readQuestions(db, ids.map((i) => [x.dataset, i] as [string, string]));
  return same.flatMap((d) => (d && d.context === x.context ? d.answers : []));
}

installHeartbeat(self); // pings and the life lock, ahead of the command switch
self.onmessage = (ev: MessageEvent<DataRequest>) => {
  const msg = receivedRequest(ev);
  switch (msg.type) {
    case 'init':
      void init();
      return;
    case 'import':
      void startImport(msg.jobId, msg);
      return;
    case 'cancel':
      aborts.get(msg.jobId)?.abort();
      return;
    case 'delete':
      void remove(msg.dataset).catch((err) => post({ type: 'error', message: `Could not delete the dataset: ${String(err)}` }));
      return;
    case 'storage':
      void storage().then(
        (report) => post({ type: 'storage', report }),
        (err) => post({ type: 'error', message: `Could not measure this browser's storage: ${String(err)}` }),
      );
      return;
    case 'search':
      void init().then(() => post({ type: 'search-result', reqId: msg.reqId, ...search(msg.query, msg.filters, msg.only) }));
      return;
    case 'scope-count':
      void init().then(() => post({ type: 'scope-counted', reqId: msg.reqId, ...scopeCounts(msg.query, msg.filters, msg.only) }));
      return;
    case 'scope-coverage': {
      const counted = init()
        .then(() => collect(msg.query, msg.filters, msg.limit, false, msg.only))
        // Uncorrected demo questions add up their shipped parts; only the demo set's questions: what the count tags is kept for its sweep.
        .then((c) => shippedDemoCoverage(c.instances, DEMO_ID, (x) => corrections.typeOf(x.dataset, x.id) !== undefined) ?? coverageOfCollected(c.instances, c.tags, c.instances.length > 0 && c.instances.every((x) => x.dataset === DEMO_ID) ? demoTags : undefined));
      countingDemoTags(counted);
      void counted.then((coverage) => post({ type: 'scope-covered', reqId: msg.reqId, coverage }), (err) => post({ type: 'error', message: `Could not count the tagger coverage: ${String(err)}` }));
      return;
    }
    case 'get':
      void get(msg.dataset, msg.id).then(
        (r) => post({ type: 'instance', reqId: msg.reqId, ...r, ...(r.instance ? { noAnswer: datasetNoAnswerData(r.instance.dataset) } : {}) }),
        (err) => post({ type: 'error', message: `Could not read the question from storage: ${String(err)}` }),
      );
      return;
    case 'collect':
      void init()
        .then(() => collect(msg.query, msg.filters, msg.limit, msg.withPool, msg.only ?? null, true))
        .then(
          (r) => post({ type: 'collected', reqId: msg.reqId, ...r }),
          (err) => post({ type: 'error', message: `Could not read the selected questions from storage: ${String(err)}` }),
        );
      return;
    case 'wiki-edits':
      void wikiEdits(msg);
      return;
    case 'set-intent':
      void setIntent(msg.dataset, msg.id, msg.intent).catch((err) => post({ type: 'error', message: `Could not save the edit intention: ${String(err)}` }));
      return;
    case 'set-answer-type':
      void setAnswerType(msg.dataset, msg.id, msg.answerType).catch((err) => post({ type: 'error', message: `Could not save the corrected entity type: ${String(err)}` }));
      return;
    case 'pool':
      void pool(msg.dataset).then(
        (p) => post({ type: 'pool', reqId: msg.reqId, dataset: msg.dataset, pool: p }),
        (err) => post({ type: 'error', message: `Could not build the name pool of ${msg.dataset}: ${String(err)}` }),
      );
      return;
    case 'runs':
    case 'run-save':
    case 'run-get':
    case 'run-delete':
      void handleRunRequest(db, msg, post);
      return;
    default: {
      const never: never = msg;
      post({ type: 'error', message: `Unknown request ${JSON.stringify(never)}` });
    }
  }
};
