/**
 * A local stand-in for the Hugging Face Hub's dataset parquet API, with the Hub's URL layout:
 *   GET  /api/datasets/{name}                                  → dataset info (existence check)
 *   GET  /api/datasets/{name}/parquet                          → { config: { split: [url, …] } }
 *   GET  /api/datasets/{name}/parquet/{config}                 → { split: [url, …] }
 *   GET  /api/datasets/{name}/parquet/{config}/{split}         → [url, …]
 *   GET|HEAD /api/datasets/{name}/parquet/{config}/{split}/{n}.parquet
 *        → 302 to /datasets/{name}/resolve/refs%2Fconvert%2Fparquet/{config}/{split}/{nnnn}.parquet
 *   GET|HEAD /datasets/{name}/resolve/refs%2Fconvert%2Fparquet/…  → the file, with Range support (206)
 * Unknown datasets get 404 with X-Error-Code: RepoNotFound, gated ones 401 with GatedRepo. Sends CORS headers for browsers and
 * records every request with the bytes it was sent.
 */
import { createServer, type Server } from 'node:http';

export interface HfRequest {
  method: string;
  /** Path as requested (percent-encoding kept), without the query. */
  path: string;
  range: string | null;
  status: number;
  /** Body bytes sent. */
  bytes: number;
}

export interface MockHfDatasets {
  url: string;
  requests: HfRequest[];
  close(): Promise<void>;
}

/**
 * A dataset: config → split → parquet files (shards, in order); `noParquet` for one without an
 * export; `gated` for one whose files need a login (401 with X-Error-Code: GatedRepo).
 */
export type HfDatasetSpec = { configs: Record<string, Record<string, Uint8Array[]>> } | { noParquet: true } | { gated: true };

export interface MockHfOptions {
  /** When false the file server ignores Range headers and always sends the whole file (200). */
  ranges?: boolean;
}

const CONVERT_REF = 'refs%2Fconvert%2Fparquet';

/** Starts the mock on 127.0.0.1 with a free port, e.g. startMockHfDatasets({ 'me/squad': { configs: { plain_text: { validation: [bytes] } } } }). */
export async function startMockHfDatasets(datasets: Record<string, HfDatasetSpec>, opts: MockHfOptions = {}): Promise<MockHfDatasets> {
  const requests: HfRequest[] = [];
  let base = '';
  // Longest names first so 'a/b' never shadows 'a/bc'.
  const names = Object.keys(datasets).sort((a, b) => b.length - a.length);

  const server: Server = createServer((req, res) => {
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const range = (req.headers.range as string | undefined) ?? null;
    const record: HfRequest = { method: req.method ?? 'GET', path: rawPath, range, status: 0, bytes: 0 };
    requests.push(record);
    const send = (status: number, headers: Record<string, string>, body?: string | Uint8Array) => {
      record.status = status;
      const buf = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      if (buf && !headers['Content-Length']) headers['Content-Length'] = String(buf.length);
      res.writeHead(status, headers);
      if (buf && req.method !== 'HEAD') {
        record.bytes = buf.length;
        res.end(buf);
      } else res.end();
    };
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => send(status, { 'Content-Type': 'application/json', ...headers }, JSON.stringify(value));
    const notFound = () => json(404, { error: 'Repository not found' }, { 'X-Error-Code': 'RepoNotFound' });

    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Length, Content-Range, ETag, X-Error-Code');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (req.method === 'OPTIONS') return send(204, {});

    const api = /^\/api\/datasets\/(.+)$/.exec(rawPath);
    const resolve = /^\/datasets\/(.+)$/.exec(rawPath);
    const rest = api?.[1] ?? resolve?.[1] ?? '';
    const name = names.find((n) => rest === n || rest.startsWith(`${n}/`));
    const spec = name === undefined ? undefined : datasets[name];
    if (name === undefined || !spec) return notFound();
    const tail = rest.slice(name.length).split('/').filter(Boolean).map(decodeURIComponent);

    if (api) {
      if (tail.length === 0) return json(200, { id: name, private: false, gated: false, tags: [] });
      if (tail[0] !== 'parquet') return notFound();
      if ('noParquet' in spec) return json(404, { error: 'Parquet export not available for this dataset' });
      if ('gated' in spec) return json(401, { error: `Access to dataset ${name} is restricted. You must have access to it and be authenticated to access it.` }, { 'X-Error-Code': 'GatedRepo' });
      const [, config, split, file] = tail;
      const fileUrl = (c: string, s: string, i: number) => `${base}api/datasets/${name}/parquet/${encodeURIComponent(c)}/${encodeURIComponent(s)}/${i}.parquet`;
      const splitUrls = (c: string, s: string) => (spec.configs[c]?.[s] ?? []).map((_, i) => fileUrl(c, s, i));
      const configMap = (c: string) => Object.fromEntries(Object.keys(spec.configs[c] ?? {}).map((s) => [s, splitUrls(c, s)]));
      if (config === undefined) return json(200, Object.fromEntries(Object.keys(spec.configs).map((c) => [c, configMap(c)])));
      if (!spec.configs[config]) return json(404, { error: `Config '${config}' not found` });
      if (split === undefined) return json(200, configMap(config));
      const shards = spec.configs[config]?.[split];
      if (!shards) return json(404, { error: `Split '${split}' not found` });
      if (file === undefined) return json(200, splitUrls(config, split));
      const n = /^(\d+)\.parquet$/.exec(file);
      if (!n || Number(n[1]) >= shards.length) return json(404, { error: 'File not found' });
      const target = `/datasets/${name}/resolve/${CONVERT_REF}/${encodeURIComponent(config)}/${encodeURIComponent(split)}/${String(Number(n[1])).padStart(4, '0')}.parquet`;
      return send(302, { Location: target });
    }

    // /datasets/{name}/resolve/refs%2Fconvert%2Fparquet/{config}/{split}/{nnnn}.parquet
    const [resolveWord, ref, config, split, file] = rest.slice(name.length).split('/').filter(Boolean);
    const n = /^(\d{4})\.parquet$/.exec(file ?? '');
    const body = 'configs' in spec && resolveWord === 'resolve' && ref === CONVERT_REF && n ? spec.configs[decodeURIComponent(config ?? '')]?.[decodeURIComponent(split ?? '')]?.[Number(n[1])] : undefined;
    if (!body) return json(404, { error: 'Entry not found' }, { 'X-Error-Code': 'EntryNotFound' });
    const m = /^bytes=(\d+)-(\d*)$/.exec(range ?? '');
    if (m && opts.ranges !== false) {
      const start = Number(m[1]);
      const end = m[2] ? Math.min(Number(m[2]), body.length - 1) : body.length - 1;
      if (start >= body.length) return send(416, { 'Content-Range': `bytes */${body.length}` });
      return send(206, { 'Content-Range': `bytes ${start}-${end}/${body.length}`, 'Content-Type': 'application/octet-stream', 'Accept-Ranges': 'bytes' }, body.subarray(start, end + 1));
    }
    return send(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.length), ...(opts.ranges !== false ? { 'Accept-Ranges': 'bytes' } : {}) }, body);
  });

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  base = `http://127.0.0.1:${port}/`;
  return {
    url: base,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
