/**
 * Listing a Hub dataset's parquet files (see hf-datasets.ts for the URL layout), and choosing a
 * config and split, with errors that say what is missing: the dataset, its parquet export, the
 * config or the split — or that the dataset is gated.
 */
import { apiUrl, errorText, HfDatasetError, hostLabel, isObject, readJson, request, resolveSource, type FetchLike, type HfSource } from './hf-http.ts';

/** The Hub's parquet listing: config → split → parquet file URLs, in shard order. */
export type HfParquetListing = Record<string, Record<string, string[]>>;

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

/** The error for a refused listing: gated, not found, no parquet export, or the host's status. */
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

/** The error for a dataset (or split) the Hub did not convert to parquet. */
function noParquet(name: string, host: string, why = ''): HfDatasetError {
  return new HfDatasetError(
    'no-parquet',
    `Dataset "${name}" has no parquet export on ${hostLabel(host)} (the Hub converts public datasets to parquet, but not this one${why ? `: ${why}` : ''}). Download its files and import them instead.`,
    why,
  );
}

/** Whether a listing answer has the shape { config: { split: [urls] } }. */
function isListing(v: unknown): v is HfParquetListing {
  if (!isObject(v)) return false;
  return Object.values(v).every((splits) => isObject(splits) && Object.values(splits).every((urls) => Array.isArray(urls) && urls.every((u) => typeof u === 'string')));
}

/** Chooses config and split from a listing, or throws an error naming the ones there are. */
export function pickSplit(listing: HfParquetListing, name: string, config: string | undefined, split: string): { config: string; split: string; urls: string[] } {
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
