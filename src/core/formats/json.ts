/** JSON parsing with errors that name the file, line and column instead of a character position. */
import { parse as parseTolerant, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** A bad input file; the message names the file and where in it. */
export class InputError extends Error {
  override name = 'InputError';
}

/** Line and column (1-based) of a character offset, e.g. lineCol('a\nbc', 3) → { line: 2, col: 2 }. */
export function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let last = -1;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      last = i;
    }
  }
  return { line, col: offset - last };
}

/**
 * Nesting deeper than this is refused: no dataset needs more than ~10 levels, and the recursive
 * code that meets parsed values (schema checks, the tolerant error parser) would overflow the stack.
 */
export const MAX_JSON_DEPTH = 512;

// A string as tooDeepAt skips it (to the first quote after an even run of backslashes, or to the end:
// the scan stops at a string never closed, and so does this match, which never fails, so never retries)
// or a run of anything but brackets and quotes: what is left of a text without them is its brackets.
// One match per stretch between two brackets: each match has a fixed cost, so a match per string was most of the replace's.
const NOT_BRACKETS = /(?:"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\\?$)|[^[\]{}"]+)+/g;
// Brackets that hold nothing: each pass of it takes one level off balanced brackets.
const EMPTY_PAIR = /\[\]|\{\}/g;
/** Levels shallowBrackets peels before leaving the text to tooDeepAt's own scan (usual data nests ~10). */
const PEEL_LEVELS = 64;
/**
 * Longer texts go straight to the scan: the first replace leaves ~30 bytes of garbage per bracket
 * (13 MB on a 17 MB SQuAD file, which raised qarx eval's peak memory by as much), and on a run that
 * long V8 has optimised the scan anyway (see src/cli/eval-v8.ts).
 */
const PEEL_MAX_CHARS = 5_000_000;

/**
 * Whether the text's brackets outside strings (up to a string never closed, as tooDeepAt scans) are
 * balanced and nest at most `limit` levels, found by native regex replaces (strings and all else out,
 * then innermost pairs out, level by level); false when unsure (unbalanced, deeper than PEEL_LEVELS,
 * longer than PEEL_MAX_CHARS).
 * Scanning a SQuAD file in JavaScript was a seventh of `qarx eval`'s instructions (issue 29).
 */
function shallowBrackets(text: string, limit: number): boolean {
  if (text.length > PEEL_MAX_CHARS) return false;
  let b = text.replace(NOT_BRACKETS, '');
  for (let level = 0; b.length > 0; level++) {
    if (level >= limit || level >= PEEL_LEVELS) return false;
    const next = b.replace(EMPTY_PAIR, '');
    if (next.length === b.length) return false;
    b = next;
  }
  return true;
}

/**
 * Offset of the first bracket that nests deeper than `limit` (strings skipped), or -1, e.g.
 * tooDeepAt('[[1]]', 1) → 1. No recursion: balanced, shallow text is recognised by shallowBrackets,
 * anything else is scanned once, character by character between strings.
 */
export function tooDeepAt(text: string, limit = MAX_JSON_DEPTH): number {
  if (shallowBrackets(text, limit)) return -1;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string: jump from quote to quote (indexOf, not a loop over every character: passages
      // are most of a dataset), and stop at one preceded by an even run of backslashes.
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end < 0) return -1;
        let k = end - 1;
        while (k > i && text.charCodeAt(k) === 0x5c) k--;
        if ((end - 1 - k) % 2 === 0) break;
      }
      i = end;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/**
 * tooDeepAt for JSON given in chunks (UTF-8 bytes: a multi-byte character never holds an ASCII
 * byte), for readers that never hold the text whole, e.g. the streamed SQuAD reader: push() each
 * chunk in order; true once a bracket nests deeper than MAX_JSON_DEPTH, the limit parseJson applies.
 */
export class DepthScan {
  private depth = 0;
  private inString = false;
  private escaped = false;

  /** Scans the next chunk; true when the text so far nests too deeply. */
  push(chunk: Uint8Array): boolean {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i] as number;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) this.inString = false;
      } else if (c === 0x22) this.inString = true;
      else if (c === 0x5b || c === 0x7b) {
        if (++this.depth > MAX_JSON_DEPTH) return true;
      } else if (c === 0x5d || c === 0x7d) this.depth--;
    }
    return false;
  }
}

/** The "too deep" message for `text` if it nests beyond MAX_JSON_DEPTH, e.g. "nested more than 512 levels deep at line 1, column 513", else null. */
export function depthProblem(text: string): string | null {
  const at = tooDeepAt(text);
  if (at < 0) return null;
  const { line, col } = lineCol(text, at);
  return `JSON nested too deeply: more than ${MAX_JSON_DEPTH} levels at line ${line}, column ${col}`;
}

/**
 * Parses JSON or throws an InputError like "data.json: invalid JSON at line 3, column 7: Unexpected token }",
 * or "data.json: JSON nested too deeply: more than 512 levels at line 1, column 530".
 */
export function parseJson(text: string, file: string): unknown {
  const deep = depthProblem(text);
  if (deep) throw new InputError(`${file}: ${deep}.`);
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    // JSON.parse's messages differ between engines and often omit the position; a second, tolerant
    // parse (only on this error path) reports the first problem's offset reliably.
    const errors: ParseError[] = [];
    parseTolerant(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const at = first ? first.offset : text.length;
    const { line, col } = lineCol(text, at);
    const where = `line ${line}, column ${col}`;
    const reason = first ? describeParseError(printParseErrorCode(first.error)) : err instanceof Error ? err.message : String(err);
    throw new InputError(`${file}: invalid JSON at ${where}: ${reason}${looksUtf16(text) ? ` (${UTF16_HINT})` : ''}`);
  }
}

/** What to do about a UTF-16 file, the usual cause of a JSON file that is unreadable from its first byte. */
export const UTF16_HINT = "the file looks like UTF-16, as Windows PowerShell's > writes it: save it as UTF-8";

/** Whether a file's first bytes are UTF-16: a BOM (FF FE, FE FF), or ASCII with a NUL beside its first character. */
export function isUtf16Bytes(b: Uint8Array): boolean {
  return b.length >= 2 && ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff) || (b[0] !== 0 && b[1] === 0) || (b[0] === 0 && b[1] !== 0));
}

/** Whether text decoded as UTF-8 was UTF-16: its BOM became two U+FFFD, or every other character of ASCII text is NUL. */
function looksUtf16(text: string): boolean {
  return (text.charCodeAt(0) === 0xfffd && text.charCodeAt(1) === 0xfffd) || text.slice(0, 2).includes('\u0000');
}

/** Readable names for jsonc-parser's error codes, e.g. 'ValueExpected' → 'a value was expected'. */
function describeParseError(code: string): string {
  const words: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'invalid number',
    PropertyNameExpected: 'a property name in double quotes was expected',
    ValueExpected: 'a value was expected',
    ColonExpected: 'a colon was expected',
    CommaExpected: 'a comma was expected',
    CloseBraceExpected: 'a closing } was expected',
    CloseBracketExpected: 'a closing ] was expected',
    EndOfFileExpected: 'unexpected content after the end',
    InvalidCommentToken: 'comments are not allowed in JSON',
    UnexpectedEndOfComment: 'unterminated comment',
    UnexpectedEndOfString: 'unterminated string',
    UnexpectedEndOfNumber: 'unterminated number',
    InvalidUnicode: 'invalid \\u escape',
    InvalidEscapeCharacter: 'invalid escape',
    InvalidCharacter: 'invalid character in string',
  };
  return words[code] ?? code;
}
