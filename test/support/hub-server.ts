/**
 * A local stand-in for the Hugging Face Hub: serves model folders under the Hub's URL layout
 * `/{owner}/{name}/resolve/{revision}/{file}`, answers Range requests like the Hub's CDN, sends
 * CORS headers for browsers, records every request and can throttle responses so progress shows.
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface HubRequest {
  method: string;
  path: string;
  range: string | null;
}

export interface MockHub {
  url: string;
  requests: HubRequest[];
  close(): Promise<void>;
}

/** Repos: id → directory on disk, or a map of file → contents. */
export type RepoSpec = string | Record<string, string | Uint8Array>;

/** Starts the mock Hub on 127.0.0.1 with a free port. `chunkDelayMs` slows big files down in chunks. */
export async function startMockHub(repos: Record<string, RepoSpec>, opts: { chunkDelayMs?: number } = {}): Promise<MockHub> {
  const requests: HubRequest[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, range: (req.headers.range as string | undefined) ?? null });
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', '*');
    res.setHeader('Access-Control-Expose-Headers', 'Content-Length, Content-Range, ETag');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    const m = /^\/([^/]+\/[^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(decodeURIComponent(url.pathname));
    const body = m ? fileOf(repos[m[1] as string], m[3] as string) : null;
    if (!body) {
      res.writeHead(404, { 'Content-Type': 'text/plain', 'X-Error-Code': 'EntryNotFound' }).end('Entry not found');
      return;
    }
    const range = /^bytes=(\d+)-(\d*)$/.exec((req.headers.range as string | undefined) ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
      res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${body.length}`, 'Content-Length': String(end - start + 1) });
      res.end(body.subarray(start, end + 1));
      return;
    }
    res.writeHead(200, { 'Content-Length': String(body.length), 'Content-Type': 'application/octet-stream' });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const delay = opts.chunkDelayMs ?? 0;
    if (!delay || body.length < 256 * 1024) {
      res.end(body);
      return;
    }
    // Trickle large files so download progress is observable.
    const chunk = Math.ceil(body.length / 8);
    let off = 0;
    const step = () => {
      if (off >= body.length) return void res.end();
      res.write(body.subarray(off, off + chunk));
      off += chunk;
      setTimeout(step, delay);
    };
    step();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

function fileOf(repo: RepoSpec | undefined, file: string): Buffer | null {
  if (repo === undefined) return null;
  if (typeof repo === 'string') {
    const p = join(repo, file);
    return existsSync(p) && statSync(p).isFile() ? readFileSync(p) : null;
  }
  const v = repo[file];
  if (v === undefined) return null;
  return typeof v === 'string' ? Buffer.from(v) : Buffer.from(v);
}
