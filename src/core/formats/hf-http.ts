/**
 * HTTP for Hub datasets (see hf-datasets.ts): the error every failure becomes, where a dataset
 * lives (host, name, fetch), and `fetch` wrapped so that network failures and cancellation say
 * what was being done. Pure TS on `fetch` only.
 */
import type { ImportResult } from '../data/types.ts';
import { isHubDatasetId } from '../qa/hub-id.ts';

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

/** What readAll produced: everything read so far, even when cancelled part-way. */
export interface HfReadAllResult extends ImportResult {
  cancelled: boolean;
  rowsRead: number;
}

/** fetch, with network failures and cancellation turned into HfDatasetErrors. */
export async function request(fetch: FetchLike, url: string, init: RequestInit, what: string, hostOrUrl: string): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (init.signal?.aborted || isAbort(err)) throw cancelled(what);
    const why = err instanceof Error ? `${err.message}${err.cause instanceof Error ? `: ${err.cause.message}` : ''}` : String(err);
    throw new HfDatasetError('network', `Network failure: could not ${what} on ${hostLabel(hostOrUrl)} (${why}). Check the connection or the Hub host setting.`, why);
  }
}

/** Waits `ms` before a retry, or rejects as cancelled when `signal` aborts; `what` is a verb phrase, e.g. 'read rows 0–99 of "x/y" (default/train)'. */
export function pause(ms: number, signal: AbortSignal | undefined, what: string): Promise<void> {
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

/** The error of a request or read cancelled while it tried to do `what`. */
export function cancelled(what: string): HfDatasetError {
  return new HfDatasetError('cancelled', `Cancelled while trying to ${what}.`);
}

/** Errors thrown inside hyparquet while it reads: ours pass through, the rest name what was read. */
export function asReadError(err: unknown, signal: AbortSignal | undefined, what: string, code: HfDatasetErrorCode, message: string): HfDatasetError {
  if (err instanceof HfDatasetError) return err;
  if (signal?.aborted || isAbort(err)) return cancelled(what);
  const why = err instanceof Error ? err.message : String(err);
  return new HfDatasetError(code, `${message} (${why}).`, why);
}

/** The JSON body of a listing answer, or an error naming the URL that did not return JSON. */
export async function readJson(res: Response, url: string, name: string): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HfDatasetError('http', `Unexpected answer when listing "${name}": ${url} did not return JSON (${text.slice(0, 80).trim() || 'empty body'}).`);
  }
}

/** The Hub's error text: {"error": "..."} or the plain body, shortened. */
export async function errorText(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const j = JSON.parse(text) as unknown;
    if (isObject(j) && typeof j.error === 'string') return j.error;
  } catch {
    /* not JSON */
  }
  return text.trim().slice(0, 200);
}

/** The host (ending in /, the public Hub by default), the normalised name and the fetch to use. */
export function resolveSource(src: HfSource): { host: string; name: string; fetch: FetchLike } {
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
  if (!isHubDatasetId(name)) {
    throw new HfDatasetError('bad-name', `"${raw}" is not a Hub dataset name; expected owner/name, like "rajpurkar/squad_v2".`);
  }
  return name;
}

/** The Hub API URL of a dataset, e.g. apiUrl(host, 'o/n', 'parquet') → '{host}api/datasets/o/n/parquet'. */
export function apiUrl(host: string, name: string, ...rest: string[]): string {
  return new URL(['api', 'datasets', ...name.split('/'), ...rest].map(encodeURIComponent).join('/'), host).href;
}

/** The host part of a URL, for messages, e.g. 'huggingface.co'. */
export function hostLabel(hostOrUrl: string): string {
  try {
    return new URL(hostOrUrl).host || hostOrUrl;
  } catch {
    return hostOrUrl || 'the Hub';
  }
}

/** Whether `err` is an abort or timeout of fetch (a DOMException or an Error by that name). */
export function isAbort(err: unknown): boolean {
  return (err instanceof Error || (typeof err === 'object' && err !== null)) && ((err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError');
}

/** A plain object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
