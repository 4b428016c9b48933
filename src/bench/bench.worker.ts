/**
 * The benchmark worker of /bench.html: loads a model on one device, warms it up and times the
 * engine over the shared benchmark inputs (src/core/bench/inputs.ts), with the app's thread count.
 */
import { benchInputs } from '../core/bench/inputs.ts';
import { configureRuntime, loadQaModel, modelScope, ortWasmPaths, QaEngine, type Device, type Dtype } from '../core/index.ts';

/** What the page asks for. */
export interface BenchRequest {
  device: Device;
  dtype: Dtype;
  /** Folder (path from the site root) holding model folders, and the model's folder name. */
  root: string;
  model: string;
  inputs: number;
  batch: number;
  /** WASM threads; default the app's choice (up to 4 when cross-origin isolated, else 1). */
  threads?: number;
  baseUrl: string;
}

/** What the worker answers. */
export interface BenchReply {
  device: Device;
  dtype: string;
  threads: number;
  inputs: number;
  windows: number;
  loadSecs: number;
  secs: number;
  windowsPerSec: number;
  error?: string;
}

const appThreads = self.crossOriginIsolated ? Math.min(4, navigator.hardwareConcurrency || 1) : 1;

self.onmessage = async (ev: MessageEvent<BenchRequest>) => {
  const q = ev.data;
  const threads = q.threads ?? appThreads;
  try {
    configureRuntime({
      localModelPath: q.root,
      wasmPaths: ortWasmPaths(q.baseUrl, q.device === 'webgpu' ? 'webgpu' : 'wasm'), // each device runs in a fresh page
      wasmThreads: threads,
    });
    const t0 = performance.now();
    const model = await loadQaModel({ kind: 'local', id: q.model }, { device: q.device, dtype: q.dtype });
    const loadSecs = (performance.now() - t0) / 1000;
    const engine = new QaEngine(model.tokenizer, model.runner, { batchSize: q.batch, scope: modelScope(model) });
    const inputs = benchInputs(q.inputs);
    await engine.predict(inputs.slice(0, 1)); // warm-up: shader compilation and first-run allocation
    engine.clearCache();
    const t1 = performance.now();
    const r = await engine.predict(inputs);
    const secs = (performance.now() - t1) / 1000;
    await model.dispose();
    const reply: BenchReply = { device: q.device, dtype: model.dtype, threads: q.device === 'wasm' ? threads : 0, inputs: inputs.length, windows: r.stats.computed, loadSecs, secs, windowsPerSec: r.stats.computed / secs };
    self.postMessage(reply);
  } catch (e) {
    self.postMessage({ device: q.device, error: e instanceof Error ? e.message : String(e) });
  }
};
