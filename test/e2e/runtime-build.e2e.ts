/**
 * The ONNX Runtime build follows the first load: a page that starts on WASM runs the plain wasm
 * build, and a model added on WebGPU afterwards restarts the worker with the WebGPU build, after
 * which both models are loaded, each on its device, and the shipped model still answers.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSection, shot, useApp } from './harness.ts';
import { TINY, useTinyHub } from './tiny-hub.ts';

let page: Page;
const wasmFetches: string[] = [];

const app = useApp({ webgpu: true });
const hub = useTinyHub('qarx-build-');

describe('ONNX Runtime build per device', () => {
  it('starts the plain wasm build for a WASM page', async () => {
    page = await app.browser.newPage({ viewport: { width: 1440, height: 1100 } });
    // Requests from workers reach the page's 'request' event in Chromium.
    page.on('request', (r) => {
      if (r.url().endsWith('.wasm')) wasmFetches.push(new URL(r.url()).pathname);
    });
    page.on('pageerror', (e) => app.errors.push(e.message));
    await page.goto(`${app.url}?device=wasm&hub=${encodeURIComponent(hub.url)}`);
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('active-device').textContent()).toBe('WASM');
    expect(wasmFetches).toEqual(['/ort/ort-wasm-simd-threaded.wasm']);
  });

  it('a model added on WebGPU restarts the worker with the WebGPU build and both models load', async () => {
    await openSection(page, 'models');
    await page.getByLabel('Hub id of a model to add').fill(TINY);
    await page.getByLabel('Device of the added model').selectOption({ label: 'WebGPU' });
    await page.getByTestId('add-model').click();
    const ready = (key: string) => page.locator(`[data-testid="loaded-model"][data-key="${key}"][data-status="ready"]`);
    await ready('m2').waitFor({ timeout: 150_000 });
    expect(await ready('m2').textContent()).toContain('webgpu · ');
    // The shipped model still answers in Live.
    await openSection(page, 'live');
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('active-device').textContent()).toBe('WASM');
    expect(wasmFetches).toContain('/ort/ort-wasm-simd-threaded.asyncify.wasm');
    await shot(page, 'runtime-build-webgpu-added');
    expect(app.errors).toEqual([]);
  });
});
