/**
 * The first visit (issue 29.2), counted at the server: with the service worker on, a WASM first
 * visit fetches no file twice (the worker's install reuses the page's downloads), never fetches
 * ONNX Runtime's WebGPU-capable build, and gets the wasm and the model compressed (Content-Encoding)
 * with bytes that decode to the built files; ONNX Runtime starts before the weights are asked for;
 * a second visit with the network cut still answers.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server as HttpServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { ROOT, startPreview, useBrowser } from './harness.ts';
import { meterTraffic, repeatedPaths, type Fetch, type TrafficMeter } from '../../scripts/lib/traffic.ts';

const chrome = useBrowser();
let server: PreviewServer;
let url: string;
let meter: TrafficMeter;
let context: BrowserContext;
let page: Page;
let first: Fetch[] = [];
const errors: string[] = [];
/** Paths the browser asked for, in the order it asked (the page's and its workers'). */
const asked: string[] = [];

beforeAll(async () => {
  ({ server, url } = await startPreview());
  meter = meterTraffic(server.httpServer as HttpServer);
  context = await chrome.browser.newContext({ serviceWorkers: 'allow' });
  context.on('request', (r) => asked.push(new URL(r.url()).pathname));
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
});
afterAll(async () => {
  meter?.stop();
  await context?.close();
  await server?.close();
});

const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('the first visit', () => {
  it('answers, installs the service worker, and fetches no file twice', async () => {
    await page.goto(`${url}?device=wasm`);
    await page.getByTestId('answer-highlight').waitFor({ timeout: 180_000 });
    // The visit is over once the service worker is active: its precache is complete.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    first = [...meter.fetches];
    expect(repeatedPaths(first)).toEqual([]);
    const paths = first.map((f) => f.path);
    expect(paths).toContain('/ort/ort-wasm-simd-threaded.wasm');
    expect(paths).toContain('/models/qarx-lexical-qa/onnx/model.onnx');
    expect(paths.filter((p) => p.includes('asyncify'))).toEqual([]);
    expect(first.filter((f) => f.status >= 400)).toEqual([]);
  }, 300_000);

  it('starts ONNX Runtime before asking for the weights, so its start-up overlaps the model download', () => {
    const ort = asked.indexOf('/ort/ort-wasm-simd-threaded.mjs');
    const weights = asked.indexOf('/models/qarx-lexical-qa/onnx/model.onnx');
    expect(ort).toBeGreaterThanOrEqual(0);
    expect(weights).toBeGreaterThan(ort);
  });

  it('got the wasm, the model and the tokenizer compressed', () => {
    for (const p of ['/ort/ort-wasm-simd-threaded.wasm', '/models/qarx-lexical-qa/onnx/model.onnx', '/models/qarx-lexical-qa/tokenizer.json']) {
      expect(first.find((f) => f.path === p)?.encoding, p).toMatch(/^(br|gzip)$/);
    }
  });

  it('serves compressed files with their own Content-Type, decoding to the built bytes', async () => {
    for (const [p, type] of [
      ['ort/ort-wasm-simd-threaded.wasm', 'application/wasm'],
      ['models/qarx-lexical-qa/onnx/model.onnx', 'application/octet-stream'],
    ] as const) {
      for (const enc of ['br', 'gzip']) {
        const r = await context.request.get(`${url}${p}`, { headers: { 'Accept-Encoding': enc } });
        expect(r.headers()['content-encoding'], `${p} ${enc}`).toBe(enc);
        expect(r.headers()['content-type']).toBe(type);
        // Playwright's request decodes the body as a browser would.
        expect(sha(await r.body())).toBe(sha(readFileSync(join(ROOT, 'dist', p))));
      }
    }
    // And the page's own fetch (through the service worker now) decodes to the same bytes.
    const inPage = await page.evaluate(async () => {
      const b = await (await fetch('ort/ort-wasm-simd-threaded.wasm')).arrayBuffer();
      return Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', b)), (x) => x.toString(16).padStart(2, '0')).join('');
    });
    expect(inPage).toBe(sha(readFileSync(join(ROOT, 'dist', 'ort', 'ort-wasm-simd-threaded.wasm'))));
  });

  it('a second visit with the network cut and the server stopped still answers', async () => {
    await server.close();
    await context.setOffline(true);
    const second = await context.newPage();
    second.on('pageerror', (e) => errors.push(e.message));
    await second.goto(`${url}?device=wasm`);
    await second.getByTestId('answer-highlight').waitFor({ timeout: 180_000 });
    expect((await second.getByTestId('answer-highlight').textContent())?.trim()).not.toBe('');
    expect(errors).toEqual([]);
  }, 300_000);
});
