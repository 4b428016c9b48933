/**
 * Issue 10 as a user meets it (shipped model, WASM): two aligned question-paraphrase files imported
 * as pairs (the message says how many were matched by id and how many by passage and answers), DPR
 * over them with its chart, the Scoring select recorded in the run and its qarx command, and a slice
 * table (original vs perturbed per slice, with counts) under the DPR, sweep, universal-names, trap
 * and adversarial results.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { launch, openApp, ROOT, shot, startPreview } from './harness.ts';

const PARA = join(ROOT, 'test', 'fixtures', 'paraphrase');
const ADV = join(ROOT, 'test', 'fixtures', 'adversarial', 'addsent-mini.json');
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

const text = async (id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();
/** The value and count cells of each row of a slice table. */
const rowsOf = (testid: string) => page.getByTestId(`${testid}-row`).evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']));
/** Opens a result's slice box and waits for its table. */
async function openSlices(testid: string): Promise<void> {
  const box = page.getByTestId(`${testid}-box`);
  await box.waitFor({ timeout: 180_000 });
  await box.locator(':scope > summary').click();
  await page.getByTestId(testid).waitFor({ timeout: 30_000 });
}

describe('two aligned paraphrase files', () => {
  it('says how many pairs were matched by id and by passage and answers', async () => {
    await page.getByText('two aligned SQuAD files (revision pairs)').click();
    await page.getByTestId('dataset-file-input').setInputFiles([join(PARA, 'original.json'), join(PARA, 'paraphrased.json')]);
    await expect.poll(() => text('import-message'), { timeout: 60_000 }).toMatch(/^Imported 6 questions\. Pairs: 4 matched by id, 2 by passage and answers, 0 unmatched\./);
    await page.getByText('two aligned SQuAD files (revision pairs)').click();
    await page.getByTestId('dataset-list').locator('li').filter({ hasText: 'original.json' }).locator('.dataset-name').click();
  });

  it('scores DPR under the Scoring select, records it, and slices originals vs paraphrases', async () => {
    await page.getByTestId('scoring-lang').selectOption('en');
    await page.getByTestId('tab-experiments').click();
    for (const k of ['reorder', 'function-word', 'synonym', 'content-word', 'combined']) await page.getByTestId(`paraphrase-source-${k}`).uncheck();
    await page.getByTestId('paraphrase-run').click();
    await page.getByTestId('paraphrase-table').waitFor({ timeout: 120_000 });
    expect(await text('paraphrase-dpr')).toMatch(/^\d+\.\d% \(\d of 6\)$|^\d+\.\d%/);
    expect(await page.getByTestId('chart-dpr-similarity').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(await text('paraphrase-record')).toContain('scored as English (SQuAD)');
    await openSlices('paraphrase-slices');
    expect(await page.getByTestId('paraphrase-slices-all').locator('td').first().textContent()).toBe('6');
    expect(await rowsOf('paraphrase-slices')).toEqual([
      ['who *', '2'],
      ['when *', '1'],
      ['which *', '2'],
      ['how *', '1'],
    ]);
    await page.getByTestId('paraphrase-slices-key').selectOption('title');
    expect(await rowsOf('paraphrase-slices')).toEqual([['Fixture *', '6']]);
    await page.getByTestId('paraphrase-card').scrollIntoViewIfNeeded();
    await shot(page, 'generalization-dpr-slices');
  });
});

describe('slices under every other experiment', () => {
  it('sweep: per sweep row, original vs renamed with counts', async () => {
    for (const t of ['ORG', 'GPE', 'MIX']) await page.getByTestId(`sweep-type-${t}`).uncheck();
    for (const s of ['indist', 'randstr']) await page.getByTestId(`sweep-source-${s}`).uncheck();
    await page.getByTestId('sweep-seeds').fill('2');
    await page.getByTestId('sweep-run').click();
    await openSlices('sweep-slices');
    expect(await page.getByTestId('sweep-slices-pick').inputValue()).toBe('PER · db · us');
    const n = Number(await page.getByTestId('sweep-slices-all').locator('td').first().textContent());
    expect(n).toBeGreaterThan(0);
    expect(await page.getByTestId('sweep-slices').locator('thead th').allTextContents()).toEqual(['question word', 'n', 'original EM / F1', 'renamed (mean over seeds) EM / F1', 'change EM / F1']);
    await page.getByTestId('sweep-card').scrollIntoViewIfNeeded();
    await shot(page, 'generalization-sweep-slices');
  });

  it('universal names: per name', async () => {
    await page.getByTestId('universal-k').fill('3');
    await page.getByTestId('universal-top').fill('3');
    await page.getByTestId('universal-run').click();
    await openSlices('universal-slices');
    const names = await page.getByTestId('universal-slices-pick').locator('option').allTextContents();
    expect(names.length).toBe(3);
    expect(await page.getByTestId('universal-slices').locator('thead th').nth(3).textContent()).toBe(`with ${names[0]} EM / F1`);
    await page.getByTestId('universal-slices-pick').selectOption(names[2] as string);
    expect(await page.getByTestId('universal-slices').locator('thead th').nth(3).textContent()).toBe(`with ${names[2]} EM / F1`);
  });

  it('traps: original vs trapped per slice; the Scoring override is --lang in the qarx command', async () => {
    await page.getByTestId('traps-run').click();
    await page.getByTestId('traps-table').waitFor({ timeout: 120_000 });
    await page.getByTestId('trap-card').locator('details.qarx-command > summary').first().click();
    expect(await text('traps-result-qarx')).toMatch(/&& qarx compare .* --lang en --json$/);
    await page.getByTestId('scoring-lang').selectOption('auto');
    await openSlices('trap-slices');
    // Every answerable question gets a generated trap (or is counted as skipped): the all row counts those answered.
    const n = Number(await page.getByTestId('trap-slices-all').locator('td').first().textContent());
    expect(n).toBeGreaterThan(0);
    expect(await page.getByTestId('traps-table').locator('thead th').first().textContent()).toBe(`${n} questions`);
    await page.getByTestId('trap-card').scrollIntoViewIfNeeded();
    await shot(page, 'generalization-trap-slices');
  });

  it("adversarial SQuAD: one row per original, the all row being Jia & Liang's figures", async () => {
    await page.getByTestId('dataset-file-input').setInputFiles(ADV);
    await expect.poll(() => text('import-message'), { timeout: 60_000 }).toMatch(/Imported 5 questions/);
    await page.getByTestId('dataset-list').locator('li').filter({ hasText: 'addsent-mini.json' }).locator('.dataset-name').click();
    await page.getByTestId('adversarial-run').click();
    await page.getByTestId('adversarial-table').waitFor({ timeout: 120_000 });
    await openSlices('adversarial-slices');
    expect(await page.getByTestId('adversarial-slices-all').locator('td').first().textContent()).toBe('3');
    const [, orig, adv] = await page.getByTestId('adversarial-slices-all').locator('td').allTextContents();
    expect(orig).toBe(`${await text('adv-orig-em')} / ${await text('adv-orig-f1')}`);
    expect(adv).toBe(`${await text('adv-adv-em')} / ${await text('adv-adv-f1')}`);
    await page.getByTestId('trap-card').scrollIntoViewIfNeeded();
    await shot(page, 'generalization-adversarial-slices');
    expect(errors).toEqual([]);
  });

  it('a reopened saved run keeps its slice table after a reload', async () => {
    await page.reload();
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await page.getByTestId('tab-experiments').click();
    const open = async (label: string) => {
      await page.getByTestId('run-row').filter({ hasText: label }).first().getByTestId('run-open').click();
      await openSlices('saved-slices');
    };
    await open('Adversarial SQuAD');
    expect(await page.getByTestId('saved-slices-all').locator('td').first().textContent()).toBe('3');
    await page.getByTestId('saved-slices-key').selectOption('length');
    expect((await rowsOf('saved-slices')).map(([v]) => v)).toEqual(['≤100 words *']);
    await page.getByTestId('saved-run').scrollIntoViewIfNeeded();
    await shot(page, 'generalization-saved-slices');
    await open('Sweep');
    expect(await page.getByTestId('saved-slices-pick').inputValue()).toBe('PER · db · us');
    expect(Number(await page.getByTestId('saved-slices-all').locator('td').first().textContent())).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});
