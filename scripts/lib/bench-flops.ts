/**
 * Work accounting for the benchmarks: the floating-point operations an encoder's batch costs (from
 * its config shapes), a ModelRunner wrapper that counts padded and unpadded work and time, and the
 * machine's measured MatMul peak (onnxruntime-node running one MatMul of the model's shapes).
 */
import * as ort from 'onnxruntime-node';
import type { Logits, ModelRunner } from '../../src/core/engine.ts';
import type { Window } from '../../src/core/windows.ts';
import { GraphBuilder } from './onnx-builder.ts';

/** Encoder shapes that decide its cost. */
export interface EncoderShape {
  layers: number;
  hidden: number;
  ffn: number;
}

/** Shapes from a config.json (DistilBERT names n_layers/dim/hidden_dim, BERT num_hidden_layers/hidden_size/intermediate_size). */
export function encoderShape(config: Record<string, unknown>): EncoderShape {
  const n = (...keys: string[]) => Number(keys.map((k) => config[k]).find((v) => typeof v === 'number'));
  return { layers: n('n_layers', 'num_hidden_layers'), hidden: n('dim', 'hidden_size'), ffn: n('hidden_dim', 'intermediate_size') };
}

/**
 * FLOPs of one row of `len` tokens (multiply-add = 2): per layer the Q, K, V, output projections
 * (4·2·L·H²), the feed-forward pair (2·2·L·H·F) and attention scores and mixing (2·2·L²·H),
 * e.g. rowFlops({ layers: 1, hidden: 2, ffn: 4 }, 1) = 8·4 + 4·8 + 4·2 = 72.
 */
export function rowFlops(s: EncoderShape, len: number): number {
  return s.layers * (8 * len * s.hidden * s.hidden + 4 * len * s.hidden * s.ffn + 4 * len * len * s.hidden);
}

/** Work a runner did: calls, rows, padded and real tokens, FLOPs and seconds inside the model. */
export interface RunnerTally {
  calls: number;
  rows: number;
  paddedTokens: number;
  realTokens: number;
  paddedFlops: number;
  usefulFlops: number;
  seconds: number;
}

/** Wraps a runner so every call adds to a tally (batch padded to its longest row, as TransformersRunner does). */
export function tallyRunner(inner: ModelRunner, shape: EncoderShape): { runner: ModelRunner; tally: RunnerTally; reset(): void } {
  const tally: RunnerTally = { calls: 0, rows: 0, paddedTokens: 0, realTokens: 0, paddedFlops: 0, usefulFlops: 0, seconds: 0 };
  const runner: ModelRunner = {
    async run(rows: readonly Window[], padId: number): Promise<Logits[]> {
      const len = Math.max(...rows.map((r) => r.inputIds.length));
      const t0 = performance.now();
      const out = await inner.run(rows, padId);
      tally.seconds += (performance.now() - t0) / 1000;
      tally.calls++;
      tally.rows += rows.length;
      tally.paddedTokens += rows.length * len;
      tally.paddedFlops += rows.length * rowFlops(shape, len);
      for (const r of rows) {
        tally.realTokens += r.inputIds.length;
        tally.usefulFlops += rowFlops(shape, r.inputIds.length);
      }
      return out;
    },
  };
  const reset = () => Object.assign(tally, { calls: 0, rows: 0, paddedTokens: 0, realTokens: 0, paddedFlops: 0, usefulFlops: 0, seconds: 0 });
  return { runner, tally, reset };
}

/** A one-node ONNX model computing X[m,k] · W[k,n] with a constant random W. */
function matmulModel(k: number, n: number): Uint8Array {
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
