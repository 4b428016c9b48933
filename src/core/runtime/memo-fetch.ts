/**
 * One download per file within one load of the app's own model. transformers.js reads some files
 * more than once in a load (config.json for the config, the tokenizer and the model; every file
 * again for its progress totals), and in a browser each read is a request. Repeated GETs of a URL
 * are answered from the first answer's bytes; ranges and other methods pass through.
 */

type Fetcher = (input: string | URL, init?: RequestInit) => Promise<Response>;

interface Stored {
  body: ArrayBuffer;
  status: number;
  statusText: string;
  headers: Headers;
}

/** Wraps `base` so that GETs of one URL share one request, e.g. two reads of config.json fetch it once. */
export function memoFetch(base: Fetcher): Fetcher {
  const seen = new Map<string, Promise<Stored>>();
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input.href;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' || new Headers(init?.headers).has('range')) return base(input, init);
    let stored = seen.get(url);
    if (!stored) {
      stored = base(input, init).then(async (r) => ({ body: await r.arrayBuffer(), status: r.status, statusText: r.statusText, headers: r.headers }));
      seen.set(url, stored);
      // A failed request (network, cancelled) is tried again by the next read.
      stored.catch(() => seen.delete(url));
    }
    const s = await stored;
    const empty = s.status === 204 || s.status === 205 || s.status === 304;
    return new Response(empty ? null : s.body, { status: s.status, statusText: s.statusText, headers: s.headers });
  };
}
