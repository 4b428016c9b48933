import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { connectSrcFromEnv, headersFile, securityHeaders } from './scripts/security-headers.ts';
import { precompressDir, precompressedMiddleware } from './scripts/precompress.ts';

// Cross-origin isolation (wasm threads) and the security headers; QARX_CONNECT_SRC narrows connect-src.
const connectSrc = connectSrcFromEnv(process.env.QARX_CONNECT_SRC);
const served = securityHeaders({ connectSrc });

/**
 * ONNX Runtime's bundle references its wasm with `new URL(…, import.meta.url)`, so Vite emits a
 * second copy; the worker points ONNX Runtime at public/ort/ instead, so drop the unused one.
 */
function dropBundledOrtWasm(): Plugin {
  return {
    name: 'qarx-drop-bundled-ort-wasm',
    apply: 'build',
    generateBundle(_opts, bundle) {
      for (const name of Object.keys(bundle)) if (/ort-wasm-simd-threaded.*\.wasm$/.test(name) && !name.startsWith('ort/')) delete bundle[name];
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
 */
function precompressed(): Plugin {
  return {
    name: 'qarx-precompressed',
    apply: (_config, env) => env.command === 'build' || env.isPreview === true,
    // After the service worker is written (its closeBundle), so it is compressed too.
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const r = await precompressDir(OUT_DIR, resolve(import.meta.dirname, '.cache', 'precompress'));
        const cached = r.cached > 0 ? `, ${r.cached} of ${r.files * 2} outputs from .cache/precompress` : '';
        this.info(`precompressed ${r.files} files: ${(r.bytes / 1e6).toFixed(1)} MB → ${(r.compressed / 1e6).toFixed(2)} MB in ${r.seconds.toFixed(1)} s${cached}`);
      },
    },
    configurePreviewServer(server) {
      server.middlewares.use(precompressedMiddleware(OUT_DIR, served));
    },
  };
}

/** Adds each file's SRI hash to the precache manifest: the service worker checks what it reuses from the HTTP cache. */
async function withIntegrity(entries: { url: string; revision: string | null; size: number; integrity?: string }[]) {
  const manifest = entries.map((e) => ({ ...e, integrity: `sha384-${createHash('sha384').update(readFileSync(join(OUT_DIR, e.url))).digest('base64')}` }));
  return { manifest, warnings: [] };
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
});

/** Worker-kill test hooks are compiled in only for tests (npm run build:test); see src/app/shell/test-hooks.ts. */
export const TEST_HOOKS = process.env.QARX_TEST_HOOKS === '1';

export default defineConfig({
  base: './',
  define: { __QARX_TEST_HOOKS__: JSON.stringify(TEST_HOOKS) },
  plugins: [react(), dropBundledOrtWasm(), emitHeadersFile(), offline, precompressed()],
  server: { headers: securityHeaders({ dev: true, connectSrc }) },
  preview: { headers: served },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@huggingface/transformers'] },
  // bench.html (the engine benchmark) and bench-pipeline.html (its transformers.js baseline), not linked
  // from the app, are more pages of the build.
  build: { target: 'es2022', chunkSizeWarningLimit: 4096, rollupOptions: { input: { main: 'index.html', bench: 'bench.html', 'bench-pipeline': 'bench-pipeline.html' } } },
});
