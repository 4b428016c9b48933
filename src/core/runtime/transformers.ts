/**
 * Loads extractive-QA models through @huggingface/transformers (ONNX Runtime Web in browsers,
 * onnxruntime-node in Node) and adapts them to the engine's ModelRunner and QaTokenizer.
 * Only the file layout and sessions come from transformers.js: windows, offsets and decoding are ours.
 */
import { AutoConfig, AutoModelForQuestionAnswering, AutoTokenizer, env, Tensor, type PreTrainedModel, type PreTrainedTokenizer, type ProgressInfo } from '@huggingface/transformers';
import type { Logits, ModelRunner } from '../qa/engine.ts';
import { checkQaSignature, classifyModelError, ModelError } from '../qa/model-errors.ts';
import { pairTemplateFromTokenizerJson, qaTokenize, schemeFromTokenizerJson, whitespaceCuts, type QaTokenizer } from '../qa/tokenizer.ts';
import type { Window } from '../qa/windows.ts';
import { memoFetch } from './memo-fetch.ts';
import { usablePositions } from './positions.ts';

/** Where the ONNX session runs. 'cpu' and 'cuda' are onnxruntime-node (CUDA only where its CUDA provider is installed). */
export type Device = 'webgpu' | 'wasm' | 'cpu' | 'cuda';
import type { Dtype } from './dtypes.ts';
import { graphLevelFor, type GraphLevel } from './graph-level.ts';
export { DTYPES, type Dtype } from './dtypes.ts';

const EIGHT_BIT = new Set<Dtype>(['q8', 'int8', 'uint8']);

/** Where a model comes from. */
export type ModelSource =
  /** A model directory under the configured local model path (the shipped model, or a CLI directory). */
  | { kind: 'local'; id: string }
  /** A Hugging Face Hub repository id, fetched from the configured remote host and cached. */
  | { kind: 'hub'; id: string; revision?: string }
  /** Files the user picked, keyed by their path inside the model folder (config.json, onnx/model.onnx …). */
  | { kind: 'files'; id: string; files: Map<string, Blob> };

/** Hosting settings, set once per process (the worker or the CLI). */
export interface RuntimeSettings {
  /** Base URL or directory that holds local model folders. */
  localModelPath?: string;
  /** Hub-compatible host, e.g. https://huggingface.co/ or a local mirror. */
  remoteHost?: string;
  /** Self-hosted ONNX Runtime wasm files (browser only). */
  wasmPaths?: { mjs: string; wasm: string };
  /** Node: directory for the file cache. */
  cacheDir?: string;
  /** Browser: number of wasm threads (1 when not cross-origin isolated). */
  wasmThreads?: number;
}

/** Applies runtime settings to transformers.js' global env. */
export function configureRuntime(s: RuntimeSettings): void {
  if (s.localModelPath !== undefined) env.localModelPath = configured.localModelPath = s.localModelPath;
  if (s.remoteHost !== undefined) env.remoteHost = s.remoteHost.endsWith('/') ? s.remoteHost : `${s.remoteHost}/`;
  if (s.cacheDir !== undefined) env.cacheDir = s.cacheDir;
  const onnx = env.backends.onnx as { wasm?: { wasmPaths?: unknown; numThreads?: number } };
  if (s.wasmPaths && onnx.wasm) onnx.wasm.wasmPaths = { ...s.wasmPaths };
  // Self-hosted paths: ORT streams and compiles the wasm itself. transformers.js' wasm cache would
  // instead download it whole before compiling and keep a second copy beside the service worker's.
  if (s.wasmPaths) (env as { useWasmCache: boolean }).useWasmCache = false;
  if (s.wasmThreads !== undefined && onnx.wasm) onnx.wasm.numThreads = s.wasmThreads;
}

/**
 * ONNX Runtime Web's wasm build for a device, self-hosted under `${base}ort/`: WebGPU needs the
 * asyncify build (27 MB), WASM alone runs on the plain build (14 MB), which starts sooner. A
 * runtime keeps the build it started with, e.g. ortWasmPaths('/', 'wasm').wasm === '/ort/ort-wasm-simd-threaded.wasm'.
 */
export function ortWasmPaths(base: string, device: 'wasm' | 'webgpu'): { mjs: string; wasm: string } {
  const build = device === 'webgpu' ? 'ort-wasm-simd-threaded.asyncify' : 'ort-wasm-simd-threaded';
  return { mjs: `${base}ort/${build}.mjs`, wasm: `${base}ort/${build}.wasm` };
}

/**
 * The dtypes to try on a device, best first: WebGPU gets fp16 when the adapter has shader-f16
 * (8-bit weights give wrong results on WebGPU), WASM gets 8-bit weights under whichever name the
 * repo uses (model_quantized, model_int8, model_uint8), Node CPU fp32. A model config may pin one.
 */
export function dtypeCandidates(device: Device, shaderF16: boolean, pinned?: Dtype): Dtype[] {
  if (pinned && EIGHT_BIT.has(pinned) && device === 'webgpu') return ['fp32']; // an 8-bit pin would give wrong answers there
  if (pinned) return [pinned];
  if (device === 'webgpu') return shaderF16 ? ['fp16', 'fp32'] : ['fp32'];
  if (device === 'wasm') return ['q8', 'int8', 'uint8', 'fp32'];
  return ['fp32'];
}

/** A loaded model, ready for the engine. */
export interface LoadedModel {
  id: string;
  tokenizer: QaTokenizer;
  runner: ModelRunner;
  device: Device;
  dtype: Dtype;
  /** model_type from config.json (bert, distilbert, roberta …). */
  architecture: string;
  /** 'lexical-baseline' for the shipped model, 'neural' otherwise. */
  kind: 'lexical-baseline' | 'neural';
  label: string;
  inputNames: string[];
  /** Tokens the position embeddings take (max_position_embeddings less RoBERTa's padding offset), when config.json says. */
  maxPositions: number | null;
  dispose(): Promise<void>;
}

export interface LoadOptions {
  device: Device;
  shaderF16?: boolean;
  onProgress?: (p: ProgressInfo) => void;
  /** Overrides the dtype choice (e.g. the CLI's --dtype). */
  dtype?: Dtype;
  /** Aborts the downloads of this load. */
  signal?: AbortSignal;
  /** Node: ONNX Runtime session options, e.g. { intraOpNumThreads: 2 } for one of several sessions sharing the cores. */
  sessionOptions?: { intraOpNumThreads?: number; interOpNumThreads?: number };
}

type Session = { inputNames: string[]; outputNames: string[] };

/** Adapts a transformers.js tokenizer to the engine's QaTokenizer. */
export function adaptTokenizer(tok: PreTrainedTokenizer): QaTokenizer {
  const json = (tok as unknown as { _tokenizerJSON: unknown })._tokenizerJSON;
  const config = (tok as unknown as { _tokenizerConfig?: Record<string, unknown> })._tokenizerConfig ?? {};
  const vocab = tok.get_vocab();
  const unk = (tok as unknown as { unk_token_id?: number }).unk_token_id ?? 0;
  const tokenId = (t: string) => vocab.get(t) ?? unk;
  const pad = (tok as unknown as { pad_token?: string | null }).pad_token ?? null;
  const scheme = schemeFromTokenizerJson(json, config);
  return {
    scheme,
    template: pairTemplateFromTokenizerJson(json, tokenId, pad),
    tokenize: qaTokenize(json, scheme, (text: string) => tok.tokenize(text)),
    tokenId,
    cutsAtWhitespace: whitespaceCuts(json),
  };
}

/** Runs an ONNX QA model through transformers.js, padding rows to the longest in the batch. */
export class TransformersRunner implements ModelRunner {
  constructor(
    private readonly model: PreTrainedModel,
    private readonly takesTokenTypes: boolean,
  ) {}

  async run(rows: readonly Window[], padId: number): Promise<Logits[]> {
    const b = rows.length;
    const len = Math.max(...rows.map((r) => r.inputIds.length));
    const ids = new BigInt64Array(b * len).fill(BigInt(padId));
    const mask = new BigInt64Array(b * len);
    const types = new BigInt64Array(b * len);
    rows.forEach((r, i) => {
      r.inputIds.forEach((id, j) => {
        ids[i * len + j] = BigInt(id);
        mask[i * len + j] = 1n;
        types[i * len + j] = BigInt(r.tokenTypeIds[j] ?? 0);
      });
    });
    const feeds: Record<string, Tensor> = {
      input_ids: new Tensor('int64', ids, [b, len]),
      attention_mask: new Tensor('int64', mask, [b, len]),
    };
    if (this.takesTokenTypes) feeds.token_type_ids = new Tensor('int64', types, [b, len]);
    const out = (await (this.model as unknown as (f: Record<string, Tensor>) => Promise<Record<string, Tensor>>)(feeds)) as Record<string, Tensor>;
    const start = toFloat32(out.start_logits);
    const end = toFloat32(out.end_logits);
    return rows.map((r, i) => ({
      start: start.slice(i * len, i * len + r.inputIds.length),
      end: end.slice(i * len, i * len + r.inputIds.length),
    }));
  }
}

/** Float32 view of an output tensor; fp16 models may return half floats. */
function toFloat32(t: Tensor | undefined): Float32Array {
  if (!t) throw new ModelError('bad-signature', 'The model returned no start_logits/end_logits.');
  if (t.data instanceof Float32Array) return t.data;
  if (t.type === 'float16') {
    const d = t.data as unknown as ArrayLike<number>;
    // Float16Array (where available) holds numbers; older runtimes give raw Uint16 bits.
    if (typeof Float16ArrayCtor() === 'function' && !(t.data instanceof Uint16Array)) return Float32Array.from(d);
    return Float32Array.from(t.data as Uint16Array, halfToFloat);
  }
  return Float32Array.from(t.data as unknown as ArrayLike<number>);
}

function Float16ArrayCtor(): unknown {
  return (globalThis as { Float16Array?: unknown }).Float16Array;
}

/** IEEE half → float, e.g. halfToFloat(0x3c00) === 1. */
export function halfToFloat(h: number): number {
  const s = h & 0x8000 ? -1 : 1;
  const e = (h >> 10) & 0x1f;
  const f = h & 0x3ff;
  if (e === 0) return s * 2 ** -14 * (f / 1024);
  if (e === 31) return f ? Number.NaN : s * Number.POSITIVE_INFINITY;
  return s * 2 ** (e - 15) * (1 + f / 1024);
}

/** A Cache-API-shaped view over files the user picked, so transformers.js loads them like a download. */
function filesCache(files: Map<string, Blob>) {
  return {
    async match(key: string | Request): Promise<Response | undefined> {
      const url = typeof key === 'string' ? key : key.url;
      for (const [path, blob] of files) {
        if (url.endsWith(`/${path}`)) return new Response(blob, { headers: { 'content-length': String(blob.size) } });
      }
      return undefined;
    },
    async put(): Promise<void> {},
  };
}

/** Settings as configured (configureRuntime), before any per-source switching. */
const configured = { localModelPath: env.localModelPath, useBrowserCache: env.useBrowserCache, fetch: env.fetch };

/**
 * Sets transformers.js' lookup rules for one kind of source. Every field is set explicitly (no
 * save-and-restore), so an interrupted load cannot leave another source's settings behind.
 * The shipped model skips the browser cache, so a redeployed app never serves a stale copy.
 */
export function useSource(source: ModelSource, signal: AbortSignal | undefined): void {
  const local = source.kind === 'local';
  const files = source.kind === 'files';
  env.allowLocalModels = local || files;
  env.allowRemoteModels = source.kind === 'hub';
  env.localModelPath = files ? '/__qarx_no_local_models__/' : configured.localModelPath;
  env.useBrowserCache = source.kind === 'hub' && configured.useBrowserCache;
  env.useCustomCache = files;
  env.customCache = files ? (filesCache(source.files) as unknown as typeof env.customCache) : null;
  // Every download goes through env.fetch: bind it to this load's signal so cancel stops it.
  const base = configured.fetch;
  const bound = signal ? (input: string | URL, init?: RequestInit) => base(input, { ...init, signal }) : base;
  // The app's own model is a few MB: each of its files is requested once per load (loadQaModel resets env.fetch after).
  env.fetch = local ? memoFetch(bound) : bound;
}

/**
 * Loads tokenizer and model for extractive QA, trying the dtypes suited to the device in turn,
 * and checks the ONNX signature. Errors are ModelError with a clear message.
 */
export async function loadQaModel(source: ModelSource, opts: LoadOptions): Promise<LoadedModel> {
  useSource(source, opts.signal);
  const id = source.id;
  const revision = source.kind === 'hub' ? (source.revision ?? 'main') : 'main';
  try {
    let config: Record<string, unknown>;
    try {
      config = (await AutoConfig.from_pretrained(id, { revision, progress_callback: opts.onProgress })) as unknown as Record<string, unknown>;
    } catch (err) {
      const e = classifyModelError(err, id);
      if (e.code === 'no-weights') throw new ModelError('no-config', `Model "${id}" was not found (no config.json at ${source.kind === 'hub' ? env.remoteHost : 'the model folder'}).`, e.detail);
      throw e;
    }
    // The ONNX session (runtime start-up and the weights) loads while the tokenizer is parsed:
    // on a first answer these are the two longest waits, and they need no result of each other.
    const pinned = opts.dtype ?? (config['transformers.js_config'] as { dtype?: Dtype } | undefined)?.dtype;
    const session = openSession(id, revision, opts, pinned, (dtype) => graphLevelFor(config, dtype));
    session.catch(() => undefined); // awaited below; a failure before then is not unhandled
    let qaTok: QaTokenizer;
    try {
      qaTok = await loadTokenizer(id, revision, opts);
    } catch (err) {
      // The session is not wanted any more: release it once it settles.
      void session.then((m) => m.model.dispose()).catch(() => undefined);
      throw err;
    }
    const { model, dtype, inputNames } = await session;
    const qarx = config.qarx as { kind?: string; label?: string } | undefined;
    const kind = qarx?.kind === 'lexical-baseline' ? 'lexical-baseline' : 'neural';
    return {
      id,
      tokenizer: qaTok,
      runner: new TransformersRunner(model, inputNames.includes('token_type_ids')),
      device: opts.device,
      dtype,
      architecture: String(config.model_type ?? 'unknown'),
      kind,
      label: qarx?.label ?? id,
      inputNames: [...inputNames],
      maxPositions: usablePositions(config),
      dispose: async () => {
        await model.dispose();
      },
    };
  } catch (err) {
    if (opts.signal?.aborted) throw new ModelError('cancelled', `Loading "${id}" was cancelled.`);
    throw classifyModelError(err, id);
  } finally {
    env.fetch = configured.fetch;
  }
}

/** The tokenizer of `id`, adapted to the QA engine; errors name what is missing. */
async function loadTokenizer(id: string, revision: string, opts: LoadOptions): Promise<QaTokenizer> {
  let tokenizer: PreTrainedTokenizer;
  try {
    tokenizer = await AutoTokenizer.from_pretrained(id, { revision, progress_callback: opts.onProgress });
  } catch (err) {
    const e = classifyModelError(err, id);
    if (e.code === 'no-weights' || e.code === 'unknown') throw new ModelError('no-tokenizer', `"${id}" has no usable tokenizer (tokenizer.json and tokenizer_config.json are needed).`, e.detail);
    throw e;
  }
  try {
    return adaptTokenizer(tokenizer);
  } catch (err) {
    throw new ModelError('unsupported-tokenizer', err instanceof Error ? err.message : String(err));
  }
}

/** transformers.js' session_options for a load: the caller's, and the graph level the model's config asks for. */
function sessionOptions(opts: LoadOptions, level: GraphLevel | undefined): { session_options?: Record<string, unknown> } {
  if (!opts.sessionOptions && !level) return {};
  return { session_options: { ...opts.sessionOptions, ...(level ? { graphOptimizationLevel: level } : {}) } };
}

/** Opens the ONNX session, trying the dtypes suited to the device in turn, and checks its signature. */
async function openSession(id: string, revision: string, opts: LoadOptions, pinned: Dtype | undefined, levelOf: (dtype: Dtype) => GraphLevel | undefined): Promise<{ model: PreTrainedModel; dtype: Dtype; inputNames: readonly string[] }> {
  let lastErr: unknown = null;
  for (const dtype of dtypeCandidates(opts.device, opts.shaderF16 ?? false, pinned)) {
    let model: PreTrainedModel;
    try {
      model = await AutoModelForQuestionAnswering.from_pretrained(id, {
        revision,
        dtype,
        device: opts.device,
        progress_callback: opts.onProgress,
        ...sessionOptions(opts, levelOf(dtype)),
      });
    } catch (err) {
      lastErr = err;
      const e = classifyModelError(err, id);
      if (e.code === 'no-weights') continue; // e.g. no model_quantized.onnx: try the next precision
      throw e;
    }
    const session = Object.values((model as unknown as { sessions: Record<string, Session> }).sessions)[0];
    if (!session) throw new ModelError('bad-signature', `"${id}" produced no ONNX session.`);
    try {
      checkQaSignature(id, session.inputNames, session.outputNames);
    } catch (err) {
      await model.dispose();
      throw err;
    }
    return { model, dtype, inputNames: session.inputNames };
  }
  throw classifyModelError(lastErr, id);
}
