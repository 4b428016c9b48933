/**
 * gzip input via fflate's streaming Gunzip, so a large .jsonl.gz is inflated chunk by chunk while
 * lines are parsed instead of all at once. fflate checks neither CRC nor length, so this does.
 */
import { Gunzip } from 'fflate';
import { formatBytes } from './common.ts';
import { InputError } from './json.ts';

/** True for the gzip magic bytes 1f 8b, e.g. isGzip(new Uint8Array([0x1f, 0x8b, 8])) → true. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** A gzip problem, e.g. `new GzipError('a.gz: checksum mismatch', true)`; `ended`: all data came out, only the trailer check failed. */
export class GzipError extends InputError {
  override name = 'GzipError';
  readonly ended: boolean;
  constructor(message: string, ended: boolean) {
    super(message);
    this.ended = ended;
  }
}

const IN_CHUNK = 1 << 18;

let crcTable: Uint32Array | null = null;
function crc32(crc: number, data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  const t = crcTable;
  let c = ~crc;
  for (let i = 0; i < data.length; i++) c = (t[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}

const flateMessage = (e: unknown) => {
  const m = e instanceof Error ? e.message : String(e);
  return m === 'unexpected EOF' ? 'the data ends early (truncated download?)' : m === 'invalid gzip data' ? 'not gzip data' : m;
};

/** Bytes after the gzip data that are not zero padding (which gzip -t and Python skip silently). */
export interface TrailingGarbage {
  /** Byte offset where the gzip data ends. */
  at: number;
  /** How many bytes follow it. */
  size: number;
}

/** The error for trailing garbage when the caller takes no note of it, e.g. `throw trailingError('a.gz', t)`. */
function trailingError(file: string, t: TrailingGarbage): GzipError {
  return new GzipError(`${file}: ${trailingText(t)}`, true);
}

/** How trailing garbage is named in messages, e.g. '5 bytes of trailing garbage after the gzip data (from byte 61)'. */
export function trailingText(t: TrailingGarbage): string {
  return `${t.size === 1 ? '1 byte' : `${t.size} bytes`} of trailing garbage after the gzip data (from byte ${t.at})`;
}

/**
 * Where the member whose output had checksum `crc` and `size` bytes ends, found by its trailer
 * (CRC-32 and length, little-endian) at or after `from`; -1 if that trailer is nowhere. Eight
 * bytes of checksum and length make a false match vanishingly unlikely.
 */
function trailerEnd(bytes: Uint8Array, crc: number, size: number, from: number): number {
  const want = [crc, crc >>> 8, crc >>> 16, crc >>> 24, size, size >>> 8, size >>> 16, size >>> 24].map((b) => b & 0xff);
  for (let p = bytes.indexOf(want[0] as number, from); p !== -1 && p + 8 <= bytes.length; p = bytes.indexOf(want[0] as number, p + 1)) {
    if (want.every((b, k) => bytes[p + k] === b)) return p + 8;
  }
  return -1;
}

/**
 * After a failure or a bad final trailer: when the last member's own trailer is found earlier in
 * the file, what follows it is padding (null: all zeros, accepted as gzip and Python accept it)
 * or trailing garbage; undefined when no trailer matches (the data itself is damaged).
 */
function afterStream(bytes: Uint8Array, crc: number, size: number, from: number): TrailingGarbage | null | undefined {
  const end = trailerEnd(bytes, crc, size, from);
  if (end < 0 || end >= bytes.length) return undefined;
  for (let i = end; i < bytes.length; i++) if (bytes[i] !== 0) return { at: end, size: bytes.length - end };
  return null;
}

/**
 * Inflates a gzip file chunk by chunk, e.g. `for (const { chunk, consumed } of gunzipChunks(gz, 'a.gz', 1e9))`;
 * `consumed` is how many input bytes have been read (for progress). Everything that inflates
 * is yielded before a GzipError (naming the file) reports corrupt data, a bad checksum, or
 * output beyond `maxBytes`. Zero padding after the data is skipped, as gzip -t and Python skip
 * it; other trailing bytes go to `onTrailing` (all data is out by then), or without one end in a
 * GzipError that names them as trailing garbage.
 */
export function* gunzipChunks(bytes: Uint8Array, file: string, maxBytes: number, onTrailing?: (t: TrailingGarbage) => void): Generator<{ chunk: Uint8Array; consumed: number }> {
  // fflate reads reserved flag bits as "extra fields" and silently skips the whole stream.
  if (bytes.length < 18 || bytes[2] !== 8 || ((bytes[3] as number) & 0xe0) !== 0) throw new GzipError(`${file}: corrupt gzip data near byte 0: not gzip data (bad header)`, false);
  const pending: { chunk: Uint8Array; member: number }[] = [];
  let produced = 0;
  let members = 1;
  // Checksum and size of the current member's output (each member has its own trailer).
  let crc = 0;
  let memberSize = 0;
  let memberStart = 10;
  const g = new Gunzip((d) => {
    if (d.length) pending.push({ chunk: d, member: members });
  });
  g.onmember = (offset) => {
    members++;
    memberStart = offset;
  };
  const trailing = (t: TrailingGarbage | null) => {
    if (t === null) return;
    if (!onTrailing) throw trailingError(file, t);
    onTrailing(t);
  };
  let member = 1;
  for (let off = 0; off <= bytes.length; off += IN_CHUNK) {
    const end = Math.min(bytes.length, off + IN_CHUNK);
    let failure: unknown = null;
    try {
      // Non-final pushes emit all they can decode; only the final, empty push reports a cut stream,
      // so the data before a corruption still comes out.
      g.push(bytes.subarray(off, end), false);
      if (end >= bytes.length) g.push(new Uint8Array(0), true);
    } catch (e) {
      failure = e;
    }
    while (pending.length) {
      const next = pending.shift() as { chunk: Uint8Array; member: number };
      const chunk = next.chunk;
      if (produced + chunk.length > maxBytes) {
        const room = maxBytes - produced;
        if (room > 0) yield { chunk: chunk.subarray(0, room), consumed: end };
        throw new GzipError(`${file}: inflates to more than the ${formatBytes(maxBytes)} limit`, false);
      }
      if (next.member !== member) {
        member = next.member;
        crc = 0;
        memberSize = 0;
      }
      produced += chunk.length;
      memberSize += chunk.length;
      crc = crc32(crc, chunk);
      yield { chunk, consumed: end };
    }
    if (failure) {
      // A failure just after a member's trailer is what follows the gzip data, not corruption.
      const after = afterStream(bytes, crc, memberSize % 2 ** 32, memberStart);
      if (after === undefined) throw new GzipError(`${file}: corrupt gzip data near byte ${off}: ${flateMessage(failure)}`, false);
      trailing(after);
      return;
    }
    if (end >= bytes.length) break;
  }
  // Concatenated members each carry their own trailer; only a single member is checked.
  if (members === 1) {
    const t = bytes.length - 8;
    const word = (i: number) => ((bytes[i] as number) | ((bytes[i + 1] as number) << 8) | ((bytes[i + 2] as number) << 16) | ((bytes[i + 3] as number) << 24)) >>> 0;
    if (word(t) !== crc || word(t + 4) !== memberSize % 2 ** 32) {
      const after = afterStream(bytes, crc, memberSize % 2 ** 32, memberStart);
      if (after === undefined) throw new GzipError(`${file}: gzip checksum mismatch: the file is corrupt or truncated`, true);
      trailing(after);
    }
  }
}

/** Inflates a whole gzip file, e.g. gunzipAll(gz, 'dev.json.gz', 1.5e9) → bytes; throws GzipError (an InputError); onTrailing as gunzipChunks. */
export function gunzipAll(bytes: Uint8Array, file: string, maxBytes: number, onTrailing?: (t: TrailingGarbage) => void): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (const { chunk } of gunzipChunks(bytes, file, maxBytes, onTrailing)) {
    parts.push(chunk);
    size += chunk.length;
  }
  return concatBytes(parts, size);
}

/** The start of a gzip file's content (for format sniffing), or null if nothing inflates, e.g. gunzipHead(gz, 4096); what came out before an error (e.g. trailing garbage) is kept. */
export function gunzipHead(bytes: Uint8Array, limit = 65536): Uint8Array | null {
  const parts: Uint8Array[] = [];
  let size = 0;
  const g = new Gunzip((d) => {
    parts.push(d);
    size += d.length;
  });
  try {
    for (let off = 0; off < bytes.length && size < limit; off += 16384) g.push(bytes.subarray(off, Math.min(bytes.length, off + 16384)), false);
  } catch {
    if (size === 0) return null;
  }
  return concatBytes(parts, size).subarray(0, limit);
}

/** Joins byte chunks, e.g. concatBytes([a, b]) → a then b. */
export function concatBytes(parts: readonly Uint8Array[], size = parts.reduce((n, p) => n + p.length, 0)): Uint8Array {
  if (parts.length === 1 && parts[0]) return parts[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
