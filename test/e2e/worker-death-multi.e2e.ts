/**
 * The inference worker dying mid-run on several models (issue 25.2), as a user meets it: the
 * shipped model plus the mock Hub's tiny model, and a test hook that holds the second model's run
 * after its first result (so the kill lands at a known point, not a race). The run ends as a
 * Cancel ends it: the finished model's result whole, the unfinished one's marked partial, a note
 * saying why, the run history and the exported JSON saying partial.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { download, openApp, openExperiment, openSection, shot, useBrowser, useServer } from './harness.ts';
import { TINY, useTinyHub } from './tiny-hub.ts';

const server = useServer();
const hub = useTinyHub('qarx-death-multi-');

const text = async (page: Page, id: string) => ((await page.getByTestId(id).first().textContent()) ?? '').trim();

/** Opens the app with the tiny model added beside the shipped one on `device`. */
async function twoModels(browser: Parameters<typeof openApp>[0], device: 'wasm' | 'webgpu', errors: string[]): Promise<Page> {
  const page = await openApp(browser, server.url, `device=${device}&test-hooks=1&hub=${encodeURIComponent(hub.url)}`, errors, 1100);
  await openSection(page, 'models');
  await page.getByLabel('Hub id of a model to add').fill(TINY);
  await page.getByLabel('Device of the added model').selectOption({ label: device === 'wasm' ? 'WASM' : 'WebGPU' });
  await page.getByTestId('add-model').click();
  await page.locator('[data-testid="loaded-model"][data-key="m2"][data-status="ready"]').waitFor({ timeout: 120_000 });
  await openSection(page, 'live');
  return page;
}

/** Holds the next run after its first result, once `skip` runs went by (see src/worker/test-hold.ts). */
const holdAfterFirst = (page: Page, skip: number) => page.evaluate((s) => (window as unknown as { qarxTest: { holdSweep(n: number, skip: number): void } }).qarxTest.holdSweep(1, s), skip);

/** Closes the inference worker the way a crash would: no error event. */
const killWorker = (page: Page) => page.evaluate(() => (window as unknown as { qarxTest: { worker(w: string, a: string): void } }).qarxTest.worker('qa', 'close'));

const STOPPED = /^Stopped: The inference worker stopped without an error \(closed, crashed or out of memory\)\..*marked partial and saved to the run history\.$/;

for (const device of ['wasm', 'webgpu'] as const) {
  describe(`a sweep on two models when the worker dies (${device})`, () => {
    const chrome = useBrowser(device === 'webgpu');

    it('keeps model A’s result whole and model B’s cells as its partial result: tabs, a note why, history and JSON say so', { timeout: 900_000 }, async () => {
      const errors: string[] = [];
      const page = await twoModels(chrome.browser, device, errors);
      await page.getByLabel('Search questions, passages and answers').fill('Szabo');
      await openExperiment(page, 'entity/sweep');
      const card = page.getByTestId('sweep-card');
      await page.getByTestId('sweep-scope-change').click();
      await page.getByTestId('sweep-scope-search').check();
      await page.getByTestId('sweep-seeds').fill('1');
      const historyBefore = await page.getByTestId('run-row').count();
      // Model A's sweep runs whole; model B's holds after its first cell.
      await holdAfterFirst(page, 1);
      await page.getByTestId('sweep-run').click();
      const tabs = card.getByTestId('sweep-model-tab');
      const states = () => tabs.evaluateAll((ts) => ts.map((t) => t.getAttribute('data-state')).join(','));
      await expect.poll(states, { timeout: 600_000 }).toBe('done,running');
      await expect.poll(() => page.getByTestId('sweep-table').locator('tbody tr').count(), { timeout: 120_000 }).toBeGreaterThan(0);
      await killWorker(page);

      await expect.poll(() => text(page, 'worker-notice'), { timeout: 30_000 }).toMatch(/^The inference worker stopped without an error/);
      await expect.poll(() => page.getByTestId('sweep-progress').count(), { timeout: 30_000 }).toBe(0);
      expect(await text(page, 'sweep-stopped')).toMatch(STOPPED);
      expect(await states()).toBe('done,partial');
      expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
      expect(await text(page, 'sweep-record')).toContain(TINY);
      expect(await text(page, 'sweep-partial')).toContain('partial');
      // The history: model A's run whole, then model B's partial (newest first). Runs are saved once
      // their statistics are in, so waiting for both rows first also lets the card stop re-rendering.
      await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 30_000 }).toBe(historyBefore + 2);
      const json = await download(page, () => page.getByTestId('sweep-json').first().click());
      const exported = JSON.parse(json.bytes.toString('utf8')) as { partial: boolean; run: { model: string } };
      expect([exported.partial, exported.run.model]).toEqual([true, TINY]);
      expect(await page.getByTestId('run-row').nth(0).textContent()).toMatch(new RegExp(`^Sweep.*${TINY}.*partial`));
      expect(await page.getByTestId('run-row').nth(1).textContent()).toMatch(/^Sweep.*qarx-lexical-qa.*complete/);
      // Model A's tab shows its whole result, not partial.
      await tabs.nth(0).click();
      expect(await page.getByTestId('sweep-partial').count()).toBe(0);
      await tabs.nth(1).click();
      await card.scrollIntoViewIfNeeded();
      await shot(page, `worker-death-multi-sweep-${device}`);
      expect(errors).toEqual([]);
      await page.close();
    });
  });
}

describe('the robustness table when the worker dies (wasm)', () => {
  const chrome = useBrowser();

  it('keeps model A’s row whole and marks model B’s partial, with a note why; history and JSON say partial', { timeout: 900_000 }, async () => {
    const errors: string[] = [];
    const page = await twoModels(chrome.browser, 'wasm', errors);
    await openExperiment(page, 'generalization/table');
    const card = page.getByTestId('robustness-card');
    await card.getByTestId('robust-limit').fill('4');
    const historyBefore = await page.getByTestId('run-row').count();
    // Model A's row runs whole; model B's holds after its first step's row.
    await holdAfterFirst(page, 1);
    await card.getByTestId('robust-run').click();
    await expect.poll(() => card.getByTestId('robust-row').count(), { timeout: 600_000 }).toBe(2);
    await killWorker(page);

    await expect.poll(() => text(page, 'worker-notice'), { timeout: 30_000 }).toMatch(/^The inference worker stopped without an error/);
    await expect.poll(() => card.getByTestId('robust-job-progress').count(), { timeout: 30_000 }).toBe(0);
    expect(await text(page, 'robust-job-stopped')).toMatch(STOPPED);
    const rows = card.getByTestId('robust-row');
    expect(await rows.nth(0).locator('th').textContent()).toMatch(/qarx-lexical-qa.*wasm/);
    expect(await rows.nth(0).locator('.partial-flag').count()).toBe(0);
    expect(await rows.nth(1).locator('th').textContent()).toMatch(new RegExp(`${TINY}.*partial$`));
    expect(await text(page, 'robust-partial')).toContain('partial');
    const json = await download(page, () => card.getByTestId('robust-json').click());
    const exported = JSON.parse(json.bytes.toString('utf8')) as { partial: boolean; rows: { model: string }[] };
    expect(exported.partial).toBe(true);
    expect(exported.rows.map((r) => r.model)).toEqual(['qarx-lexical-qa', TINY]);
    await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 30_000 }).toBe(historyBefore + 1);
    expect(await page.getByTestId('run-row').first().textContent()).toMatch(/^Robustness table.*partial/);
    // The model comes back, and the table can run again.
    await expect.poll(() => card.getByTestId('robust-run').isEnabled(), { timeout: 120_000 }).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'worker-death-robustness');
    expect(errors).toEqual([]);
    await page.close();
  });
});
