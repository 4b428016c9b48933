/**
 * Issue 44, the second visit: Chromium's compiled code for ONNX Runtime's wasm, written on the first
 * visit, is read back on the next one (service worker allowed, one persistent profile, WASM).
 * Before, the second visit got the wasm from the service worker's precache, where no code was kept,
 * and V8 compiled ONNX Runtime again (src/core/runtime/direct-wasm.ts). Read from Chrome's trace:
 * `v8.wasm.moduleCacheHit` is Blink's event for a code-cache hit on a streamed wasm.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { chromiumPath, launchArgs, useServer } from './harness.ts';
import { wasmCodeCacheBytes } from '../../scripts/lib/second-visit.ts';

const server = useServer();
const profile = mkdtempSync(join(tmpdir(), 'qarx-wasm-cache-'));
afterAll(() => rmSync(profile, { recursive: true, force: true }));

/** Opens the profile (service worker allowed) and the app on WASM; resolves once it has answered. */
async function visit(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath(), headless: true, args: launchArgs(false), serviceWorkers: 'allow' });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}


describe('ONNX Runtime compiled once per browser, not once per visit', () => {
  it('writes the wasm code cache on the first visit and reads it back on the second', async () => {
    const first = await visit();
    try {
      await first.page.goto(`${server.url}?device=wasm`);
      await first.page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
      await first.page.evaluate(async () => void (await navigator.serviceWorker.ready));
      // Chromium writes the entry once V8 has optimised the module's hot functions; wait for the file.
      await expect.poll(() => wasmCodeCacheBytes(profile), { timeout: 120_000, interval: 500 }).toBeGreaterThan(100_000);
    } finally {
      await first.context.close();
    }
    const second = await visit();
    try {
      const cdp = await second.context.newCDPSession(second.page);
      const names: string[] = [];
      cdp.on('Tracing.dataCollected', (d) => void names.push(...(d.value as { name: string }[]).map((e) => e.name)));
      await cdp.send('Tracing.start', { categories: 'disabled-by-default-devtools.timeline,v8.wasm', transferMode: 'ReportEvents' });
      await second.page.goto(`${server.url}?device=wasm`);
      await second.page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
      expect(await second.page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
      const complete = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
      await cdp.send('Tracing.end');
      await complete;
      expect(names).toContain('v8.wasm.streamFromResponseCallback');
      expect(names).toContain('v8.wasm.moduleCacheHit');
    } finally {
      await second.context.close();
    }
  });
});
