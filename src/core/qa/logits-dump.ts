/**
 * One line of `qarx predict --dump-logits`' logits.jsonl. Its token offsets leave the tool, so
 * they count code points of the passage, as Python does (context[start:end] is the token's text).
 */
import { mapperFor } from '../text/codepoints.ts';
import type { Logits } from './engine.ts';
import type { Window } from './windows.ts';

/** A window's inputs and logits, with each passage token's [start, end) in code points (null: not passage). */
export interface LogitsRecord {
  id: string;
  window: number;
  input_ids: number[];
  token_type_ids: number[];
  offsets: ([number, number] | null)[];
  start_logits: number[];
  end_logits: number[];
}

/**
 * The logits.jsonl record of window `index` of question `id` about `context`, e.g. a token "Ann"
 * after "😀 " gets offsets [2, 5] (UTF-16 would say [3, 6]).
 */
export function logitsRecord(id: string, index: number, context: string, window: Window, logits: Logits): LogitsRecord {
  const cps = mapperFor(context);
  return {
    id,
    window: index,
    input_ids: window.inputIds,
    token_type_ids: window.tokenTypeIds,
    offsets: window.contextSpans.map((s) => (s ? [cps.toCodePoint(s.start), cps.toCodePoint(s.end)] : null)),
    start_logits: Array.from(logits.start),
    end_logits: Array.from(logits.end),
  };
}
