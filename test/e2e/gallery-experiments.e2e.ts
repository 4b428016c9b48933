/**
 * The failure gallery fed by the entity experiments (shipped model, WASM): a sweep and a worst/best
 * budget over the demo set put their C2W cases in the gallery, grouped by perturbation, with the
 * diff of the two passages; "Open live" opens a sweep case as the same seeded renaming and the
 * live renamed answer is the gallery's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { launch, openApp, shot, startPreview } from './harness.ts';

let server: PreviewServer;
let url: string;
let browser: Browser;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  ({ server, url } = await startPreview());
  browser = await launch(false);
  page = await openApp(browser, url, 'device=wasm', errors);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const heads = () => page.getByTestId('gallery').locator('.gallery-group > h3').allTextContents();

describe('gallery cases from the entity experiments', () => {
  it('a sweep and a worst/best budget put their C2W cases in the gallery, grouped by perturbation', async () => {
    await page.getByTestId('tab-experiments').click();
    await page.getByTestId('sweep-card').waitFor({ timeout: 30_000 });
    await page.getByTestId('sweep-seeds').fill('2');
    await page.getByTestId('sweep-run').click();
    await page.getByTestId('sweep-progress').waitFor({ timeout: 30_000 });
    await expect.poll(async () => page.getByTestId('sweep-progress').count(), { timeout: 300_000 }).toBe(0);
    await page.getByTestId('budget-source').selectOption('randstr');
    await page.getByTestId('budget-b').fill('5');
    await page.getByTestId('budget-run').click();
    await page.getByTestId('budget-table').waitFor({ timeout: 300_000 });

    await page.getByTestId('gallery-toggle').click();
    await page.getByTestId('gallery').waitFor();
    const h = await heads();
    expect(h.some((x) => x.startsWith('entity renaming: '))).toBe(true);
    expect(h.some((x) => x.startsWith('worst-case renaming: '))).toBe(true);
    // At most 40 cases per run.
    const n = await page.getByTestId('gallery-case').count();
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(80);
    const sweepGroup = page.getByTestId('gallery').locator('.gallery-group').filter({ has: page.locator('h3', { hasText: /^entity renaming: / }) }).first();
    const kase = sweepGroup.getByTestId('gallery-case').first();
    expect(await kase.getByTestId('gallery-diff').locator('ins, del').count()).toBeGreaterThan(0);
    await shot(page, 'gallery-experiments');
  });

  it('"Open live" opens a sweep case as the same seeded renaming, with the same renamed answer', async () => {
    const sweepGroup = page.getByTestId('gallery').locator('.gallery-group').filter({ has: page.locator('h3', { hasText: /^entity renaming: / }) }).first();
    const kase = sweepGroup.getByTestId('gallery-case').first();
    const original = (await kase.getByTestId('gallery-original-answer').locator('b').textContent())!.trim();
    const perturbed = (await kase.getByTestId('gallery-perturbed-answer').locator('b').textContent())!.trim();
    const inserted = await kase.getByTestId('gallery-diff').locator('ins').allTextContents();
    const id = (await kase.locator('.catalog-id').textContent())!.split('·')[1]!.trim();
    await kase.getByTestId('gallery-open').click();
    await expect.poll(() => page.getByTestId('gallery').count()).toBe(0);
    await expect.poll(async () => (await page.getByTestId('instance-head').textContent()) ?? '', { timeout: 30_000 }).toContain(id);
    await page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    await expect.poll(async () => ((await page.getByTestId('rename-perturbed-text').textContent()) ?? '').trim(), { timeout: 60_000 }).not.toBe('…');
    const diff = (await page.getByTestId('rename-diff').textContent()) ?? '';
    for (const w of inserted) expect(diff).toContain(w.trim());
    const live = ((await page.getByTestId('rename-perturbed-text').textContent()) ?? '').trim();
    expect(live === perturbed || (perturbed === 'No answer' && live === '')).toBe(true);
    expect((await page.getByTestId('answer-text').textContent())?.trim()).toBe(original);
    await shot(page, 'gallery-experiments-open-live');
    expect(errors).toEqual([]);
  });
});
