// @ts-check
/**
 * The content key of a build (issue 44): `npm start` rebuilds dist/ only when the sources or the
 * settings it was built from changed. Plain JS (not TS) so that `npm start` runs it with plain node:
 * tsx would cost a second of CPU on the path that skips the build. Types: build-key.d.mts.
 *
 * The key hashes the content and path of every file of the checkout that is not an output or a cache
 * (so an edited test or doc also rebuilds: over-inclusion costs a build, never a stale app), the
 * installed packages as npm recorded them (node_modules/.package-lock.json), the settings the build
 * reads from the environment and Node's version. dist/ gets a stamp with the key and every file the
 * build wrote with its size; a stamp whose key differs, or a file missing or of another size, means
 * "build". Any other build (`npm run build`, `build:test`) empties dist/ first and so removes the stamp.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The stamp's name in dist/ (written after the build, so the service worker never lists it; no extension, so it is not precompressed). */
export const STAMP = '.qarx-build-key';

/** Bumped when what the key covers changes, so that older stamps never match. */
const KEY_FORMAT = 1;

/** Paths (relative to the root, `/`-separated) that are outputs or caches of a build, never its inputs. */
export const NOT_INPUTS = ['.git', 'node_modules', 'dist', 'dist-cli', '.cache', 'test-results', 'docs/.vitepress/dist', 'docs/.vitepress/cache'];

/**
 * Environment variables the build reads (ours, Vite's, the Hub's, NODE_ENV), sorted by name. NODE_ENV
 * unset counts as `production`, what `vite build` then uses (and sets: a process that ran Vite passes it on).
 */
export function buildEnv(/** @type {Record<string, string | undefined>} */ env) {
  return Object.entries({ ...env, NODE_ENV: env.NODE_ENV || 'production' })
    .filter(([k, v]) => v !== undefined && (/^(QARX|VITE|HF)_/.test(k) || k === 'NODE_ENV'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Every input file under `root`, as sorted `/`-separated relative paths. */
export function inputFiles(/** @type {string} */ root) {
  /** @type {string[]} */
  const out = [];
  const walk = (/** @type {string} */ dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = join(dir, e.name);
      const rel = relative(root, abs).split(sep).join('/');
      if (NOT_INPUTS.includes(rel)) continue;
      // Symbolic links are followed (a linked folder's files are inputs like any other).
      const isDir = e.isDirectory() || (e.isSymbolicLink() && statSync(abs).isDirectory());
      if (isDir) walk(abs);
      else out.push(rel);
    }
  };
  walk(root);
  return out.sort();
}

/** The build's content key for the checkout at `root` built with `env`. */
export function buildKey(/** @type {string} */ root, /** @type {Record<string, string | undefined>} */ env) {
  const h = createHash('sha256');
  h.update(`qarx-build-key ${KEY_FORMAT}\0node ${process.version}\0`);
  for (const [k, v] of buildEnv(env)) h.update(`env ${k}=${v}\0`);
  const lock = join(root, 'node_modules', '.package-lock.json');
  h.update(`installed\0`).update(existsSync(lock) ? readFileSync(lock) : 'none').update('\0');
  for (const rel of inputFiles(root)) {
    const content = readFileSync(join(root, rel));
    h.update(`file ${rel}\0${content.length}\0`).update(content);
  }
  return h.digest('hex');
}

/** Every file under dist/ (but the stamp) with its size. */
function distFiles(/** @type {string} */ dist) {
  /** @type {Record<string, number>} */
  const files = {};
  for (const rel of inputFiles(dist)) if (rel !== STAMP) files[rel] = statSync(join(dist, rel)).size;
  return files;
}

/** Writes dist/'s stamp: the key it was built with and the files the build wrote. */
export function writeStamp(/** @type {string} */ dist, /** @type {string} */ key) {
  writeFileSync(join(dist, STAMP), `${JSON.stringify({ key, files: distFiles(dist) })}\n`);
}

/**
 * Whether dist/ holds a whole build made with `key`: `{ upToDate: true }`, or `{ upToDate: false, why }`.
 * Files added since (the compressed copies `vite preview` writes) do not matter.
 */
export function checkStamp(/** @type {string} */ dist, /** @type {string} */ key) {
  const path = join(dist, STAMP);
  if (!existsSync(path)) return { upToDate: false, why: 'dist/ has no build stamp' };
  /** @type {{ key?: unknown, files?: Record<string, number> }} */
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return { upToDate: false, why: 'dist/ has an unreadable build stamp' };
  }
  if (stamp.key !== key) return { upToDate: false, why: 'the sources or settings changed since dist/ was built' };
  for (const [rel, size] of Object.entries(stamp.files ?? {})) {
    const abs = join(dist, rel);
    if (!existsSync(abs) || statSync(abs).size !== size) return { upToDate: false, why: `dist/${rel} is missing or changed` };
  }
  if (Object.keys(stamp.files ?? {}).length === 0) return { upToDate: false, why: 'the build stamp lists no files' };
  return { upToDate: true };
}
