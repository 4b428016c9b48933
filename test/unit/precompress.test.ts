/** Precompressed files (scripts/precompress.ts): which encoding a client gets, what the build writes, and what `npm start` sends. */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncodings, BROTLI_MAX_AT_11, brotliQuality, cacheControlFor, precompressDir, precompressedMiddleware, shouldCompress } from '../../scripts/precompress.ts';

describe('acceptedEncodings', () => {
  it.each([
    { accept: 'gzip, deflate, br, zstd', want: ['br', 'gzip'] },
    { accept: 'gzip', want: ['gzip'] },
    { accept: 'br;q=0, gzip;q=0.5', want: ['gzip'] },
    { accept: '*', want: ['br', 'gzip'] },
    { accept: '*;q=0', want: [] },
    { accept: 'identity', want: [] },
    { accept: undefined, want: [] },
  ])('$accept → $want', ({ accept, want }) => {
    expect(acceptedEncodings(accept)).toEqual(want);
  });
});

describe('what is compressed and cached', () => {
  it.each([
    { path: 'ort/ort-wasm-simd-threaded.wasm', bytes: 14e6, want: true },
    { path: 'models/m/onnx/model.onnx', bytes: 3e6, want: true },
    { path: 'assets/main-abc.js', bytes: 2048, want: true },
    { path: 'assets/tiny-abc.js', bytes: 300, want: false },
    { path: 'photo.png', bytes: 1e6, want: false },
  ])('$path ($bytes bytes): $want', ({ path, bytes, want }) => {
    expect(shouldCompress(path, bytes)).toBe(want);
  });

  // Issue 44: brotli 11 only where it is cheap (small files); the measured table is in precompress.ts.
  it.each([
    { bytes: 2048, want: 11 },
    { bytes: BROTLI_MAX_AT_11, want: 11 },
    { bytes: BROTLI_MAX_AT_11 + 1, want: 6 },
    { bytes: 600_000, want: 6 },
    { bytes: 14e6, want: 6 },
  ])('brotli quality for $bytes bytes: $want', ({ bytes, want }) => {
    expect(brotliQuality(bytes)).toBe(want);
  });

  it('hashed assets are immutable, everything else is revalidated', () => {
    expect(cacheControlFor('assets/main-abc.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('ort/ort-wasm-simd-threaded.wasm')).toBe('no-cache');
    expect(cacheControlFor('index.html')).toBe('no-cache');
    // Issue 44: the browser reads the icons and the manifest twice in one visit; fresh for an hour, it fetches them once.
    for (const p of ['favicon.svg', 'favicon.ico', 'manifest.webmanifest']) expect(cacheControlFor(p), p).toBe('public, max-age=3600');
    expect(cacheControlFor('models/favicon.svg')).toBe('no-cache');
  });
});

describe('build and serve', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qarx-precompress-'));
  const dist = join(dir, 'dist');
  // Repetitive, like a wasm or model file: compresses well.
  const wasm = Buffer.from(Array.from({ length: 40_000 }, (_, i) => i % 251));
  const small = Buffer.from('export const x = 1;\n');
  let server: Server;
  let base: string;
  beforeAll(async () => {
    mkdirSync(join(dist, 'ort'), { recursive: true });
    writeFileSync(join(dist, 'ort', 'a.wasm'), wasm);
    writeFileSync(join(dist, 'small.js'), small);
    server = createServer((req, res) => precompressedMiddleware(dist, { 'X-Test': 'yes' })(req, res, () => {
      res.statusCode = 404;
      res.end('next');
    }));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  const fetchRaw = (path: string, accept?: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
      get(`${base}${path}`, { headers: accept ? { 'accept-encoding': accept } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it('writes .br and .gz beside compressible files that shrink, and reuses its cache', async () => {
    const r = await precompressDir(dist, join(dir, 'cache'));
    expect(r.files).toBe(1); // small.js is under MIN_BYTES
    expect(r.compressed).toBeLessThan(r.bytes / 10);
    expect(brotliDecompressSync(readFileSync(join(dist, 'ort', 'a.wasm.br')))).toEqual(wasm);
    expect(gunzipSync(readFileSync(join(dist, 'ort', 'a.wasm.gz')))).toEqual(wasm);
    expect(r.cached).toBe(0);
    const again = await precompressDir(dist, join(dir, 'cache'));
    expect({ ...again, seconds: 0 }).toEqual({ ...r, cached: 2, seconds: 0 }); // both outputs of a.wasm from the cache
  });

  // npm start (issue 44): the preview writes only the copies the build left out, while it serves.
  it('with missingOnly, compresses only files without both fresh copies', async () => {
    expect((await precompressDir(dist, join(dir, 'cache'), { missingOnly: true })).files).toBe(0);
    rmSync(join(dist, 'ort', 'a.wasm.gz'));
    const r = await precompressDir(dist, join(dir, 'cache'), { missingOnly: true });
    expect({ files: r.files, cached: r.cached }).toEqual({ files: 1, cached: 2 });
    expect(gunzipSync(readFileSync(join(dist, 'ort', 'a.wasm.gz')))).toEqual(wasm);
  });

  it.each([
    { accept: 'gzip, deflate, br', enc: 'br', decode: brotliDecompressSync },
    { accept: 'gzip', enc: 'gzip', decode: gunzipSync },
  ])('sends the wasm with Content-Encoding $enc, its own Content-Type, and it decodes to the file', async ({ accept, enc, decode }) => {
    const r = await fetchRaw('/ort/a.wasm', accept);
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe(enc);
    expect(r.headers['content-type']).toBe('application/wasm');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.headers['x-test']).toBe('yes');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(decode(r.body)).toEqual(wasm);
  });

  it('sends the file as it is to a client that accepts no encoding, and small files as they are', async () => {
    const plain = await fetchRaw('/ort/a.wasm');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(wasm);
    const js = await fetchRaw('/small.js', 'br');
    expect(js.headers['content-encoding']).toBeUndefined();
    expect(js.headers['content-type']).toBe('text/javascript');
    expect(js.body).toEqual(small);
  });

  it('answers a matching If-None-Match with 304, and leaves other paths to the next middleware', async () => {
    const first = await fetchRaw('/ort/a.wasm', 'br');
    const etag = String(first.headers.etag);
    const again = await new Promise<number>((resolve) => get(`${base}/ort/a.wasm`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } }, (res) => resolve(res.statusCode ?? 0)));
    expect(again).toBe(304);
    expect((await fetchRaw('/missing.wasm', 'br')).body.toString()).toBe('next');
    expect((await fetchRaw('/../etc/passwd.json', 'br')).body.toString()).toBe('next');
  });

  it('sends the file itself when it is newer than its compressed copies (edited after the build)', async () => {
    const edited = Buffer.from(Array.from({ length: 40_000 }, (_, i) => i % 13));
    writeFileSync(join(dist, 'ort', 'a.wasm'), edited);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dist, 'ort', 'a.wasm'), later, later);
    const r = await fetchRaw('/ort/a.wasm', 'br');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toEqual(edited);
  });
});
