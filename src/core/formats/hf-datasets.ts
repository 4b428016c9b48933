/**
 * Hugging Face Hub datasets by name, read through the parquet files the Hub converts every
 * public dataset to. Pure TS on `fetch` only, so it runs in a browser Web Worker and in Node.
 *
 * URL layout (the Hub's, see huggingface/dataset-viewer docs/source/parquet.md):
 *   GET {host}api/datasets/{name}/parquet                  → { "<config>": { "<split>": ["<url>", …] } }
 *   GET {host}api/datasets/{name}/parquet/{config}/{split} → ["<url>", …]
 *   each url is {host}api/datasets/{name}/parquet/{config}/{split}/{n}.parquet, which redirects to
 *   {host}datasets/{name}/resolve/refs%2Fconvert%2Fparquet/{config}/{split}/{nnnn}.parquet (and on to a CDN).
 *
 * Rows are read with HTTP Range requests (hyparquet): opening reads each file's footer only, and a
 * page reads just the row groups (or, with an offset index, the data pages) that hold its rows.
 */
import { parquetMetadataAsync, parquetReadObjects, parquetSchema, type AsyncBuffer, type FileMetaData } from 'hyparquet';
import type { ImportResult, Instance } from '../data/types.ts';
import { acceptAnswers, addIssue, guessLang, IdSet, makeInstance, resolveAnswers, type RawAnswer } from './common.ts';
import { collectMeta } from './meta.ts';
import type { InputIssue, IssueKind } from './squad.ts';

/** The public Hub; any host with the same URL layout (a mirror, a test server) works too. */
export const HF_DEFAULT_HOST = 'https://huggingface.co/';

export type HfDatasetErrorCode =
  | 'bad-name'
  | 'not-found'
  | 'gated'
  | 'no-parquet'
  | 'unknown-config'
  | 'unknown-split'
  | 'not-squad'
  | 'bad-parquet'
  | 'network'
  | 'http'
  | 'cancelled';

/**
 * A Hub dataset could not be listed or read; `message` is meant to be shown as is. When readAll
 * fails part-way, `partial` holds what it read before the failure.
 */
export class HfDatasetError extends Error {
  override name = 'HfDatasetError';
  partial?: HfReadAllResult;
  constructor(
    readonly code: HfDatasetErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Where a dataset lives. `host` defaults to the public Hub; `fetch` to the global one. */
export interface HfSource {
  name: string;
  host?: string;
  fetch?: FetchLike;
  signal?: AbortSignal;
}

/** The Hub's parquet listing: config → split → parquet file URLs, in shard order. */
export type HfParquetListing = Record<string, Record<string, string[]>>;

export interface HfOpenOptions extends HfSource {
  /** Config (subset); defaults to 'default' if there is one, else the first listed. */
  config?: string;
  split: string;
  /** Bytes fetched from the end of each file to read its footer (more are fetched if needed). */
  footerBytes?: number;
  /** Memory for recently fetched byte ranges, so paging back and forth does not refetch. */
  cacheBytes?: number;
  /** The `dataset` field of the instances; default 'hf:{name}/{split}' ('hf:{name}/{config}/{split}' with several configs). */
  datasetId?: string;
}

/** One parquet file of the split. */
export interface HfParquetFile {
  /** The URL the listing gave. */
  url: string;
  /** Where it ended up after redirects (Range requests go here). */
  resolvedUrl: string;
  byteLength: number;
  numRows: number;
  rowGroups: number;
  /** Index of the file's first row in the split. */
  firstRow: number;
}

export interface HfReadAllOptions {
  /** Rows per read inside a row group when the file has an offset index (default 1000). */
  pageSize?: number;
  /** Stop after this many rows. */
  maxRows?: number;
}

/** What readAll produced: everything read so far, even when cancelled part-way. */
export interface HfReadAllResult extends ImportResult {
  cancelled: boolean;
  rowsRead: number;
}

/** An opened split, ready to page through. */
export interface HfDataset {
  host: string;
  name: string;
  config: string;
  split: string;
  /** The `dataset` field of its instances, e.g. 'hf:rajpurkar/squad_v2/validation'. */
  datasetId: string;
  numRows: number;
  /** All configs of the dataset, and the splits of each (from the listing). */
  configs: string[];
  splits: Record<string, string[]>;
  files: HfParquetFile[];
  /** Columns besides the SQuAD ones that the files have (ignored). */
  extraColumns: string[];
  /** Rows [offset, offset + limit) as instances; bad rows become issues with path `row N`. */
  readPage(offset: number, limit: number, signal?: AbortSignal): Promise<ImportResult>;
  /**
   * Every row, chunk by chunk, reporting onProgress(rowsRead, totalRows) (monotonic, starting at 0).
   * On cancel returns what was read with cancelled: true; on a failure part-way throws an
   * HfDatasetError whose `partial` holds what was read.
   */
  readAll(onProgress?: (rowsRead: number, totalRows: number) => void, signal?: AbortSignal, opts?: HfReadAllOptions): Promise<HfReadAllResult>;
}

const REQUIRED_COLUMNS = ['context', 'question', 'answers'] as const;
const OPTIONAL_COLUMNS = ['id', 'title'] as const;
const DEFAULT_FOOTER_BYTES = 32 * 1024;
const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
const OPEN_CONCURRENCY = 4;
const RETRY_MS = 300;

// ---------------------------------------------------------------------------------------------
// Listing

/**
 * Lists a dataset's parquet files per config and split, e.g.
 * listHfParquet({ name: 'rajpurkar/squad_v2' }) → { squad_v2: { train: ['https://…/0.parquet'], validation: […] } }.
 */
export async function listHfParquet(src: HfSource): Promise<HfParquetListing> {
  const { host, name, fetch } = resolveSource(src);
  const url = apiUrl(host, name, 'parquet');
  const res = await request(fetch, url, { signal: src.signal, headers: { Accept: 'application/json' } }, `list the parquet files of "${name}"`, host);
  if (!res.ok) throw await listingError(res, host, name, fetch, src.signal);
  const body = await readJson(res, url, name);
  if (!isListing(body)) throw new HfDatasetError('http', `Unexpected answer from ${hostLabel(host)} when listing "${name}": expected { config: { split: [urls] } }.`, JSON.stringify(body).slice(0, 300));
  if (Object.keys(body).length === 0) throw noParquet(name, host);
  const out: HfParquetListing = {};
  for (const [config, splits] of Object.entries(body)) {
    out[config] = {};
    for (const [split, urls] of Object.entries(splits)) (out[config] as Record<string, string[]>)[split] = urls.map((u) => new URL(u, host).href);
  }
  return out;
}

/**
 * Lists the parquet files of one config and split, e.g.
 * listHfParquetFiles({ name: 'rajpurkar/squad', config: 'plain_text', split: 'validation' }) → ['https://…/0.parquet'].
 */
export async function listHfParquetFiles(src: HfSource & { config: string; split: string }): Promise<string[]> {
  const { host, name, fetch } = resolveSource(src);
  const url = apiUrl(host, name, 'parquet', src.config, src.split);
  const res = await request(fetch, url, { signal: src.signal, headers: { Accept: 'application/json' } }, `list the parquet files of "${name}"`, host);
  if (!res.ok) {
    if (res.status !== 404 && res.status !== 401) throw await listingError(res, host, name, fetch, src.signal);
    // Say precisely what is missing: the dataset, its export, the config or the split.
    const listing = await listHfParquet(src);
    pickSplit(listing, name, src.config, src.split);
    throw new HfDatasetError('http', `${hostLabel(host)} answered ${res.status} for ${url}.`);
  }
  const body = await readJson(res, url, name);
  if (!Array.isArray(body) || !body.every((u) => typeof u === 'string')) {
    throw new HfDatasetError('http', `Unexpected answer from ${hostLabel(host)} for ${url}: expected a list of URLs.`, JSON.stringify(body).slice(0, 300));
  }
  return body.map((u: string) => new URL(u, host).href);
}

async function listingError(res: Response, host: string, name: string, fetch: FetchLike, signal?: AbortSignal): Promise<HfDatasetError> {
  const why = await errorText(res);
  if (res.status === 401 || res.status === 403 || res.status === 404) {
    // The Hub answers 401/404 both for unknown datasets and for datasets without a parquet export;
    // the dataset's own API page tells them apart.
    const code = res.headers.get('X-Error-Code');
    if (code === 'GatedRepo' || /\bgated\b|restricted/i.test(why)) {
      return new HfDatasetError('gated', `Dataset "${name}" on ${hostLabel(host)} is gated or private: it needs a login this tool does not have.`, why);
    }
    let exists = false;
    if (code !== 'RepoNotFound') {
      const info = await request(fetch, apiUrl(host, name), { signal, headers: { Accept: 'application/json' } }, `look up "${name}"`, host);
      exists = info.ok;
      await info.body?.cancel();
    }
    if (exists) return noParquet(name, host, why);
    return new HfDatasetError('not-found', `Dataset "${name}" was not found on ${hostLabel(host)}. Check the name (like "rajpurkar/squad_v2"); private datasets cannot be read.`, why);
  }
  return new HfDatasetError('http', `${hostLabel(host)} answered ${res.status}${why ? ` (${why})` : ''} when listing the parquet files of "${name}". Try again later.`, why);
}

function noParquet(name: string, host: string, why = ''): HfDatasetError {
  return new HfDatasetError(
    'no-parquet',
    `Dataset "${name}" has no parquet export on ${hostLabel(host)} (the Hub converts public datasets to parquet, but not this one${why ? `: ${why}` : ''}). Download its files and import them instead.`,
    why,
  );
}

function isListing(v: unknown): v is HfParquetListing {
  if (!isObject(v)) return false;
  return Object.values(v).every((splits) => isObject(splits) && Object.values(splits).every((urls) => Array.isArray(urls) && urls.every((u) => typeof u === 'string')));
}

/** Chooses config and split from a listing, or throws an error naming the ones there are. */
function pickSplit(listing: HfParquetListing, name: string, config: string | undefined, split: string): { config: string; split: string; urls: string[] } {
  const configs = Object.keys(listing);
  const c = config ?? (configs.includes('default') ? 'default' : configs[0]);
  const splits = c === undefined ? undefined : listing[c];
  if (c === undefined || !splits) throw new HfDatasetError('unknown-config', `Dataset "${name}" has no config "${c}". Its configs: ${configs.join(', ') || 'none'}.`);
  // The Hub names splits it converted only in part "partial-<split>".
  const s = split in splits ? split : `partial-${split}` in splits ? `partial-${split}` : undefined;
  const urls = s === undefined ? undefined : splits[s];
  if (s === undefined || !urls) {
    throw new HfDatasetError('unknown-split', `Dataset "${name}" (config "${c}") has no split "${split}". Its splits: ${Object.keys(splits).join(', ') || 'none'}.`);
  }
  if (urls.length === 0) throw noParquet(name, '', `split "${s}" has no parquet files`);
  return { config: c, split: s, urls };
}

// ---------------------------------------------------------------------------------------------
// Opening and reading

/**
 * Opens a split for paging, reading only each file's footer, e.g.
 * const ds = await openHfDataset({ name: 'rajpurkar/squad_v2', split: 'validation' }); await ds.readPage(0, 50).
 */
export async function openHfDataset(opts: HfOpenOptions): Promise<HfDataset> {
  const { host, name, fetch } = resolveSource(opts);
  const listing = await listHfParquet({ ...opts, host, name, fetch });
  const { config, split, urls } = pickSplit(listing, name, opts.config, opts.split);
  const configs = Object.keys(listing);
  const splits = Object.fromEntries(configs.map((c) => [c, Object.keys(listing[c] ?? {})]));
  const datasetId = opts.datasetId ?? (configs.length === 1 ? `hf:${name}/${split}` : `hf:${name}/${config}/${split}`);
  const where = `"${name}" (${config}/${split})`;
  const cache = new ByteCache(opts.cacheBytes ?? DEFAULT_CACHE_BYTES);

  const opened = await mapLimit(urls, OPEN_CONCURRENCY, async (url, i) => {
    const label = `${where} file ${i + 1} of ${urls.length}`;
    const file = await RangeFile.open(url, fetch, cache, label, opts.signal);
    let metadata: FileMetaData;
    try {
      metadata = await parquetMetadataAsync(file.withSignal(opts.signal), { initialFetchSize: opts.footerBytes ?? DEFAULT_FOOTER_BYTES });
    } catch (err) {
      throw asReadError(err, opts.signal, `read the footer of ${label}`, 'bad-parquet', `${label} is not a readable parquet file`);
    }
    return { file, metadata };
  });

  // Every file must have the SQuAD columns; name what is missing.
  const columns = new Set<string>();
  opened.forEach(({ metadata }, i) => {
    const problems = squadSchemaProblems(metadata);
    if (problems.length) {
      const found = parquetSchema(metadata).children.map((c) => c.element.name);
      throw new HfDatasetError(
        'not-squad',
        `${where} is not SQuAD-shaped${opened.length > 1 ? ` (file ${i + 1})` : ''}: ${problems.join('; ')}. Found columns: ${found.join(', ') || 'none'}. Expected id, title, context, question and answers {text: [...], answer_start: [...]}.`,
      );
    }
    for (const c of parquetSchema(metadata).children) columns.add(c.element.name);
  });
  const readColumns = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS].filter((c) => columns.has(c));
  const extraColumns = [...columns].filter((c) => !(readColumns as string[]).includes(c));

  let firstRow = 0;
  const parts = opened.map(({ file, metadata }) => {
    const numRows = Number(metadata.num_rows);
    const part = { file, metadata, firstRow, numRows };
    firstRow += numRows;
    return part;
  });
  const numRows = firstRow;

  /** Reads rows [start, end) of the split (global indexes) into `out`. */
  async function readRange(start: number, end: number, out: ImportResult, ids: IdSet, signal?: AbortSignal): Promise<void> {
    for (const part of parts) {
      const from = Math.max(start, part.firstRow);
      const to = Math.min(end, part.firstRow + part.numRows);
      if (from >= to) continue;
      if (signal?.aborted) throw cancelled(`read rows ${from}–${to - 1} of ${where}`);
      let rows: Record<string, unknown>[];
      try {
        rows = await parquetReadObjects({
          file: part.file.withSignal(signal),
          metadata: part.metadata,
          columns: readColumns,
          rowStart: from - part.firstRow,
          rowEnd: to - part.firstRow,
          useOffsetIndex: true,
        });
      } catch (err) {
        throw asReadError(err, signal, `read rows ${from}–${to - 1} of ${where}`, 'bad-parquet', `Rows ${from}–${to - 1} of ${where} could not be decoded`);
      }
      rows.forEach((row, k) => {
        const r = squadRowToInstance(row, from + k, datasetId, ids);
        out.issues.push(...r.issues);
        if (r.instance) out.instances.push(r.instance);
      });
    }
  }

  return {
    host,
    name,
    config,
    split,
    datasetId,
    numRows,
    configs,
    splits,
    extraColumns,
    files: parts.map((p) => ({ url: p.file.url, resolvedUrl: p.file.resolvedUrl, byteLength: p.file.byteLength, numRows: p.numRows, rowGroups: p.metadata.row_groups.length, firstRow: p.firstRow })),

    async readPage(offset, limit, signal) {
      const start = Math.max(0, Math.floor(offset));
      const end = Math.min(numRows, start + Math.max(0, Math.floor(limit)));
      const out: ImportResult = { format: 'hf-parquet', instances: [], issues: [] };
      if (start < end) await readRange(start, end, out, new IdSet(), signal);
      return out;
    },

    async readAll(onProgress, signal, o = {}) {
      const total = Math.min(numRows, o.maxRows ?? numRows);
      const pageSize = Math.max(1, o.pageSize ?? 1000);
      const out: HfReadAllResult = { format: 'hf-parquet', instances: [], issues: [], cancelled: false, rowsRead: 0 };
      const ids = new IdSet();
      onProgress?.(0, total);
      try {
        for (const [start, end] of readChunks(parts, total, pageSize)) {
          if (signal?.aborted) throw cancelled(`read rows ${start}–${end - 1} of ${where}`);
          await readRange(start, end, out, ids, signal);
          out.rowsRead = end;
          onProgress?.(end, total);
        }
      } catch (err) {
        if (err instanceof HfDatasetError && err.code === 'cancelled') out.cancelled = true;
        else {
          const e = err instanceof HfDatasetError ? err : new HfDatasetError('bad-parquet', `Reading ${where} failed: ${String(err)}`);
          e.partial = out;
          throw e;
        }
      }
      return out;
    },
  };
}

/**
 * Chunks for reading a whole split: row groups, split further by `pageSize` only where the file has
 * an offset index (so a sub-read fetches its own pages, not the whole row group again).
 */
function readChunks(parts: { firstRow: number; metadata: FileMetaData }[], total: number, pageSize: number): [number, number][] {
  const chunks: [number, number][] = [];
  for (const part of parts) {
    let groupStart = part.firstRow;
    for (const group of part.metadata.row_groups) {
      const groupEnd = groupStart + Number(group.num_rows);
      const indexed = group.columns.every((c) => c.offset_index_offset !== undefined && c.offset_index_length);
      const step = indexed ? pageSize : Number(group.num_rows);
      for (let s = groupStart; s < groupEnd && s < total; s += step) chunks.push([s, Math.min(s + step, groupEnd, total)]);
      groupStart = groupEnd;
    }
  }
  return chunks;
}

/** Problems that make a file not SQuAD-shaped, e.g. ['missing column(s): context, answers']. */
function squadSchemaProblems(metadata: FileMetaData): string[] {
  const top = parquetSchema(metadata).children;
  const missing = REQUIRED_COLUMNS.filter((c) => !top.some((t) => t.element.name === c));
  const problems = missing.length ? [`missing column(s): ${missing.join(', ')}`] : [];
  const answers = top.find((t) => t.element.name === 'answers');
  if (answers) {
    // Either struct<text: list, answer_start: list> (HF SQuAD) or list<struct<text, answer_start>>.
    let fields = answers.children;
    if (fields.length === 1 && fields[0]?.element.repetition_type === 'REPEATED') {
      const item = fields[0].children.length === 1 ? fields[0].children[0] : fields[0];
      fields = item?.children ?? [];
    }
    const names = fields.map((f) => f.element.name);
    const lacking = ['text', 'answer_start'].filter((n) => !names.includes(n));
    if (lacking.length) problems.push(`column answers lacks ${lacking.join(' and ')} (has ${names.join(', ') || 'no fields'})`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Rows

/**
 * Turns one SQuAD-schema row into an Instance (no id column → the row index; no title → ''), or issues with path `row N`, e.g.
 * squadRowToInstance({ id: 'q1', title: 'T', context: 'Paris is big.', question: 'What?', answers: { text: ['Paris'], answer_start: [0] } }, 0, 'hf:x/y/validation').
 */
export function squadRowToInstance(row: Record<string, unknown>, index: number, dataset: string, ids: IdSet = new IdSet()): { instance: Instance | null; issues: InputIssue[] } {
  const path = `row ${index}`;
  const issues: InputIssue[] = [];
  const skip = (kind: IssueKind, message: string) => {
    addIssue(issues, kind, path, message, true);
    return { instance: null, issues };
  };
  const rawId = row.id;
  let id: string;
  if (!('id' in row)) id = String(index);
  else if (typeof rawId === 'string' && rawId.trim()) id = rawId;
  else if (typeof rawId === 'number' || typeof rawId === 'bigint') id = String(rawId);
  else return skip('schema', `id: expected a non-empty string, got ${describe(rawId)}`);
  const { context, question } = row;
  if (typeof context !== 'string' || !context.trim()) return skip(typeof context === 'string' ? 'empty-context' : 'schema', `context: expected a non-empty string, got ${describe(context)}`);
  if (typeof question !== 'string' || !question.trim()) return skip('schema', `question: expected a non-empty string, got ${describe(question)}`);
  const title = typeof row.title === 'string' ? row.title : '';
  const raw = readAnswers(row.answers, path);
  if (typeof raw === 'string') return skip('schema', `answers: ${raw}`);
  // Answers not at their offset are moved to the nearest occurrence; absent ones are dropped.
  const resolved = resolveAnswers(context, raw);
  if (!acceptAnswers(resolved, issues, path)) return { instance: null, issues };
  if (!ids.claim(id, issues, path)) return { instance: null, issues };
  const answers = resolved.answers;
  // Only the SQuAD columns are fetched (range requests), so a row carries metadata only when a caller passes more.
  const meta = collectMeta(row, ['id', 'title', 'context', 'question', 'answers']);
  const instance = makeInstance({ id, dataset, title, question, context, answers, isImpossible: answers.length === 0, lang: guessLang(context), meta });
  return { instance, issues };
}

/** Answers as the row states them, or a message saying what is wrong with them. */
function readAnswers(v: unknown, path: string): RawAnswer[] | string {
  let texts: unknown[];
  let starts: unknown[];
  if (Array.isArray(v)) {
    // list<struct<text, answer_start>>
    texts = v.map((a: unknown) => (isObject(a) ? a.text : undefined));
    starts = v.map((a: unknown) => (isObject(a) ? a.answer_start : undefined));
  } else if (isObject(v)) {
    if (!Array.isArray(v.text) || !Array.isArray(v.answer_start)) return `expected {text: [...], answer_start: [...]}, got text ${describe(v.text)} and answer_start ${describe(v.answer_start)}`;
    texts = v.text;
    starts = v.answer_start;
  } else {
    return `expected {text: [...], answer_start: [...]}, got ${describe(v)}`;
  }
  if (texts.length !== starts.length) return `${texts.length} texts but ${starts.length} answer_start values`;
  const out: RawAnswer[] = [];
  for (let k = 0; k < texts.length; k++) {
    const text = texts[k];
    const s = starts[k];
    const start = typeof s === 'bigint' ? Number(s) : s;
    if (typeof text !== 'string') return `text[${k}]: expected a string, got ${describe(text)}`;
    if (typeof start !== 'number' || !Number.isInteger(start) || start < -1) return `answer_start[${k}]: expected an integer, got ${describe(s)}`;
    out.push({ text, start, path });
  }
  return out;
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return v.trim() ? `"${v.slice(0, 30)}"` : 'an empty string';
  return typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`;
}

// ---------------------------------------------------------------------------------------------
// HTTP

/** Byte ranges fetched recently, shared by the files of a split, bounded in bytes (oldest out first). */
class ByteCache {
  private entries = new Map<string, { bytes: number; data: Promise<ArrayBuffer> }>();
  private bytes = 0;
  constructor(private readonly budget: number) {}

  get(key: string): Promise<ArrayBuffer> | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.data;
  }

  set(key: string, bytes: number, data: Promise<ArrayBuffer>): void {
    if (bytes > this.budget) return;
    this.entries.set(key, { bytes, data });
    this.bytes += bytes;
    data.catch(() => this.delete(key, data));
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.budget) break;
      this.entries.delete(k);
      this.bytes -= e.bytes;
    }
  }

  private delete(key: string, data: Promise<ArrayBuffer>): void {
    const e = this.entries.get(key);
    if (e?.data !== data) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}

/** A remote file read with Range requests, following the Hub's redirects once. */
class RangeFile {
  /** The whole file, when the server ignores Range and sends it all. */
  private whole: Promise<ArrayBuffer> | null = null;

  private constructor(
    readonly url: string,
    public resolvedUrl: string,
    readonly byteLength: number,
    private readonly fetch: FetchLike,
    private readonly cache: ByteCache,
    private readonly label: string,
  ) {}

  /** Finds the file's size and final URL: HEAD, or a 1-byte ranged GET where HEAD is refused. */
  static async open(url: string, fetch: FetchLike, cache: ByteCache, label: string, signal?: AbortSignal): Promise<RangeFile> {
    const what = `reach ${label}`;
    let res = await request(fetch, url, { method: 'HEAD', signal }, what, url);
    let size = Number(res.headers.get('Content-Length') ?? res.headers.get('X-Linked-Size') ?? NaN);
    if (!res.ok || !(size > 0)) {
      if (res.status === 404 || res.status === 410) throw new HfDatasetError('http', `${label} is listed but missing (${res.status} for ${url}).`);
      res = await request(fetch, url, { headers: { Range: 'bytes=0-0' }, signal }, what, url);
      await res.body?.cancel();
      if (!res.ok) throw new HfDatasetError('http', `${label} could not be read: ${res.status} for ${url}.`);
      size = res.status === 206 ? Number(/\/(\d+)\s*$/.exec(res.headers.get('Content-Range') ?? '')?.[1] ?? NaN) : Number(res.headers.get('Content-Length') ?? NaN);
      if (!(size > 0)) throw new HfDatasetError('http', `${label}: the server did not say how big the file is (no Content-Length or Content-Range).`);
    }
    return new RangeFile(url, res.url || url, size, fetch, cache, label);
  }

  /** An AsyncBuffer for hyparquet whose requests are cancelled by `signal`. */
  withSignal(signal?: AbortSignal): AsyncBuffer {
    return { byteLength: this.byteLength, slice: (start, end) => this.slice(start, end ?? this.byteLength, signal) };
  }

  private async slice(start: number, end: number, signal?: AbortSignal): Promise<ArrayBuffer> {
    if (this.whole) return (await this.whole).slice(start, end);
    const key = `${this.url}#${start}-${end}`;
    let p = this.cache.get(key);
    if (!p) {
      p = this.fetchRange(start, end, signal);
      this.cache.set(key, end - start, p);
    }
    try {
      return await p;
    } catch (err) {
      // A shared request cancelled by another reader: fetch again for this one.
      if (isAbort(err) && !signal?.aborted) return this.fetchRange(start, end, signal);
      throw err;
    }
  }

  private async fetchRange(start: number, end: number, signal?: AbortSignal, retried = false): Promise<ArrayBuffer> {
    const headers = { Range: `bytes=${start}-${end - 1}` };
    const what = `read ${this.label}`;
    let res: Response;
    try {
      res = await request(this.fetch, this.resolvedUrl, { headers, signal }, what, this.resolvedUrl);
    } catch (err) {
      // One retry for a dropped connection: a long readAll should survive a blip.
      if (retried || !(err instanceof HfDatasetError) || err.code !== 'network') throw err;
      await pause(RETRY_MS, signal, what);
      return this.fetchRange(start, end, signal, true);
    }
    if (res.status === 206) return res.arrayBuffer();
    if (res.status === 200) {
      // No Range support: keep the whole file once and slice it from memory.
      this.whole ??= res.arrayBuffer();
      return (await this.whole).slice(start, end);
    }
    await res.body?.cancel();
    if (!retried && (res.status >= 500 || res.status === 429)) {
      await pause(RETRY_MS, signal, what);
      return this.fetchRange(start, end, signal, true);
    }
    if (!retried && this.resolvedUrl !== this.url && (res.status === 403 || res.status === 410 || res.status === 404)) {
      // Signed CDN URLs expire: resolve the Hub URL again.
      const again = await request(this.fetch, this.url, { method: 'HEAD', signal }, `reach ${this.label}`, this.url);
      this.resolvedUrl = again.url || this.url;
      return this.fetchRange(start, end, signal, true);
    }
    throw new HfDatasetError('http', `${this.label}: ${res.status} for bytes ${start}–${end - 1}.`);
  }
}

/** fetch, with network failures and cancellation turned into HfDatasetErrors. */
async function request(fetch: FetchLike, url: string, init: RequestInit, what: string, hostOrUrl: string): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (init.signal?.aborted || isAbort(err)) throw cancelled(what);
    const why = err instanceof Error ? `${err.message}${err.cause instanceof Error ? `: ${err.cause.message}` : ''}` : String(err);
    throw new HfDatasetError('network', `Network failure: could not ${what} on ${hostLabel(hostOrUrl)} (${why}). Check the connection or the Hub host setting.`, why);
  }
}

/** `what` is a verb phrase, e.g. 'read rows 0–99 of "x/y" (default/train)'. */
function pause(ms: number, signal: AbortSignal | undefined, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled(what));
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(cancelled(what));
      },
      { once: true },
    );
  });
}

function cancelled(what: string): HfDatasetError {
  return new HfDatasetError('cancelled', `Cancelled while trying to ${what}.`);
}

/** Errors thrown inside hyparquet while it reads: ours pass through, the rest name what was read. */
function asReadError(err: unknown, signal: AbortSignal | undefined, what: string, code: HfDatasetErrorCode, message: string): HfDatasetError {
  if (err instanceof HfDatasetError) return err;
  if (signal?.aborted || isAbort(err)) return cancelled(what);
  const why = err instanceof Error ? err.message : String(err);
  return new HfDatasetError(code, `${message} (${why}).`, why);
}

async function readJson(res: Response, url: string, name: string): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HfDatasetError('http', `Unexpected answer when listing "${name}": ${url} did not return JSON (${text.slice(0, 80).trim() || 'empty body'}).`);
  }
}

/** The Hub's error text: {"error": "..."} or the plain body, shortened. */
async function errorText(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const j = JSON.parse(text) as unknown;
    if (isObject(j) && typeof j.error === 'string') return j.error;
  } catch {
    /* not JSON */
  }
  return text.trim().slice(0, 200);
}

function resolveSource(src: HfSource): { host: string; name: string; fetch: FetchLike } {
  let host = (src.host ?? '').trim() || HF_DEFAULT_HOST;
  if (!/^https?:\/\//i.test(host)) throw new HfDatasetError('bad-name', `The Hub host "${host}" is not an http(s) URL.`);
  if (!host.endsWith('/')) host += '/';
  return { host, name: normalizeName(src.name), fetch: src.fetch ?? ((input, init) => globalThis.fetch(input, init)) };
}

/** 'rajpurkar/squad_v2', also from a pasted 'https://huggingface.co/datasets/rajpurkar/squad_v2/viewer'. */
function normalizeName(raw: string): string {
  let name = raw.trim();
  const fromUrl = /^https?:\/\/[^/]+\/datasets\/([^/?#]+(?:\/[^/?#]+)?)/i.exec(name);
  if (fromUrl?.[1]) name = fromUrl[1];
  name = name.replace(/^datasets\//, '');
  if (!/^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)?$/.test(name)) {
    throw new HfDatasetError('bad-name', `"${raw}" is not a Hub dataset name; expected owner/name, like "rajpurkar/squad_v2".`);
  }
  return name;
}

function apiUrl(host: string, name: string, ...rest: string[]): string {
  return new URL(['api', 'datasets', ...name.split('/'), ...rest].map(encodeURIComponent).join('/'), host).href;
}

function hostLabel(hostOrUrl: string): string {
  try {
    return new URL(hostOrUrl).host || hostOrUrl;
  } catch {
    return hostOrUrl || 'the Hub';
  }
}

function isAbort(err: unknown): boolean {
  return (err instanceof Error || (typeof err === 'object' && err !== null)) && ((err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
