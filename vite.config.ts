import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { connectSrcFromEnv, headersFile, securityHeaders } from './scripts/security-headers.ts';
import { precompressDir, precompressedMiddleware, type PrecompressReport } from './scripts/precompress.ts';
import { lazyWorkboxBuild } from './scripts/lazy-workbox-build.ts';

// Before vite-plugin-pwa imports workbox-build: only injectManifest's part is ever loaded (≈ 1 s of CPU less per build).
lazyWorkboxBuild();

// Cross-origin isolation (wasm threads) and the security headers; QARX_CONNECT_SRC narrows connect-src.
const connectSrc = connectSrcFromEnv(process.env.QARX_CONNECT_SRC);
const served = securityHeaders({ connectSrc });

/**
 * ONNX Runtime's bundle names its wasm with `new URL("ort-wasm-….wasm", import.meta.url)`. The worker
 * points ONNX Runtime at public/ort/ instead, so that URL is never fetched; left as it is, Vite would
 * read, hash and emit the 27 MB wasm as an asset of every chunk that bundles ONNX Runtime (seconds of
 * each `npm start`, issue 44) only to drop it. `'' + import.meta.url` is the same URL at run time and
 * is not Vite's asset pattern, so the wasm is never read.
 */
function ortWasmUrlsUnresolved(): Plugin {
  const ortWasmUrl = /new URL\((["'])(ort-wasm-simd-threaded[\w.]*\.wasm)\1\s*,\s*import\.meta\.url\s*\)/g;
  return {
    name: 'qarx-ort-wasm-urls-unresolved',
    apply: 'build',
    enforce: 'pre',
    transform: {
      filter: { id: /onnxruntime-web[\\/]dist[\\/]/, code: 'ort-wasm-simd-threaded' },
      handler(code) {
        return { code: code.replace(ortWasmUrl, "new URL($1$2$1,''+import.meta.url)"), map: null };
      },
    },
  };
}

/** Writes dist/_headers, the same headers for static hosts that read that file (Netlify, Cloudflare Pages). */
function emitHeadersFile(): Plugin {
  return {
    name: 'qarx-headers-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile({ connectSrc }) });
    },
  };
}

const OUT_DIR = resolve(import.meta.dirname, 'dist');

/**
 * Precompressed files (scripts/precompress.ts): the build writes .br and .gz beside the wasm, the
 * model and the app's files, and `vite preview` (`npm start`) serves them with Content-Encoding.
 * `npm start` builds with QARX_PRECOMPRESS=0: the preview then serves at once, the files as they are,
 * and writes the missing copies while it serves (issue 44: a newcomer waited for them before the first
 * page). A deploy (`npm run build`) still gets every copy before the build ends.
 */
function precompressed(): Plugin {
  const cacheDir = resolve(import.meta.dirname, '.cache', 'precompress');
  return {
    name: 'qarx-precompressed',
    apply: (_config, env) => env.command === 'build' || env.isPreview === true,
    // After the service worker is written (its closeBundle), so it is compressed too.
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        if (process.env.QARX_PRECOMPRESS === '0') return this.info('precompression left to vite preview (QARX_PRECOMPRESS=0)');
        this.info(precompressLine(await precompressDir(OUT_DIR, cacheDir)));
      },
    },
    configurePreviewServer(server) {
      server.middlewares.use(precompressedMiddleware(OUT_DIR, served));
      // Only what the build left out; until a copy is written whole, the file goes out as it is.
      // One line either way: it tells the user (and bench:start) when the copies are all there.
      void precompressDir(OUT_DIR, cacheDir, { missingOnly: true }).then(
        (r) => server.config.logger.info(`[qarx-precompressed] while serving: ${r.files > 0 ? precompressLine(r) : 'every compressed copy was already there'}`),
        (e: unknown) => server.config.logger.warn(`[qarx-precompressed] while serving: ${String(e)}`),
      );
    },
  };
}

/** One log line for a precompression run: files, bytes before → after, seconds, cache hits. */
function precompressLine(r: PrecompressReport): string {
  const cached = r.cached > 0 ? `, ${r.cached} of ${r.files * 2} outputs from .cache/precompress` : '';
  return `precompressed ${r.files} files: ${(r.bytes / 1e6).toFixed(1)} MB → ${(r.compressed / 1e6).toFixed(2)} MB in ${r.seconds.toFixed(1)} s${cached}`;
}

/** The SRI hash of a built file (its URL relative to dist/). */
const integrityOf = (url: string) => `sha384-${createHash('sha384').update(readFileSync(join(OUT_DIR, url))).digest('base64')}`;

/** Adds each file's SRI hash to the precache manifest: the service worker checks what it reuses from the HTTP cache. */
async function withIntegrity(entries: { url: string; revision: string | null; size: number; integrity?: string }[]) {
  return { manifest: entries.map((e) => ({ ...e, integrity: integrityOf(e.url) })), warnings: [] };
}

/**
 * Offline after the first visit (production build only): the service worker (src/sw/sw.ts)
 * precaches the app, ONNX Runtime's plain wasm build and the shipped model, reusing what the first
 * visit already downloaded; the WebGPU-capable build is cached when first used. It waits when a new
 * version arrives; the app offers "Reload" (src/app/shell/pwa.ts).
 */
const offline = VitePWA({
  registerType: 'prompt',
  injectRegister: null,
  includeManifestIcons: false, // the glob below has them
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  manifest: {
    name: 'QA Robustness Explorer',
    short_name: 'QA Explorer',
    description: 'See where extractive question-answering models break, live in your browser.',
    theme_color: '#2f5bd3',
    background_color: '#f6f7fb',
    display: 'standalone',
    icons: [
      { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: 'favicon.ico', sizes: '48x48', type: 'image/x-icon' },
    ],
  },
  injectManifest: {
    // No webmanifest here: the plugin adds manifest.webmanifest itself, and listing it twice would make
    // a future build whose two entries disagree fail to install (add-to-cache-list-conflicting-entries).
    globPatterns: ['**/*.{js,mjs,css,html,wasm,json,onnx,svg,ico}'],
    // The benchmark pages (bench.html, bench-pipeline.html) are not part of the app.
    globIgnores: ['bench.html', 'bench-pipeline.html', 'assets/bench-*.js', 'assets/bench.worker-*.js', 'assets/peak-*.js', 'sw.js'],
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
    manifestTransforms: [withIntegrity],
    rollupFormat: 'iife',
  },
  devOptions: { enabled: false },
  integration: {
    // The plugin lists manifest.webmanifest itself, after manifestTransforms: its SRI hash is added
    // here (the file is written by now), so the worker's install reuses the page's copy of it too.
    beforeBuildServiceWorker(options) {
      const extra = options.injectManifest.additionalManifestEntries ?? [];
      options.injectManifest.additionalManifestEntries = extra.map((e) => (typeof e === 'string' || e.integrity ? e : { ...e, integrity: integrityOf(e.url) }));
    },
  },
});

/** Worker-kill test hooks are compiled in only for tests (npm run build:test); see src/app/shell/test-hooks.ts. */
export const TEST_HOOKS = process.env.QARX_TEST_HOOKS === '1';

/**
 * The benchmark pages (bench.html, the engine benchmark, and bench-pipeline.html, its transformers.js
 * baseline) are built only with QARX_BENCH_PAGES=1 (`npm run build:bench`, and `build:test` for
 * bench-page.e2e): `npm start` does not serve them, and their worker and transformers.js chunk are a
 * fifth of the build's work (issue 44, docs/benchmarks.md "A newcomer's npm start").
 */
export const BENCH_PAGES = process.env.QARX_BENCH_PAGES === '1';

/** The build's HTML entry points: the app, plus the benchmark pages when asked for. */
function pages(bench: boolean): Record<string, string> {
  return bench ? { main: 'index.html', bench: 'bench.html', 'bench-pipeline': 'bench-pipeline.html' } : { main: 'index.html' };
}

export default defineConfig({
  base: './',
  define: { __QARX_TEST_HOOKS__: JSON.stringify(TEST_HOOKS) },
  plugins: [react(), ortWasmUrlsUnresolved(), emitHeadersFile(), offline, precompressed()],
  server: { headers: securityHeaders({ dev: true, connectSrc }) },
  preview: { headers: served },
  // Worker bundles get only these plugins (the top-level ones do not reach them).
  worker: { format: 'es', plugins: () => [ortWasmUrlsUnresolved()] },
  optimizeDeps: { exclude: ['@huggingface/transformers'] },
  // No gzip column in the build's log: compressing every chunk once more only to print its size is slow.
  build: { target: 'es2022', chunkSizeWarningLimit: 4096, reportCompressedSize: false, rollupOptions: { input: pages(BENCH_PAGES) } },
});
