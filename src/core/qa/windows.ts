/**
 * Sliding windows over long passages, as Hugging Face run_qa.py builds them with
 * `truncation="only_second", stride=doc_stride, return_overflowing_tokens=True`.
 */
import type { EncodedText, PairTemplate } from './tokenizer.ts';
import type { CharSpan } from '../types.ts';
import { withArticle } from '../text/article.ts';

/** Window settings; defaults are run_qa.py's, with the question cut to 64 tokens as in run_squad.py. */
export interface WindowOptions {
  maxLength: number;
  docStride: number;
  maxQueryLength: number;
}

export const DEFAULT_WINDOWS: WindowOptions = { maxLength: 384, docStride: 128, maxQueryLength: 64 };

/** One model input: the ids, their token types and the passage span of every token (null if not passage). */
export interface Window {
  inputIds: number[];
  tokenTypeIds: number[];
  contextSpans: (CharSpan | null)[];
  /** Cache key: the ids determine the logits (types follow from the template). */
  key: string;
}

/**
 * Splits the passage so each window holds the question and at most maxLength tokens, consecutive
 * windows overlapping by docStride passage tokens, e.g. 600 passage tokens with a 10-token question
 * → windows starting at passage tokens 0 and 243.
 */
export function buildWindows(question: EncodedText, context: EncodedText, template: PairTemplate, opts: WindowOptions = DEFAULT_WINDOWS): Window[] {
  const q = question.ids.slice(0, opts.maxQueryLength);
  const specials = template.prefix.length + template.middle.length + template.suffix.length;
  const room = opts.maxLength - q.length - specials;
  if (room <= 0) throw new RangeError(`maxLength ${opts.maxLength} leaves no room for the passage after ${withArticle(`${q.length}-token`)} question.`);
  // HF raises when the stride is not smaller than the room; we shrink it instead so any setting works.
  const stride = Math.min(opts.docStride, room - 1);
  const head = template.prefix.concat(q, template.middle);
  const windows: Window[] = [];
  const n = context.ids.length;
  for (let start = 0; ; start += room - stride) {
    const end = Math.min(n, start + room);
    const inputIds = head.concat(context.ids.slice(start, end), template.suffix);
    windows.push({ inputIds, tokenTypeIds: tokenTypes(head.length, inputIds.length, template), contextSpans: passageSpans(head.length, context.spans, start, end, template.suffix.length), key: inputIds.join(',') });
    if (end >= n) break;
  }
  return windows;
}

/** Token types of a window: typeA over the head (prefix, question, middle), typeB over the rest. */
function tokenTypes(headLength: number, length: number, template: PairTemplate): number[] {
  const types: number[] = [];
  for (let i = 0; i < length; i++) types.push(i < headLength ? template.typeA : template.typeB);
  return types;
}

/** A window's passage spans (those of passage tokens start..end), null over the head and the suffix. */
function passageSpans(headLength: number, spans: readonly CharSpan[], start: number, end: number, suffixLength: number): (CharSpan | null)[] {
  const out: (CharSpan | null)[] = [];
  for (let i = 0; i < headLength; i++) out.push(null);
  for (let i = start; i < end; i++) out.push(spans[i] as CharSpan);
  for (let i = 0; i < suffixLength; i++) out.push(null);
  return out;
}

/**
 * Windows waiting for a model call, sorted into length buckets so a batch pads to its own longest
 * row: a bucket that fills runs at once; when more than `hold` batches wait, the group of
 * batchSize windows with the least padding runs; drain() runs the rest shortest-spread first.
 * A window whose ids are already waiting is not added twice.
 */
export class LengthBuckets {
  private readonly buckets = new Map<number, Window[]>();
  private readonly keys = new Set<string>();
  private count = 0;

  /** `width` 0 keeps one bucket in arrival order (the plain path); `hold` bounds waiting windows to hold × batchSize. */
  constructor(
    private readonly batchSize: number,
    private readonly width: number,
    private readonly hold = 4,
  ) {
    if (!(batchSize >= 1)) throw new RangeError(`batchSize must be at least 1, got ${batchSize}`);
  }

  /** Adds a window; false when a window with the same ids is already waiting. */
  add(w: Window): boolean {
    if (this.keys.has(w.key)) return false;
    this.keys.add(w.key);
    const b = this.width > 0 ? Math.ceil(w.inputIds.length / this.width) : 0;
    const list = this.buckets.get(b);
    if (list) list.push(w);
    else this.buckets.set(b, [w]);
    this.count++;
    return true;
  }

  get size(): number {
    return this.count;
  }

  /** A batch to run now (a full bucket, or the least-padding group when too many wait), else null. */
  ready(): Window[] | null {
    for (const [b, list] of this.buckets) {
      if (list.length >= this.batchSize) {
        const batch = list.splice(0, this.batchSize);
        if (list.length === 0) this.buckets.delete(b);
        this.count -= batch.length;
        return this.taken(batch);
      }
    }
    if (this.count < this.hold * this.batchSize) return null;
    const all = this.sorted();
    let best = 0;
    let bestWaste = Infinity;
    for (let i = 0; i + this.batchSize <= all.length; i++) {
      const group = all.slice(i, i + this.batchSize);
      const top = (group[group.length - 1] as Window).inputIds.length;
      const waste = group.reduce((a, w) => a + top - w.inputIds.length, 0);
      if (waste < bestWaste) [best, bestWaste] = [i, waste];
    }
    const batch = all.splice(best, this.batchSize);
    this.refill(all);
    return this.taken(batch);
  }

  /** Every waiting window in batches of at most batchSize, neighbours in length together; empties the pool. */
  drain(): Window[][] {
    const all = this.sorted();
    this.refill([]);
    const out: Window[][] = [];
    for (let i = 0; i < all.length; i += this.batchSize) out.push(this.taken(all.slice(i, i + this.batchSize)));
    return out;
  }

  /** Waiting windows, by length when bucketing, else in arrival order (sort is stable). */
  private sorted(): Window[] {
    const all = [...this.buckets.values()].flat();
    return this.width > 0 ? all.sort((a, b) => a.inputIds.length - b.inputIds.length) : all;
  }

  /** Rebuilds the buckets from `rest` (the windows still waiting). */
  private refill(rest: Window[]): void {
    this.buckets.clear();
    this.count = 0;
    for (const w of rest) {
      this.keys.delete(w.key);
      this.add(w);
    }
  }

  /** Forgets the keys of windows leaving the pool (the count is the caller's). */
  private taken(batch: Window[]): Window[] {
    for (const w of batch) this.keys.delete(w.key);
    return batch;
  }
}
