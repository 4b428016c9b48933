/**
 * Generates the random-weight benchmark model and checks it behaves like a DistilBERT QA export.
 * By default a TINY variant (same vocab and signature) is generated so this always runs quickly;
 * set QARX_BENCH_MODEL_TEST=1 to generate and check the full ~260 MB DistilBERT-base shape.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { AutoModelForQuestionAnswering, AutoTokenizer, env, pipeline } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTILBERT_BASE_SHAPE, TINY_SHAPE, makeBenchModel, type BenchModelResult } from '../../scripts/make-bench-model.ts';

const FULL = process.env.QARX_BENCH_MODEL_TEST === '1';
const SHAPE = FULL ? DISTILBERT_BASE_SHAPE : TINY_SHAPE;
const TIMEOUT = FULL ? 600_000 : 60_000;
const BATCH = 2;
const SEQ = 384;
const REAL_LEN_ROW1 = 200; // row 1 is padded after this many real tokens

let root: string;
let result: BenchModelResult;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'qarx-bench-model-'));
  result = await makeBenchModel(join(root, 'bench-model'), SHAPE, { log: () => {} });
}, TIMEOUT);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Deterministic pseudo-random token ids in [104, vocab) (past the special/reserved ids). */
function makeIds(seed: number): BigInt64Array {
  const ids = new BigInt64Array(BATCH * SEQ);
  let a = seed;
  for (let i = 0; i < ids.length; i++) {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0;
    ids[i] = BigInt(104 + (a % (SHAPE.vocabSize - 104)));
  }
  return ids;
}

describe(`bench model (${FULL ? 'full DistilBERT-base' : 'tiny'} shape)`, () => {
  it('writes the Hub layout with consistent configs and an exactly-sized vocab', () => {
    const dir = result.outDir;
    expect(statSync(join(dir, 'onnx', 'model.onnx')).size).toBe(result.modelBytes);
    expect(result.modelBytes).toBeGreaterThan(result.parameters * 4);

    const config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(config).toMatchObject({
      model_type: 'distilbert',
      architectures: ['DistilBertForQuestionAnswering'],
      dim: SHAPE.hidden,
      n_layers: SHAPE.layers,
      n_heads: SHAPE.heads,
      hidden_dim: SHAPE.ffn,
      vocab_size: 28_996,
      max_position_embeddings: 512,
    });

    const tok = JSON.parse(readFileSync(join(dir, 'tokenizer.json'), 'utf8'));
    const vocab = tok.model.vocab as Record<string, number>;
    expect(Object.keys(vocab)).toHaveLength(28_996);
    expect(new Set(Object.values(vocab)).size).toBe(28_996);
    expect(Math.max(...Object.values(vocab))).toBe(28_995);
    expect([vocab['[PAD]'], vocab['[UNK]'], vocab['[CLS]'], vocab['[SEP]'], vocab['[MASK]']]).toEqual([0, 100, 101, 102, 103]);
    expect(vocab['the']).toBeGreaterThan(103);
    expect(vocab['##e']).toBeGreaterThan(103);
    expect(tok.normalizer).toMatchObject({ type: 'BertNormalizer', lowercase: false });
    expect(tok.model).toMatchObject({ type: 'WordPiece', continuing_subword_prefix: '##', unk_token: '[UNK]' });
    expect(tok.added_tokens.map((t: { id: number }) => t.id)).toEqual([0, 100, 101, 102, 103]);

    const tokConfig = JSON.parse(readFileSync(join(dir, 'tokenizer_config.json'), 'utf8'));
    expect(tokConfig).toMatchObject({ tokenizer_class: 'DistilBertTokenizer', do_lower_case: false, model_max_length: 512 });
  });

  it('is deterministic for a seed (tiny regeneration)', async () => {
    const a = await makeBenchModel(join(root, 'det-a'), TINY_SHAPE, { seed: 7, log: () => {} });
    const b = await makeBenchModel(join(root, 'det-b'), TINY_SHAPE, { seed: 7, log: () => {} });
    const c = await makeBenchModel(join(root, 'det-c'), TINY_SHAPE, { seed: 8, log: () => {} });
    const bytes = (r: BenchModelResult) => readFileSync(r.modelPath);
    expect(bytes(a).equals(bytes(b))).toBe(true);
    expect(bytes(a).equals(bytes(c))).toBe(false);
  });

  it(
    'runs in onnxruntime-node with the HF DistilBERT QA signature and honours the attention mask',
    async () => {
      const session = await ort.InferenceSession.create(result.modelPath);
      try {
        expect([...session.inputNames]).toEqual(['input_ids', 'attention_mask']);
        expect([...session.outputNames]).toEqual(['start_logits', 'end_logits']);

        const mask = new BigInt64Array(BATCH * SEQ).fill(1n);
        for (let i = REAL_LEN_ROW1; i < SEQ; i++) mask[SEQ + i] = 0n;
        const ids = makeIds(1);
        for (let i = REAL_LEN_ROW1; i < SEQ; i++) ids[SEQ + i] = 0n; // [PAD]

        const run = async (inputIds: BigInt64Array) => {
          const out = await session.run({
            input_ids: new ort.Tensor('int64', inputIds, [BATCH, SEQ]),
            attention_mask: new ort.Tensor('int64', mask, [BATCH, SEQ]),
          });
          return { start: out.start_logits!, end: out.end_logits! };
        };

        const base = await run(ids);
        for (const t of [base.start, base.end]) {
          expect(t.type).toBe('float32');
          expect(t.dims).toEqual([BATCH, SEQ]);
          const data = t.data as Float32Array;
          expect(data.every(Number.isFinite)).toBe(true);
          expect(new Set(data).size).toBeGreaterThan(SEQ); // not a constant output
        }

        // Changing masked (padding) ids must not change any output at unmasked positions.
        const repadded = ids.slice();
        const noise = makeIds(99);
        for (let i = REAL_LEN_ROW1; i < SEQ; i++) repadded[SEQ + i] = noise[SEQ + i]!;
        const changed = await run(repadded);
        const maxDiffUnmasked = (a: ort.Tensor, b: ort.Tensor) => {
          const x = a.data as Float32Array;
          const y = b.data as Float32Array;
          let m = 0;
          for (let r = 0; r < BATCH; r++) {
            for (let i = 0; i < SEQ; i++) {
              if (mask[r * SEQ + i] === 1n) m = Math.max(m, Math.abs(x[r * SEQ + i]! - y[r * SEQ + i]!));
            }
          }
          return m;
        };
        expect(maxDiffUnmasked(base.start, changed.start)).toBeLessThan(1e-5);
        expect(maxDiffUnmasked(base.end, changed.end)).toBeLessThan(1e-5);

        // Control: changing an unmasked id in row 1 does change row 1 (so the check above is meaningful).
        const edited = ids.slice();
        edited[SEQ + 5] = edited[SEQ + 5] === 200n ? 201n : 200n;
        const moved = await run(edited);
        expect(maxDiffUnmasked(base.start, moved.start)).toBeGreaterThan(1e-7);
      } finally {
        await session.release();
      }
    },
    TIMEOUT,
  );

  it(
    'loads with transformers.js (AutoTokenizer, AutoModelForQuestionAnswering, question-answering pipeline)',
    async () => {
      const saved = { allowRemoteModels: env.allowRemoteModels, localModelPath: env.localModelPath };
      env.allowRemoteModels = false;
      env.localModelPath = root;
      try {
        const tokenizer = await AutoTokenizer.from_pretrained('bench-model');
        const enc = tokenizer('Who wrote it?', { text_pair: 'The book was written by Anna.' });
        const encIds = Array.from(enc.input_ids.data as BigInt64Array, Number);
        expect(encIds[0]).toBe(101);
        expect(encIds.at(-1)).toBe(102);
        expect(encIds.filter((x) => x === 102)).toHaveLength(2);
        expect(encIds).not.toContain(100); // plain English words and punctuation are all in-vocab
        expect(tokenizer.decode(encIds, { skip_special_tokens: true })).toBe('Who wrote it? The book was written by Anna.');

        const model = await AutoModelForQuestionAnswering.from_pretrained('bench-model', { dtype: 'fp32' });
        try {
          const out = await model(enc);
          expect(out.start_logits.dims).toEqual([1, encIds.length]);
          expect(out.end_logits.dims).toEqual([1, encIds.length]);
        } finally {
          await model.dispose();
        }

        const qa = await pipeline('question-answering', 'bench-model', { dtype: 'fp32' });
        try {
          const answer = (await qa('Who wrote the book?', 'The book was written by Anna Smith in Paris.')) as {
            answer: string;
            score: number;
          };
          expect(typeof answer.answer).toBe('string');
          expect(Number.isFinite(answer.score)).toBe(true);
        } finally {
          await qa.dispose();
        }
      } finally {
        env.allowRemoteModels = saved.allowRemoteModels;
        env.localModelPath = saved.localModelPath;
      }
    },
    TIMEOUT,
  );

  it(
    'writes a q8 variant in the dynamic-quantization layout whose logits follow the fp32 ones',
    async () => {
      const q8 = await makeBenchModel(result.outDir, SHAPE, { precision: 'q8', log: () => {} });
      expect(q8.modelPath).toBe(join(result.outDir, 'onnx', 'model_quantized.onnx'));
      const text = readFileSync(q8.modelPath).toString('latin1');
      expect(text).toContain('MatMulInteger');
      expect(text).toContain('DynamicQuantizeLinear');
      expect(q8.modelBytes).toBeLessThan(result.modelBytes); // 8-bit layer weights
      const ids = makeIds(5);
      const mask = new BigInt64Array(BATCH * SEQ).fill(1n);
      const logits = async (path: string) => {
        const session = await ort.InferenceSession.create(path);
        try {
          const out = await session.run({ input_ids: new ort.Tensor('int64', ids, [BATCH, SEQ]), attention_mask: new ort.Tensor('int64', mask, [BATCH, SEQ]) });
          return out.start_logits!.data as Float32Array;
        } finally {
          await session.release();
        }
      };
      const a = await logits(result.modelPath);
      const b = await logits(q8.modelPath);
      expect(b.every(Number.isFinite)).toBe(true);
      expect(pearson(a, b)).toBeGreaterThan(0.99); // same weights, 8-bit rounding: not identical, closely correlated
      expect(b.some((v, i) => v !== a[i])).toBe(true); // and really quantized
    },
    TIMEOUT,
  );
});

/** Pearson correlation of two equal-length arrays. */
function pearson(a: Float32Array, b: Float32Array): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let sab = 0;
  let saa = 0;
  let sbb = 0;
  for (let i = 0; i < n; i++) {
    sab += (a[i]! - ma) * (b[i]! - mb);
    saa += (a[i]! - ma) ** 2;
    sbb += (b[i]! - mb) ** 2;
  }
  return sab / Math.sqrt(saa * sbb);
}
