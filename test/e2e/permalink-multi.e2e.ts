/**
 * A permalink holds every loaded model: with the shipped model and a second one from the mock Hub
 * side by side (WASM), "Link to this view" names both; opened in a fresh browser context (no shared
 * storage) the link loads both and shows the same side-by-side answers for the same renaming.
 */
import { decompressFromEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openApp, openSection, shot, useApp } from './harness.ts';
import { TINY, useTinyHub } from './tiny-hub.ts';


const app = useApp();
const hub = useTinyHub('qarx-permalink-multi-');

const ready = (page: Page, key: string) => page.locator(`[data-testid="loaded-model"][data-key="${key}"][data-status="ready"]`);

/** Each side-by-side card as "model id | answer | original answer". */
async function cards(page: Page): Promise<string[]> {
  const out: string[] = [];
  const c = page.getByTestId('model-answer');
  for (let i = 0; i < (await c.count()); i++) {
    const card = c.nth(i);
    const id = (await card.locator('header').textContent()) ?? '';
    out.push([id.includes(TINY) ? TINY : 'qarx-lexical-qa', await card.getByTestId('model-answer-text').textContent(), await card.getByTestId('model-answer-before').textContent()].join(' | '));
  }
  return out;
}

describe('a permalink with two models', () => {
  it('names both models and opens both, side by side, in a fresh context', async () => {
    const errors: string[] = [];
    const page = await openApp(app.browser, app.url, `device=wasm&hub=${encodeURIComponent(hub.url)}`, errors, 1100);
    await openSection(page, 'models');
    await page.getByLabel('Hub id of a model to add').fill(TINY);
    await page.getByLabel('Device of the added model').selectOption({ label: 'WASM' });
    await page.getByTestId('add-model').click();
    await ready(page, 'm2').waitFor({ timeout: 120_000 });
    await openSection(page, 'live');
    await page.getByLabel('Search questions, passages and answers').fill('Alexander Fleming');
    await page.getByTestId('instance-row').filter({ hasText: 'culture plate' }).first().click();
    await page.getByTestId('rename-toggle').click();
    await page.getByTestId('rename-seed').fill('5');
    await page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('model-answer-before').count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => page.getByTestId('compare-view').getAttribute('aria-busy'), { timeout: 60_000 }).toBe('false');
    const before = await cards(page);
    expect(before).toHaveLength(2);

    await page.getByTestId('share-link').click();
    const link = await page.getByTestId('share-url').inputValue();
    const payload = JSON.parse(decompressFromEncodedURIComponent(new URL(link).hash.slice('#v1='.length)) ?? 'null') as { models: { kind: string; id: string; device?: string }[] };
    expect(payload.models.map((m) => `${m.kind}:${m.id}`)).toEqual(['local:qarx-lexical-qa', `hub:${TINY}`]);
    expect(payload.models[1]?.device).toBe('wasm');

    const ctx = await app.browser.newContext({ viewport: { width: 1440, height: 1100 } });
    const fresh = await ctx.newPage();
    fresh.on('pageerror', (e) => errors.push(e.message));
    await fresh.goto(link);
    await fresh.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await openSection(fresh, 'models');
    await ready(fresh, 'm2').waitFor({ timeout: 120_000 });
    expect(await fresh.locator('[data-testid="loaded-model"][data-key="m2"]').textContent()).toContain(TINY);
    await openSection(fresh, 'live');
    await expect.poll(() => fresh.getByTestId('model-answer-before').count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => fresh.getByTestId('compare-view').getAttribute('aria-busy'), { timeout: 60_000 }).toBe('false');
    expect(await fresh.getByTestId('rename-seed').inputValue()).toBe('5');
    await expect.poll(() => cards(fresh), { timeout: 60_000 }).toEqual(before);
    await shot(fresh, 'permalink-two-models');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});
