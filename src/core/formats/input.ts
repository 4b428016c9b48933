/** Turning an importer's input (bytes or text, maybe gzip) into what its parser needs. */
import { checkSize, DEFAULT_MAX_BYTES, decodeUtf8, type FormatOptions } from './common.ts';
import { gunzipAll, isGzip } from './gzip.ts';
import { InputError } from './json.ts';
import { noteTrailing } from './jsonl.ts';
import type { InputIssue } from './squad.ts';

/** What importers accept: file bytes, or text (handy in tests and for pasted data). */
export type ImportInput = Uint8Array | string;

const encoder = new TextEncoder();

/** Bytes of an input, size-checked, e.g. inputBytes('{"a":1}', opts).length → 7. */
export function inputBytes(input: ImportInput, opts: FormatOptions): Uint8Array {
  const bytes = typeof input === 'string' ? encoder.encode(input) : input;
  checkSize(bytes.length, opts.file, opts.maxBytes ?? DEFAULT_MAX_BYTES);
  return bytes;
}

/**
 * The whole text of a one-document input (JSON, CSV), inflating gzip, e.g.
 * documentText(bytes, opts, issues) → '{"data": …}'. Throws InputError when empty or too large.
 */
export function documentText(input: ImportInput, opts: FormatOptions, issues: InputIssue[]): string {
  let text: string;
  if (typeof input === 'string') {
    checkSize(input.length, opts.file, opts.maxBytes ?? DEFAULT_MAX_BYTES);
    text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  } else {
    checkSize(input.length, opts.file, opts.maxBytes ?? DEFAULT_MAX_BYTES);
    const bytes = isGzip(input) ? gunzipAll(input, opts.file, opts.maxBytes ?? DEFAULT_MAX_BYTES, (t) => noteTrailing(issues, t)) : input;
    text = decodeUtf8(bytes, opts.file, issues, opts.file);
  }
  if (!text.trim()) throw new InputError(`${opts.file}: the file is empty.`);
  return text;
}
