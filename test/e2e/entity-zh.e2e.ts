/**
 * Live entity renaming of a Chinese demo question (shipped model, WASM): the answer 周树人 is
 * found by the Chinese name list and replaced whole in the passage, with a screenshot.
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
  await browser.close();
  await server.close();
});

describe('live entity renaming of a Chinese passage', () => {
  it('renames 周树人 whole, with a Chinese name, and shows both answers', { timeout: 120_000 }, async () => {
    await page.getByLabel('Search questions, passages and answers').fill('鲁迅');
    await page.getByTestId('instance-row').filter({ hasText: '鲁迅的原名是什么？' }).first().click();
    await expect.poll(() => page.getByTestId('question-input').inputValue()).toBe('鲁迅的原名是什么？');
    await page.getByTestId('rename-toggle').click();
    await page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    const subs = async () => (await page.getByTestId('substitutions').locator('.sub').allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim());
    await expect.poll(subs, { timeout: 30_000 }).toHaveLength(1);
    const [sub] = await subs();
    expect(sub).toMatch(/^周树人 → \p{Script=Han}{2,4}$/u);
    expect(await page.getByTestId('rename-diff').locator('del').first().textContent()).toBe('周树人');
    await shot(page, 'entity-rename-zh');
    expect(errors).toEqual([]);
  });
});
