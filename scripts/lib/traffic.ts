/**
 * What a browser really fetched from a local server, counted at the server: every request's path,
 * status and encoding, and the bytes written to the sockets (headers and bodies, as on the wire).
 * The browser's own logs miss requests a service worker makes while installing and hide which
 * answers came from its caches; the server sees exactly what crossed the network.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** One request the server answered. */
export interface Fetch {
  method: string;
  /** Path without the query string, e.g. /ort/ort-wasm-simd-threaded.wasm. */
  path: string;
  status: number;
  /** The Content-Encoding of the answer (gzip, br) or null when sent as is. */
  encoding: string | null;
}

/** Counts one server's traffic from now on; `mark()` starts a new phase (e.g. the second visit). */
export interface TrafficMeter {
  /** Requests answered since the last mark, in order. */
  readonly fetches: readonly Fetch[];
  /** Bytes written to the sockets since the last mark. */
  bytes(): number;
  /** Starts a new phase: fetches and bytes count from here. */
  mark(): void;
  /** Stops listening. */
  stop(): void;
}

/** Paths requested more than once in `fetches`, with their counts, e.g. [['/index.html', 2]]. */
export function repeatedPaths(fetches: readonly Fetch[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const f of fetches) counts.set(f.path, (counts.get(f.path) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1);
}

/** Starts counting the requests and socket bytes of `server`. */
export function meterTraffic(server: Server): TrafficMeter {
  const sockets = new Set<Socket>();
  let fetches: Fetch[] = [];
  let base = 0;
  const written = () => [...sockets].reduce((s, k) => s + k.bytesWritten, 0);
  const onConnection = (s: Socket) => sockets.add(s);
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    // Vite's own listener runs first and may rewrite req.url (/ → /index.html); connect keeps the original.
    const path = new URL((req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/', 'http://x').pathname;
    const list = fetches;
    res.on('finish', () => {
      const enc = res.getHeader('content-encoding');
      list.push({ method: req.method ?? 'GET', path, status: res.statusCode, encoding: typeof enc === 'string' ? enc : null });
    });
  };
  server.on('connection', onConnection);
  server.on('request', onRequest);
  return {
    get fetches() {
      return fetches;
    },
    bytes: () => written() - base,
    mark() {
      fetches = [];
      base = written();
    },
    stop() {
      server.off('connection', onConnection);
      server.off('request', onRequest);
    },
  };
}
