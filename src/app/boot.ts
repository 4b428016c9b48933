/**
 * The page's entry (tiny): starts the inference worker first and has it open the start-up model
 * at once, so that its start-up (transformers.js, ONNX Runtime, the model) overlaps the loading of
 * the app's larger modules; then loads the app. The app's worker slot adopts the worker
 * (early-worker.ts) and its first load adopts the model being opened (worker/prewarm.ts).
 */
import { startEarly } from './early-worker.ts';
import { QA_SLOT } from './slot-names.ts';
import { hasPermalink, initRequest, STARTUP_MODEL, startupSettings } from './startup.ts';
import { ortHintSuffix, surelyWasm } from '../core/runtime/ort-paths.ts';
import type { WorkerRequest } from '../worker/protocol.ts';

// A permalink names its own model: the app loads that one, so nothing is opened ahead of it.
const prewarm = !hasPermalink();
const { device, hub } = startupSettings();
const init = initRequest(hub);
// The worker's name tells it to start ONNX Runtime's plain build at once when the start-up model
// surely runs on it: messages posted now reach the worker only once this page's thread is free.
const suffix = prewarm && surelyWasm(device, 'gpu' in navigator) ? ortHintSuffix({ build: 'wasm', base: init.baseUrl }) : '';
const worker = startEarly(QA_SLOT, (name) => new Worker(new URL('../worker/qa.worker.ts', import.meta.url), { type: 'module', name }), suffix);
if (prewarm) {
  const first: WorkerRequest[] = [init, { type: 'prewarm', source: STARTUP_MODEL, device, dtype: 'auto' }];
  for (const m of first) worker.postMessage(m);
}
void import('./main.tsx');
