/**
 * JSON Lines reading for large files: bytes are split at newlines and each line is decoded and
 * parsed on its own, so a 1 GB file never becomes one string (engines cap strings at ~512 M
 * characters) and one bad line costs one line.
 */
import type { ImportResult } from '../data/types.ts';
import { addIssue, decodeUtf8, DEFAULT_MAX_BYTES, Pacer, type FormatOptions } from './common.ts';
import { concatBytes, GzipError, gunzipChunks, isGzip, trailingText, type TrailingGarbage } from './gzip.ts';
import { depthProblem, InputError, parseJson } from './json.ts';
import type { InputIssue } from './squad.ts';
import { AFTER_GZIP } from './summary.ts';

/** Lines between progress reports and cancel checks: often enough to feel live, rarely enough to cost nothing. */
export const LINES_PER_TICK = 1000;

/** One parsed line: its 1-based number (as an editor counts, blank lines included) and value. */
export type LineHandler = (value: unknown, lineNo: number) => void;

/**
 * Parses one line of JSON, e.g. parseLine('{"a":1}', 3) → { a: 1 }; on error returns (not throws:
 * bad lines are expected) an InputError like "invalid JSON on line 3 at column 7: a value was expected".
 */
export function parseLine(text: string, lineNo: number): unknown {
  const deep = depthProblem(text);
  if (deep) return new InputError(deep.replace(/^JSON/, `JSON on line ${lineNo}`).replace(/ at line \d+,/, ' at'));
  try {
    return JSON.parse(text);
  } catch {
    try {
      return parseJson(text, '');
    } catch (e) {
      const m = e instanceof Error ? e.message : String(e);
      return new InputError(m.replace(/^: /, '').replace(/at line \d+, column/, 'at column').replace(/^invalid JSON/, `invalid JSON on line ${lineNo}`));
    }
  }
}

/** The whole lines of a file's head (the last, maybe cut, line left out), BOM and blank lines dropped; LF, CRLF and CR all end a line. */
function headLines(head: string): string[] {
  const nl = Math.max(head.lastIndexOf('\n'), head.lastIndexOf('\r'));
  const whole = nl < 0 ? [] : head.slice(0, nl).split(/\r\n|\r|\n/);
  return whole.map((l) => l.replace(/^\ufeff/, '').trim()).filter((l) => l !== '');
}

/** True for a line that is one JSON object, e.g. isObjectLine('{"a": 1}') → true. */
function isObjectLine(line: string): boolean {
  if (!line.startsWith('{') || !line.endsWith('}')) return false;
  try {
    const v: unknown = JSON.parse(line);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch {
    return false;
  }
}

/**
 * True when a file's head is JSON Lines: so named (.jsonl, .ndjson), or most lines after the
 * first are whole JSON objects, e.g. looksLikeJsonLines('oops\n{"id": 1}\n', 'x.json') → true. Only the
 * later lines are trusted, so a bad first line cannot make the file look like something else.
 */
export function looksLikeJsonLines(head: string, name: string): boolean {
  if (/\.(jsonl|ndjson)$/.test(name)) return true;
  // Most later lines must be objects: a JSON array written one row per line has one such line (its last row).
  const later = headLines(head).slice(1, 50);
  return later.filter(isObjectLine).length * 2 > later.length;
}

/**
 * The first line of a JSON Lines head that is a JSON object (what the format is judged by), or
 * null, e.g. firstObjectLine('[1,\n{"id": 1}\n') → '{"id": 1}'. With no newline yet (one long
 * line), the head itself is returned.
 */
export function firstObjectLine(head: string): string | null {
  const lines = headLines(head);
  if (lines.length === 0) return head.replace(/^\ufeff/, '').trim() || null;
  return lines.slice(0, 50).find(isObjectLine) ?? null;
}

/** Notes trailing garbage after gzip data (the data is all read; gzip itself only warns), e.g. noteTrailing(issues, { at: 61, size: 5 }). */
export function noteTrailing(issues: InputIssue[], t: TrailingGarbage): void {
  addIssue(issues, 'gzip', AFTER_GZIP, `${trailingText(t)}; ignored, as gzip does`, false);
}

/** One line of a JSON Lines input: its 1-based number, its bytes (valid until the next line is asked for), where it ends in its chunk, and the input consumed so far. */
export interface RawLine {
  lineNo: number;
  raw: Uint8Array;
  end: number;
  consumed: number;
}

/**
 * Splits chunks of bytes into lines (blank ones included, so numbers count as an editor does), e.g.
 * `for (const l of splitLines(chunks, true)) …`. A line ends at LF, CRLF or a lone CR (old Mac
 * files; issue 25.6). `copy`: the chunks are reused by their source (gzip output, a file buffer),
 * so a line cut between two chunks is copied. On a GzipError after all data came out (`ended`),
 * the last line is yielded before the error is thrown on.
 */
export function* splitLines(chunks: Iterable<{ chunk: Uint8Array; consumed: number }>, copy: boolean): Generator<RawLine> {
  let lineNo = 0;
  let carry: Uint8Array[] = [];
  let consumed = 0;
  const rest = (): RawLine => ({ lineNo: ++lineNo, raw: concatBytes(carry), end: 0, consumed });
  try {
    // The next LF and CR of a chunk are each searched once and reused until passed, so LF-only
    // files cost no extra scans.
    let afterCr = false;
    for (const c of chunks) {
      const chunk = c.chunk;
      consumed = c.consumed;
      // A CRLF split between two chunks is one line break.
      let from = afterCr && chunk[0] === 10 ? 1 : 0;
      afterCr = false;
      let lf = chunk.indexOf(10, from);
      let cr = chunk.indexOf(13, from);
      for (;;) {
        if (lf >= 0 && lf < from) lf = chunk.indexOf(10, from);
        if (cr >= 0 && cr < from) cr = chunk.indexOf(13, from);
        const nl = lf < 0 ? cr : cr < 0 ? lf : Math.min(lf, cr);
        if (nl < 0) {
          // Chunks end anywhere, so a line may continue in the next one.
          // A copy made by the Uint8Array constructor: a Node Buffer's slice() is a view, not a copy.
          if (from < chunk.length) carry.push(copy ? new Uint8Array(chunk.subarray(from)) : chunk.subarray(from));
          break;
        }
        const piece = chunk.subarray(from, nl);
        if (carry.length) {
          carry.push(piece);
          const line = rest();
          carry = [];
          yield { ...line, end: nl + 1 };
        } else yield { lineNo: ++lineNo, raw: piece, end: nl + 1, consumed };
        from = nl + 1;
        if (chunk[nl] === 13) {
          if (nl + 1 === chunk.length) afterCr = true;
          else if (chunk[nl + 1] === 10) from = nl + 2;
        }
      }
    }
  } catch (e) {
    // After a checksum failure all data is out, so the last line is whole; after a cut it is not.
    if (e instanceof GzipError && e.ended && carry.length) yield rest();
    throw e;
  }
  if (carry.length) yield rest();
}

/**
 * A line's JSON value, e.g. lineValue(bytes, 3, 'a.jsonl', issues) → { value: {…} }; null for a
 * blank line, or for a malformed one after adding its 'malformed-line' issue at `line N`.
 */
export function lineValue(raw: Uint8Array, lineNo: number, file: string, issues: InputIssue[]): { value: unknown } | null {
  let end = raw.length;
  while (end > 0 && (raw[end - 1] === 13 || raw[end - 1] === 32 || raw[end - 1] === 9)) end--;
  let start = 0;
  while (start < end && (raw[start] === 32 || raw[start] === 9)) start++;
  if (start === end) return null;
  const path = `line ${lineNo}`;
  let text: string;
  try {
    text = decodeUtf8(raw.subarray(start, end), file, issues, path);
  } catch {
    addIssue(issues, 'malformed-line', path, 'the line is too long to read', true);
    return null;
  }
  const value = parseLine(text, lineNo);
  if (value instanceof InputError) {
    addIssue(issues, 'malformed-line', path, value.message, true);
    return null;
  }
  return { value };
}

/**
 * A gzip error after `lines` lines: an InputError (thrown) before the first line, else a 'gzip'
 * issue saying what was read (the earlier lines are kept).
 */
export function gzipLinesIssue(e: GzipError, lines: number, issues: InputIssue[]): void {
  if (lines === 0) throw new InputError(e.message);
  const where = e.ended ? 'gzip trailer' : `line ${lines + 1}`;
  const what = e.ended ? `all ${lines} lines were read, but may be damaged` : `the ${lines} lines before this point were read`;
  addIssue(issues, 'gzip', where, `${e.message}; ${what}`, false);
}

/**
 * Calls `onLine` for every non-blank line of a JSON Lines file (plain or gzip), e.g.
 * `await readJsonLines(bytes, opts, issues, partial, (value, n) => …)`. Malformed lines become
 * 'malformed-line' issues at `line N`. Progress is in input bytes; cancellation throws
 * ImportAbortedError with `partial()` (runImport makes it a result). A gzip error after some
 * lines is a 'gzip' issue (earlier lines are kept); before the first line it is an InputError.
 */
export async function readJsonLines(bytes: Uint8Array, opts: FormatOptions, issues: InputIssue[], partial: () => ImportResult, onLine: LineHandler): Promise<void> {
  let lineNo = 0;
  const pacer = new Pacer(opts, bytes.length, partial, () => `line ${lineNo + 1}`);
  pacer.check();
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const gz = isGzip(bytes);
  const chunks = gz ? gunzipChunks(bytes, opts.file, maxBytes, (t) => noteTrailing(issues, t)) : [{ chunk: bytes, consumed: bytes.length }];
  try {
    for (const line of splitLines(chunks, gz)) {
      lineNo = line.lineNo;
      const v = lineValue(line.raw, lineNo, opts.file, issues);
      if (v) onLine(v.value, lineNo);
      if (lineNo % LINES_PER_TICK === 0 && line.end > 0) await pacer.tick(gz ? line.consumed : line.end);
    }
  } catch (e) {
    if (!(e instanceof GzipError)) throw e;
    gzipLinesIssue(e, lineNo, issues);
  }
  pacer.finish();
}
