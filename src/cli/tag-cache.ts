/**
 * The CLI's entity tags on disk: one file per dataset under <cache dir>/tags, holding each passage's
 * entities and each answer's type (core/entity/tag-store.ts), so a second sweep or budget of the
 * same file tags nothing. Entries are looked up by their text, so a stale file can only miss; the
 * file name also carries a fingerprint of the tagging code (the compiled CLI or the tagger's
 * sources, and the versions of the packages its dictionaries come from), so a new version of the
 * code starts a new file. Beside them, the dictionaries lexicon.ts derives from those packages
 * (compromise's lexicon, the place lists): with both cached a sweep loads none of the packages.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Instance } from '../core/data/types.ts';
import { newTagStore, TAG_FORMAT, tagStoreData, tagStoreFrom, useTagStore, type TagStore, type TagStoreData } from '../core/entity/tag-store.ts';
import { lexiconSnapshot, lexiconSnapshotGrew, useLexiconSnapshot, type LexiconSnapshot } from '../core/entity/lexicon.ts';
import { err } from './io.ts';
import { cacheDirOf } from './cache-dir.ts';
import { writeFileAtomic } from './atomic.ts';

/** The files whose code decides the tags: the compiled CLI's own files, or the tagger's sources under tsx. */
function codeFiles(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  const list = (dir: string, ext: RegExp) => (existsSync(dir) ? readdirSync(dir).filter((f) => ext.test(f)).map((f) => join(dir, f)) : []);
  if (here.endsWith(join('src', 'cli'))) {
    const core = join(here, '..', 'core');
    return ['entity', 'ner', 'entity/name-data'].flatMap((d) => list(join(core, d), /\.(ts|json)$/));
  }
  // dist-cli/qarx.js, its chunks (this module is bundled into one of them) and the lazily loaded packages.
  const root = existsSync(join(here, 'chunks')) ? here : dirname(here);
  return [...list(root, /\.js$/), ...list(join(root, 'chunks'), /\.js$/), ...list(join(root, 'lazy'), /\.js$/)];
}

let fingerprint: string | undefined;

/** The packages the tags and dictionaries come from (their package.json is part of the fingerprint). */
const SOURCES = ['compromise', '@faker-js/faker', 'country-state-city'];

/** A short hash of the tagging code and its packages' versions, e.g. '3f9a0c1d2e4b'. */
export function codeFingerprint(): string {
  if (fingerprint) return fingerprint;
  const h = createHash('sha1').update(`format ${TAG_FORMAT}\n`);
  for (const name of SOURCES) {
    try {
      h.update(readFileSync(fileURLToPath(import.meta.resolve(`${name}/package.json`))));
    } catch {
      h.update(`${name} ?`);
    }
  }
  for (const f of codeFiles().sort()) h.update(f.slice(f.lastIndexOf('/') + 1)).update(readFileSync(f));
  return (fingerprint = h.digest('hex').slice(0, 12));
}

/** A dataset's key: a hash of its passages and answers in file order (what the tags depend on). */
export function datasetKey(instances: readonly Instance[]): string {
  const h = createHash('sha1');
  let last = '';
  for (const x of instances) {
    if (x.context !== last) h.update(x.context).update('\u0000');
    last = x.context;
    h.update(`${x.answers[0]?.start ?? ''}:${x.answers[0]?.text ?? ''}\u0001`);
  }
  return h.digest('hex').slice(0, 16);
}

/** The tags directory of a cache dir (--cache-dir, QARX_CACHE_DIR, else ~/.cache/qarx). */
export const tagsDir = (cacheDir?: string) => join(cacheDirOf(cacheDir), 'tags');

/** The cache file of a dataset. */
export const tagFile = (instances: readonly Instance[], cacheDir?: string) => join(tagsDir(cacheDir), `${datasetKey(instances)}-${codeFingerprint()}.json`);

/** The file of the cached dictionaries (one per code fingerprint, whatever the dataset). */
export const lexiconFile = (cacheDir?: string) => join(tagsDir(cacheDir), `lexicon-${codeFingerprint()}.json`);

/** Puts the saved dictionaries in use (none when there is no readable file: they are computed, and saved by saveLexicon). */
export function loadLexicon(file: string): void {
  if (!existsSync(file)) return;
  try {
    useLexiconSnapshot(JSON.parse(readFileSync(file, 'utf8')) as LexiconSnapshot);
  } catch (e) {
    err(`tags: ignoring unreadable ${file} (${e instanceof Error ? e.message : String(e)}); computing the dictionaries again\n`);
  }
}

/** Saves the dictionaries when the run computed a part the file lacked (never half a file); a failure is only reported. */
export function saveLexicon(file: string): void {
  if (!lexiconSnapshotGrew()) return;
  writeAtomically(file, JSON.stringify(lexiconSnapshot()));
}

/** Writes a file through a temporary one renamed over it; a failure is reported, not thrown. */
function writeAtomically(file: string, text: string): boolean {
  try {
    writeFileAtomic(file, text);
    return true;
  } catch (e) {
    err(`tags: could not save ${file} (${e instanceof Error ? e.message : String(e)})\n`);
    return false;
  }
}

/** The dataset's saved tags (an empty store when none, or when the file cannot be read: then it is rewritten). */
export function loadTags(file: string): TagStore {
  if (!existsSync(file)) return newTagStore();
  try {
    return tagStoreFrom(JSON.parse(readFileSync(file, 'utf8')) as TagStoreData);
  } catch (e) {
    err(`tags: ignoring unreadable ${file} (${e instanceof Error ? e.message : String(e)}); tagging again\n`);
    return newTagStore();
  }
}

/** Saves a store that gained tags (written to a temporary file, then renamed: never half a file); a failure is only reported. */
export function saveTags(file: string, store: TagStore): void {
  if (!store.dirty) return;
  if (writeAtomically(file, JSON.stringify(tagStoreData(store)))) store.dirty = false;
}

/**
 * Puts the dataset's saved tags in use for a renaming command; the returned function saves what
 * the run added (call it when the run ends, finished or interrupted).
 */
export function useSavedTags(instances: readonly Instance[], cacheDir?: string): () => void {
  const file = tagFile(instances, cacheDir);
  const lexicon = lexiconFile(cacheDir);
  const store = loadTags(file);
  loadLexicon(lexicon);
  useTagStore(store);
  return () => {
    useTagStore(null);
    saveTags(file, store);
    saveLexicon(lexicon);
  };
}
