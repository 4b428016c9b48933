/**
 * Starts ONNX Runtime Web (its wasm download, compilation and thread pool) as soon as the worker
 * knows which build it runs, instead of when transformers.js first creates a session. On a first
 * visit that start sat behind the model's config, weights and the tokenizer's parse (issue 29.2);
 * started here it overlaps them. ORT starts its backend once per page, so the model's own session
 * later awaits the same start instead of repeating it. Light: the worker's entry uses it before
 * transformers.js has loaded.
 */
import * as ort from 'onnxruntime-web/webgpu';
import { startModelBytes } from '../core/runtime/start-model.ts';
import { ortWasmPaths } from '../core/runtime/ort-paths.ts';
import { compileElsewhere, handOver } from './ort-handover.ts';

/** ORT's wasm threads here: more than one needs cross-origin isolation (SharedArrayBuffer). */
export const wasmThreads = (): number => (self.crossOriginIsolated ? Math.min(4, navigator.hardwareConcurrency || 1) : 1);

let build: 'wasm' | 'webgpu' | null = null;

/** Fixes the ORT build on the first call (wasm: the plain build) and returns the one this worker runs, e.g. 'wasm' again after a later 'webgpu'. */
export function fixRuntimeBuild(want: 'wasm' | 'webgpu'): 'wasm' | 'webgpu' {
  build ??= want;
  return build;
}

/** True once a build has been fixed (the entry may have started the runtime before any load). */
export const runtimeBuildFixed = (): boolean => build !== null;

/** Points ORT at the build's self-hosted files under `base` and starts it, as the entry does before the app's modules load. */
export function startRuntimeAt(base: string, want: 'wasm' | 'webgpu'): void {
  if (build !== null) return;
  fixRuntimeBuild(want);
  Object.assign(ort.env.wasm, { wasmPaths: ortWasmPaths(base, want), numThreads: wasmThreads() });
  void startOrtRuntime();
}

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

/** Compiles the wasm on another thread while ORT's glue script is fetched, then opens and closes a tiny session. */
async function start(): Promise<void> {
  const paths = ort.env.wasm.wasmPaths;
  const mjs = paths && typeof paths === 'object' ? paths.mjs : undefined;
  const wasm = paths && typeof paths === 'object' ? paths.wasm : undefined;
  const compiled = typeof wasm === 'string' ? compileElsewhere(wasm) : Promise.resolve(null);
  // ORT imports its glue script and then starts its thread pool's workers from the same URL; from
  // a blob the workers need no second request (what transformers.js does when it caches the wasm).
  let blob: string | null = null;
  if (typeof mjs === 'string' && !mjs.startsWith('blob:')) {
    const r = await fetch(mjs);
    if (r.ok) blob = URL.createObjectURL(new Blob([await r.text()], { type: 'text/javascript' }));
  }
  const module = await compiled;
  // Read again: the app's settings may have replaced the paths object meanwhile (same files).
  const now = ort.env.wasm.wasmPaths;
  if (blob && now && typeof now === 'object' && now.mjs === mjs) now.mjs = blob;
  const restore = module ? handOver(module) : () => undefined;
  try {
    const s = await ortCreate!(startModelBytes(), { executionProviders: ['wasm'] });
    await s.release();
  } finally {
    restore();
  }
}
