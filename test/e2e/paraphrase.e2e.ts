/**
 * Over-sensitivity as a user meets it (shipped model, WASM): a generated and a typed paraphrase of
 * the open question answered beside it, and the DPR card over the demo set with its charts.
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

const text = async (id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();

describe('a paraphrase of the open question, live', () => {
  it('generates one of a kind and shows both answers side by side with the changed flag', async () => {
    await page.getByLabel('Search questions, passages and answers').fill('Eiffel Tower');
    await page.getByTestId('instance-row').filter({ hasText: 'When was the Eiffel Tower completed?' }).first().click();
    await expect.poll(() => page.getByTestId('question-input').inputValue(), { timeout: 30_000 }).toBe('When was the Eiffel Tower completed?');
    await page.getByTestId('paraphrase-live').locator('summary').click();
    await page.getByTestId('paraphrase-kind').selectOption('content-word');
    await page.getByTestId('paraphrase-generate').click();
    await page.getByTestId('paraphrase-answers').waitFor({ timeout: 60_000 });
    expect(['When exactly was the Eiffel Tower completed?', 'When precisely was the Eiffel Tower completed?']).toContain(await page.getByTestId('paraphrase-input').inputValue());
    expect(await text('paraphrase-paraphrased')).toContain('adding or removing content words');
    expect(await text('paraphrase-original-text')).not.toBe('…');
    expect(await text('paraphrase-flag')).toMatch(/^(Prediction changed|Same prediction) · question similarity \(F1 of the two questions\) 0\.\d\d$/);
    // The demo question's own paraphrases are offered too.
    expect(await page.getByTestId('paraphrase-dataset').textContent()).toContain('When was the Eiffel Tower finished?');
    await shot(page, 'paraphrase-live-generated');
  });

  it('answers a typed paraphrase, labelled as typed', async () => {
    await page.getByTestId('paraphrase-input').fill('In which year was the Eiffel Tower finished?');
    await page.getByTestId('paraphrase-ask').click();
    await expect.poll(() => text('paraphrase-paraphrased'), { timeout: 60_000 }).toContain('paraphrase · typed by the user');
    expect(await page.getByTestId('paraphrase-input').inputValue()).toBe('In which year was the Eiffel Tower finished?');
    const a = await text('paraphrase-original-text');
    const b = await text('paraphrase-paraphrased-text');
    expect(await text('paraphrase-flag')).toMatch(a.toLowerCase().replace(/\W/g, '') === b.toLowerCase().replace(/\W/g, '') ? /^Same prediction/ : /^Prediction changed/);
    await page.getByTestId('paraphrase-live').scrollIntoViewIfNeeded();
    await shot(page, 'paraphrase-live-typed');
    // On a phone the control fits the width (no sideways scrolling).
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('paraphrase-live').scrollIntoViewIfNeeded();
    expect(await page.getByTestId('paraphrase-live').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await shot(page, 'paraphrase-live-phone');
    if (size) await page.setViewportSize(size);
  });
});

describe('DPR over the selected questions', () => {
  it('shows DPR, EM/F1 on both sides, DPR by kind and the similarity chart with axis titles', async () => {
    await page.getByLabel('Search questions, passages and answers').fill('');
    await page.getByTestId('tab-experiments').click();
    await page.getByTestId('paraphrase-run').click();
    await page.getByTestId('paraphrase-table').waitFor({ timeout: 120_000 });
    expect(await text('paraphrase-dpr')).toMatch(/^\d+\.\d% \(\d+ of \d+\)$/);
    expect(await text('paraphrase-original-score')).toMatch(/^\d+\.\d \/ \d+\.\d$/);
    expect(await text('paraphrase-kind-dataset')).toMatch(/^\d+\.\d% \(\d+ of 54\)$/);
    for (const k of ['reorder', 'function-word', 'synonym', 'content-word', 'combined']) expect(await text(`paraphrase-kind-${k}`)).toMatch(/%/);
    expect(await text('paraphrase-record')).toMatch(/Demo set.* · qarx-lexical-qa fp32 (WASM|WEBGPU) .*seed 1/);
    expect(await text('paraphrase-none')).toContain('No rule applied');
    const chart = page.getByTestId('chart-dpr-similarity');
    expect(await chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    const chartText = (await chart.textContent()) ?? '';
    expect(chartText).toContain('DPR (%)');
    expect(chartText).toContain('question–paraphrase similarity (F1, 0–1)');
    expect(chartText).toContain('0.8–1.0');
    expect(await page.getByTestId('chart-dpr-kind').textContent()).toContain('paraphrase kind');
    await page.getByTestId('paraphrase-card').scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await shot(page, 'paraphrase-experiments');
    expect(errors).toEqual([]);
  });
});
