/**
 * predict's questions, a chunk at a time. Plain nested SQuAD/DuReader JSON is streamed twice — a
 * first pass for the ids, version and issues (what run.json, the counts and the read report need
 * up front), a second one that hands out the questions chunk by chunk — so the file is never held
 * whole (gzip: inflated as a stream from its compressed bytes); every other input (JSON Lines,
 * CSV, a file the stream cannot read like JSON.parse) is read whole by readData, as before.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { DEFAULT_MAX_BYTES } from '../core/formats/common.ts';
import { detectFormat, SNIFF_BYTES } from '../core/formats/index.ts';
import { gunzipChunks, isGzip } from '../core/formats/gzip.ts';
import { InputError } from '../core/formats/json.ts';
import { SquadStreamFallback, readSquadStream, squadStreamItems } from '../core/formats/squad-stream.ts';
import type { InputIssue, QaItem } from '../core/formats/squad.ts';
import { readData } from './data.ts';
import { collectGarbage } from './gc.ts';

/** What predict reads: the version, issues and ids of the valid questions, and the questions in chunks. */
export interface PredictInput {
  version: 'v1.1' | 'v2.0';
  issues: InputIssue[];
  ids: string[];
  /** The questions in file order, `size` at a time (the same ones as `ids`). */
  chunks(size: number): Iterable<QaItem[]>;
  /** Whether the file was streamed (false: read whole). */
  streamed: boolean;
}

/** Bytes read per step of a stream (a few MB of parser state at most). */
const CHUNK_BYTES = 1 << 20;
/** Steps between two full collections: V8 would let the parse's garbage grow to hundreds of MB. */
const GC_STEPS = 32;

/** The file's bytes in CHUNK_BYTES pieces (each valid until the next is asked for), calling `onRead(bytesSoFar, total)` after each. */
function* fileChunks(file: string, onRead?: (done: number, total: number) => void): Generator<Uint8Array> {
  const fd = openSync(file, 'r');
  try {
    const total = statSync(file).size;
    let done = 0;
    // One buffer for the whole file: the parser copies what it keeps before write() returns.
    const buf = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const n = readSync(fd, buf, 0, CHUNK_BYTES, null);
      if (n === 0) return;
      done += n;
      if ((done / CHUNK_BYTES) % GC_STEPS === 0) collectGarbage();
      yield buf.subarray(0, n);
      onRead?.(done, total);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * A gzip file's inflated bytes chunk by chunk, each pass a fresh inflate of the compressed bytes
 * (read once); `onRead` hears compressed bytes consumed of the file's size on the first pass.
 */
function gzipChunks(file: string, onRead?: (done: number, total: number) => void): (() => Iterable<Uint8Array>) {
  let gz: Uint8Array | null = null;
  let pass = 0;
  return function* () {
    gz ??= readFileSync(file);
    const total = gz.length;
    const report = pass++ === 0 ? onRead : undefined;
    let steps = 0;
    for (const { chunk, consumed } of gunzipChunks(gz, file, DEFAULT_MAX_BYTES)) {
      if (++steps % GC_STEPS === 0) collectGarbage();
      yield chunk;
      report?.(consumed, total);
    }
  };
}

/** The first SNIFF_BYTES of a file. */
function head(file: string): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    return buf.subarray(0, readSync(fd, buf, 0, SNIFF_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/** Groups items `size` at a time. */
function* inChunks(items: Iterable<QaItem>, size: number): Generator<QaItem[]> {
  let chunk: QaItem[] = [];
  for (const item of items) {
    chunk.push(item);
    if (chunk.length === size) {
      yield chunk;
      chunk = [];
    }
  }
  if (chunk.length) yield chunk;
}

/**
 * Reads predict's --data file, e.g. readPredictInput('dev-v2.0.json', (done, total) => …);
 * `onRead` hears how far the first pass is (bytes), for progress while a big file is read.
 */
export async function readPredictInput(file: string, onRead?: (done: number, total: number) => void): Promise<PredictInput> {
  if (existsSync(file) && statSync(file).isFile()) {
    const h = head(file);
    const format = detectFormat(file, h);
    if (format === 'squad' || format === 'dureader') {
      // Gzip: the compressed bytes are held (a fraction of the text) and inflated chunk by chunk (fflate's streaming Gunzip), twice.
      const source = isGzip(h) ? gzipChunks(file, onRead) : () => fileChunks(file, onRead);
      try {
        const first = readSquadStream(source(), file);
        // No usable question: readData says why, in its usual words.
        if (first.ids.length > 0) return streamed(file, first.version, first.issues, first.ids, first.fileVersion, source);
      } catch (e) {
        if (!(e instanceof SquadStreamFallback)) throw e;
      }
    }
  }
  const d = await readData(file);
  return { version: d.version, issues: d.issues, ids: d.items.map((i) => i.id), chunks: (size) => inChunks(d.items, size), streamed: false };
}

/** The streamed input: a second pass yields the questions, checked against the first pass's ids. */
function streamed(file: string, version: PredictInput['version'], issues: InputIssue[], ids: string[], fileVersion: { version: string | undefined }, source: () => Iterable<Uint8Array>): PredictInput {
  function* items(): Generator<QaItem> {
    let k = 0;
    for (const item of squadStreamItems(source(), file, fileVersion)) {
      if (item.id !== ids[k++]) throw new InputError(`${file}: the file changed while it was being read.`);
      yield item;
    }
    if (k !== ids.length) throw new InputError(`${file}: the file changed while it was being read.`);
  }
  return { version, issues, ids, chunks: (size) => inChunks(items(), size), streamed: true };
}
