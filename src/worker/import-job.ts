/**
 * One import in the data worker: read a file, URL or Hub dataset with core's importers, type the
 * answers, then save it so that storage never holds rows it cannot show: the dataset's record
 * first (state 'importing'), rows in chunks that commit with the record's count, and the record
 * marked complete last. The whole save holds a Web Lock, so other tabs can tell a live import
 * from one whose tab died.
 */
/// <reference lib="webworker" />
import type { Instance } from '../core/data/types.ts';
import { importFile, importPairFiles, summarizeIssues } from '../core/formats/index.ts';
import { openHfDataset } from '../core/formats/hf-datasets.ts';
import { concatBytes } from '../core/formats/gzip.ts';
import { linkAdversarial } from '../core/formats/adversarial.ts';
import { describePairing, type PairingCounts } from '../core/formats/pairs.ts';
import { describePairKinds, type PairKindCounts } from '../core/formats/pair-kind.ts';
import { contentHash } from '../core/data/content-hash.ts';
import type { InputIssue } from '../core/formats/squad.ts';
import { answerTypeOf } from '../core/ner/answer-type.ts';
import { activeTagStore, newTagStore, tagStoreData, useTagStore, type TagStoreData } from '../core/entity/tag-store.ts';
import { fileAnswerType } from '../core/ner/file-answer-type.ts';
import type { Catalog } from './catalog.ts';
import type { DataEvent, DatasetInfo, ImportSource } from './data-protocol.ts';
import { beginImport, finishImport, importLockName, isQuotaError, removeDataset, settleImport, storeInstances, type QarxDb } from './db.ts';
import type { SearchIndex } from './search-index.ts';
import { countOf, isAre, theCount } from '../core/text/plural.ts';

export interface ImportDeps {
  db: QarxDb;
  catalog: Catalog;
  index: SearchIndex;
  post: (e: DataEvent) => void;
}

type Phase = 'download' | 'parse' | 'store' | 'classify';

/** Runs `fn` holding the Web Lock `name` (the browser releases it if the tab dies); without Web Locks it just runs. */
export async function holdLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? locks.request(name, fn) : fn();
}


/** Reads an import source with core's importers. */
async function readSource(source: ImportSource, dataset: string, signal: AbortSignal, progress: (phase: Phase) => (done: number, total: number) => void) {
  if (source.kind === 'files') {
    const files = await Promise.all(source.files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.blob.arrayBuffer()) })));
    if (source.pairs) {
      const [a, b] = files;
      if (!a || !b) throw new Error('A pair import needs two aligned SQuAD files: the original and the perturbed one.');
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
  return concatBytes(parts, done);
}

/** A fresh dataset id, unique across tabs (time, job and a random part). */
function newDatasetId(jobId: number): string {
  return `ds-${Date.now().toString(36)}-${jobId}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Puts every instance in the dataset and types its answer (for the browser's filter). Returns the
 * entity tags the typing computed (the passages of entity answers), kept with the dataset so a
 * sweep tags no passage again (core/entity/tag-store.ts).
 */
export function classify(instances: Instance[], dataset: string, onProgress: (done: number, total: number) => void): TagStoreData {
  const n = instances.length;
  const store = newTagStore();
  const before = activeTagStore();
  useTagStore(store);
  try {
    for (let i = 0; i < n; i++) {
      const x = instances[i] as Instance;
      x.dataset = dataset;
      // Marked when the built-in tagger typed it (no type or spans of the file's own): a loaded NER tagger then types it instead.
      if (x.answerType === undefined && fileAnswerType(x.meta) === null && !x.entities) x.answerTypeBy = 'builtin';
      x.answerType = answerTypeOf(x); // the same typing renaming does when a file has none (qarx)
      if (i % 500 === 0) onProgress(i, n);
    }
  } finally {
    useTagStore(before);
  }
  return tagStoreData(store);
}

/** Reads, types and saves one import, posting progress and exactly one import-done or import-error. */
export async function runImport(deps: ImportDeps, jobId: number, source: ImportSource, name: string, signal: AbortSignal): Promise<void> {
  const { post } = deps;
  const progress = (phase: Phase) => (done: number, total: number) => post({ type: 'import-progress', jobId, phase, done, total });
  const id = newDatasetId(jobId);
  const nothing = (message: string) => post({ type: 'import-done', jobId, dataset: null, cancelled: true, message });
  let result: { instances: Instance[]; issues: InputIssue[]; format: DatasetInfo['format']; cancelled?: boolean; pairing?: PairingCounts; kinds?: PairKindCounts; fileVersion?: string };
  try {
    result = await readSource(source, id, signal, progress);
  } catch (err) {
    if (signal.aborted) return nothing('Import cancelled before any question was read.');
    post({ type: 'import-error', jobId, message: err instanceof Error ? err.message : String(err) });
    return;
  }
  const readCancelled = Boolean(result.cancelled) || signal.aborted;
  if (result.instances.length === 0 && readCancelled) return nothing('Import cancelled before any question was read.');
  if (result.instances.length === 0) {
    post({ type: 'import-error', jobId, message: `${name}: no usable questions. ${summarizeIssues(result.issues)}`.trim() });
    return;
  }
  // The content hash lets a permalink find these questions again under another id (re-imported).
  const hash = await contentHash(result.instances);
  // Adversarial SQuAD variants (`<id>-<suffix>`) learn their original and the inserted sentence.
  linkAdversarial(result.instances);
  const tags = classify(result.instances, id, progress('classify'));
  void navigator.storage?.persist?.().catch(() => false);
  await holdLock(importLockName(id), () => save(deps, jobId, id, name, { ...result, hash, tags }, readCancelled, signal));
}

/** Saves a read import (record first, rows in chunks, complete last) and reports the outcome. */
async function save(
  { db, catalog, index, post }: ImportDeps,
  jobId: number,
  id: string,
  name: string,
  result: { instances: Instance[]; issues: InputIssue[]; format: DatasetInfo['format']; pairing?: PairingCounts; hash: string; tags?: TagStoreData; kinds?: PairKindCounts; fileVersion?: string },
  readCancelled: boolean,
  signal: AbortSignal,
): Promise<void> {
  const n = result.instances.length;
  const issueSummary = result.issues.length ? summarizeIssues(result.issues) : '';
  const record: DatasetInfo = { id, name, format: result.format, count: 0, total: n, createdAt: Date.now(), builtIn: false, issueSummary, issues: result.issues.slice(0, 200), partial: false, state: 'importing', note: '', hash: result.hash, ...(result.fileVersion ? { fileVersion: result.fileVersion } : {}) };
  // A dataset that does not fit is not kept in part: the browser then counts the site over its quota
  // and refuses every later write (other imports, intent tags, model downloads), so the app says how
  // much fitted and frees it all.
  const full = (fitted: number) =>
    `The browser's storage is full: only ${fitted.toLocaleString('en')} of the ${countOf(n, 'question')} of "${name}" fitted, so none were kept (a partial copy would leave no room for anything else). Free space under Storage (delete a dataset) or import fewer questions, then try again.`;
  const fail = async (fitted: number) => {
    index.drop(id);
    await removeDataset(db, id);
    post({ type: 'import-error', jobId, message: full(fitted) });
  };
  const asked = name;
  try {
    try {
      // Another dataset (maybe from another tab) may hold the name: this one gets a suffix, and says so.
      name = await beginImport(db, record);
    } catch (err) {
      if (!isQuotaError(err)) throw err;
      post({ type: 'import-error', jobId, message: full(0) });
      return;
    }
    // A cancel during reading keeps what was read, so only a cancel during saving stops the save.
    const saveSignal = readCancelled ? undefined : signal;
    const store = await storeInstances(db, id, result.instances, (done, total) => post({ type: 'import-progress', jobId, phase: 'store', done, total }), saveSignal);
    if (store.gone) {
      post({ type: 'import-error', jobId, message: `The import of "${name}" was removed from storage while it was saving (in another tab); nothing of it is kept.` });
      return;
    }
    if (store.quotaFull) return await fail(store.stored);
    const kept = result.instances.slice(0, store.stored);
    // The tags only save work: a full quota here costs a sweep's tagging, not the import.
    if (result.tags && kept.length) await db.tags.put({ dataset: id, data: result.tags }).catch(() => undefined);
    if (kept.length === 0) {
      await removeDataset(db, id);
      post({ type: 'import-done', jobId, dataset: null, cancelled: true, message: 'Import cancelled before any question was saved.' });
      return;
    }
    const cancelled = readCancelled || store.cancelled;
    const note = store.cancelled ? `Cancelled while saving: ${kept.length.toLocaleString('en')} of ${countOf(n, 'question')} ${kept.length === 1 ? 'was' : 'were'} saved.` : readCancelled ? 'Cancelled while reading: the questions read are kept.' : '';
    index.add(id, kept); // before it is listed, so no tab's refresh re-reads the rows
    let listed: boolean;
    try {
      listed = await finishImport(db, id, { partial: Boolean(note), note });
    } catch (err) {
      if (isQuotaError(err)) return await fail(kept.length);
      throw err;
    }
    if (!listed) {
      index.drop(id);
      post({ type: 'import-error', jobId, message: `The import of "${name}" was removed from storage while it was saving (in another tab); nothing of it is kept.` });
      return;
    }
    await catalog.refresh();
    const info = catalog.datasets.find((d) => d.id === id) ?? null;
    const message = store.cancelled
      ? `Import cancelled while saving: ${theCount(kept.length, 'question')} saved so far ${isAre(kept.length)} kept.`
      : readCancelled
        ? `Import cancelled: ${theCount(kept.length, 'question')} read so far ${isAre(kept.length)} kept.`
        : `Imported ${countOf(kept.length, 'question')}${name === asked ? '' : ` as "${name}" (a dataset named "${asked}" already exists)`}.${result.pairing ? ` Pairs: ${describePairing(result.pairing)}${result.kinds ? `; ${describePairKinds(result.kinds)}` : ''}.` : ''}${issueSummary ? ` ${issueSummary}` : ''}`;
    post({ type: 'import-done', jobId, dataset: info, cancelled, message });
  } catch (err) {
    // Settled like an import whose tab died: what was saved stays as a partial dataset, else nothing does.
    index.drop(id);
    const settled = await settleImport(db, id, 'an error').catch(() => null);
    await catalog.refresh().catch(() => undefined);
    const kept = settled?.kind === 'finished' ? ` Saved before the error and kept as a partial dataset: ${countOf(settled.count, 'question')}.` : ' Nothing of it is kept.';
    post({ type: 'import-error', jobId, message: `Import of "${name}" failed: ${err instanceof Error ? err.message : String(err)}.${kept}` });
  }
}
