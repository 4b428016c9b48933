/**
 * Precompressed files for the built app: `npm run build` writes a `.br` (brotli) and a `.gz`
 * (gzip) beside every compressible file of dist/ (ONNX Runtime's wasm, the model, tokenizer, JS,
 * CSS, HTML), and `vite preview` (`npm start`) serves them with `Content-Encoding`, the original's
 * `Content-Type` and `Vary: Accept-Encoding`. The wasm shrinks from 14.3 MB to about 3 MB; nothing
 * is compressed per request. Compressed outputs are kept in .cache/precompress by content hash,
 * so a rebuild only compresses what changed (ONNX Runtime's wasm takes seconds at brotli 6).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
/** Above this size brotli runs at quality 6 (seconds), below it at 11 (the smallest output). */
const LARGE = 1024 * 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The encodings written for each file, in the order a server prefers them. */
export const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;
export type Encoding = (typeof ENCODINGS)[number]['name'];

/** Compresses `data` with `enc` (brotli 11 for small files, 6 for large; gzip 9). */
export async function compress(data: Buffer, enc: Encoding): Promise<Buffer> {
  if (enc === 'gzip') return gz(data, { level: 9 });
  return brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: data.length > LARGE ? 6 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } });
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

/**
 * Writes `<file>.br` and `<file>.gz` beside each compressible file of `dir` (when smaller than the
 * file); `cacheDir` keeps outputs by content hash. Returns the bytes before and after (best encoding).
 */
export async function precompressDir(dir: string, cacheDir: string): Promise<{ files: number; bytes: number; compressed: number }> {
  mkdirSync(cacheDir, { recursive: true });
  let files = 0;
  let bytes = 0;
  let compressed = 0;
  const jobs = walk(dir)
    .filter((p) => shouldCompress(p, statSync(join(dir, p)).size))
    .map(async (p) => {
      const data = readFileSync(join(dir, p));
      const hash = createHash('sha256').update(data).digest('hex');
      let best = data.length;
      for (const { name, ext } of ENCODINGS) {
        const cached = join(cacheDir, `${hash}${ext}`);
        const out = existsSync(cached) ? readFileSync(cached) : await compress(data, name);
        if (!existsSync(cached)) writeFileSync(cached, out);
        // A file that does not shrink is served as it is.
        if (out.length < data.length) {
          writeFileSync(join(dir, p + ext), out);
          best = Math.min(best, out.length);
        }
      }
      files += 1;
      bytes += data.length;
      compressed += best;
    });
  await Promise.all(jobs);
  return { files, bytes, compressed };
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
 * Cache-Control for a path: Vite's hashed /assets/ never change under one name (a year, immutable);
 * everything else is revalidated (a redeploy changes index.html, the wasm and the model in place).
 */
export function cacheControlFor(path: string): string {
  return /(^|\/)assets\//.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
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
    const fresh = (e: (typeof ENCODINGS)[number]) => existsSync(file + e.ext) && statSync(file + e.ext).mtimeMs >= statSync(file).mtimeMs;
    const enc = ENCODINGS.filter((e) => accepted.includes(e.name)).find(fresh);
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
