/**
 * The data worker: imports files, URLs and Hub datasets, stores them in IndexedDB, and answers
 * searches over every question, passage and answer, so the UI stays responsive with 100,000
 * questions loaded. A thin switch over core's importers.
 */
/// <reference lib="webworker" />
import type { Instance } from '../core/data/types.ts';
import { loadDemoSet } from '../core/data/demo.ts';
import { importFile, importPairFiles, summarizeIssues } from '../core/formats/index.ts';
import { openHfDataset } from '../core/formats/hf-datasets.ts';
import type { InputIssue } from '../core/formats/squad.ts';
import { answerEntityType } from '../core/ner/answer-type.ts';
import { buildNamePool, type NamePool } from '../core/entity/rename.ts';
import { fetchHistory, findEditsWith, skippedNotice, type WikiRevision } from '../core/natural/wiki.ts';
import { budgetedParser, DEFAULT_WIKITEXT_BUDGET_MS } from './wikitext-parser.ts';
import type { DataEvent, DataRequest, DatasetInfo, ImportSource, InstanceRow, SearchFilters } from './data-protocol.ts';
import { QarxDb, storeInstances } from './db.ts';
import { installHeartbeat } from './heartbeat.ts';

declare const self: DedicatedWorkerGlobalScope;
const post = (e: DataEvent) => self.postMessage(e);

const DEMO_ID = 'demo';
const MAX_ROWS = 20_000;
const db = new QarxDb();

/** One searchable entry: the row, its lowercase question+answers, and its passage (shared). */
interface Entry {
  row: InstanceRow;
  qa: string;
  ctx: number;
}
const contexts: string[] = [];
const contextIndex = new Map<string, number>();
const entries = new Map<string, Entry[]>(); // per dataset
const demo: Instance[] = loadDemoSet();
let datasets: DatasetInfo[] = [];

/** The lowercase passage's slot, shared by every question on that passage. */
function ctxSlot(context: string): number {
  const lc = context.toLowerCase();
  let i = contextIndex.get(lc);
  if (i === undefined) {
    i = contexts.length;
    contexts.push(lc);
    contextIndex.set(lc, i);
  }
  return i;
}

function toEntry(x: Instance): Entry {
  const row: InstanceRow = {
    dataset: x.dataset,
    id: x.id,
    question: x.question,
    answer: x.answers[0]?.text ?? '',
    isImpossible: x.isImpossible,
    answerType: x.answerType ?? null,
    hasRevision: x.revision !== undefined,
    lang: x.lang,
  };
  return { row, qa: `${x.question}\n${x.answers.map((a) => a.text).join('\n')}`.toLowerCase(), ctx: ctxSlot(x.context) };
}

function index(dataset: string, xs: readonly Instance[]): void {
  entries.set(dataset, xs.map(toEntry));
}

function publish(): void {
  post({ type: 'datasets', datasets });
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
});

let ready: Promise<void> | null = null;

/** Loads the dataset list and builds the search index from IndexedDB (once). */
function init(): Promise<void> {
  ready ??= (async () => {
    index(DEMO_ID, demo);
    datasets = [demoInfo()];
    try {
      for (const t of await db.intents.toArray()) intents.set(`${t.dataset}\u0000${t.id}`, t.intent);
      const stored = await db.datasets.orderBy('createdAt').toArray();
      datasets.push(...stored);
      publish();
      for (const d of stored) index(d.id, await db.instances.where('dataset').equals(d.id).toArray());
    } catch (err) {
      post({ type: 'error', message: `Saved datasets could not be read from this browser's storage (${String(err)}); imports will work but may not persist.` });
    }
    publish();
  })();
  return ready;
}

// ---------------------------------------------------------------- import
const aborts = new Map<number, AbortController>();

async function readSource(jobId: number, source: ImportSource, dataset: string, signal: AbortSignal) {
  const progress = (phase: 'download' | 'parse' | 'store' | 'classify') => (done: number, total: number) => post({ type: 'import-progress', jobId, phase, done, total });
  if (source.kind === 'files') {
    const files = await Promise.all(source.files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.blob.arrayBuffer()) })));
    if (source.pairs) {
      const [a, b] = files;
      if (!a || !b) throw new Error('A revision-pair import needs two aligned SQuAD files: the original and the perturbed one.');
      return importPairFiles(a.name, a.bytes, b.name, b.bytes, { dataset, signal, onProgress: progress('parse') });
    }
    const f = files[0];
    if (!f) throw new Error('No file was selected.');
    return importFile(f.name, f.bytes, { dataset, signal, onProgress: progress('parse') });
  }
  if (source.kind === 'url') {
    const bytes = await download(source.url, signal, progress('download'));
    const name = decodeURIComponent(new URL(source.url).pathname.split('/').pop() || 'download.json');
    return importFile(name, bytes, { dataset, signal, onProgress: progress('parse') });
  }
  const hf = await openHfDataset({ host: source.host, name: source.name, config: source.config, split: source.split });
  if (source.limit !== null) return hf.readPage(0, source.limit, signal);
  return hf.readAll(progress('download'), signal);
}

/** Fetches a URL with progress; errors name the URL. */
async function download(url: string, signal: AbortSignal, onProgress: (done: number, total: number) => void): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(url, { signal });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new Error(`Could not download ${url}: ${err instanceof Error ? err.message : String(err)} (offline, or the server does not allow cross-origin requests).`);
  }
  if (!res.ok) throw new Error(`Could not download ${url}: HTTP ${res.status}.`);
  const total = Number(res.headers.get('content-length') ?? 0);
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array(await res.arrayBuffer());
  const parts: Uint8Array[] = [];
  let done = 0;
  for (;;) {
    const { value, done: end } = await reader.read();
    if (end) break;
    parts.push(value);
    done += value.length;
    onProgress(done, total);
  }
  const out = new Uint8Array(done);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

async function runImport(jobId: number, source: ImportSource, name: string): Promise<void> {
  await init();
  const ctrl = new AbortController();
  aborts.set(jobId, ctrl);
  const id = `ds-${Date.now().toString(36)}-${jobId}`;
  try {
    let result: { instances: Instance[]; issues: InputIssue[]; format: DatasetInfo['format']; cancelled?: boolean };
    try {
      result = await readSource(jobId, source, id, ctrl.signal);
    } catch (err) {
      if (ctrl.signal.aborted) {
        post({ type: 'import-done', jobId, dataset: null, cancelled: true, message: 'Import cancelled before any question was read.' });
        return;
      }
      post({ type: 'import-error', jobId, message: err instanceof Error ? err.message : String(err) });
      return;
    }
    const cancelled = Boolean(result.cancelled) || ctrl.signal.aborted;
    if (result.instances.length === 0 && cancelled) {
      post({ type: 'import-done', jobId, dataset: null, cancelled: true, message: 'Import cancelled before any question was read.' });
      return;
    }
    if (result.instances.length === 0) {
      post({ type: 'import-error', jobId, message: `${name}: no usable questions. ${summarizeIssues(result.issues)}`.trim() });
      return;
    }
    // Entity types of the answers, for the browser's filter; every instance belongs to this dataset.
    const n = result.instances.length;
    for (let i = 0; i < n; i++) {
      const x = result.instances[i] as Instance;
      x.dataset = id;
      if (x.answerType === undefined) x.answerType = x.isImpossible || !x.answers[0] ? 'other' : answerEntityType(x.answers[0].text);
      if (i % 500 === 0) post({ type: 'import-progress', jobId, phase: 'classify', done: i, total: n });
    }
    void navigator.storage?.persist?.().catch(() => false);
    const store = await storeInstances(db, result.instances, (done, total) => post({ type: 'import-progress', jobId, phase: 'store', done, total }));
    const kept = result.instances.slice(0, store.stored);
    const info: DatasetInfo = {
      id,
      name,
      format: result.format,
      count: kept.length,
      createdAt: Date.now(),
      builtIn: false,
      issueSummary: result.issues.length ? summarizeIssues(result.issues) : '',
      issues: result.issues.slice(0, 200),
      partial: cancelled || store.quotaFull,
    };
    if (kept.length > 0) {
      try {
        await db.datasets.put(info);
      } catch {
        // The list entry is tiny; if even that fails the quota message below says why.
      }
      index(id, kept);
      datasets.push(info);
      publish();
    }
    const message = store.quotaFull
      ? `The browser's storage is full: ${kept.length} of ${n} questions of "${name}" were saved. Delete a dataset (or allow this site more storage) to import the rest.`
      : cancelled
        ? `Import cancelled: the ${kept.length.toLocaleString('en')} questions read so far are kept.`
        : `Imported ${kept.length.toLocaleString('en')} questions.${info.issueSummary ? ` ${info.issueSummary}` : ''}`;
    post({ type: 'import-done', jobId, dataset: kept.length ? info : null, cancelled, message });
  } catch (err) {
    post({ type: 'import-error', jobId, message: `Import of "${name}" failed: ${err instanceof Error ? err.message : String(err)}` });
  } finally {
    aborts.delete(jobId);
  }
}

async function remove(dataset: string): Promise<void> {
  await init();
  if (dataset === DEMO_ID) return;
  await db.transaction('rw', db.datasets, db.instances, db.intents, async () => {
    await db.instances.where('dataset').equals(dataset).delete();
    await db.intents.filter((t) => t.dataset === dataset).delete();
    await db.datasets.delete(dataset);
  });
  entries.delete(dataset);
  pools.delete(dataset);
  datasets = datasets.filter((d) => d.id !== dataset);
  publish();
}

// ---------------------------------------------------------------- search
/** Rows matching a query (every word must occur in question, answers or passage) and the filters. */
function search(query: string, f: SearchFilters, only: readonly string[] | null = null): { rows: InstanceRow[]; total: number } {
  const keep = only ? new Set(only) : null;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const rows: InstanceRow[] = [];
  let total = 0;
  for (const [ds, list] of entries) {
    if (f.dataset !== 'all' && f.dataset !== ds) continue;
    for (const e of list) {
      const r = e.row;
      if (f.answerable === 'answerable' && r.isImpossible) continue;
      if (f.answerable === 'unanswerable' && !r.isImpossible) continue;
      if (f.entity !== 'all' && (r.answerType ?? 'other') !== f.entity) continue;
      if (f.revision === 'with-revision' && !r.hasRevision) continue;
      if (keep && !keep.has(`${r.dataset}\u0000${r.id}`)) continue;
      if (words.length && !words.every((w) => e.qa.includes(w) || (contexts[e.ctx] as string).includes(w))) continue;
      total++;
      if (rows.length < MAX_ROWS) rows.push(r);
    }
  }
  return { rows, total };
}

/** Full instances matching a search, in list order, at most `limit` (demo from memory, the rest from IndexedDB). */
async function collect(query: string, f: SearchFilters, limit: number): Promise<{ instances: Instance[]; total: number }> {
  const { rows, total } = search(query, f);
  const picked = rows.slice(0, limit);
  const fromDemo = new Map(demo.map((x) => [x.id, x]));
  const stored = await db.instances.bulkGet(picked.filter((r) => r.dataset !== DEMO_ID).map((r) => [r.dataset, r.id] as [string, string]));
  let k = 0;
  const instances: Instance[] = [];
  for (const r of picked) {
    const x = r.dataset === DEMO_ID ? fromDemo.get(r.id) : stored[k++];
    if (x) instances.push(withIntent(x));
  }
  return { instances, total };
}

const pools = new Map<string, NamePool>();

// Edit intentions tagged by the user, keyed by dataset + NUL + id; read once at start.
const intents = new Map<string, string>();
const withIntent = (x: Instance): Instance => {
  const tag = intents.get(`${x.dataset}\u0000${x.id}`);
  return tag && x.revision ? { ...x, revision: { ...x.revision, intent: tag } } : x;
};

async function setIntent(dataset: string, id: string, intent: string): Promise<void> {
  intents.set(`${dataset}\u0000${id}`, intent);
  await db.intents.put({ dataset, id, intent });
}

/** A dataset's InDistName pool, built once (from at most 20,000 questions). */
async function pool(dataset: string): Promise<NamePool> {
  let p = pools.get(dataset);
  if (!p) {
    const list = dataset === DEMO_ID ? demo : await db.instances.where('dataset').equals(dataset).limit(20_000).toArray();
    p = buildNamePool(list);
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

async function get(dataset: string, id: string): Promise<Instance | null> {
  const x = dataset === DEMO_ID ? demo.find((d) => d.id === id) : await db.instances.get([dataset, id]);
  return x ? withIntent(x) : null;
}

installHeartbeat(self); // pings and the life lock, ahead of the command switch
self.onmessage = (ev: MessageEvent<DataRequest>) => {
  const msg = ev.data;
  switch (msg.type) {
    case 'init':
      void init();
      return;
    case 'import':
      void runImport(msg.jobId, msg.source, msg.name);
      return;
    case 'cancel':
      aborts.get(msg.jobId)?.abort();
      return;
    case 'delete':
      void remove(msg.dataset).catch((err) => post({ type: 'error', message: `Could not delete the dataset: ${String(err)}` }));
      return;
    case 'search':
      void init().then(() => post({ type: 'search-result', reqId: msg.reqId, ...search(msg.query, msg.filters, msg.only) }));
      return;
    case 'get':
      void get(msg.dataset, msg.id).then(
        (instance) => post({ type: 'instance', reqId: msg.reqId, instance }),
        (err) => post({ type: 'error', message: `Could not read the question from storage: ${String(err)}` }),
      );
      return;
    case 'collect':
      void init()
        .then(() => collect(msg.query, msg.filters, msg.limit))
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
    case 'pool':
      void pool(msg.dataset).then(
        (p) => post({ type: 'pool', reqId: msg.reqId, dataset: msg.dataset, pool: p }),
        (err) => post({ type: 'error', message: `Could not build the name pool of ${msg.dataset}: ${String(err)}` }),
      );
      return;
    default: {
      const never: never = msg;
      post({ type: 'error', message: `Unknown request ${JSON.stringify(never)}` });
    }
  }
};
