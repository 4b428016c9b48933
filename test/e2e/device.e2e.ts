/**
 * Device choice under SwiftShader (a software WebGPU adapter): Auto loads on WASM and says why,
 * the header shows device, precision, load time and windows/s of the last run; choosing WebGPU
 * by hand is honoured with a note. A generated XLM-R-layout model (SentencePiece Unigram) served
 * by the mock Hub answers with exact offsets on a multilingual passage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSection, shot, useApp } from './harness.ts';
import { startMockHub, type MockHub } from '../support/hub-server.ts';
import { familyRepo } from '../support/family-models.ts';

let hub: MockHub;

const PASSAGE = 'Émile Zola’s café is in Paris, France. 北京是中国的首都。 𠀀 and 😀 come last.';

beforeAll(async () => {
  hub = await startMockHub({ 'qarx-families/xlm-roberta-mini': familyRepo('xlm-roberta-mini', '▁Paris', '▁France') });
});
afterAll(async () => {
  await hub.close();
});

const app = useApp({ webgpu: true, query: () => `hub=${encodeURIComponent(hub.url)}`, width: 1280, height: 900 });

const answer = async (p: Page) => (await p.getByTestId('answer-highlight').textContent()) ?? '';

describe('device choice on a software WebGPU adapter (SwiftShader)', () => {
  it('Auto loads on WASM and says that the adapter is a software renderer', async () => {
    expect(await app.page.getByTestId('active-device').textContent()).toBe('WASM');
    // Headless Chromium reports SwiftShader as isFallbackAdapter, without naming it in GPUAdapterInfo.
    await openSection(app.page, 'models');
    expect(await app.page.getByTestId('device-reason').textContent()).toMatch(/^Auto chose WASM: the WebGPU adapter is a software renderer \((SwiftShader|a fallback adapter, no GPU)\)/);
    expect(await app.page.getByRole('radio', { name: 'Auto', exact: true }).getAttribute('aria-checked')).toBe('true');
    expect(await app.page.getByTestId('load-time').textContent()).toMatch(/^loaded in [\d.]+ (ms|s)$/);
    await expect.poll(async () => (await app.page.getByTestId('throughput').textContent()) ?? '', { timeout: 30_000 }).toMatch(/^[\d.]+ windows\/s$/);
    await shot(app.page, 'device-auto-swiftshader');
  });

  it('an XLM-R-layout model from the mock Hub answers with exact offsets on a multilingual passage', async () => {
    await openSection(app.page, 'models');
    await app.page.getByLabel('Hub model id').fill('qarx-families/xlm-roberta-mini');
    await app.page.getByRole('button', { name: 'Load', exact: true }).click();
    await expect.poll(async () => (await app.page.getByTestId('active-model').textContent()) ?? '', { timeout: 60_000 }).toMatch(/qarx-families\/xlm-roberta-mini/);
    expect(await app.page.getByTestId('model-error').count()).toBe(0);
    await openSection(app.page, 'live');
    await app.page.getByTestId('passage-input').fill(PASSAGE);
    await expect.poll(() => answer(app.page), { timeout: 60_000 }).toBe('Paris, France');
    expect(await app.page.getByTestId('active-device').textContent()).toBe('WASM');
    await openSection(app.page, 'models');
    expect(await app.page.getByTestId('device-reason').textContent()).toMatch(/^Auto chose WASM/);
    await expect.poll(async () => (await app.page.getByTestId('throughput').textContent()) ?? '', { timeout: 30_000 }).toMatch(/^[\d.]+ windows\/s$/);
    await shot(app.page, 'device-xlmr-mini-wasm');
  });

  it('choosing WebGPU by hand is honoured, with a note that WASM is usually faster', async () => {
    await app.page.getByRole('radio', { name: 'WebGPU', exact: true }).click();
    await expect.poll(() => app.page.getByTestId('active-device').textContent(), { timeout: 120_000 }).toBe('WebGPU');
    expect(await app.page.getByTestId('device-reason').textContent()).toMatch(/^WebGPU as chosen, but its adapter is a software renderer .*WASM is usually faster/);
    // The reload clears the last run's speed; a fresh number means the answer was computed on WebGPU
    // (the Live view computes it once it is open).
    await openSection(app.page, 'live');
    await expect.poll(async () => (await app.page.getByTestId('throughput').textContent()) ?? '', { timeout: 60_000 }).toMatch(/^[\d.]+ windows\/s$/);
    expect(await answer(app.page)).toBe('Paris, France');
    expect(await app.page.getByTestId('timing').textContent()).toMatch(/^WebGPU · inference/);
    await shot(app.page, 'device-webgpu-by-hand');
    expect(app.errors).toEqual([]);
  });

  it('the header badge stays readable at 390 px', async () => {
    await app.page.setViewportSize({ width: 390, height: 844 });
    const badge = app.page.getByTestId('runtime-badge');
    const box = await badge.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await shot(app.page, 'device-390px');
  });
});
