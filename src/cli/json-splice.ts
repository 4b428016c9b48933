/**
 * A passage's JSON string, UTF-8 encoded once, from which the JSON of the passage with a sentence
 * inserted is written as three pieces: the bytes before the insertion point, the sentence's own
 * JSON, the bytes after. `perturb trap` writes 2,000 trapped copies of a 1 MB passage this way
 * without escaping and encoding 2 GB of text (issue 40.2); the pieces are byte for byte
 * JSON.stringify(trapped passage).
 */
import { countWhile, isLowSurrogateAt, keepsPairs } from '../core/text/codepoints.ts';

/** The characters JSON.stringify escapes: quote, backslash, control characters, lone surrogate halves. */
const ESCAPED = /["\\\u0000-\u001f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Units of JSON between two byte-offset marks: byteAt encodes at most about this many. */
const MARK_EVERY = 1 << 14;

/** `JSON.stringify(text)` as UTF-8 bytes, and where any offset of `text` lands in them. */
export class EncodedJsonString {
  /** The UTF-8 bytes of JSON.stringify(text). */
  readonly bytes: Buffer;
  private readonly json: string;
  /** UTF-16 offsets of the characters JSON.stringify escapes (rare in prose), ascending. */
  private readonly escapedAt: Int32Array;
  /** extraBefore[k]: how much longer the JSON of the first k escaped characters is than they are. */
  private readonly extraBefore: Int32Array;
  /** Offsets in `json` about every MARK_EVERY units (never a pair's second half), and their byte offsets. */
  private readonly markAt: Int32Array;
  private readonly markByte: Float64Array;

  /** Escapes and encodes `text` (one pass each); `markEvery` is the marks' spacing (small in tests, to cross many). */
  constructor(
    readonly text: string,
    markEvery = MARK_EVERY,
  ) {
    this.json = JSON.stringify(text);
    this.bytes = Buffer.from(this.json);
    const at: number[] = [];
    const extra: number[] = [0];
    for (const m of text.matchAll(ESCAPED)) {
      at.push(m.index);
      extra.push((extra.at(-1) as number) + JSON.stringify(m[0]).length - 3);
    }
    this.escapedAt = Int32Array.from(at);
    this.extraBefore = Int32Array.from(extra);
    const marks: number[] = [];
    const bytes: number[] = [];
    for (let u = 0, byte = 0; u < this.json.length; ) {
      marks.push(u);
      bytes.push(byte);
      const next = u + markEvery + (isLowSurrogateAt(this.json, u + markEvery) ? 1 : 0);
      byte += Buffer.byteLength(this.json.slice(u, next));
      u = next;
    }
    this.markAt = Int32Array.from(marks);
    this.markByte = Float64Array.from(bytes);
  }

  /** The byte offset in `bytes` of text offset `u` (after the opening quote), `u` not inside a surrogate pair. */
  byteAt(u: number): number {
    const j = 1 + u + (this.extraBefore[countWhile(this.escapedAt, (x) => x < u)] as number);
    // The last mark at or before j (marks start at 0, so there is one).
    const k = countWhile(this.markAt, (x) => x <= j) - 1;
    return (this.markByte[k] as number) + Buffer.byteLength(this.json.slice(this.markAt[k], j));
  }

  /**
   * JSON.stringify(text.slice(0, at) + inserted + text.slice(at)) as pieces to write in order, or
   * null where the insertion splits or joins a surrogate pair (then the JSON differs: stringify it whole).
   */
  spliced(at: number, inserted: string): [Uint8Array, string, Uint8Array] | null {
    if (at < 0 || at > this.text.length || !keepsPairs(this.text, at, inserted)) return null;
    const b = this.byteAt(at);
    return [this.bytes.subarray(0, b), JSON.stringify(inserted).slice(1, -1), this.bytes.subarray(b)];
  }
}
