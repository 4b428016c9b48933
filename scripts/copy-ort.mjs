// Self-hosts ONNX Runtime Web's wasm files (no CDN): copies the build transformers.js uses into public/ort/.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Prefer the copy transformers.js itself resolves (nested if npm could not hoist it).
const dist = [join(root, 'node_modules/@huggingface/transformers/node_modules/onnxruntime-web/dist'), join(root, 'node_modules/onnxruntime-web/dist')].find((d) => existsSync(d));
if (!dist) throw new Error('onnxruntime-web is not installed: run npm ci first.');
const out = join(root, 'public', 'ort');
mkdirSync(out, { recursive: true });
for (const f of ['ort-wasm-simd-threaded.asyncify.mjs', 'ort-wasm-simd-threaded.asyncify.wasm', 'ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm']) copyFileSync(join(dist, f), join(out, f));
console.log(`ONNX Runtime wasm files copied to ${out}`);
