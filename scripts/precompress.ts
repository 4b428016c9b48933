/**
 * Precompressed files for the built app: `npm run build` writes a `.br` (brotli) and a `.gz`
 * (gzip) beside every compressible file of dist/ (ONNX Runtime's wasm, the model, tokenizer, JS,
 * CSS, HTML), and `vite preview` (`npm start`) serves them with `Content-Encoding`, the original's
 * `Content-Type` and `Vary: Accept-Encoding`. The wasm shrinks from 14.3 MB to about 3 MB; nothing
 * is compressed per request. Compressed outputs are kept in .cache/precompress by content hash,
 * so a rebuild only compresses what changed.
 *
 * Levels (issue 44: a newcomer's first `npm start` spent 60 s here). Measured on the 58 files of the
 * build (62.5 MB), CPU seconds on this 2-core machine:
 *
 * | levels                                   | gzip total | brotli total | CPU    |
 * | ---------------------------------------- | ---------- | ------------ | ------ |
 * | before: gzip 9, brotli 11 ≤ 1 MB, else 6 | 16.28 MB   | 12.97 MB     | 22.6 s |
 * | now: gzip 6, brotli 11 ≤ 128 KB, else 6  | 16.39 MB   | 13.19 MB     | 6.9 s  |
 *
 * gzip 9 saves 0.7% over 6 at twice the CPU (and only clients without brotli get it); brotli 11 on the
 * 0.1–1 MB scripts cost 13 s for 220 KB (1.7%). Below 128 KB brotli 11 is cheap and kept.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Content-Type of each compressible extension (what the browser must see after decoding). */
export const COMPRESSIBLE: Readonly<Record<string, string>> = {
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.json': 'application/json',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
};

/** Files smaller than this are sent as they are: headers would eat the saving. */
export const MIN_BYTES = 1024;
/** Up to this size brotli runs at quality 11 (cheap there); above it at 6 (quality 11 costs ~2 s per MB for ~2%). */
export const BROTLI_MAX_AT_11 = 128 * 1024;
/** gzip's level: 9 saves 0.7% over 6 at twice the CPU. */
export const GZIP_LEVEL = 6;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The encodings written for each file, in the order a server prefers them. */
export const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;
export type Encoding = (typeof ENCODINGS)[number]['name'];

/** The brotli quality for a file of `bytes` (see the table above). */
export function brotliQuality(bytes: number): number {
  return bytes > BROTLI_MAX_AT_11 ? 6 : 11;
}

/** Compresses `data` with `enc` (brotli 11 for small files, 6 for large; gzip 6). */
export async function compress(data: Buffer, enc: Encoding): Promise<Buffer> {
  if (enc === 'gzip') return gz(data, { level: GZIP_LEVEL });
  return brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality(data.length), [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const rel = prefix ? `${prefix}/${d.name}` : d.name;
    if (d.isSymbolicLink()) return []; // e.g. the benchmark's dist/bench-models link
    return d.isDirectory() ? walk(join(dir, d.name), rel) : [rel];
  });
}

/** Whether a file of this name and size gets compressed siblings. */
export function shouldCompress(path: string, bytes: number): boolean {
  return bytes >= MIN_BYTES && extname(path) in COMPRESSIBLE;
}

/** Whether `file`'s compressed copy with extension `ext` exists and is not older than the file (not stale after an edit). */
export function freshSibling(file: string, ext: string): boolean {
  return existsSync(file + ext) && statSync(file + ext).mtimeMs >= statSync(file).mtimeMs;
}

/** Writes `data` to `path` through a temporary file and a rename, so a server reading `path` meanwhile never sees half of it. */
function writeWhole(path: string, data: Buffer): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, path);
}

/** What precompressDir did: files and bytes before/after (best encoding), how many outputs came from the cache, wall seconds. */
export interface PrecompressReport {
  files: number;
  bytes: number;
  compressed: number;
  cached: number;
  seconds: number;
}

/** The cache name of `data` compressed with `enc`: content hash plus the level, so a new level recompresses. */
function cacheName(data: Buffer, enc: Encoding): string {
  const level = enc === 'gzip' ? `gz${GZIP_LEVEL}` : `br${brotliQuality(data.length)}`;
  return `${createHash('sha256').update(data).digest('hex')}.${level}`;
}

/** `data` compressed with `enc`, from `cacheDir` when there (`hit` says so), else compressed and stored. */
async function compressCached(data: Buffer, enc: Encoding, cacheDir: string): Promise<{ out: Buffer; hit: boolean }> {
  const cached = join(cacheDir, cacheName(data, enc));
  if (existsSync(cached)) return { out: readFileSync(cached), hit: true };
  const out = await compress(data, enc);
  writeFileSync(cached, out);
  return { out, hit: false };
}

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir` (when smaller than the
 * file); `cacheDir` keeps outputs by content hash and level. Largest files start first, so the
 * biggest job (ONNX Runtime's wasm) does not start last on the thread pool. `missingOnly` skips
 * files that already have both copies, fresh (what `vite preview` does while it serves, for `npm start`).
 * Each copy appears whole (written, then renamed), so it can run while a server sends the files.
 */
export async function precompressDir(dir: string, cacheDir: string, { missingOnly = false } = {}): Promise<PrecompressReport> {
  const t0 = performance.now();
  mkdirSync(cacheDir, { recursive: true });
  const report = { files: 0, bytes: 0, compressed: 0, cached: 0 };
  const todo = walk(dir)
    .map((p) => ({ p, size: statSync(join(dir, p)).size }))
    .filter(({ p, size }) => shouldCompress(p, size))
    .filter(({ p }) => !missingOnly || !ENCODINGS.every((e) => freshSibling(join(dir, p), e.ext)))
    .sort((a, b) => b.size - a.size);
  await Promise.all(
    todo.map(async ({ p }) => {
      const data = readFileSync(join(dir, p));
      const outs = await Promise.all(ENCODINGS.map(async (e) => ({ ...e, ...(await compressCached(data, e.name, cacheDir)) })));
      let best = data.length;
      for (const { ext, out, hit } of outs) {
        if (hit) report.cached += 1;
        // A file that does not shrink is served as it is.
        if (out.length >= data.length) continue;
        writeWhole(join(dir, p + ext), out);
        best = Math.min(best, out.length);
      }
      report.files += 1;
      report.bytes += data.length;
      report.compressed += best;
    }),
  );
  return { ...report, seconds: (performance.now() - t0) / 1000 };
}

/** The encodings an Accept-Encoding header allows, best first (br, then gzip; q=0 refuses), e.g. 'gzip, br' → ['br', 'gzip']. */
export function acceptedEncodings(accept: string | undefined): Encoding[] {
  const q = new Map<string, number>();
  for (const part of (accept ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qp = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    q.set(name.trim(), qp ? Number(qp.slice(2)) : 1);
  }
  return ENCODINGS.map((e) => e.name).filter((n) => (q.get(n) ?? q.get('*') ?? 0) > 0);
}

/**
 * The tab icons and the web manifest: Chromium reads them again within one visit (a second
 * conditional request for favicon.svg on every first visit, issue 44), so they are fresh for an
 * hour. The service worker serves them after the first visit anyway, and checks a reused copy
 * against its integrity hash, so an icon from an older deployment is never precached.
 */
const BROWSER_READ = /^(favicon\.(svg|ico)|manifest\.webmanifest)$/;

/**
 * Cache-Control for a path: Vite's hashed /assets/ never change under one name (a year, immutable);
 * the icons and manifest are fresh for an hour (BROWSER_READ); everything else is revalidated (a
 * redeploy changes index.html, the wasm and the model in place).
 */
export function cacheControlFor(path: string): string {
  if (/(^|\/)assets\//.test(path)) return 'public, max-age=31536000, immutable';
  return BROWSER_READ.test(path) ? 'public, max-age=3600' : 'no-cache';
}

/**
 * Connect middleware for `vite preview`: the static server for the app's files (those with a type
 * in COMPRESSIBLE), as a plain static host would send them: the precompressed sibling the client
 * accepts (else the file), the original's Content-Type, `Vary: Accept-Encoding` only, an ETag and
 * `cacheControlFor`, plus `headers` (the security headers). Anything else (the SPA fallback,
 * other types) goes on to Vite.
 */
export function precompressedMiddleware(dir: string, headers: Readonly<Record<string, string>>) {
  const root = normalize(dir + sep);
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let path: string;
    try {
      path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    } catch {
      return next();
    }
    if (path === '' || path.endsWith('/')) path += 'index.html';
    const file = normalize(join(root, path));
    const type = COMPRESSIBLE[extname(file)];
    if (!file.startsWith(root) || !type || !existsSync(file) || !statSync(file).isFile()) return next();
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    // A sibling older than its file (the file was edited after the build) is stale: send the file.
    const enc = ENCODINGS.filter((e) => accepted.includes(e.name)).find((e) => freshSibling(file, e.ext));
    const sent = enc ? file + enc.ext : file;
    const st = statSync(sent);
    const etag = `W/"${enc?.name ?? 'identity'}-${st.size}-${st.mtimeMs.toFixed(0)}"`;
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.setHeader('Content-Type', type);
    if (enc) res.setHeader('Content-Encoding', enc.name);
    // Replaces Vite's `Vary: Origin`: a static file does not depend on the Origin header, and varying on
    // it would keep the service worker (whose requests carry none) from reusing module scripts' copies.
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Cache-Control', cacheControlFor(path));
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', st.mtime.toUTCString());
    if (req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    res.setHeader('Content-Length', String(st.size));
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : readFileSync(sent));
  };
}
