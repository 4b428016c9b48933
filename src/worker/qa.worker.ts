/**
 * The inference worker: a thin command switch over the core. It owns the loaded model and engine,
 * so the UI thread never blocks on tokenization or ONNX Runtime.
 */
/// <reference lib="webworker" />
import { classifyModelError, configureRuntime, loadQaModel, QaEngine, type LoadedModel } from '../core/index.ts';
import type { Capabilities, DeviceChoice, ModelInfo, ModelSourceMsg, WorkerEvent, WorkerRequest } from './protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

const post = (e: WorkerEvent) => self.postMessage(e);
let base = new URL('/', self.location.origin).href;

let loaded: { model: LoadedModel; engine: QaEngine } | null = null;
let loadJob = 0;
const running = new Map<number, AbortController>();

async function probe(): Promise<Capabilities> {
  const threads = self.crossOriginIsolated ? Math.min(4, navigator.hardwareConcurrency || 1) : 1;
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
    adapter: adapter?.info ? [adapter.info.vendor, adapter.info.architecture, adapter.info.description].filter(Boolean).join(' ') || 'unknown' : null,
  };
}

interface GPUAdapterLike {
  features: { has(f: string): boolean };
  info?: { vendor?: string; architecture?: string; description?: string };
}

let caps: Capabilities | null = null;

async function load(jobId: number, source: ModelSourceMsg, choice: DeviceChoice): Promise<void> {
  loadJob = jobId;
  const c = caps ?? (caps = await probe());
  const t0 = performance.now();
  const files = new Map<string, number>();
  const totals = new Map<string, number>();
  const onProgress = (p: { status: string; file?: string; loaded?: number; total?: number }) => {
    if (jobId !== loadJob || p.status !== 'progress' || !p.file) return;
    files.set(p.file, p.loaded ?? 0);
    totals.set(p.file, p.total ?? 0);
    const loadedBytes = [...files.values()].reduce((a, b) => a + b, 0);
    const totalBytes = [...totals.values()].reduce((a, b) => a + b, 0);
    post({ type: 'load-progress', jobId, progress: { file: p.file, loaded: loadedBytes, total: totalBytes, progress: totalBytes ? (100 * loadedBytes) / totalBytes : 0 } });
  };
  const src = source.kind === 'files' ? { kind: 'files' as const, id: source.id, files: new Map(source.files) } : source;
  const wanted = choice === 'auto' ? (c.webgpu ? 'webgpu' : 'wasm') : choice;
  let fallbackReason: string | null = null;
  if (wanted === 'webgpu' && !c.webgpu) {
    post({ type: 'error', jobId, code: 'unknown', message: 'WebGPU is not available in this browser; choose WASM or Auto.' });
    return;
  }
  let model: LoadedModel;
  try {
    model = await loadQaModel(src, { device: wanted, shaderF16: c.shaderF16, onProgress });
  } catch (err) {
    const e = classifyModelError(err, source.id);
    console.warn(`[qa-worker] loading ${source.id} on ${wanted} failed:`, e.detail ?? e.message);
    if (wanted !== 'webgpu' || choice !== 'auto' || ['no-weights', 'no-tokenizer', 'no-config', 'network', 'bad-signature', 'unsupported-architecture', 'unsupported-tokenizer'].includes(e.code)) {
      if (jobId === loadJob) post({ type: 'error', jobId, code: e.code, message: e.message });
      return;
    }
    fallbackReason = `WebGPU failed (${e.message}); using WASM.`;
    try {
      model = await loadQaModel(src, { device: 'wasm', onProgress });
    } catch (err2) {
      const e2 = classifyModelError(err2, source.id);
      if (jobId === loadJob) post({ type: 'error', jobId, code: e2.code, message: e2.message });
      return;
    }
  }
  if (jobId !== loadJob) {
    await model.dispose(); // superseded or cancelled while loading
    return;
  }
  const old = loaded;
  loaded = { model, engine: new QaEngine(model.tokenizer, model.runner) };
  if (old) await old.model.dispose();
  const info: ModelInfo = {
    id: model.id,
    label: model.label,
    kind: model.kind,
    architecture: model.architecture,
    device: model.device === 'webgpu' ? 'webgpu' : 'wasm',
    dtype: model.dtype,
    inputNames: model.inputNames,
    fallbackReason,
  };
  post({ type: 'loaded', jobId, model: info, loadMs: performance.now() - t0 });
}

async function predict(msg: Extract<WorkerRequest, { type: 'predict' }>): Promise<void> {
  if (!loaded) {
    post({ type: 'error', jobId: msg.jobId, code: 'bad-request', message: 'No model is loaded yet.' });
    return;
  }
  const ctrl = new AbortController();
  running.set(msg.jobId, ctrl);
  const t0 = performance.now();
  let lastProgress = 0;
  try {
    const r = await loaded.engine.predict(
      msg.inputs,
      {
        signal: ctrl.signal,
        onProgress: (progress) => {
          const now = performance.now();
          // Throttled: a big job reports often enough for a smooth bar without flooding the UI.
          if (now - lastProgress > 50 || progress.done === progress.total) {
            lastProgress = now;
            post({ type: 'predict-progress', jobId: msg.jobId, progress });
          }
        },
        onPrediction: (prediction) => {
          if (msg.inputs.length > 1) post({ type: 'prediction', jobId: msg.jobId, prediction });
        },
      },
      { versionTwo: msg.versionTwo },
    );
    post({ type: 'predicted', jobId: msg.jobId, predictions: r.predictions, cancelled: r.cancelled, inferenceMs: performance.now() - t0, computed: r.stats.computed, cached: r.stats.cached });
  } catch (err) {
    const e = classifyModelError(err, loaded.model.id);
    post({ type: 'error', jobId: msg.jobId, code: e.code, message: e.message });
  } finally {
    running.delete(msg.jobId);
  }
}

self.onmessage = (ev: MessageEvent<WorkerRequest>) => {
  const msg = ev.data;
  switch (msg.type) {
    case 'init':
      base = msg.baseUrl;
      configureRuntime({
        // A path, not a full URL: transformers.js skips local lookups for http(s) model paths.
        localModelPath: `${new URL(base).pathname}models/`,
        remoteHost: msg.remoteHost,
        wasmPaths: { mjs: `${base}ort/ort-wasm-simd-threaded.asyncify.mjs`, wasm: `${base}ort/ort-wasm-simd-threaded.asyncify.wasm` },
        wasmThreads: self.crossOriginIsolated ? Math.min(4, navigator.hardwareConcurrency || 1) : 1,
      });
      void probe().then((c) => {
        caps = c;
        post({ type: 'ready', capabilities: c });
      });
      return;
    case 'load':
      void load(msg.jobId, msg.source, msg.device);
      return;
    case 'predict':
      void predict(msg);
      return;
    case 'cancel':
      if (msg.jobId === loadJob) loadJob = -1;
      running.get(msg.jobId)?.abort();
      return;
    default: {
      const never: never = msg;
      post({ type: 'error', jobId: null, code: 'bad-request', message: `Unknown request ${JSON.stringify(never)}` });
    }
  }
};
