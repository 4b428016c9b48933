/**
 * The browser's MatMul ceiling: ONNX Runtime Web's plain WASM build (the one the app runs on WASM)
 * timing one X[m,k]·W[k,n] MatMul, so the engine's WASM speed can be read against what the
 * runtime's kernels reach at all, as `npm run bench` does for onnxruntime-node.
 */
import * as ort from 'onnxruntime-web/wasm';

/** What the page asks for: the one-MatMul model's URL, its shapes and the WASM threads. */
export interface PeakRequest {
  modelUrl: string;
  m: number;
  k: number;
  n: number;
  threads: number;
  wasmPaths: { mjs: string; wasm: string };
  repeats?: number;
}

/** Best GFLOP/s over the repeats after a warm-up run (the shortest run is the least disturbed). */
export async function wasmMatmulPeak(q: PeakRequest): Promise<number> {
  ort.env.wasm.numThreads = q.threads;
  ort.env.wasm.wasmPaths = q.wasmPaths;
  const res = await fetch(q.modelUrl);
  if (!res.ok) throw new Error(`${q.modelUrl}: HTTP ${res.status}`);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'] });
  const x = new ort.Tensor('float32', Float32Array.from({ length: q.m * q.k }, (_, i) => Math.cos(i)), [q.m, q.k]);
  await session.run({ x });
  let best = Infinity;
  for (let i = 0; i < (q.repeats ?? 6); i++) {
    const t0 = performance.now();
    await session.run({ x });
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  await session.release();
  return (2 * q.m * q.k * q.n) / best / 1e9;
}
