import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
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

export default defineConfig({
  base: './',
  plugins: [react(), dropBundledOrtWasm(), emitHeadersFile()],
  server: { headers: securityHeaders({ dev: true, connectSrc }) },
  preview: { headers: served },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@huggingface/transformers'] },
  // bench.html (the engine benchmark, not linked from the app) is a second page of the build.
  build: { target: 'es2022', chunkSizeWarningLimit: 4096, rollupOptions: { input: { main: 'index.html', bench: 'bench.html' } } },
});
