/**
 * Slices in the browser (shipped model, WASM): a pairs CSV with a `domain` column is imported, its
 * revision pairs are run, and the result's slice table shows counts and original vs edited scores
 * per question word, title and domain; titles with markup stay text; the select works by keyboard.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { download, openExperiment, openSection, ROOT, shot, SHOTS, useApp } from './harness.ts';

const FILE = join(ROOT, 'test', 'fixtures', 'slices', 'pairs-slices.csv');
const dialogs: string[] = [];

const app = useApp({ query: 'device=wasm' });
beforeAll(async () => {
  app.page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
});

/** The value and count cells of each row of a slice table. */
const rowsOf = async (testid: string) =>
  app.page
    .getByTestId(`${testid}-row`)
    .evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']));

describe('slice table under the revision-pair result', () => {
  it('shows counts and original vs edited EM/F1 per question word, title and domain', async () => {
    await openSection(app.page, 'data');
    await app.page.getByTestId('dataset-file-input').setInputFiles(FILE);
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/Imported 4 questions/);
    await app.page.getByTestId('dataset-list').locator('li').filter({ hasText: 'pairs-slices.csv' }).locator('.dataset-name').click();
    await openExperiment(app.page, 'natural/pairs');
    await app.page.getByTestId('natural-run').click();
    const table = app.page.getByTestId('natural-slices');
    await table.waitFor({ timeout: 90_000 });
    // Default: question word. All four questions start with who or when.
    expect(await rowsOf('natural-slices')).toEqual([
      ['who *', '2'],
      ['when *', '2'],
    ]);
    expect(await app.page.getByTestId('natural-slices-all').locator('td').first().textContent()).toBe('4');
    expect(await table.locator('thead th').allTextContents()).toEqual(['question word', 'n', 'original EM / F1', 'edited EM / F1', 'drop EM / F1 (orig. − pert.)']);
    expect(await app.page.getByTestId('natural-slices-all-drop').textContent()).toMatch(/^(-|\+)?\d+\.\d \/ (-|\+)?\d+\.\d$/);

    // Title: labels come from the file, markup included.
    const select = app.page.getByTestId('natural-slices-key');
    await select.focus();
    await select.selectOption('title');
    expect(await rowsOf('natural-slices')).toEqual([
      ['<img src=x onerror=alert(1)>Orrin Quay *', '2'],
      ['Keld Chapel *', '2'],
    ]);
    // The markup in the title is text: no image element was made from it.
    expect(await table.locator('img').count()).toBe(0);

    await select.selectOption('meta.domain');
    expect(await select.locator('option:checked').textContent()).toBe('domain (from the file)');
    expect((await rowsOf('natural-slices')).map(([v, n]) => [v, n]).sort()).toEqual([
      ['religion *', '2'],
      ['transport *', '2'],
    ]);
    expect(await app.page.getByTestId('natural-slices').textContent()).toContain('fewer than 30 questions');
    await app.page.getByTestId('natural-slices-box').scrollIntoViewIfNeeded();
    await shot(app.page, 'slices-natural-domain');

    // Keyboard only: the arrow key moves the focused select to the next key.
    await select.selectOption('qword');
    await select.focus();
    await app.page.keyboard.press('ArrowDown');
    await expect.poll(() => select.inputValue()).toBe('length');
    expect(await rowsOf('natural-slices')).toEqual([['≤100 words *', '4']]);

    // On a phone-sized screen the table scrolls inside its box instead of widening the page.
    await app.page.setViewportSize({ width: 390, height: 900 });
    await select.selectOption('title');
    const box = await app.page.getByTestId('natural-slices').locator('.table-scroll').evaluate((e) => ({ right: e.getBoundingClientRect().right, inner: e.scrollWidth, outer: e.clientWidth }));
    expect(box.right).toBeLessThanOrEqual(390);
    expect(box.inner).toBeGreaterThanOrEqual(box.outer);
    await app.page.getByTestId('natural-slices-box').scrollIntoViewIfNeeded();
    await app.page.getByTestId('natural-slices-box').screenshot({ path: join(SHOTS, 'slices-natural-phone.png') });
    await app.page.setViewportSize({ width: 1440, height: 1000 });
    expect(dialogs).toEqual([]);
    expect(app.errors).toEqual([]);
  });

  it('slices the budget result by question word: original vs D_worst, counts adding up to its questions', async () => {
    await openSection(app.page, 'live');
    await app.page.getByLabel('Search questions, passages and answers').fill('');
    await openExperiment(app.page, 'entity/budget');
    await app.page.getByTestId('budget-source').selectOption('randstr');
    await app.page.getByTestId('budget-b').fill('2');
    await app.page.getByTestId('budget-resemble').uncheck();
    await app.page.getByTestId('budget-run').click();
    await app.page.getByTestId('budget-table').waitFor({ timeout: 120_000 });
    const n = Number(/^(\d+) questions?\b/.exec((await app.page.getByTestId('budget-table').locator('thead th').first().textContent()) ?? '')?.[1]);
    expect(n).toBeGreaterThan(0);
    await app.page.getByTestId('budget-slices-box').locator(':scope > summary').click();
    const table = app.page.getByTestId('budget-slices');
    await table.waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual(['question word', 'n', 'original EM / F1', 'D_worst EM / F1', 'drop EM / F1 (orig. − pert.)']);
    const counts = (await rowsOf('budget-slices')).map(([, c]) => Number(c));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(n);
    expect(await app.page.getByTestId('budget-slices-all').locator('td').first().textContent()).toBe(String(n));
    // The slicing on screen exports as CSV and JSON (with the run's record), the same counts.
    const csv = await download(app.page, () => app.page.getByTestId('budget-slices-csv').click());
    expect(csv.name).toMatch(/^qarx-budget-.*-slices-qword\.csv$/);
    const parsed = Papa.parse<Record<string, string>>(csv.bytes.toString('utf8'), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(['slice', 'n', 'small', 'orig_em', 'orig_f1', 'D_worst_em', 'D_worst_f1', 'drop_em', 'drop_f1']);
    expect(parsed.data.at(-1)).toMatchObject({ slice: 'all', n: String(n) });
    expect(parsed.data.slice(0, -1).map((r) => Number(r.n))).toEqual(counts);
    const json = JSON.parse((await download(app.page, () => app.page.getByTestId('budget-slices-json').click())).bytes.toString('utf8')) as { kind: string; settings: { sliceBy: string }; rows: unknown[] };
    expect(json).toMatchObject({ kind: 'budget', settings: { sliceBy: 'qword' } });
    expect(json.rows).toHaveLength(counts.length + 1);
    await app.page.getByTestId('budget-card').scrollIntoViewIfNeeded();
    await app.page.getByTestId('budget-card').screenshot({ path: join(SHOTS, 'slices-budget.png') });
    expect(app.errors).toEqual([]);
  });
});
