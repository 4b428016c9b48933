/**
 * Phones (shipped model, WASM): at 390×844 and 360×740 the navigation fits one row, the live view comes
 * first with the question list a closed drawer below it, the page is never wider than the
 * screen (with every panel open too), the header's badge fits, and picking a question in the
 * drawer scrolls to its answer. Screenshots go to test-results/screenshots/phone-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openExperiment, openSection, shot, useApp } from './harness.ts';

const app = useApp();

/** How far the page scrolls sideways: document width minus the screen's. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const top = async (page: Page, id: string) => (await page.getByTestId(id).first().boundingBox())?.y ?? Number.NaN;

describe.each([
  { width: 390, height: 844 },
  { width: 360, height: 740 },
])('a $width px phone', ({ width, height }) => {
  let page: Page;
  const errors: string[] = [];
  beforeAll(async () => {
    page = await app.browser.newPage({ viewport: { width, height }, isMobile: true, hasTouch: true });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${app.url}?device=wasm`);
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
  });
  afterAll(() => page.close());

  it('shows the live view first, with the question list folded into a drawer below it', async () => {
    const question = await top(page, 'question-input');
    expect(question).toBeLessThan(height);
    expect(await page.getByTestId('drawer-questions').evaluate((e) => (e as HTMLDetailsElement).open)).toBe(false);
    expect(await top(page, 'drawer-questions')).toBeGreaterThan(await top(page, 'answer-card'));
    // The five sections on one row, each link a comfortable tap target.
    const links = await page.getByTestId('main-nav').getByRole('link').evaluateAll((as) => as.map((a) => a.getBoundingClientRect()).map((r) => ({ top: r.top, right: r.right, height: r.height })));
    expect(links).toHaveLength(5);
    expect(new Set(links.map((l) => Math.round(l.top))).size).toBe(1);
    for (const l of links) {
      expect(l.right).toBeLessThanOrEqual(width);
      expect(l.height).toBeGreaterThanOrEqual(44);
    }
    const badge = await page.getByTestId('runtime-badge').boundingBox();
    expect(badge!.x + badge!.width).toBeLessThanOrEqual(width);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/phone-${width}-first-screen.png` });
  });

  it('is never wider than the screen, in every section with every drawer and panel open', async () => {
    const openAll = async () => {
      for (const d of await page.locator('details').all()) await d.evaluate((e) => ((e as HTMLDetailsElement).open = true));
    };
    await openSection(page, 'data');
    await openAll();
    expect(await page.getByTestId('scoring').isVisible()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `phone-${width}-data`);
    // A second model (the shipped one again) beside the first: the Models panel and the side-by-side cards must fit too.
    await openSection(page, 'models');
    await openAll();
    await page.getByTestId('add-model').click();
    await page.locator('[data-testid="loaded-model"][data-key]:not([data-key="primary"])[data-status="ready"]').first().waitFor({ timeout: 120_000 });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `phone-${width}-models`);
    await openExperiment(page, 'entity/sweep');
    await page.getByTestId('exp-menu').click();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `phone-${width}-experiments-menu`);
    await page.getByTestId('exp-menu').click();
    await openSection(page, 'live');
    await openAll();
    await expect.poll(() => page.getByTestId('model-answer').count(), { timeout: 60_000 }).toBe(2);
    await page.getByTestId('rename-toggle').click();
    await page.getByTestId('trap-toggle').click();
    await page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    await page.getByTestId('tour-start').click();
    await page.getByTestId('gallery-toggle').click();
    await page.getByTestId('tour').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, `phone-${width}-all-open`);
    await page.getByTestId('tour-close').click();
    await page.getByTestId('gallery-toggle').click();
    await page.getByTestId('rename-toggle').click();
    await page.getByTestId('trap-toggle').click();
    await openSection(page, 'models');
    for (const b of await page.getByTestId('unload-model').all()) await b.click();
    await openSection(page, 'live');
  });

  it('picking a question in the drawer scrolls to its answer', async () => {
    await page.getByTestId('tab-experiments').click();
    await page.getByTestId('tab-live').click();
    // The live view opens afresh, its question list a closed drawer.
    await page.getByTestId('drawer-questions').locator('summary').click();
    await page.getByLabel('Search questions, passages and answers').fill('Everest expedition');
    const row = page.getByTestId('instance-row').filter({ hasText: 'Who led the 1953 Everest expedition?' });
    await expect.poll(() => page.getByTestId('instance-row').count()).toBe(1);
    await row.click();
    await expect.poll(async () => ((await page.getByTestId('instance-head').textContent()) ?? '')).toContain('demo-per-04');
    await expect.poll(() => page.getByTestId('answer-text').textContent(), { timeout: 60_000 }).toBeTruthy();
    await expect
      .poll(async () => {
        const box = await page.getByTestId('answer-card').boundingBox();
        return box !== null && box.y >= 0 && box.y < height;
      })
      .toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/phone-${width}-picked.png` });
    expect(errors).toEqual([]);
  });
});
