/**
 * ONNX Runtime's wasm is fetched past the service worker while the network answers, so Chromium's
 * compiled-code cache for it is read back on every visit (issue 44).
 *
 * Chromium keeps the code it compiled for a wasm response beside where that response came from:
 * the HTTP cache for a network response, the Cache Storage entry for one a service worker served
 * from its cache. The first visit has no service worker yet, so its code went beside the HTTP cache;
 * every later visit got the wasm from the precache, found no code there and compiled ONNX Runtime's
 * 14 MB again (and a short visit never wrote any). Traced (`v8.wasm.cachedModule` on the first visit,
 * no `v8.wasm.moduleCacheHit` after; docs/benchmarks.md "Every visit"). A service worker that answers
 * with `fetch(request)` does not help either: Chromium files that code under yet another entry.
 * Left to the network, the request revalidates (304) and the HTTP cache's code is reused. Offline,
 * the direct fetch fails and the service worker's copy answers as before.
 */

/** The request header that asks the service worker to leave a request to the network. */
export const DIRECT_HEADER = 'X-Qarx-Direct';

/** Whether a request carries DIRECT_HEADER, i.e. the service worker must not answer it. */
export function wantsDirect(headers: { get(name: string): string | null }): boolean {
  return headers.get(DIRECT_HEADER) === '1';
}

/** The URL a fetch input names, resolved against `here`. */
function urlOf(input: RequestInfo | URL, here: string): string {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(raw, here).href;
}

/**
 * Wraps `base` so that requests for `urls` go to the network first (DIRECT_HEADER set) and, when
 * that fails or answers with an error, are asked again without the header (the service worker's
 * copy). Every other request is `base`'s, unchanged.
 */
export function directFirst(base: typeof fetch, urls: readonly string[], here: string): typeof fetch {
  const direct = new Set(urls.map((u) => new URL(u, here).href));
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (!direct.has(urlOf(input, here))) return base(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set(DIRECT_HEADER, '1');
    try {
      const r = await base(input, { ...init, headers });
      if (r.ok) return r;
    } catch {
      // Offline or the server is down: the service worker's precached copy answers below.
    }
    return base(input, init);
  };
}
