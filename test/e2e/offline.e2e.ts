/**
 * Offline after the first visit (production build, service worker allowed, shipped model, WASM):
 * /favicon.ico is served; with the network cut and the server gone, a reload still opens the app
 * and the model answers; the app says when it is ready for offline use (once); and (on a fresh server) a new version of the service worker brings up
 * "A new version is available — Reload", Reload switches to it, and a reload offline after that still works.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ROOT, shot, useBrowser, useServer } from './harness.ts';

// Not useApp(): its pages block service workers, and this suite is about the service worker.
const server = useServer();
const chrome = useBrowser();
let context: BrowserContext;
let page: Page;
const errors: string[] = [];
const SW = join(ROOT, 'dist', 'sw.js');
const original = readFileSync(SW, 'utf8');

/** A fresh context that lets the app's service worker register, and a page in it. */
async function openContext(): Promise<void> {
  context = await chrome.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
  page = await context.newPage();
}

beforeAll(async () => {
  await openContext();
  page.on('pageerror', (e) => errors.push(e.message));
});
// Registered last, so it runs first: dist/sw.js is restored before the browser and the server close.
afterAll(() => writeFileSync(SW, original));

/** The scriptURL of the service worker controlling the page, or null. */
const controller = () => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

describe('offline after the first visit', () => {
  it('serves /favicon.ico (an .ico) and the SVG icon', async () => {
    const ico = await context.request.get(`${server.url}favicon.ico`);
    expect(ico.status()).toBe(200);
    expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const svg = await context.request.get(`${server.url}favicon.svg`);
    expect(svg.status()).toBe(200);
    expect(await svg.text()).toContain('<svg');
  });

  it('installs a service worker that precaches the app, ONNX Runtime and the model', async () => {
    await page.goto(`${server.url}?device=wasm`);
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    // ready resolves once the worker is active, i.e. after every precache entry was fetched.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(server.url);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
      return urls;
    });
    // The plain build WASM runs on; the WebGPU-capable build is cached only once WebGPU is used.
    expect(cached.some((u) => u.endsWith('/ort/ort-wasm-simd-threaded.wasm'))).toBe(true);
    expect(cached.some((u) => u.includes('asyncify'))).toBe(false);
    expect(cached.some((u) => u.endsWith('/models/qarx-lexical-qa/onnx/model.onnx'))).toBe(true);
    expect(cached.some((u) => u.endsWith('/index.html'))).toBe(true);
    // Issue 44: the app says when the install has finished (it can come half a minute after the visit).
    const offline = page.getByTestId('offline-ready');
    await offline.waitFor();
    expect(await offline.textContent()).toContain('Ready for offline use');
    await shot(page, 'offline-ready');
    await page.reload();
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    expect(await controller()).toMatch(/\/sw\.js$/);
    expect(await page.getByTestId('update-banner').count()).toBe(0);
    // Said once: an installed worker does not announce itself again on the next visit.
    expect(await page.getByTestId('offline-ready').count()).toBe(0);
  });

  it('reloads and answers with the network cut and the server stopped', async () => {
    expect(await controller()).toMatch(/\/sw\.js$/);
    await server.stop();
    // Nothing answers at the app's address any more: the reload below can only come from the service worker.
    await expect(context.request.get(server.url)).rejects.toThrow();
    await context.setOffline(true);
    const online = await page.evaluate(() => navigator.onLine);
    await page.evaluate(() => location.reload());
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    expect(online).toBe(false);
    expect((await page.getByTestId('answer-highlight').textContent())?.trim()).not.toBe('');
    await page.getByTestId('question-input').fill('Who noticed that a mould had killed the bacteria on a culture plate?');
    await shot(page, 'offline-reload');
    expect(errors).toEqual([]);
  });

  it('says when a new version is available and Reload switches to it', async () => {
    await server.restart();
    await context.close();
    await openContext();
    await page.goto(`${server.url}?device=wasm`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.reload();
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    expect(await controller()).toMatch(/\/sw\.js$/);
    // A new build: index.html's precache revision differs (same length, so the static server's size still holds).
    // Each URL is listed once: two entries of one URL with different revisions would fail the install.
    expect(original.match(/"url":"manifest\.webmanifest"/g)).toHaveLength(1);
    const changed = original.replace(/"revision":"([0-9a-f])(\w*","url":"index\.html")/, (_, c: string, rest: string) => `"revision":"${c === '0' ? '1' : '0'}${rest}`);
    expect(changed).not.toBe(original);
    writeFileSync(SW, changed);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.getByTestId('update-banner').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('update-banner').textContent()).toContain('A new version is available');
    await shot(page, 'offline-update-banner');
    const reloaded = page.waitForEvent('load', { timeout: 120_000 });
    await page.getByTestId('update-reload').click();
    await reloaded;
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('update-banner').count()).toBe(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
    // The new worker is the one in charge: the precache holds index.html under its new revision only.
    const revision = changed.match(/"revision":"(\w+)","url":"index\.html"/)?.[1];
    const cachedIndex = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) if (new URL(r.url).pathname.endsWith('/index.html')) urls.push(new URL(r.url).search);
      return urls;
    });
    expect(cachedIndex).toEqual([`?__WB_REVISION__=${revision}`]);
    // Two first loads (the service worker registers once the model has loaded) and an update: more than the default under load.
  }, 420_000);

  it('after the update and Reload, reloads again with the network cut and the server stopped', async () => {
    expect(await controller()).toMatch(/\/sw\.js$/);
    await server.stop();
    // Nothing answers at the app's address any more: the reload below can only come from the service worker.
    await expect(context.request.get(server.url)).rejects.toThrow();
    await context.setOffline(true);
    await page.evaluate(() => location.reload());
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    expect((await page.getByTestId('answer-highlight').textContent())?.trim()).not.toBe('');
    expect(await page.getByTestId('update-banner').count()).toBe(0);
    await shot(page, 'offline-after-update');
    expect(errors).toEqual([]);
  });

});
