/**
 * Accessibility (axe-core in real Chromium, shipped model, WASM, demo set): zero serious or
 * critical violations on the live view (with the paraphrase control and trap panel open), each
 * experiment card with a result, the run history with a saved run reopened, the Storage panel,
 * the status banners, a seed-input error, the category-rule select, and a 390 px phone screen.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { launch, openApp, shot, startPreview } from './harness.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
let server: PreviewServer;
let url: string;
let browser: Browser;
let page: Page;
const errors: string[] = [];

// Another model host and wiki (never contacted here) bring up the host banners.
const QUERY = `device=wasm&test-hooks=1&hub=${encodeURIComponent('http://localhost:9/')}&wiki=${encodeURIComponent('http://localhost:9/w/api.php')}`;

beforeAll(async () => {
  ({ server, url } = await startPreview());
  browser = await launch(false);
  page = await openApp(browser, url, QUERY, errors);
});
afterAll(async () => {
  await browser.close();
  await server.close();
});

/** Serious and critical axe violations on the page (or inside `selector`), as "rule: target (message)". */
async function violations(selector?: string): Promise<string[]> {
  // The app's CSP forbids inline scripts (so addScriptTag is blocked); DevTools evaluation is not subject to it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
    const r = await axe.run(sel ? { include: [sel] } : document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)} (${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)})`));
  }, selector ?? null);
}

const tid = (id: string) => `[data-testid="${id}"]`;

describe('zero serious axe violations', () => {
  it('on the live view with the banners, the paraphrase control and the trap panel open', async () => {
    expect(await page.getByTestId('hub-host-notice').count()).toBe(1);
    expect(await page.getByTestId('wiki-host-notice').count()).toBe(1);
    expect.soft(await violations()).toEqual([]);
    await page.getByTestId('paraphrase-live').locator('summary').click();
    await page.getByTestId('trap-toggle').click();
    await page.getByTestId('trap-passage-trap').first().waitFor({ timeout: 60_000 });
    // Checked once answered: a panel being answered is dimmed on purpose.
    await expect.poll(() => page.locator('.busy').count(), { timeout: 120_000 }).toBe(0);
    // …and faded back in: .rename and .answer-card ease their opacity for 0.15 s, and axe must not read a colour mid-fade.
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('.rename, .answer-card, .entity-panel')].every((e) => getComputedStyle(e).opacity === '1')), { timeout: 30_000 }).toBe(true);
    expect.soft(await violations()).toEqual([]);
    await shot(page, 'a11y-live');
  });

  it('on the worker-restart banner', async () => {
    await page.evaluate(() => (window as unknown as { qarxTest: { worker(w: string, a: string): void } }).qarxTest.worker('data', 'close'));
    await page.getByTestId('worker-notice').waitFor({ timeout: 60_000 });
    expect.soft(await violations(tid('worker-notice'))).toEqual([]);
    await page.getByTestId('worker-notice').getByRole('button', { name: 'Dismiss' }).click();
  });

  it('on the Experiments view with a sweep, universal names, DPR and trap result', async () => {
    await page.getByTestId('tab-experiments').click();
    await page.getByTestId('run-history').waitFor({ timeout: 30_000 });
    expect.soft(await violations()).toEqual([]);
    await page.getByTestId('sweep-seeds').fill('1');
    await page.getByTestId('sweep-run').click();
    await page.getByTestId('sweep-table').waitFor({ timeout: 240_000 });
    await expect.poll(async () => page.getByTestId('sweep-progress').count(), { timeout: 300_000 }).toBe(0);
    await page.getByTestId('universal-k').fill('2');
    await page.getByTestId('universal-top').fill('2');
    await page.getByTestId('universal-run').click();
    await page.getByTestId('universal-table').waitFor({ timeout: 240_000 });
    for (const k of ['function-word', 'synonym', 'content-word', 'combined']) await page.getByTestId(`paraphrase-source-${k}`).uncheck();
    await page.getByTestId('paraphrase-run').click();
    await page.getByTestId('paraphrase-table').waitFor({ timeout: 240_000 });
    await page.getByTestId('traps-run').click();
    await page.getByTestId('traps-table').waitFor({ timeout: 240_000 });
    await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 60_000 }).toBe(4);
    expect.soft(await violations()).toEqual([]);
    await shot(page, 'a11y-experiments');
  });

  it('on the run history with a saved run reopened, a seed error and the category-rule select', async () => {
    await page.getByTestId('run-row').first().getByTestId('run-open').click();
    await page.getByTestId('saved-run').getByTestId('traps-table').waitFor({ timeout: 30_000 });
    await page.getByTestId('run-compare').nth(0).check();
    await page.getByTestId('run-compare').nth(1).check();
    expect.soft(await violations(tid('run-history'))).toEqual([]);
    await page.getByTestId('universal-seed').fill('1.5');
    await page.getByTestId('universal-seed-error').waitFor();
    expect.soft(await violations(tid('universal-card'))).toEqual([]);
    await page.getByTestId('universal-seed').fill('1');
    await page.getByTestId('category-rule').selectOption({ index: 1 });
    expect.soft(await violations(tid('natural-card'))).toEqual([]);
  });

  it('on the Storage panel', async () => {
    await page.getByTestId('storage-panel').locator('summary').click();
    await page.getByTestId('storage-panel').getByText(/This site uses|No imported dataset|Datasets take/).first().waitFor({ timeout: 30_000 });
    expect.soft(await violations(tid('storage-panel'))).toEqual([]);
  });

  it('on a 390 px phone screen, both views', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    expect.soft(await violations()).toEqual([]);
    await shot(page, 'a11y-phone-experiments');
    await page.getByTestId('tab-live').click();
    expect.soft(await violations()).toEqual([]);
    await shot(page, 'a11y-phone-live');
    expect(errors).toEqual([]);
  });
});
