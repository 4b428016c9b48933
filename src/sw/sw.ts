/// <reference lib="webworker" />
/**
 * The service worker of the production build (vite-plugin-pwa, injectManifest): offline after the
 * first visit, and no file fetched twice on it.
 *
 * - The page registers it once the model has loaded and no job runs (src/app/shell/offline-setup.ts), so
 *   everything the first answer needed is already in the browser's HTTP cache, and pauses the install
 *   while a job it starts later runs (install-pause.ts). Install takes those answers from there
 *   instead of the network, checked byte for byte against the integrity hash the build put in the
 *   manifest (a stale copy from an older deployment fails the check and is fetched anew).
 * - Install precaches what WASM needs (src/sw/plan.ts); ONNX Runtime's WebGPU-capable build and
 *   the 8-bit weights are cached the first time they are used (or at install, when the first
 *   visit already fetched them).
 * - A new version waits until the user chooses Reload (the SKIP_WAITING message); the very first
 *   one takes over the open page at once, so the files it loads later come from the precache.
 */
import type { WorkboxPlugin } from 'workbox-core/types.js';
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { onDemandKey, reuseCandidates, splitManifest, type PlanEntry } from './plan.ts';
import { wantsDirect } from '../core/runtime/direct-wasm.ts';
import { InstallPause, isPauseMessage } from './install-pause.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PlanEntry[] };

const ON_DEMAND_CACHE = 'qarx-on-demand';
const { precache, onDemand } = splitManifest(self.__WB_MANIFEST);
const absolute = (url: string) => new URL(url, self.location.href).href;

/** Whether the HTTP cache holds `url` with exactly the bytes `integrity` names (no network). */
async function inHttpCache(url: string, integrity: string): Promise<Response | null> {
  try {
    const r = await fetch(url, { cache: 'only-if-cached', mode: 'same-origin', credentials: 'same-origin', integrity });
    return r.ok ? r : null;
  } catch {
    return null; // not cached, or cached with other bytes
  }
}

/** The file at `url`: from the HTTP cache when its bytes match, else the network (checked when possible). */
async function fetchVerified(url: string, integrity: string | undefined): Promise<Response> {
  if (integrity) {
    try {
      return await fetch(url, { cache: 'force-cache', credentials: 'same-origin', integrity });
    } catch {
      // A stale copy or a host that rewrites files: take what the server sends now, as Workbox would.
    }
  }
  return fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
}

/** All of one install's pauses for the page's jobs: under Chromium's 5 minutes for an event. */
const installPause = new InstallPause(4 * 60_000);

/**
 * Install-time fetches of the precache wait while the page runs a job (install-pause.ts), then take
 * the page's copies from the HTTP cache when their bytes match.
 */
const reuseHttpCache: WorkboxPlugin = {
  async requestWillFetch({ request, event }) {
    if (event?.type !== 'install') return request;
    await installPause.wait();
    if (!request.integrity) return request;
    const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const url of reuseCandidates(request.url, pages.map((p) => p.url))) {
      const hit = await inHttpCache(url, request.integrity);
      // A fetch with integrity resolves only once the whole body matched; read it anyway to be sure.
      if (hit && (await hit.arrayBuffer().then(() => true, () => false))) {
        return new Request(url, { cache: 'force-cache', credentials: 'same-origin', integrity: request.integrity });
      }
    }
    return request;
  },
};

// Before Workbox's routes: ONNX Runtime's wasm asked for directly is left to the network and the HTTP
// cache, where Chromium keeps the code it compiled on the first visit (src/core/runtime/direct-wasm.ts).
self.addEventListener('fetch', (event) => {
  if (wantsDirect(event.request.headers)) event.stopImmediatePropagation();
});

addPlugins([reuseHttpCache]);
precacheAndRoute(precache);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html')));

const lazyByPath = new Map(onDemand.map((e) => [new URL(absolute(e.url)).pathname, e]));
const keyOf = (e: PlanEntry) => onDemandKey(absolute(e.url), e.revision);

// On-demand files: from their cache, else fetched once and kept for offline use.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && lazyByPath.has(url.pathname),
  async ({ url }) => {
    const entry = lazyByPath.get(url.pathname);
    if (!entry) return fetch(url.href);
    const cache = await caches.open(ON_DEMAND_CACHE);
    const hit = await cache.match(keyOf(entry));
    if (hit) return hit;
    const response = await fetchVerified(absolute(entry.url), entry.integrity);
    if (response.ok) await cache.put(keyOf(entry), response.clone());
    return response;
  },
);

/** Keeps on-demand files the first visit already fetched (e.g. on WebGPU), straight from the HTTP cache. */
async function adoptOnDemand(): Promise<void> {
  const cache = await caches.open(ON_DEMAND_CACHE);
  for (const e of onDemand) {
    if (!e.integrity || (await cache.match(keyOf(e)))) continue;
    const hit = await inHttpCache(absolute(e.url), e.integrity);
    if (hit) await cache.put(keyOf(e), hit).catch(() => undefined); // not kept: cached on first use
  }
}

/** Drops on-demand files of older builds. */
async function pruneOnDemand(): Promise<void> {
  const cache = await caches.open(ON_DEMAND_CACHE);
  const keep = new Set(onDemand.map(keyOf));
  for (const r of await cache.keys()) if (!keep.has(r.url)) await cache.delete(r);
}

let firstInstall = false;
self.addEventListener('install', (event) => {
  firstInstall = !self.registration.active;
  event.waitUntil(adoptOnDemand());
});
self.addEventListener('activate', (event) => {
  event.waitUntil(Promise.all([pruneOnDemand(), firstInstall ? self.clients.claim() : undefined]));
});
self.addEventListener('message', (event) => {
  if (isPauseMessage(event.data)) installPause.set(event.data.pause);
  else if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
