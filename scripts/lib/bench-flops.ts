/**
 * The machine's measured MatMul peak (onnxruntime-node running one MatMul of the model's shapes),
 * and that one-MatMul model for the browser's peak; the work accounting lives in src/core/bench/flops.ts.
 */
import * as ort from 'onnxruntime-node';
import { GraphBuilder } from './onnx-builder.ts';

export { encoderShape, rowFlops, tallyRunner, type EncoderShape, type RunnerTally } from '../../src/core/bench/flops.ts';

/** A one-node ONNX model computing X[m,k] · W[k,n] with a constant random W. */
export function matmulModel(k: number, n: number): Uint8Array {
  const g = new GraphBuilder('matmul');
  const x = g.input('x', 'float32', ['m', k]);
  const w = g.init('w', { data: Float32Array.from({ length: k * n }, (_, i) => Math.sin(i) * 0.02), dims: [k, n] });
  g.output('y', g.op('MatMul', [x, w]), 'float32', ['m', n]);
  return g.toBytes();
}

/** Best GFLOP/s of onnxruntime-node over `repeats` runs of X[m,k]·W[k,n] (default threads, as the QA session). */
export async function matmulPeak(m: number, k: number, n: number, repeats = 6): Promise<number> {
  const session = await ort.InferenceSession.create(matmulModel(k, n));
  const x = new ort.Tensor('float32', Float32Array.from({ length: m * k }, (_, i) => Math.cos(i)), [m, k]);
  await session.run({ x });
  let best = Infinity;
  for (let i = 0; i < repeats; i++) {
    const t0 = performance.now();
    await session.run({ x });
    best = Math.min(best, (performance.now() - t0) / 1000);
  }
  await session.release();
  return (2 * m * k * n) / best / 1e9;
}

/** The share of ONNX Runtime Web's own MatMul ceiling the engine must keep on WASM (issue 29.4). */
export const WASM_CEILING_TARGET = 0.85;

/**
 * The engine's GFLOP/s in the model as a share of the MatMul ceiling of the same runtime, with
 * the verdict, e.g. ceilingShare(45.4, 53.3) → { share: 0.852, ok: true }. A share below `target`
 * is flagged by the benchmark.
 */
export function ceilingShare(engineGflops: number, peakGflops: number, target = WASM_CEILING_TARGET): { share: number; ok: boolean } {
  const share = peakGflops > 0 ? engineGflops / peakGflops : 0;
  return { share, ok: share >= target };
}
