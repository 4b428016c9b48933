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

/**
 * Inflates a gzip file chunk by chunk, e.g. `for (const { chunk, consumed } of gunzipChunks(gz, 'a.gz', 1e9))`;
 * `consumed` is how many input bytes have been read (for progress). Everything that inflates
 * is yielded before a GzipError (naming the file) reports corrupt data, a bad checksum, or
 * output beyond `maxBytes`.
 */
export function* gunzipChunks(bytes: Uint8Array, file: string, maxBytes: number): Generator<{ chunk: Uint8Array; consumed: number }> {
  // fflate reads reserved flag bits as "extra fields" and silently skips the whole stream.
  if (bytes.length < 18 || bytes[2] !== 8 || ((bytes[3] as number) & 0xe0) !== 0) throw new GzipError(`${file}: corrupt gzip data near byte 0: not gzip data (bad header)`, false);
  const pending: Uint8Array[] = [];
  let produced = 0;
  let crc = 0;
  let members = 1;
  const g = new Gunzip((d) => {
    if (d.length) pending.push(d);
  });
  g.onmember = () => {
    members++;
  };
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
      const chunk = pending.shift() as Uint8Array;
      if (produced + chunk.length > maxBytes) {
        const room = maxBytes - produced;
        if (room > 0) yield { chunk: chunk.subarray(0, room), consumed: end };
        throw new GzipError(`${file}: inflates to more than the ${formatBytes(maxBytes)} limit`, false);
      }
      produced += chunk.length;
      if (members === 1) crc = crc32(crc, chunk);
      yield { chunk, consumed: end };
    }
    if (failure) throw new GzipError(`${file}: corrupt gzip data near byte ${off}: ${flateMessage(failure)}`, false);
    if (end >= bytes.length) break;
  }
  // Concatenated members each carry their own trailer; only a single member is checked.
  if (members === 1) {
    const t = bytes.length - 8;
    const word = (i: number) => ((bytes[i] as number) | ((bytes[i + 1] as number) << 8) | ((bytes[i + 2] as number) << 16) | ((bytes[i + 3] as number) << 24)) >>> 0;
    if (word(t) !== crc || word(t + 4) !== produced % 2 ** 32) {
      throw new GzipError(`${file}: gzip checksum mismatch: the file is corrupt or truncated`, true);
    }
  }
}

/** Inflates a whole gzip file, e.g. gunzipAll(gz, 'dev.json.gz', 1.5e9) → bytes; throws GzipError (an InputError). */
export function gunzipAll(bytes: Uint8Array, file: string, maxBytes: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  for (const { chunk } of gunzipChunks(bytes, file, maxBytes)) {
    parts.push(chunk);
    size += chunk.length;
  }
  return concatBytes(parts, size);
}

/** The start of a gzip file's content (for format sniffing), or null if it does not inflate, e.g. gunzipHead(gz, 4096). */
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
    return null;
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
