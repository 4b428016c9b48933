/**
 * Sliding windows over long passages, as Hugging Face run_qa.py builds them with
 * `truncation="only_second", stride=doc_stride, return_overflowing_tokens=True`.
 */
import type { EncodedText, PairTemplate } from './tokenizer.ts';
import type { CharSpan } from './types.ts';

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
  if (room <= 0) throw new RangeError(`maxLength ${opts.maxLength} leaves no room for the passage after a ${q.length}-token question.`);
  // HF raises when the stride is not smaller than the room; we shrink it instead so any setting works.
  const stride = Math.min(opts.docStride, room - 1);
  const head = [...template.prefix, ...q, ...template.middle];
  const headTypes = head.map(() => template.typeA);
  const windows: Window[] = [];
  const n = context.ids.length;
  for (let start = 0; ; start += room - stride) {
    const end = Math.min(n, start + room);
    const ctxIds = context.ids.slice(start, end);
    const inputIds = [...head, ...ctxIds, ...template.suffix];
    const tokenTypeIds = [...headTypes, ...ctxIds.map(() => template.typeB), ...template.suffix.map(() => template.typeB)];
    const contextSpans: (CharSpan | null)[] = [...head.map(() => null), ...context.spans.slice(start, end), ...template.suffix.map(() => null)];
    windows.push({ inputIds, tokenTypeIds, contextSpans, key: inputIds.join(',') });
    if (end >= n) break;
  }
  return windows;
}
