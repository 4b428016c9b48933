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
import { parquetMetadataAsync, parquetReadObjects, parquetSchema, type FileMetaData } from 'hyparquet';
import type { ImportResult } from '../data/types.ts';
import { IdSet } from './common.ts';
import { asReadError, cancelled, HfDatasetError, resolveSource, type HfReadAllResult, type HfSource } from './hf-http.ts';
import { listHfParquet, pickSplit } from './hf-listing.ts';
import { ByteCache, RangeFile } from './hf-range-file.ts';
import { OPTIONAL_COLUMNS, REQUIRED_COLUMNS, squadRowToInstance, squadSchemaProblems } from './hf-rows.ts';

// The module is split by concern: HTTP and errors, listing, range reads, rows; this is the public entry.
export { HF_DEFAULT_HOST, HfDatasetError, type FetchLike, type HfDatasetErrorCode, type HfReadAllResult, type HfSource } from './hf-http.ts';
export { listHfParquet, listHfParquetFiles, type HfParquetListing } from './hf-listing.ts';
export { squadRowToInstance } from './hf-rows.ts';

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

const DEFAULT_FOOTER_BYTES = 32 * 1024;
const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
const OPEN_CONCURRENCY = 4;

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

/** Runs `fn` over `items` with at most `limit` at a time; results in item order. */
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
