/**
 * predict's questions, a chunk at a time. Nested SQuAD/DuReader JSON and JSON Lines (MRQA, the
 * flat Hugging Face rows) are streamed twice — a first pass for the ids, version and issues (what
 * run.json, the counts and the read report need up front), a second one that hands out the
 * questions chunk by chunk — so the file is never held whole (gzip: inflated as a stream from its
 * compressed bytes); every other input (CSV, one JSON array of rows, a file the stream cannot read
 * like JSON.parse) is read whole by readData, as before.
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { DEFAULT_MAX_BYTES } from '../core/formats/common.ts';
import { detectFormat, SNIFF_BYTES } from '../core/formats/index.ts';
import { gunzipChunks, GzipError, isGzip, type TrailingGarbage } from '../core/formats/gzip.ts';
import { InputError } from '../core/formats/json.ts';
import { gzipLinesIssue, lineValue, noteTrailing, splitLines } from '../core/formats/jsonl.ts';
import { mrqaLines } from '../core/formats/mrqa.ts';
import { flatLines, isFlatJsonLines } from '../core/formats/squad-flat.ts';
import type { Instance } from '../core/data/types.ts';
import { SquadStreamFallback, readSquadStream, squadStreamItems, type SquadStreamRead } from '../core/formats/squad-stream.ts';
import { decideNoAnswer, squadVersionOf, type NoAnswerData } from '../core/data/no-answer.ts';
import type { InputIssue, QaItem } from '../core/formats/squad.ts';
import { qaItemOf, readData } from './data.ts';
import { collectGarbage } from './gc.ts';

/** What predict reads: the version, issues and ids of the valid questions, and the questions in chunks. */
export interface PredictInput {
  version: 'v1.1' | 'v2.0';
  /** What the file says about no answer: its unanswerable questions and version string (data/no-answer.ts). */
  evidence: NoAnswerData;
  issues: InputIssue[];
  ids: string[];
  /** The questions in file order, `size` at a time (the same ones as `ids`). */
  chunks(size: number): Iterable<QaItem[]>;
  /** Whether the file was streamed (false: read whole). */
  streamed: boolean;
}

/** A file's bytes, a chunk at a time, from the start each time it is called; gzip trailing garbage goes to `onTrailing` (else it is an error). */
type ByteSource = (onTrailing?: (t: TrailingGarbage) => void) => Iterable<Uint8Array>;

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
function gzipChunks(file: string, onRead?: (done: number, total: number) => void): ByteSource {
  let gz: Uint8Array | null = null;
  let pass = 0;
  return function* (onTrailing) {
    gz ??= readFileSync(file);
    const total = gz.length;
    const report = pass++ === 0 ? onRead : undefined;
    let steps = 0;
    for (const { chunk, consumed } of gunzipChunks(gz, file, DEFAULT_MAX_BYTES, onTrailing)) {
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
  if (existsSync(file) && statSync(file).isFile() && statSync(file).size <= DEFAULT_MAX_BYTES) {
    const h = head(file);
    const format = detectFormat(file, h);
    if (format === 'mrqa' || (format === 'squad-flat' && isFlatJsonLines(h, file))) {
      const source = isGzip(h) ? gzipChunks(file, onRead) : () => fileChunks(file, onRead);
      const issues: InputIssue[] = [];
      const ids: string[] = [];
      let unanswerable = 0;
      for (const i of linePass(source, file, format, issues)) {
        ids.push(i.id);
        if (i.isImpossible) unanswerable++;
      }
      // No usable question: readData says why, in its usual words.
      if (ids.length > 0) return linesStreamed(file, format, { unanswerable, version: null }, issues, ids, source);
    }
    if (format === 'squad' || format === 'dureader') {
      // Gzip: the compressed bytes are held (a fraction of the text) and inflated chunk by chunk (fflate's streaming Gunzip), twice.
      const source = isGzip(h) ? gzipChunks(file, onRead) : () => fileChunks(file, onRead);
      try {
        const trailing: InputIssue[] = [];
        const first = readSquadStream(source((t) => noteTrailing(trailing, t)), file);
        // No usable question: readData says why, in its usual words.
        if (first.ids.length > 0) return streamed(file, { ...first, issues: [...trailing, ...first.issues] }, source);
      } catch (e) {
        if (!(e instanceof SquadStreamFallback)) throw e;
      }
    }
  }
  const d = await readData(file);
  return { version: d.version, evidence: d.evidence, issues: d.issues, ids: d.items.map((i) => i.id), chunks: (size) => inChunks(d.items, size), streamed: false };
}

/** The streamed input: a second pass yields the questions, checked against the first pass's ids. */
function streamed(file: string, first: SquadStreamRead, source: ByteSource): PredictInput {
  const { version, evidence, issues, ids, fileVersion } = first;
  function* items(): Generator<QaItem> {
    let k = 0;
    // The first pass noted any data after the gzip stream.
    for (const item of squadStreamItems(source(() => undefined), file, fileVersion)) {
      if (item.id !== ids[k++]) throw new InputError(`${file}: the file changed while it was being read.`);
      yield item;
    }
    if (k !== ids.length) throw new InputError(`${file}: the file changed while it was being read.`);
  }
  return { version, evidence, issues, ids, chunks: (size) => inChunks(items(), size), streamed: true };
}

/**
 * One pass over a JSON Lines file (MRQA or flat rows): its questions, line by line, as the importer
 * reads them (the same checks, and problems at `line N` into `issues`); only the current line's
 * questions are held.
 */
function* linePass(source: ByteSource, file: string, format: 'mrqa' | 'squad-flat', issues: InputIssue[]): Generator<Instance> {
  const ready: Instance[] = [];
  const onLine = (format === 'mrqa' ? mrqaLines : flatLines)({ file, dataset: basename(file) }, issues, (i) => ready.push(i));
  let lines = 0;
  try {
    for (const line of splitLines(withOffsets(source((t) => noteTrailing(issues, t))), true)) {
      lines = line.lineNo;
      const v = lineValue(line.raw, lines, file, issues);
      if (v) onLine(v.value, lines);
      yield* ready;
      ready.length = 0;
    }
  } catch (e) {
    if (!(e instanceof GzipError)) throw e;
    gzipLinesIssue(e, lines, issues);
  }
}

/** Chunks as splitLines takes them (its byte counts are not needed: the source reports progress). */
function* withOffsets(chunks: Iterable<Uint8Array>): Generator<{ chunk: Uint8Array; consumed: number }> {
  for (const chunk of chunks) yield { chunk, consumed: 0 };
}

/** The streamed JSON Lines input: a second pass yields the questions, checked against the first pass's ids. */
function linesStreamed(file: string, format: 'mrqa' | 'squad-flat', evidence: NoAnswerData, issues: InputIssue[], ids: string[], source: ByteSource): PredictInput {
  const version = squadVersionOf(decideNoAnswer(evidence).versionTwo);
  function* items(): Generator<QaItem> {
    let k = 0;
    // The first pass reported the problems; this one's copies are dropped.
    for (const i of linePass(source, file, format, [])) {
      if (i.id !== ids[k++]) throw new InputError(`${file}: the file changed while it was being read.`);
      yield qaItemOf(i);
    }
    if (k !== ids.length) throw new InputError(`${file}: the file changed while it was being read.`);
  }
  return { version, evidence, issues, ids, chunks: (size) => inChunks(items(), size), streamed: true };
}
