/**
 * The QA engine: tokenizes with offsets, windows long passages, runs windows in batches across
 * questions, caches each window's logits by model, dtype, device and token ids (so re-answering an
 * edited passage only computes the windows that changed, and a result computed at one precision
 * never answers for another), and decodes spans like Hugging Face run_qa.py.
 */
import { LogitCache, Lru, type LogitScope, type Logits } from './logit-cache.ts';
import { decodeWindows, DEFAULT_DECODE, type DecodeOptions, type WindowLogits } from './decode.ts';
import { encodeText, type EncodedText, type QaTokenizer } from './tokenizer.ts';
import { changedPart, spliceEncoding } from './splice.ts';
import type { QaInput, QaPrediction } from '../types.ts';
import { buildWindows, DEFAULT_WINDOWS, LengthBuckets, type Window, type WindowOptions } from './windows.ts';

export { LogitCache, modelScope, scopeKey, type LogitScope, type Logits } from './logit-cache.ts';

/** Runs the model on unpadded rows; the runner pads, masks and adds token types as its model needs. */
export interface ModelRunner {
  run(rows: readonly Window[], padId: number): Promise<Logits[]>;
}

/**
 * A runner that runs one batch at a time, whoever calls it: live answers, renamings and sweeps
 * share one ONNX session, which must not run two batches at once. Calls interleave per batch, so
 * a live question waits for one batch of a sweep, not for the whole sweep.
 */
export function serializeRunner(runner: ModelRunner): ModelRunner {
  return sharedBatchQueue()(runner);
}

/**
 * One batch queue for several runners: models loaded side by side share the device and its
 * threads, so their batches run one at a time across models too, interleaved per batch (a live
 * answer of one model waits for one batch of another model's experiment, not for all of it).
 */
export function sharedBatchQueue(): (runner: ModelRunner) => ModelRunner {
  let last: Promise<unknown> = Promise.resolve();
  return (runner) => ({
    run(rows, padId) {
      const next = last.then(() => runner.run(rows, padId));
      last = next.catch(() => undefined);
      return next;
    },
  });
}

export interface EngineOptions {
  windows: WindowOptions;
  decode: DecodeOptions;
  /** Windows per model call (default: batchSizeFor(scope.device)). */
  batchSize: number;
  /**
   * Width in tokens of the length buckets pending windows are sorted into, so a batch pads to its
   * own longest row instead of the call's; 0 batches windows in arrival order (the plain path).
   */
  bucketWidth: number;
  /** Windows whose logits are kept for reuse (when the engine makes its own cache). */
  cacheSize: number;
  /** What computes the logits: part of every cache key. */
  scope: LogitScope;
  /** A cache shared with other engines (e.g. across model switches); keys carry the scope. */
  cache?: LogitCache;
}

export const DEFAULT_ENGINE: EngineOptions = { windows: DEFAULT_WINDOWS, decode: DEFAULT_DECODE, batchSize: 8, bucketWidth: 32, cacheSize: 4096, scope: { model: 'unnamed', dtype: 'unknown', device: 'unknown' } };

/**
 * Windows per model call on a device, e.g. batchSizeFor('webgpu') === 16: a GPU needs wide batches
 * to fill its lanes; WASM is fastest at 2 (npm run bench:browser, 2 threads: 1, 2, 4, 8, 16 gave
 * 2.35, 2.54, 2.27, 1.81, 1.33 windows/s in fp32 — wider batches outgrow the caches ORT-web's SIMD128
 * kernels rely on) and a small batch holds the UI's answer less long.
 */
export function batchSizeFor(device: string): number {
  if (device === 'webgpu') return 16;
  if (device === 'wasm') return 2;
  return 8;
}

/** Progress of a predict call, counted in windows. */
export interface PredictProgress {
  done: number;
  total: number;
  cached: number;
}

export interface PredictCallbacks {
  signal?: AbortSignal;
  onProgress?: (p: PredictProgress) => void;
  /** Called as soon as a question's windows are all computed; lets callers keep partial results. */
  onPrediction?: (p: QaPrediction, detail: PredictionDetail) => void;
}

/** What a prediction was computed from, for logit dumps and explanations. */
export interface PredictionDetail {
  windows: { window: Window; logits: Logits }[];
  /** The passage the windows' contextSpans point into (UTF-16). */
  context: string;
}

export interface PredictResult {
  predictions: QaPrediction[];
  /** True when the signal aborted the run; predictions then holds the questions finished before. */
  cancelled: boolean;
  stats: { windows: number; computed: number; cached: number };
}

/**
 * Texts shorter than this are tokenized whole; the last SPLICE_BASES longer ones are kept to encode
 * similar texts from. A sweep asks about each passage's variants about a hundred inputs apart, so 8
 * bases never held a sibling: 64 cut the demo sweep's tokenized characters 338k → 87k (bench:engine-js).
 */
const SPLICE_MIN_CHARS = 64;
const SPLICE_BASES = 64;
/** Beyond the newest 8 bases, older ones are kept only while all hold at most this many characters (a long passage edited live). */
const SPLICE_BASE_CHARS = 1 << 20;
const SPLICE_BASES_ALWAYS = 8;

export class QaEngine {
  readonly options: EngineOptions;
  private readonly logitCache: LogitCache;
  // Small on purpose: live editing creates a new passage text per keystroke pause.
  private readonly textCache = new Lru<EncodedText>(256);
  /** Questions are few and each is asked of many passages: a cache the passages do not evict. */
  private readonly questionCache = new Lru<EncodedText>(256);
  /** The last long texts encoded, newest first: a new text is encoded from the most similar (splice.ts). */
  private recent: { text: string; encoded: EncodedText }[] = [];
  private recentChars = 0;

  constructor(
    readonly tokenizer: QaTokenizer,
    private readonly runner: ModelRunner,
    options: Partial<EngineOptions> = {},
  ) {
    const scope = options.scope ?? DEFAULT_ENGINE.scope;
    this.options = { ...DEFAULT_ENGINE, batchSize: batchSizeFor(scope.device), ...options };
    this.logitCache = this.options.cache ?? new LogitCache(this.options.cacheSize);
  }

  /** Tokenizes with offsets, reusing the result for texts seen before (SQuAD shares passages). */
  encode(text: string): EncodedText {
    let e = this.textCache.get(text);
    if (!e) {
      e = this.spliced(text) ?? encodeText(this.tokenizer, text);
      this.textCache.set(text, e);
      if (this.tokenizer.cutsAtWhitespace && text.length >= SPLICE_MIN_CHARS) {
        this.recent.unshift({ text, encoded: e });
        this.recentChars += text.length;
        while (this.recent.length > SPLICE_BASES || (this.recent.length > SPLICE_BASES_ALWAYS && this.recentChars > SPLICE_BASE_CHARS)) this.recentChars -= (this.recent.pop() as { text: string }).text.length;
      }
    }
    return e;
  }

  /** The text encoded from the recent text sharing most of it (only what differs is tokenized), or null. */
  private spliced(text: string): EncodedText | null {
    if (!this.tokenizer.cutsAtWhitespace || text.length < SPLICE_MIN_CHARS) return null;
    let best: (typeof this.recent)[number] | null = null;
    let bestChanged = Infinity;
    for (const r of this.recent) {
      const c = changedPart(r.text, text);
      if (c.end - c.start < bestChanged) [best, bestChanged] = [r, c.end - c.start];
    }
    return best ? spliceEncoding(best, text, (part) => encodeText(this.tokenizer, part)) : null;
  }

  /** The windows a question about a passage becomes (the question left-stripped, as run_qa.py does). */
  windowsFor(input: QaInput): Window[] {
    return buildWindows(this.encodeQuestion(input.question.trimStart()), this.encode(input.context), this.tokenizer.template, this.options.windows);
  }

  /** A question's encoding, kept apart from the passages' (encode). */
  private encodeQuestion(question: string): EncodedText {
    let e = this.questionCache.get(question);
    if (!e) {
      e = this.encode(question);
      this.questionCache.set(question, e);
    }
    return e;
  }

  /** Forgets cached logits, e.g. after switching devices. */
  clearCache(): void {
    this.logitCache.clear();
    this.textCache.clear();
    this.questionCache.clear();
    this.recent = [];
    this.recentChars = 0;
  }

  /**
   * Answers every input; windows are batched across inputs and deduplicated, cached windows are
   * not recomputed, and each prediction is reported as soon as it is complete.
   */
  async predict(inputs: readonly QaInput[], cb: PredictCallbacks = {}, decode: Partial<DecodeOptions> = {}): Promise<PredictResult> {
    const dec = { ...this.options.decode, ...decode };
    const perInput = inputs.map((input) => this.windowsFor(input));
    const total = perInput.reduce((a, w) => a + w.length, 0);
    const predictions: QaPrediction[] = [];
    const stats = { windows: total, computed: 0, cached: 0 };
    const report = () => cb.onProgress?.({ done: stats.computed + stats.cached, total, cached: stats.cached });
    let next = 0; // first input not yet decoded
    const pending = new LengthBuckets(this.options.batchSize, this.options.bucketWidth);
    const fresh = new Map<string, Logits>(); // logits of this call, immune to cache eviction
    // How many not-yet-decoded inputs still need each window: logits leave `fresh` only at zero.
    const needed = new Map<string, number>();
    for (const ws of perInput) for (const w of ws) needed.set(w.key, (needed.get(w.key) ?? 0) + 1);

    const lookup = (w: Window) => fresh.get(w.key) ?? this.logitCache.get(this.options.scope, w.key);
    const flushDecoded = () => {
      while (next < inputs.length) {
        const ws = perInput[next] as Window[];
        const logits = ws.map(lookup);
        if (logits.some((l) => l === undefined)) return;
        const input = inputs[next] as QaInput;
        const wl: WindowLogits[] = ws.map((w, i) => ({ startLogits: (logits[i] as Logits).start, endLogits: (logits[i] as Logits).end, contextSpans: w.contextSpans }));
        const pred = decodeWindows(input.id, input.context, wl, dec);
        predictions.push(pred);
        if (cb.onPrediction) cb.onPrediction(pred, { windows: ws.map((w, i) => ({ window: w, logits: logits[i] as Logits })), context: input.context });
        for (const w of ws) {
          const left = (needed.get(w.key) ?? 1) - 1;
          needed.set(w.key, left);
          if (left <= 0) fresh.delete(w.key);
        }
        next++;
      }
    };
    const runBatch = async (batch: Window[]) => {
      const out = await this.runner.run(batch, this.tokenizer.template.padId);
      batch.forEach((w, i) => {
        const l = out[i] as Logits;
        fresh.set(w.key, l);
        this.logitCache.set(this.options.scope, w.key, l);
      });
      stats.computed += batch.length;
      report();
      flushDecoded();
    };

    for (let i = 0; i < perInput.length; i++) {
      for (const w of perInput[i] as Window[]) {
        if (cb.signal?.aborted) return { predictions, cancelled: true, stats };
        const hit = lookup(w);
        if (hit) {
          fresh.set(w.key, hit);
          stats.cached++;
          report();
        } else if (pending.add(w)) {
          for (let batch = pending.ready(); batch; batch = pending.ready()) {
            await runBatch(batch);
            if (cb.signal?.aborted) return { predictions, cancelled: true, stats };
          }
        } else {
          stats.cached++; // the same window twice in one call is computed once
          report();
        }
      }
      flushDecoded(); // an input answered from the cache is reported now, not after the next batch
    }
    for (const batch of pending.drain()) {
      if (cb.signal?.aborted) return { predictions, cancelled: true, stats };
      await runBatch(batch);
    }
    if (cb.signal?.aborted) return { predictions, cancelled: true, stats };
    report();
    flushDecoded();
    return { predictions, cancelled: false, stats };
  }
}
