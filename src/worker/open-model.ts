/**
 * Opening a model in the inference worker, shared by the primary load and added models: the
 * browser's capabilities, the memory check before any download, the load itself with progress,
 * and the engine every model gets (one logit cache, one ONNX batch queue for all models).
 */
import { chooseDevice, classifyModelError, configureRuntime, loadQaModel, ortWasmPaths, LogitCache, meterRunner, modelScope, QaEngine, sharedBatchQueue, softwareAdapter, type AdapterFacts, type LoadedModel, type MeteredRunner } from '../core/index.ts';
import type { Dtype } from '../core/runtime/transformers.ts';
import type { Capabilities, DeviceChoice, ModelInfo, ModelSourceMsg, WorkerEvent } from './protocol.ts';
import type { DtypeChoice } from './multi-protocol.ts';
import { memoryBudgetMb, memoryVerdict } from '../core/qa/memory.ts';
import { startOrtRuntime } from './ort-start.ts';
import { wasmThreadsFor } from '../core/runtime/threads.ts';

/** A model in use: its engine, the jobs running on it, and its weights' size when known. */
export interface Active {
  model: LoadedModel;
  engine: QaEngine;
  /** Predictions in flight on this model; disposal waits for them. */
  running: Set<Promise<unknown>>;
  bytes: number | null;
  /** Measures the windows the model computes, reported after each job. */
  meter: MeteredRunner;
}

interface GPUAdapterLike {
  features: { has(f: string): boolean };
  info?: AdapterFacts;
  isFallbackAdapter?: boolean;
}

async function probe(): Promise<Capabilities> {
  const threads = wasmThreadsFor(navigator.hardwareConcurrency || 1, self.crossOriginIsolated);
  const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<GPUAdapterLike | null> } }).gpu;
  let adapter: GPUAdapterLike | null = null;
  try {
    adapter = gpu ? await gpu.requestAdapter() : null;
  } catch {
    adapter = null;
  }
  return {
    webgpu: adapter !== null,
    shaderF16: adapter?.features.has('shader-f16') ?? false,
    crossOriginIsolated: self.crossOriginIsolated,
    threads,
    adapter: adapter ? [adapter.info?.vendor, adapter.info?.architecture, adapter.info?.description].filter(Boolean).join(' ') || 'unknown' : null,
    softwareAdapter: adapter ? softwareAdapter({ ...adapter.info, isFallbackAdapter: adapter.info?.isFallbackAdapter ?? adapter.isFallbackAdapter }) : null,
  };
}
let caps: Promise<Capabilities> | null = null;
/** What the browser offers, probed once. */
export const capabilities = () => (caps ??= probe());

/** Errors that happen before any ONNX session exists leave the runtime usable. */
export const DOWNLOAD_ERRORS = new Set(['no-weights', 'no-tokenizer', 'no-config', 'network', 'unsupported-architecture', 'unsupported-tokenizer', 'cancelled']);

/** Worker-wide settings the page sends with 'init'. */
export const settings = { base: '', remoteHost: '', memoryBudgetMb: null as number | null, webgpuRuntime: false };

/** The ONNX Runtime build this worker's runtime starts with, fixed by the first load (wasm: the plain build). */
let runtimeBuild: 'wasm' | 'webgpu' | null = null;

/** Picks the runtime build on the first load; false when `device` needs a build this worker did not start. */
export function runtimeFor(device: 'wasm' | 'webgpu'): boolean {
  if (runtimeBuild === null) {
    runtimeBuild = settings.webgpuRuntime || device === 'webgpu' ? 'webgpu' : 'wasm';
    configureRuntime({ wasmPaths: ortWasmPaths(settings.base, runtimeBuild) });
    void startOrtRuntime();
  }
  return runtimeBuild === 'webgpu' || device === 'wasm';
}

/** One cache for every model: keys name model, source, dtype and device, so no precision or device answers for another. */
const logitCache = new LogitCache(4096);
/** Every model's batches go through one queue: models side by side share the device and its threads. */
const batchQueue = sharedBatchQueue();

let loadChain: Promise<void> = Promise.resolve();
/** Settles once every load queued so far has ended (never rejects). */
export const loadsSettled = (): Promise<void> => loadChain;

/** Runs loads one after another: transformers.js keeps global settings (fetch, paths) during a load. */
export function serialLoad(f: () => Promise<void>): Promise<void> {
  const next = loadChain.then(f);
  loadChain = next.catch(() => undefined);
  return next;
}

/** Every model in use, by key (the primary under PRIMARY); the memory check counts them all. */
export const loaded = new Map<string, Active>();

/** Public facts about a loaded model. */
export function infoOf(model: LoadedModel, fallbackReason: string | null = null): ModelInfo {
  return { id: model.id, label: model.label, kind: model.kind, architecture: model.architecture, device: model.device === 'webgpu' ? 'webgpu' : 'wasm', dtype: model.dtype, inputNames: model.inputNames, fallbackReason };
}

/** Size in bytes of the fp32 weights file of a model (an upper bound for every dtype), or null when it cannot be told. */
async function weightsBytes(source: ModelSourceMsg, signal: AbortSignal): Promise<number | null> {
  if (source.kind === 'files') {
    const sizes = source.files.filter(([p]) => p.endsWith('.onnx') || p.endsWith('.onnx_data')).map(([, b]) => b.size);
    return sizes.length ? Math.max(...sizes) : null;
  }
  // The app's own model (a few MB) is measured as it loads (openModel): no HEAD, one request per file,
  // and served compressed its Content-Length would not be its size anyway.
  if (source.kind === 'local') return null;
  const dir = `${settings.remoteHost.replace(/\/?$/, '/')}${source.id}/resolve/${source.revision ?? 'main'}/onnx/`;
  const url = `${dir}model.onnx`;
  // A model in the browser cache is measured there: no request at all (offline, and no second fetch).
  const cached = await cachedBytes(['model.onnx', 'model_fp16.onnx', 'model_quantized.onnx'].map((f) => dir + f));
  if (cached !== null) return cached;
  try {
    const r = await fetch(url, { method: 'HEAD', signal });
    const n = Number(r.headers.get('content-length'));
    // A compressed answer's Content-Length counts the compressed bytes.
    return r.ok && n > 0 && !r.headers.get('content-encoding') ? n : null;
  } catch {
    return null;
  }
}

/** The largest size of the given URLs found in transformers.js' browser cache, or null when none is there. */
async function cachedBytes(urls: string[]): Promise<number | null> {
  if (typeof caches === 'undefined') return null;
  try {
    const cache = await caches.open('transformers-cache');
    const sizes = await Promise.all(urls.map(async (u) => Number((await cache.match(u))?.headers.get('content-length') ?? 0)));
    const max = Math.max(...sizes);
    return max > 0 ? max : null;
  } catch {
    return null;
  }
}

/** A model opened by openModel, with its public facts and how long the load took. */
export interface Opened {
  active: Active;
  info: ModelInfo;
  loadMs: number;
}

/**
 * Loads a model for `key` (posting progress and errors under jobId) and returns it with its
 * engine, or null on failure. Refuses before downloading when the model would not fit in memory.
 */
export async function openModel(
  post: (e: WorkerEvent) => void,
  req: { jobId: number; key: string; source: ModelSourceMsg; choice: DeviceChoice; dtype: DtypeChoice },
  signal: AbortSignal,
): Promise<Opened | null> {
  const { jobId, source, choice } = req;
  // An explicit WASM choice needs no adapter probe, which can take a while on a software adapter.
  const c = choice === 'wasm' ? { webgpu: false, softwareAdapter: null, shaderF16: false } : await capabilities();
  const t0 = performance.now();
  const { device, reason } = chooseDevice(choice, { webgpu: c.webgpu, software: c.softwareAdapter });
  if (device === 'webgpu' && !c.webgpu) {
    post({ type: 'error', jobId, code: 'unknown', message: 'WebGPU is not available in this browser; choose WASM or Auto.', restart: false });
    return null;
  }
  if (!runtimeFor(device === 'webgpu' ? 'webgpu' : 'wasm')) {
    post({ type: 'error', jobId, code: 'unknown', message: 'WebGPU needs ONNX Runtime’s WebGPU build; this worker started the WASM-only one, so it restarts with the WebGPU build.', restart: true, webgpuRuntime: true });
    return null;
  }
  const bytes = await weightsBytes(source, signal);
  const others = [...loaded].filter(([k]) => k !== req.key).map(([, a]) => ({ id: a.model.id, bytes: a.bytes }));
  const deviceMemoryGb = (navigator as Navigator & { deviceMemory?: number }).deviceMemory ?? null;
  const verdict = memoryVerdict(source.id, bytes, others, memoryBudgetMb(device, deviceMemoryGb, settings.memoryBudgetMb));
  if (verdict) {
    post({ type: 'error', jobId, code: 'out-of-memory', message: verdict, restart: false });
    return null;
  }
  let onnxBytes = 0;
  const onProgress = (p: { status: string; file?: string; loaded?: number; total?: number; progress?: number }) => {
    if (p.status !== 'progress' || !p.file || signal.aborted) return;
    if (/\.onnx(_data)?$/.test(p.file)) onnxBytes = Math.max(onnxBytes, p.loaded ?? 0);
    post({ type: 'load-progress', jobId, progress: { file: p.file, loaded: p.loaded ?? 0, total: p.total ?? 0, progress: p.progress ?? 0 } });
  };
  const src = source.kind === 'files' ? { kind: 'files' as const, id: source.id, files: new Map(source.files) } : source;
  let model: LoadedModel;
  try {
    model = await loadQaModel(src, { device, shaderF16: c.shaderF16, onProgress, signal, ...(req.dtype !== 'auto' ? { dtype: req.dtype as Dtype } : {}) });
  } catch (err) {
    const e = classifyModelError(err, source.id);
    console.warn(`[qa-worker] loading ${source.id} on ${device} failed:`, e.detail ?? e.message);
    // A failed session creation poisons transformers.js' session queue: the page must start a new
    // worker, and with Auto it retries there on WASM.
    const restart = !DOWNLOAD_ERRORS.has(e.code);
    post({ type: 'error', jobId, code: e.code, message: e.message, restart, retryOnWasm: restart && choice === 'auto' && device === 'webgpu' });
    return null;
  }
  if (!signal.aborted) await warmUp(model);
  const scope = modelScope(model, source.kind === 'hub' ? `hub ${settings.remoteHost}${source.revision ? `@${source.revision}` : ''}` : source.kind);
  // The meter sits inside the queue, so time spent waiting behind another model's batch does not count.
  const meter = meterRunner(model.runner, () => performance.now());
  const engine = new QaEngine(model.tokenizer, batchQueue(meter.runner), { scope, cache: logitCache });
  // The app's own model is measured as it downloads (weightsBytes asks no server for it).
  const measured = bytes ?? (source.kind === 'local' && onnxBytes > 0 ? onnxBytes : null);
  return { active: { model, engine, running: new Set(), bytes: measured, meter }, info: infoOf(model, reason), loadMs: performance.now() - t0 };
}

/**
 * Answers one tiny question on a model just opened, outside the shared cache and meter: ONNX
 * Runtime compiles most of its WebAssembly lazily, on a kernel's first call, and that (≈ 0.8 s for
 * the shipped model here) would otherwise fall on the user's first answer.
 */
async function warmUp(model: LoadedModel): Promise<void> {
  try {
    await new QaEngine(model.tokenizer, model.runner).predict([{ id: 'warm-up', question: 'Who wrote it?', context: 'Ada wrote it.' }]);
  } catch {
    // A model that cannot answer fails again, with its error shown, on its first real question.
  }
}

/** Disposes a model once the jobs running on it have finished. */
export async function retire(a: Active): Promise<void> {
  await Promise.allSettled(a.running);
  await a.model.dispose();
}
