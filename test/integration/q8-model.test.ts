/**
 * The shipped model's 8-bit file (onnx/model_quantized.onnx, transformers.js' dtype 'q8') loads
 * in ONNX Runtime, really runs 8-bit ops, and agrees with fp32 on most demo questions: measured
 * 89 of 96 identical answers (93%); the threshold leaves room for ONNX Runtime versions.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoInputs, identicalShare, runDtype, type DtypeRun } from '../../scripts/lib/q8-compare.ts';

const MODELS = join(import.meta.dirname, '..', '..', 'public', 'models');
let fp32: DtypeRun;
let q8: DtypeRun;

beforeAll(async () => {
  const inputs = demoInputs();
  fp32 = await runDtype(MODELS, 'fp32', inputs, 1);
  q8 = await runDtype(MODELS, 'q8', inputs, 1);
}, 120_000);

describe('shipped model, q8 beside fp32', () => {
  it('stores 8-bit tables and runs its MatMuls as MatMulInteger', () => {
    const bytes = readFileSync(join(MODELS, 'qarx-lexical-qa', 'onnx', 'model_quantized.onnx')).toString('latin1');
    for (const op of ['DequantizeLinear', 'DynamicQuantizeLinear', 'MatMulInteger']) expect(bytes).toContain(op);
    expect(bytes).not.toMatch(/\bMatMul\b(?!Integer)/);
    // The tables are a quarter of their fp32 size.
    expect(bytes.length).toBeLessThan(readFileSync(join(MODELS, 'qarx-lexical-qa', 'onnx', 'model.onnx')).length / 3);
  });

  it('loads as q8 and answers every demo question', () => {
    expect(q8.dtype).toBe('q8');
    expect(fp32.dtype).toBe('fp32');
    expect(q8.predictions.map((p) => p.id)).toEqual(fp32.predictions.map((p) => p.id));
    expect(q8.windows).toBe(fp32.windows);
  });

  it('gives the fp32 answer on at least 85% of the demo questions', () => {
    const share = identicalShare(fp32.predictions, q8.predictions);
    expect(share).toBeGreaterThanOrEqual(0.85);
    // 8-bit codes do change some scores: the two files are not the same graph under two names.
    const scores = (r: DtypeRun) => r.predictions.map((p) => p.nbest[0]?.score ?? null);
    expect(scores(q8)).not.toEqual(scores(fp32));
  });
});
