import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { connectSrcFromEnv, headersFile, securityHeaders } from './scripts/security-headers.ts';

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

/**
 * Offline after the first visit (production build only): a Workbox service worker precaches the
 * app, ONNX Runtime's wasm (~25 MB, hence the raised size limit) and the shipped model. It waits
 * when a new version arrives; the app offers "Reload" (src/app/pwa.ts).
 */
const offline = VitePWA({
  registerType: 'prompt',
  injectRegister: null,
  includeManifestIcons: false, // the glob below has them
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
  workbox: {
    // No webmanifest here: the plugin adds manifest.webmanifest itself, and listing it twice would make
    // a future build whose two entries disagree fail to install (add-to-cache-list-conflicting-entries).
    globPatterns: ['**/*.{js,mjs,css,html,wasm,json,onnx,svg,ico}'],
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
    navigateFallback: 'index.html',
    cleanupOutdatedCaches: true,
  },
  devOptions: { enabled: false },
});

/** Worker-kill test hooks are compiled in only for tests (npm run build:test); see src/app/test-hooks.ts. */
export const TEST_HOOKS = process.env.QARX_TEST_HOOKS === '1';

export default defineConfig({
  base: './',
  define: { __QARX_TEST_HOOKS__: JSON.stringify(TEST_HOOKS) },
  plugins: [react(), dropBundledOrtWasm(), emitHeadersFile(), offline],
  server: { headers: securityHeaders({ dev: true, connectSrc }) },
  preview: { headers: served },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@huggingface/transformers'] },
  // bench.html (the engine benchmark, not linked from the app) is a second page of the build.
  build: { target: 'es2022', chunkSizeWarningLimit: 4096, rollupOptions: { input: { main: 'index.html', bench: 'bench.html' } } },
});
