/**
 * `npm run bench:browser -- --link 40,20`: the benchmarks' pages served through a link of 40 Mbit/s
 * shared by every connection, with 20 ms before each response starts (a round trip on a kept-alive
 * connection), in front of the local preview server. On localhost a first visit downloads its
 * 12 MB (compressed) for free, so "second visit ÷ first" there compares two visits that both only
 * compute; over a link the first visit also pays for its bytes, as a newcomer's does, and a second
 * visit served by the service worker and the HTTP cache does not (issue 44). Bytes go through as
 * the server sends them (precompressed), so the link carries what a real one would.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The link's settings: megabits per second and milliseconds before each response's first byte. */
export interface LinkSpec {
  mbps: number;
  rttMs: number;
}

/** Parses "40,20" (Mbit/s, ms) into a LinkSpec; throws on anything else. */
export function parseLink(text: string): LinkSpec {
  const [mbps, rttMs] = text.split(',').map(Number);
  if (!(mbps! > 0) || !(rttMs! >= 0) || !Number.isFinite(mbps) || !Number.isFinite(rttMs)) throw new Error(`--link wants "<Mbit/s>,<ms>", e.g. 40,20; got "${text}"`);
  return { mbps: mbps!, rttMs: rttMs! };
}

/** The link in words, e.g. '40 Mbit/s, 20 ms'. */
export const linkText = (l: LinkSpec) => `${l.mbps} Mbit/s, ${l.rttMs} ms`;

const wait = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/** Starts the link in front of `upstream` (an http://host:port/ URL); returns its own base URL. */
export async function throttledLink(upstream: string, link: LinkSpec): Promise<{ url: string; close(): Promise<void> }> {
  const up = new URL(upstream);
  const bytesPerMs = (link.mbps * 1e6) / 8 / 1000;
  // When the shared link is next free: every response's bytes queue behind the others'.
  let linkFree = 0;
  /** Sends `chunk` once the link has carried everything queued before it. */
  const carry = async (res: ServerResponse, chunk: Buffer) => {
    const now = performance.now();
    linkFree = Math.max(linkFree, now) + chunk.length / bytesPerMs;
    await wait(linkFree - now);
    res.write(chunk);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const forward = request({ host: up.hostname, port: up.port, path: req.url, method: req.method, headers: { ...req.headers, host: up.host } }, (upRes) => {
      void (async () => {
        await wait(link.rttMs);
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        for await (const chunk of upRes) await carry(res, chunk as Buffer);
        res.end();
      })().catch(() => res.destroy());
    });
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, 'localhost', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
