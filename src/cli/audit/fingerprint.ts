/**
 * The fingerprints of an audit unit's inputs (core/audit/inputs.ts) on this machine: SHA-256 of
 * the data file's bytes and of every file its model (and tagger) may load, read as streams so a
 * big file stays in bounded memory, each file hashed once per process (cached by path, size and
 * modification time) however many units use it.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadDemoSet } from '../../core/data/demo.ts';
import { HUB_ID } from '../../core/qa/hub-id.ts';
import type { FileHashes, ModelInputs, UnitInputs } from '../../core/audit/inputs.ts';
import { cacheDirOf } from '../cache-dir.ts';
import type { UnitSources } from './plan.ts';

export type Digest = { sha256: string; bytes: number };
const cache = new Map<string, Promise<Digest>>();

/** SHA-256 of a file's bytes, streamed; the same path, size and mtime in this process give the cached digest. */
export function hashFile(path: string): Promise<Digest> {
  const st = statSync(path);
  const key = `${path}\u0000${st.size}\u0000${st.mtimeMs}`;
  let p = cache.get(key);
  if (!p) {
    p = new Promise<Digest>((resolve, reject) => {
      const h = createHash('sha256');
      let bytes = 0;
      createReadStream(path)
        .on('data', (b) => {
          bytes += b.length;
          h.update(b);
        })
        .on('error', reject)
        .on('end', () => resolve({ sha256: h.digest('hex'), bytes }));
    });
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

/** The files of a model folder transformers.js may load: its top-level JSON files (config, tokenizer, …) and everything under onnx/, as folder-relative paths with '/'. */
export function modelFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const top = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.json')).map((e) => e.name);
  const under = (rel: string): string[] =>
    readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? under(`${rel}/${e.name}`) : e.isFile() ? [`${rel}/${e.name}`] : []));
  const onnx = existsSync(join(dir, 'onnx')) && statSync(join(dir, 'onnx')).isDirectory() ? under('onnx') : [];
  return [...top, ...onnx].sort();
}

/** Each loadable file's SHA-256 in a model folder (none when it does not exist, e.g. a Hub model not downloaded yet). */
async function folderHashes(dir: string): Promise<FileHashes> {
  const out: FileHashes = {};
  for (const f of modelFiles(dir)) out[f] = (await hashFile(join(dir, f))).sha256;
  return out;
}

/** A model's fingerprint: a local folder's files, or a Hub model's files as cached (what transformers.js loads; revision main is cached under <cache>/<id>/). */
export async function modelInputs(src: UnitSources['model'], cacheDir?: string): Promise<ModelInputs> {
  if ('hub' in src) return { hub: src.hub, files: await folderHashes(join(cacheDirOf(cacheDir), src.hub)) };
  return { files: await folderHashes(src.path) };
}

/** A tagger's source as the plan gives it: a folder on this machine, else a Hub id. */
const taggerModel = (t: string): UnitSources['model'] => (existsSync(t) || !HUB_ID.test(t) ? { path: t } : { hub: t });

let demo: Digest | null = null;
/** The built-in demo set's digest: SHA-256 of its questions as JSON (it ships inside qarx, so a new qarx may change it). */
function demoDigest(): Digest {
  if (!demo) {
    const text = JSON.stringify(loadDemoSet());
    demo = { sha256: createHash('sha256').update(text).digest('hex'), bytes: Buffer.byteLength(text) };
  }
  return demo;
}

/** A data source's digest: the file's bytes, or the built-in demo set's questions. */
export const dataInputs = (src: UnitSources['data']): Promise<Digest> => ('builtin' in src ? Promise.resolve(demoDigest()) : hashFile(src.path));

/** A unit's inputs now: its data, model and tagger fingerprints (throws when a file cannot be read). */
export async function unitInputs(src: UnitSources, cacheDir?: string): Promise<UnitInputs> {
  const data = await dataInputs(src.data);
  const model = await modelInputs(src.model, cacheDir);
  return { data, model, ...(src.tagger ? { tagger: await modelInputs(taggerModel(src.tagger), cacheDir) } : {}) };
}

/**
 * Loads a model (or tagger) and fingerprints the files it loads: a local folder before it is read
 * (a file changed while loading then fails the next resume's check, never passes it), a Hub model's
 * cached files after they are downloaded.
 */
export async function loadFingerprinted<T>(src: UnitSources['model'], cacheDir: string | undefined, load: () => Promise<T>): Promise<{ loaded: T; inputs: ModelInputs }> {
  if ('hub' in src) {
    const loaded = await load();
    return { loaded, inputs: await modelInputs(src, cacheDir) };
  }
  const inputs = await modelInputs(src, cacheDir);
  return { loaded: await load(), inputs };
}

/** loadFingerprinted for a tagger as the plan names it (a folder, or a Hub id). */
export const loadTaggerFingerprinted = <T>(tagger: string, cacheDir: string | undefined, load: () => Promise<T>) => loadFingerprinted(taggerModel(tagger), cacheDir, load);
