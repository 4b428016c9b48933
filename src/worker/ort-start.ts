/**
 * Starts ONNX Runtime Web (its wasm download, compilation and thread pool) as soon as the worker
 * knows which build it runs, instead of when transformers.js first creates a session. On a first
 * visit that start sat behind the model's config, weights and the tokenizer's parse (issue 29.2);
 * started here it overlaps them. ORT starts its backend once per page, so the model's own session
 * later awaits the same start instead of repeating it.
 */
import * as ort from 'onnxruntime-web/webgpu';
import { startModelBytes } from '../core/runtime/start-model.ts';
import { directFirst } from '../core/runtime/direct-wasm.ts';

let started: Promise<void> | null = null;

/** ORT's own session factory, which the start uses; every other caller goes through the gate. */
let ortCreate: typeof ort.InferenceSession.create | null = null;

/**
 * Starts the wasm runtime once (later calls return the same promise). Never rejects: a failure
 * here comes back, naming the model, when the model's own session is created.
 */
export function startOrtRuntime(): Promise<void> {
  gateSessions();
  started ??= start().catch(() => undefined);
  return started;
}

/**
 * Makes every other session creation (transformers.js' included, on any device) start the runtime
 * if nothing has, and wait for that start to end. ORT refuses a second backend's start while one is
 * starting ("multiple calls to initWasm()"), and waiting here, just before the session opens, lets
 * the model's files download meanwhile.
 */
function gateSessions(): void {
  if (ortCreate) return;
  const original = ort.InferenceSession.create.bind(ort.InferenceSession) as typeof ort.InferenceSession.create;
  ortCreate = original;
  // transformers.js holds the same InferenceSession object (one onnxruntime-web module per bundle), so it sees this.
  ort.InferenceSession.create = (async (...args: Parameters<typeof original>) => {
    await startOrtRuntime();
    return (original as (...a: unknown[]) => Promise<ort.InferenceSession>)(...args);
  }) as typeof ort.InferenceSession.create;
}

/** Points ORT at a blob of its glue script and its wasm past the service worker, then opens and closes the tiny session. */
async function start(): Promise<void> {
  const paths = ort.env.wasm.wasmPaths;
  if (paths && typeof paths === 'object' && typeof paths.mjs === 'string' && !paths.mjs.startsWith('blob:')) {
    // ORT imports its glue script and then starts its thread pool's workers from the same URL; from
    // a blob the workers need no second request (what transformers.js does when it caches the wasm).
    const r = await fetch(paths.mjs);
    if (r.ok) paths.mjs = URL.createObjectURL(new Blob([await r.text()], { type: 'text/javascript' }));
  }
  // ORT's glue streams its wasm with the worker's fetch: past the service worker, so Chromium's
  // compiled code for it is read back on the next visit (src/core/runtime/direct-wasm.ts).
  if (paths && typeof paths === 'object' && typeof paths.wasm === 'string') self.fetch = directFirst(self.fetch.bind(self), [paths.wasm], self.location.href);
  const s = await ortCreate!(startModelBytes(), { executionProviders: ['wasm'] });
  await s.release();
}
