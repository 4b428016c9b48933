/**
 * Units that are easy to mix up get distinct (branded) number types: a character offset into a
 * passage is not a token index into a window, and the compiler should say so.
 */

/** A UTF-16 code-unit offset into a string (what JS string indexing uses; files count code points, see codepoints.ts). */
export type CharOffset = number & { readonly __unit: 'char' };
/** An index into a model input sequence (one window). */
export type TokenIndex = number & { readonly __unit: 'token' };

/** Marks a number as a character offset, e.g. `char(12)`. */
export const char = (n: number): CharOffset => n as CharOffset;
/** Marks a number as a token index, e.g. `tok(0)` for [CLS]. */
export const tok = (n: number): TokenIndex => n as TokenIndex;

/** Half-open character span [start, end), e.g. `{ start: char(0), end: char(5) }` is "Paris" in "Paris is…". */
export interface CharSpan {
  start: CharOffset;
  end: CharOffset;
}

/** One question about one passage, the unit every engine call works on. */
export interface QaInput {
  id: string;
  question: string;
  context: string;
}

/** A decoded answer candidate with its character span in the passage. */
export interface AnswerSpan {
  text: string;
  /** Span in the passage; the null answer has start = end = 0. */
  start: CharOffset;
  end: CharOffset;
  startLogit: number;
  endLogit: number;
  score: number;
  probability: number;
}

/** The full prediction for one input, in the shape of Hugging Face postprocess_qa_predictions. */
export interface QaPrediction {
  id: string;
  /** Final answer text; "" means "no answer" (SQuAD 2.0 only). */
  text: string;
  /** Best non-null span (also set when `text` is "" so the UI can show what was rejected). */
  best: AnswerSpan | null;
  nbest: AnswerSpan[];
  /** SQuAD 2.0: null score minus best non-null score (the null_odds.json value); null for v1. */
  nullScoreDiff: number | null;
  windows: number;
}
