/**
 * What a user sees: the app loads the shipped model on WASM and on WebGPU (SwiftShader), answers a
 * typed question, highlights the answer in the passage and re-answers an edited passage.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSection, shot, useBrowser, useServer } from './harness.ts';

const server = useServer();

/** Waits until the answer card shows `text` as the answer. */
async function expectAnswer(page: Page, text: string): Promise<void> {
  await expect.poll(async () => (await page.getByTestId('answer-text').textContent())?.trim(), { timeout: 60_000 }).toBe(text);
}

describe.each([
  { device: 'wasm', label: 'WASM' },
  { device: 'webgpu', label: 'WebGPU' },
])('live view on $label', ({ device, label }) => {
  const chrome = useBrowser(device === 'webgpu');
  let page: Page;
  const errors: string[] = [];
  beforeAll(async () => {
    page = await chrome.browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}?device=${device}`);
  });

  it('loads the shipped model on the requested device and answers the demo question', async () => {
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await expect.poll(() => page.getByTestId('active-device').textContent()).toBe(label);
    await expectAnswer(page, 'Warsaw');
    expect(await page.getByTestId('answer-highlight').textContent()).toBe('Warsaw');
    expect(await page.getByTestId('load-time').textContent()).toMatch(/loaded in [\d.]+ (ms|s)/);
    expect(await page.getByTestId('nbest').locator('li').count()).toBeGreaterThanOrEqual(2);
    await shot(page, `live-${device}-initial`);
    // The Models page says the shipped model is a lexical baseline.
    await openSection(page, 'models');
    expect(await page.getByTestId('baseline-note').isVisible()).toBe(true);
    await openSection(page, 'live');
    await page.getByTestId('question-input').waitFor();
  });

  it('answers a typed question and highlights the answer', async () => {
    await page.getByTestId('question-input').fill('When did she move to Paris?');
    await expectAnswer(page, '1891');
    expect(await page.getByTestId('answer-highlight').textContent()).toBe('1891');
    expect(await page.getByTestId('answer-probability').textContent()).toMatch(/^\d+(\.\d)?%$/);
    await shot(page, `live-${device}-typed-question`);
  });

  it('re-answers live when the passage is edited', async () => {
    const passage = page.getByTestId('passage-input');
    const text = (await passage.inputValue()).replace('in 1891', 'in 1893');
    await passage.fill(text);
    await expectAnswer(page, '1893');
    expect(await page.getByTestId('answer-highlight').textContent()).toBe('1893');
    expect(await page.getByTestId('timing').textContent()).toMatch(new RegExp(`^${label} · inference [\\d.]+ (ms|s) · 1 window \\(1 computed, 0 from cache\\)`));
    await shot(page, `live-${device}-edited-passage`);
    expect(errors).toEqual([]);
  });

  it('renames the answer entity live on this device', async () => {
    await page.getByTestId('question-input').fill('Where was Marie Curie born?');
    await expectAnswer(page, 'Warsaw');
    await page.getByTestId('rename-toggle').click();
    await page.getByTestId('rename-category').waitFor({ timeout: 60_000 });
    const subs = (await page.getByTestId('substitutions').locator('.sub').allTextContents()).map((x) => x.replace(/\s+/g, ' ').trim());
    expect(subs).toEqual([expect.stringMatching(/^Warsaw → [A-Z]/)]);
    expect((await page.getByTestId('rename-original-text').textContent())?.trim()).toBe('Warsaw');
    expect(['C2C', 'C2W', 'partial']).toContain((await page.getByTestId('rename-category').textContent())?.trim());
    await shot(page, `live-${device}-entity-renaming`);
    expect(errors).toEqual([]);
  });
});
