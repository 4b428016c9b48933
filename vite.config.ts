import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// Cross-origin isolation lets ONNX Runtime use wasm threads (SharedArrayBuffer).
const isolation = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

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

export default defineConfig({
  base: './',
  plugins: [react(), dropBundledOrtWasm()],
  server: { headers: isolation },
  preview: { headers: isolation },
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['@huggingface/transformers'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
});
