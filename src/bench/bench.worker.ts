/**
 * The benchmark worker of /bench.html: loads a model on one device, warms it up and times the
 * engine over the shared benchmark inputs (src/core/bench/inputs.ts), with the app's thread count.
 */
import { tallyRunner, type EncoderShape } from '../core/bench/flops.ts';
import { benchInputs } from '../core/bench/inputs.ts';
import { loadDemoSet } from '../core/data/demo.ts';
import type { PeakRequest } from './peak.ts';
import type { SweepBenchReply, SweepBenchRequest } from './sweep.ts';
import { configureRuntime, loadQaModel, modelScope, ortWasmPaths, QaEngine, type Device, type Dtype } from '../core/index.ts';
import { wasmThreadsFor } from '../core/runtime/threads.ts';

/** What the page asks for: an engine run over the benchmark inputs, or (kind 'peak') one MatMul's speed. */
export type BenchMessage = ({ kind?: 'engine' } & BenchRequest) | ({ kind: 'peak'; baseUrl: string } & Omit<PeakRequest, 'wasmPaths'>) | ({ kind: 'sweep-bench' } & SweepBenchRequest);

/** An engine run over the benchmark inputs. */
export interface BenchRequest {
  device: Device;
  dtype: Dtype;
  /** Folder (path from the site root) holding model folders, and the model's folder name. */
  root: string;
  model: string;
  inputs: number;
  batch: number;
  /** The encoder's shapes, for counting FLOPs (none: no GFLOP/s in the reply). */
  shape?: EncoderShape;
  /** Timed passes (cache cleared before each); the fastest is reported. Default 1. */
  repeats?: number;
  /** Inputs: the benchmark's (default) or the demo set's questions (answers are then returned, to compare dtypes). */
  set?: 'bench' | 'demo';
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
  /** GFLOP/s inside the model on the real (unpadded) tokens, from the model's config shapes. */
  gflops?: number;
  /** Share of the model's FLOPs spent on padding. */
  paddingShare?: number;
  /** Share of the timed run spent inside the model (the rest: tokenizing, windows, decoding). */
  modelShare?: number;
  /** For the demo set: each answer as JSON [text, start, end], in input order. */
  answers?: string[];
  /** Each timed pass's seconds, in order (the first pays for wasm functions compiled on first use). */
  passSecs?: number[];
  /** For kind 'peak': the MatMul's best GFLOP/s. */
  peakGflops?: number;
  /** For kind 'sweep-bench': both sides' seconds. */
  sweep?: SweepBenchReply;
  error?: string;
}

const appThreads = wasmThreadsFor(navigator.hardwareConcurrency || 1, self.crossOriginIsolated);

self.onmessage = async (ev: MessageEvent<BenchMessage>) => {
  const q = ev.data;
  const threads = q.threads ?? appThreads;
  if (q.kind === 'sweep-bench') {
    try {
      const { sweepBench } = await import('./sweep.ts');
      self.postMessage({ device: q.device, dtype: q.dtype, threads: q.threads, sweep: await sweepBench(q) } as BenchReply);
    } catch (e) {
      self.postMessage({ device: q.device, error: e instanceof Error ? e.message : String(e) });
    }
    return;
  }
  if (q.kind === 'peak') {
    try {
      // Imported here, so engine runs never load a second copy of the runtime.
      const { wasmMatmulPeak } = await import('./peak.ts');
      const peakGflops = await wasmMatmulPeak({ ...q, threads, wasmPaths: ortWasmPaths(q.baseUrl, 'wasm') });
      self.postMessage({ device: 'wasm', dtype: 'fp32', threads, peakGflops } as BenchReply);
    } catch (e) {
      self.postMessage({ device: 'wasm', error: e instanceof Error ? e.message : String(e) });
    }
    return;
  }
  try {
    configureRuntime({
      localModelPath: q.root,
      wasmPaths: ortWasmPaths(q.baseUrl, q.device === 'webgpu' ? 'webgpu' : 'wasm'), // each device runs in a fresh page
      wasmThreads: threads,
    });
    const t0 = performance.now();
    const model = await loadQaModel({ kind: 'local', id: q.model }, { device: q.device, dtype: q.dtype });
    const loadSecs = (performance.now() - t0) / 1000;
    const counted = tallyRunner(model.runner, q.shape ?? { layers: NaN, hidden: NaN, ffn: NaN });
    const engine = new QaEngine(model.tokenizer, counted.runner, { batchSize: q.batch, scope: modelScope(model) });
    const inputs = q.set === 'demo' ? loadDemoSet().map((i) => ({ id: i.id, question: i.question, context: i.context })).slice(0, q.inputs) : benchInputs(q.inputs);
    await engine.predict(inputs.slice(0, 1)); // warm-up: shader compilation and first-run allocation
    // Best of `repeats` cold-cache passes: a short pass is easily disturbed by other work on the machine.
    let best: { secs: number; r: Awaited<ReturnType<QaEngine['predict']>>; tally: typeof counted.tally } | null = null;
    const passSecs: number[] = [];
    for (let i = 0; i < Math.max(1, q.repeats ?? 1); i++) {
      engine.clearCache();
      counted.reset();
      const t1 = performance.now();
      const r = await engine.predict(inputs, {}, { versionTwo: q.set === 'demo' });
      const secs = (performance.now() - t1) / 1000;
      passSecs.push(secs);
      if (!best || secs < best.secs) best = { secs, r, tally: { ...counted.tally } };
    }
    await model.dispose();
    const { secs, r } = best!;
    const reply: BenchReply = { device: q.device, dtype: model.dtype, threads: q.device === 'wasm' ? threads : 0, inputs: inputs.length, windows: r.stats.computed, loadSecs, secs, windowsPerSec: r.stats.computed / secs, passSecs };
    if (q.set === 'demo') reply.answers = r.predictions.map((p) => JSON.stringify([p.text, p.best?.start, p.best?.end]));
    const t = best!.tally;
    if (t.seconds > 0 && Number.isFinite(t.usefulFlops)) Object.assign(reply, { gflops: t.usefulFlops / t.seconds / 1e9, paddingShare: 1 - t.usefulFlops / t.paddedFlops, modelShare: t.seconds / secs });
    self.postMessage(reply);
  } catch (e) {
    self.postMessage({ device: q.device, error: e instanceof Error ? e.message : String(e) });
  }
};
