/**
 * Two visits in one persistent Chromium profile with the service worker on (issue 44), counted at
 * the server: the first visit fetches no file twice, the manifest and the icons included (they were
 * fetched twice: the manifest's precache entry had no integrity hash, so install could not reuse the
 * browser's copy, and the browser revalidated the no-cache favicon.svg within the visit); the second
 * visit, served by the worker, fetches none of them. A throwaway context (first-visit.e2e) does not
 * show this: the browser fetches the manifest and the icons for a profile that keeps them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meterTraffic, repeatedPaths, type Fetch, type TrafficMeter } from '../../scripts/lib/traffic.ts';
import { chromiumPath, launchArgs, startPreview } from './harness.ts';

let server: PreviewServer;
let url: string;
let meter: TrafficMeter;
const profile = mkdtempSync(join(tmpdir(), 'qarx-visits-'));
const errors: string[] = [];
const ICONS = ['/manifest.webmanifest', '/favicon.svg', '/favicon.ico'];

beforeAll(async () => {
  ({ server, url } = await startPreview());
  meter = meterTraffic(server.httpServer as HttpServer);
});
afterAll(async () => {
  meter?.stop();
  await server?.close();
  rmSync(profile, { recursive: true, force: true });
});

/** One visit in the persistent profile: until the answer shows and the service worker is active; the server's fetches meanwhile. */
async function visit(): Promise<Fetch[]> {
  meter.mark();
  const context: BrowserContext = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: launchArgs(false), serviceWorkers: 'allow' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${url}?device=wasm`);
    await page.getByTestId('answer-highlight').waitFor({ timeout: 180_000 });
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    // The browser reads the manifest on its own schedule; asking for it (as DevTools does) makes it now.
    const cdp = await context.newCDPSession(page);
    const { url: manifestUrl } = await cdp.send('Page.getAppManifest');
    expect(manifestUrl).toMatch(/manifest\.webmanifest$/);
    return [...meter.fetches];
  } finally {
    await context.close();
  }
}

describe('two visits in a persistent profile', () => {
  let first: Fetch[] = [];
  it('the first visit fetches no file twice, the manifest and the icons included', async () => {
    first = await visit();
    expect(repeatedPaths(first)).toEqual([]);
    expect(first.filter((f) => f.path === '/manifest.webmanifest' || f.path === '/favicon.svg').map((f) => f.path).sort()).toEqual(['/favicon.svg', '/manifest.webmanifest']);
  }, 300_000);

  it('the second visit fetches none of them again', async () => {
    const second = await visit();
    expect(second.filter((f) => ICONS.includes(f.path)).map((f) => `${f.path} ${f.status}`)).toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);
});
