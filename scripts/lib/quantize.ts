/**
 * Precision of a generated graph: fp32 as written, or q8 in the form ONNX Runtime's dynamic
 * quantization (and so transformers.js' model_quantized.onnx files) uses: constant tables stored
 * as 8-bit codes with a DequantizeLinear, and MatMuls run as DynamicQuantizeLinear + MatMulInteger.
 */
import type { GraphBuilder } from './onnx-builder.ts';

export type Precision = 'fp32' | 'q8';

/** How a graph writes its constant tables and its MatMuls. */
export interface PrecisionOps {
  /** A float table (name, values, dims) → the name of its float value in the graph. */
  table(name: string, values: ArrayLike<number>, dims: number[]): string;
  /** a · b (numpy-style batched MatMul) → the name of the float product. */
  matmul(a: string, b: string): string;
}

/** Affine uint8 quantization of values (the range always holds 0, as ONNX Runtime's does), e.g. [0, 1] → codes [0, 255], scale 1/255. */
export function quantizeUint8(values: ArrayLike<number>): { codes: Uint8Array; scale: number; zeroPoint: number } {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const scale = hi > lo ? (hi - lo) / 255 : 1;
  const zeroPoint = lo < 0 ? Math.round(-lo / scale) : 0;
  const codes = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) codes[i] = Math.min(255, Math.max(0, Math.round((values[i] as number) / scale) + zeroPoint));
  return { codes, scale: Math.fround(scale), zeroPoint };
}

/** The table and MatMul writers for one precision. */
export function precisionOps(g: GraphBuilder, precision: Precision): PrecisionOps {
  if (precision === 'fp32') return { table: (name, values, dims) => g.f32(name, Float32Array.from(values), dims), matmul: (a, b) => g.op('MatMul', [a, b]) };
  return {
    table(name, values, dims) {
      const q = quantizeUint8(values);
      const codes = g.u8(`${name}_quantized`, q.codes, dims);
      return g.op('DequantizeLinear', [codes, g.f32(`${name}_scale`, [q.scale], []), g.u8(`${name}_zero_point`, Uint8Array.of(q.zeroPoint), [])]);
    },
    matmul(a, b) {
      const [qa, sa, za] = g.ops('DynamicQuantizeLinear', [a], 3) as [string, string, string];
      const [qb, sb, zb] = g.ops('DynamicQuantizeLinear', [b], 3) as [string, string, string];
      const product = g.op('MatMulInteger', [qa, qb, za, zb]);
      return g.op('Mul', [g.op('Cast', [product], { to: 1 }), g.op('Mul', [sa, sb])]);
    },
  };
}
