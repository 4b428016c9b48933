/**
 * What the service worker stores, and when. Installing it precaches what the app needs on WASM
 * (the app, the plain ONNX Runtime build and the shipped model); files only another device or
 * precision needs (ONNX Runtime's WebGPU-capable build, the 8-bit weights) are cached the first
 * time they are used. Pure, so the split is unit-tested.
 */

/** One file of the build as the precache manifest lists it (integrity: its SRI hash, added at build). */
export interface PlanEntry {
  url: string;
  revision: string | null;
  integrity?: string;
}

/** Files cached on first use rather than at install: the WebGPU-capable runtime and 8-bit weights. */
export const ON_DEMAND: readonly RegExp[] = [/(^|\/)ort\/ort-wasm-simd-threaded\.asyncify\.(wasm|mjs)$/, /(^|\/)models\/[^/]+\/onnx\/model_quantized\.onnx$/];

/** Splits the manifest into what install precaches and what is cached on first use. */
export function splitManifest<E extends PlanEntry>(entries: readonly E[]): { precache: E[]; onDemand: E[] } {
  const lazy = (e: E) => ON_DEMAND.some((r) => r.test(e.url));
  return { precache: entries.filter((e) => !lazy(e)), onDemand: entries.filter(lazy) };
}

/** The key an on-demand file is cached under: its URL and revision, so a new build's file replaces the old one. */
export function onDemandKey(url: string, revision: string | null): string {
  const u = new URL(url);
  if (revision) u.searchParams.set('__WB_REVISION__', revision);
  return u.href;
}

/**
 * URLs whose answer in the browser's HTTP cache may be the file at `url` (same bytes, checked by
 * its integrity): the file itself and, for the app's HTML, the pages open on it (their navigation
 * fetched index.html as /?query). Only same-origin URLs, e.g. ('…/index.html', ['…/?device=wasm']).
 */
export function reuseCandidates(url: string, clientUrls: readonly string[]): string[] {
  const target = new URL(url);
  if (!target.pathname.endsWith('/index.html')) return [target.href];
  const dir = target.pathname.slice(0, -'index.html'.length);
  const pages = clientUrls.map((c) => new URL(c)).filter((c) => c.origin === target.origin && (c.pathname === dir || c.pathname === target.pathname));
  return [...new Set([target.href, ...pages.map((p) => p.href.replace(/#.*$/, ''))])];
}
