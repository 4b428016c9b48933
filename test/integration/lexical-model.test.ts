/** The shipped model is generated, not hand-edited: regenerating it must give the committed bytes. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeLexicalModel } from '../../scripts/make-lexical-model.ts';

const SHIPPED = join(import.meta.dirname, '..', '..', 'public', 'models', 'qarx-lexical-qa');

describe('make-lexical-model', () => {
  it('reproduces public/models/qarx-lexical-qa byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qarx-lex-'));
    try {
      const files = writeLexicalModel(dir);
      expect(files.map((f) => relative(dir, f)).sort()).toEqual(['config.json', 'onnx/model.onnx', 'onnx/model_quantized.onnx', 'tokenizer.json', 'tokenizer_config.json']);
      for (const f of files) {
        const rel = relative(dir, f);
        expect(readFileSync(f).equals(readFileSync(join(SHIPPED, rel))), `${rel} differs: run npm run make:model and commit`).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * The shipped config turns ORT's graph optimisers off for the fp32 graph (src/core/runtime/graph-level.ts):
 * they only fold constants there, so the outputs must be bit-identical to those at ORT's default level.
 */
describe('the shipped fp32 graph without graph optimisation', () => {
  it('gives bit-identical logits to ORT at level "all" on token windows of several lengths', async () => {
    const { InferenceSession, Tensor } = await import('onnxruntime-node');
    const file = join(SHIPPED, 'onnx', 'model.onnx');
    const config = JSON.parse(readFileSync(join(SHIPPED, 'config.json'), 'utf8')) as { vocab_size: number; qarx: { graphOptimization: Record<string, string> } };
    expect(config.qarx.graphOptimization).toEqual({ fp32: 'disabled' });
    const [plain, optimised] = await Promise.all([InferenceSession.create(file, { graphOptimizationLevel: 'disabled' }), InferenceSession.create(file, { graphOptimizationLevel: 'all' })]);
    // Deterministic windows: [CLS] question [SEP] context [SEP], token ids spread over the vocabulary.
    for (const [len, q] of [[16, 4], [64, 9], [384, 20]] as const) {
      const ids = Array.from({ length: len }, (_, i) => (i === 0 ? 2 : i === q || i === len - 1 ? 3 : 5 + ((i * 7919) % (config.vocab_size - 5))));
      const feeds: Record<string, InstanceType<typeof Tensor>> = {};
      const tensor = (xs: number[]) => new Tensor('int64', BigInt64Array.from(xs.map(BigInt)), [1, len]);
      const inputs: Record<string, number[]> = { input_ids: ids, attention_mask: ids.map(() => 1), token_type_ids: ids.map((_, i) => (i > q ? 1 : 0)) };
      for (const name of plain.inputNames) feeds[name] = tensor(inputs[name]!);
      const [a, b] = await Promise.all([plain.run(feeds), optimised.run(feeds)]);
      for (const out of plain.outputNames) expect(Buffer.from((a[out]!.data as Float32Array).buffer).equals(Buffer.from((b[out]!.data as Float32Array).buffer)), `${out} at ${len} tokens`).toBe(true);
    }
    await Promise.all([plain.release(), optimised.release()]);
  });
});
