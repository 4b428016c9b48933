/**
 * Universal names as a user meets them (shipped model, WASM, demo set): the Experiments card runs
 * K candidate names, shows the top names as a table and a chart with the run's record, and a
 * cancelled run keeps the names finished, marked partial.
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
  await page.getByTestId('tab-experiments').click();
  await page.getByTestId('universal-card').waitFor({ timeout: 30_000 });
});
afterAll(async () => {
  await browser.close();
  await server.close();
});

const card = () => page.getByTestId('universal-card');

describe('universal names', () => {
  it('ranks K names on the demo set and shows the table, chart and run record', async () => {
    await page.getByTestId('universal-k').fill('12');
    await page.getByTestId('universal-top').fill('6');
    await page.getByTestId('universal-run').click();
    await page.getByTestId('universal-table').waitFor({ timeout: 180_000 });
    await expect.poll(async () => page.getByTestId('universal-progress').count(), { timeout: 180_000 }).toBe(0);
    const rows = page.getByTestId('universal-row');
    expect(await rows.count()).toBe(6);
    // "#, name, changed, tried, share, drop": ranks 1…6, counts never rising down the table.
    const cells = await Promise.all((await rows.all()).map(async (r) => (await r.locator('td').allTextContents()).map((t) => t.trim())));
    expect(cells.map((c) => c[0])).toEqual(['1', '2', '3', '4', '5', '6']);
    const changed = cells.map((c) => Number(c[2]));
    for (let k = 1; k < changed.length; k++) expect(changed[k - 1]).toBeGreaterThanOrEqual(changed[k] as number);
    for (const c of cells) expect(Number(c[2])).toBeLessThanOrEqual(Number(c[3]));
    expect(await page.getByTestId('universal-summary').textContent()).toMatch(/^\d+ eligible questions .*12 of 12 names tried; top 6 shown\./);
    expect(await page.getByTestId('universal-record').textContent()).toMatch(/qarx-lexical-qa .*WASM.*candidates 12.*top 6/);
    expect(await page.getByTestId('universal-partial').count()).toBe(0);
    const chart = page.getByTestId('chart-universal');
    expect(await chart.textContent()).toContain('answers changed (count)');
    expect(await chart.locator('.recharts-yAxis .recharts-cartesian-axis-tick').count()).toBe(6);
    await card().scrollIntoViewIfNeeded();
    await card().screenshot({ path: await shot(page, 'universal-full') });
  });

  it('cancels a run: the names finished stay, marked partial', async () => {
    await page.getByTestId('universal-k').fill('500');
    await page.getByTestId('universal-run').click();
    const progress = page.getByTestId('universal-progress');
    await progress.waitFor({ timeout: 30_000 });
    // Wait until some names are done, so the partial ranking has rows.
    await expect.poll(async () => (await progress.textContent()) ?? '', { timeout: 120_000 }).toMatch(/· ([1-9]\d*) of 500 names tried/);
    await page.getByTestId('universal-cancel').click();
    await page.getByTestId('universal-partial').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('universal-partial').textContent()).toMatch(/^Partial: cancelled after [1-9]\d* of 500 names/);
    expect(await card().textContent()).toContain('Cancelled');
    expect(await page.getByTestId('universal-row').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="universal-row"].partial-row').count()).toBe(await page.getByTestId('universal-row').count());
    expect(await page.getByTestId('chart-universal').textContent()).toContain('partial');
    await card().scrollIntoViewIfNeeded();
    await shot(page, 'universal-partial');
  });

  it('fits a phone screen and logs no page errors', async () => {
    await page.setViewportSize({ width: 390, height: 900 });
    await card().scrollIntoViewIfNeeded();
    const box = await card().boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    await card().screenshot({ path: await shot(page, 'universal-phone') });
    await page.setViewportSize({ width: 1440, height: 1000 });
    expect(errors).toEqual([]);
  });
});
