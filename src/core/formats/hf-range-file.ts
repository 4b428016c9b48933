/**
 * Remote parquet files read with HTTP Range requests for hyparquet (see hf-datasets.ts): a byte
 * cache shared by the files of a split, redirects followed once, one retry on a dropped connection
 * or a 5xx/429, expired signed CDN URLs resolved again, and servers without Range support.
 */
import type { AsyncBuffer } from 'hyparquet';
import { HfDatasetError, isAbort, pause, request, type FetchLike } from './hf-http.ts';

const RETRY_MS = 300;

/** Byte ranges fetched recently, shared by the files of a split, bounded in bytes (oldest out first). */
export class ByteCache {
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
export class RangeFile {
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
