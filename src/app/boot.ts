/**
 * The page's entry (tiny): starts the inference worker first, so that its start-up (transformers.js,
 * ONNX Runtime's glue, then the model) overlaps the loading of the app's larger modules, then
 * loads the app. The app's worker slot adopts the worker (early-worker.ts).
 */
import { startEarly } from './early-worker.ts';
import { QA_SLOT } from './slot-names.ts';

startEarly(QA_SLOT, (name) => new Worker(new URL('../worker/qa.worker.ts', import.meta.url), { type: 'module', name }));
void import('./main.tsx');
