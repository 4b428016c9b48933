/**
 * Correcting an answer's entity type in the live view (shipped model, WASM, demo set): the
 * correction changes what renaming does, shows in the question list and its filter, is kept in
 * the browser's storage across a reload, and can be undone; the keyboard reaches the control.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { shot, useApp } from './harness.ts';

let context: BrowserContext;
let page: Page;
const QUESTION = 'Who led the 1953 Everest expedition?';

const app = useApp();
beforeAll(async () => {
  context = await app.browser.newContext({ viewport: { width: 1440, height: 1000 } });
});

/** Opens the app (a new page of the same context: same IndexedDB) and the Everest question with renaming on. */
async function openQuestion(): Promise<void> {
  page = await context.newPage();
  page.on('pageerror', (e) => app.errors.push(e.message));
  await page.goto(`${app.url}?device=wasm`);
  await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
  await page.getByLabel('Search questions, passages and answers').fill('1953 Everest expedition');
  await page.getByTestId('instance-row').filter({ hasText: QUESTION }).first().click();
  await expect.poll(() => page.getByTestId('question-input').inputValue()).toBe(QUESTION);
  await page.getByTestId('rename-toggle').click();
  await page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
}

const row = () => page.getByTestId('instance-row').filter({ hasText: QUESTION }).first();

describe('correcting an entity type', () => {
  it('is offered for the answer, and choosing "not a name" stops the renaming', async () => {
    await openQuestion();
    const select = page.getByTestId('answer-type');
    expect(await select.inputValue()).toBe('PER');
    await expect.poll(() => page.getByTestId('substitutions').locator('.sub').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('answer-type-corrected').count()).toBe(0);
    // Keyboard: the select is reachable and operable without a mouse.
    await select.focus();
    await select.selectOption('other');
    await page.getByTestId('rename-skipped').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('rename-skipped').textContent()).toContain('not a named entity');
    expect(await select.inputValue()).toBe('other');
    await page.getByTestId('answer-type-corrected').waitFor();
    // The list's type tag follows, and so does its filter.
    await expect.poll(() => row().locator('.tag-PER').count(), { timeout: 30_000 }).toBe(0);
    await page.getByLabel('Answer entity type').first().selectOption('other');
    await expect.poll(() => page.getByTestId('instance-row').filter({ hasText: QUESTION }).count(), { timeout: 30_000 }).toBe(1);
    await shot(page, 'entity-type-corrected');
  });

  it('is kept across a reload (IndexedDB) and can be undone', async () => {
    await page.close();
    await openQuestion();
    expect(await page.getByTestId('answer-type').inputValue()).toBe('other');
    await page.getByTestId('answer-type-corrected').waitFor();
    await page.getByTestId('rename-skipped').waitFor({ timeout: 60_000 });
    await page.getByTestId('answer-type-reset').click();
    await expect.poll(() => page.getByTestId('answer-type').inputValue(), { timeout: 30_000 }).toBe('PER');
    await expect.poll(() => page.getByTestId('substitutions').locator('.sub').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('answer-type-corrected').count()).toBe(0);
    await expect.poll(() => row().locator('.tag-PER').count(), { timeout: 30_000 }).toBe(1);
  });

  it('shows a busy sign, not the stale answer, while renaming for a new name source', async () => {
    // Watch for the busy sign from before the change: it must replace the old result until the new one arrives.
    await page.evaluate(() => {
      const w = window as unknown as { sawUpdating: boolean; staleWithBusy: boolean };
      w.sawUpdating = false;
      w.staleWithBusy = false;
      new MutationObserver(() => {
        if (!document.querySelector('[data-testid="rename-updating"]')) return;
        w.sawUpdating = true;
        if (document.querySelector('[data-testid="rename-perturbed-text"]')) w.staleWithBusy = true;
      }).observe(document.body, { subtree: true, childList: true });
    });
    await page.getByTestId('rename-source').selectOption('randstr');
    await expect.poll(() => page.getByTestId('rename-updating').count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('substitutions').locator('.sub').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { sawUpdating: boolean; staleWithBusy: boolean };
      return { sawUpdating: w.sawUpdating, staleWithBusy: w.staleWithBusy };
    });
    expect(seen).toEqual({ sawUpdating: true, staleWithBusy: false });
    expect(app.errors).toEqual([]);
  });
});
