/**
 * The answer box while an answer is computed: "Computing the answer…" whenever a question and a
 * passage wait for the model (not "Type a question and a passage", which is for empty fields).
 * The inference worker is made to hang (test hook) so the pending state stays on screen without
 * any timing assumption.
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
  page = await openApp(browser, url, 'device=wasm&test-hooks=1', errors);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('the answer box before an answer', () => {
  it('asks for input when a field is empty, says "Computing the answer…" while the model works', { timeout: 120_000 }, async () => {
    await page.getByTestId('question-input').fill('');
    await expect.poll(async () => (await page.getByTestId('answer-pending').textContent())?.trim(), { timeout: 30_000 }).toBe('Type a question and a passage.');
    await page.evaluate(() => (window as unknown as { qarxTest: { worker(w: string, a: string): void } }).qarxTest.worker('qa', 'hang'));
    await page.getByTestId('question-input').fill('Who noticed the mould?');
    await expect.poll(async () => (await page.getByTestId('answer-pending').textContent())?.trim(), { timeout: 30_000 }).toBe('Computing the answer…');
    await shot(page, 'first-answer-computing');
    expect(await page.getByTestId('answer-highlight').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
