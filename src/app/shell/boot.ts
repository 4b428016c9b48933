/**
 * The page's entry (tiny): starts the inference worker first and has it open the start-up model
 * at once, so that its start-up (transformers.js, ONNX Runtime, the model) overlaps the loading of
 * the app's larger modules; then loads the app. The app's worker slot adopts the worker
 * (early-worker.ts) and its first load adopts the model being opened (worker/prewarm.ts).
 */
import { startEarly } from '../workers/early-worker.ts';
import { QA_SLOT } from '../models/slot-names.ts';
import { hasPermalink, initRequest, STARTUP_MODEL, startupSettings } from './startup.ts';
import type { WorkerRequest } from '../../worker/protocol.ts';

const worker = startEarly(QA_SLOT, (name) => new Worker(new URL('../../worker/qa.worker.ts', import.meta.url), { type: 'module', name }));
// A permalink names its own model: the app loads that one, so nothing is opened ahead of it.
if (!hasPermalink()) {
  const { device, hub } = startupSettings();
  const first: WorkerRequest[] = [initRequest(hub), { type: 'prewarm', source: STARTUP_MODEL, device, dtype: 'auto' }];
  for (const m of first) worker.postMessage(m);
}
void import('./main.tsx');
