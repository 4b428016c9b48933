/**
 * JSON output written as a stream: a 200 MB dataset never becomes one string (V8 stops at about
 * 512 M characters: "Invalid string length"), and the bytes are exactly those of
 * JSON.stringify(value, null, indent) / pyJsonDumps(map, indent) plus a final newline.
 */
import { pyJsonDumps } from '../core/metrics/pyjson.ts';
import { AtomicFile } from './atomic.ts';

/**
 * Buffered text sink over an AtomicFile: strings are gathered up to 64 K characters, then written
 * (small enough to die young: less garbage promoted to the old generation); `path` itself appears
 * only at close(), whole.
 */
export class TextSink {
  private parts: string[] = [];
  private size = 0;
  private readonly file: AtomicFile;

  /** Opens a temporary file for `path` (creating parent folders). */
  constructor(path: string) {
    this.file = new AtomicFile(path);
  }

  /** Appends text (buffered; flushed when the buffer is large) or bytes (written at once, after what is buffered). */
  write(s: string | Uint8Array): void {
    if (typeof s !== 'string') {
      this.flush();
      this.file.write(s);
      return;
    }
    this.parts.push(s);
    this.size += s.length;
    if (this.size >= 1 << 16) this.flush();
  }

  /** Writes what is buffered. */
  flush(): void {
    if (this.parts.length === 0) return;
    this.file.write(this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }

  /** Flushes and puts the file in place. */
  close(): void {
    this.flush();
    this.file.commit();
  }

  /** Drops what was written: `path` stays as it was (after close(), nothing). */
  abort(): void {
    this.parts = [];
    this.file.abort();
  }
}

/** Containers this deep or deeper are stringified whole (a paragraph is small); shallower ones are streamed. */
const STREAM_DEPTH = 4;

/** True for values JSON.stringify walks as plain containers (no toJSON to call). */
function isContainer(v: unknown): v is Record<string, unknown> | unknown[] {
  return typeof v === 'object' && v !== null && typeof (v as { toJSON?: unknown }).toJSON !== 'function';
}

/** JSON.stringify of a value nested `level` deep, indented as it would be inside its parent. */
function nested(v: unknown, indent: number, level: number): string | undefined {
  const s = JSON.stringify(v, null, indent) as string | undefined;
  if (s === undefined || indent === 0 || level === 0 || !s.includes('\n')) return s;
  // Raw newlines only occur between tokens (strings escape theirs), so re-indenting is exact.
  return s.replaceAll('\n', `\n${' '.repeat(indent * level)}`);
}

/** Writes JSON.stringify(value, null, indent) to `sink` piece by piece, top levels streamed. */
function streamJson(sink: TextSink, value: unknown, indent: number, level: number): void {
  if (!isContainer(value) || level >= STREAM_DEPTH) {
    sink.write(nested(value, indent, level) ?? 'null');
    return;
  }
  const isArray = Array.isArray(value);
  const entries: [string, unknown][] = isArray ? Array.from(value, (x, i) => [String(i), x]) : Object.entries(value);
  const inner = indent ? `\n${' '.repeat(indent * (level + 1))}` : '';
  let first = true;
  sink.write(isArray ? '[' : '{');
  for (const [k, x] of entries) {
    // JSON.stringify leaves out object members it cannot write and turns those in arrays into null.
    if (!isArray && (x === undefined || typeof x === 'function' || typeof x === 'symbol')) continue;
    sink.write(`${first ? '' : ','}${inner}${isArray ? '' : `${JSON.stringify(k)}:${indent ? ' ' : ''}`}`);
    first = false;
    if (isArray && (x === undefined || typeof x === 'function' || typeof x === 'symbol')) sink.write('null');
    else streamJson(sink, x, indent, level + 1);
  }
  if (!first && indent) sink.write(`\n${' '.repeat(indent * level)}`);
  sink.write(isArray ? ']' : '}');
}

/** Writes `${JSON.stringify(value, null, indent)}\n` to `path` without building the string. */
export function writeJsonFile(path: string, value: unknown, indent: number): void {
  const sink = new TextSink(path);
  try {
    streamJson(sink, value, indent, 0);
    sink.write('\n');
    sink.close();
  } finally {
    sink.abort();
  }
}

/**
 * `pyJsonDumps(new Map(entries), indent) + '\n'` written entry by entry as entries come (run_qa.py's
 * json.dump of a dict), keys unique: after close() the file is whole JSON of the entries added, so
 * a run stopped early leaves a valid file of what finished.
 */
export class PyJsonMapWriter {
  private readonly sink: TextSink;
  private readonly pad: string;
  private first = true;
  private closed = false;

  /** Opens a temporary file for `path` (which appears at close()). */
  constructor(
    path: string,
    private readonly indent: number,
  ) {
    this.sink = new TextSink(path);
    this.pad = ' '.repeat(indent);
    this.sink.write('{');
  }

  /** Appends one entry. */
  add(key: string, value: unknown): void {
    const body = pyJsonDumps(value, this.indent);
    this.sink.write(`${this.first ? '' : ','}\n${this.pad}${pyJsonDumps(key)}: ${body.includes('\n') ? body.replaceAll('\n', `\n${this.pad}`) : body}`);
    this.first = false;
  }

  /** Ends the object and puts the file in place (once; later calls do nothing). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.sink.write(this.first ? '}\n' : '\n}\n');
    this.sink.close();
  }

  /** Drops the file: `path` stays as it was (after close(), nothing). */
  abort(): void {
    this.closed = true;
    this.sink.abort();
  }
}

/**
 * Writes `pyJsonDumps(new Map(entries), indent) + '\n'` to `path` one entry at a time (run_qa.py's
 * json.dump of a dict); `entries` may be a lazy iterable with unique keys, so values are built
 * only as they are written.
 */
export function writePyJsonMap(path: string, entries: Iterable<readonly [string, unknown]>, indent: number): void {
  const w = new PyJsonMapWriter(path, indent);
  try {
    for (const [k, v] of entries) w.add(k, v);
    w.close();
  } finally {
    w.abort();
  }
}
