/**
 * Workers that die without an error event (closed, crashed, out of memory, hung): the page says so,
 * starts a fresh worker, reloads the model or re-reads the data, and no card stays busy. The page's
 * test hooks (`?test-hooks=1`) make a worker close itself or hang.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { download, openExperiment, shot, useApp } from './harness.ts';

const app = useApp();

/** Makes a worker of the page die the way a crash would: no error event. */
async function kill(page: Page, which: 'qa' | 'data', action: 'close' | 'hang'): Promise<void> {
  await page.evaluate(([w, a]) => (window as unknown as { qarxTest: { worker(w: string, a: string): void } }).qarxTest.worker(w as string, a as string), [which, action]);
}

const text = async (page: Page, id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();

describe('a worker that dies silently', () => {
  let page: Page;
  beforeAll(async () => {
    page = await app.open('device=wasm&test-hooks=1');
  });

  it('inference worker closed mid-sweep: says so, keeps the rows received as a Cancel would (partial, a note why, a history entry), reloads the model and answers again', async () => {
    await openExperiment(page, 'entity/sweep');
    await page.getByTestId('sweep-seeds').fill('20');
    await page.getByTestId('sweep-run').click();
    await page.getByTestId('sweep-progress').waitFor({ timeout: 60_000 });
    // Wait for a first row of results, so there is a partial result to keep.
    await expect.poll(() => page.getByTestId('sweep-table').locator('tbody tr').count(), { timeout: 90_000 }).toBeGreaterThan(0);
    const historyBefore = await page.getByTestId('run-row').count();
    await kill(page, 'qa', 'close');
    await expect.poll(() => text(page, 'worker-notice'), { timeout: 30_000 }).toMatch(/^The inference worker stopped without an error \(closed, crashed or out of memory\)\. A fresh one was started and the model reloaded\./);
    // The sweep card is no longer busy: it says why it stopped, keeps its rows marked partial, and can run again once the model is back.
    await expect.poll(() => page.getByTestId('sweep-progress').count(), { timeout: 30_000 }).toBe(0);
    expect(await text(page, 'sweep-stopped')).toMatch(/^Stopped: The inference worker stopped without an error.*marked partial and saved to the run history\.$/);
    expect(await text(page, 'sweep-partial')).toContain('partial');
    expect(await page.getByTestId('sweep-table').first().locator('tbody tr').count()).toBeGreaterThan(0);
    const json = await download(page, () => page.getByTestId('sweep-json').first().click());
    expect((JSON.parse(json.bytes.toString('utf8')) as { partial: boolean }).partial).toBe(true);
    await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 30_000 }).toBe(historyBefore + 1);
    expect(await page.getByTestId('run-row').first().textContent()).toMatch(/^Sweep.*partial/);
    await expect.poll(() => page.getByTestId('sweep-run').isEnabled(), { timeout: 60_000 }).toBe(true);
    await shot(page, 'worker-restarted-sweep');
    await page.getByTestId('tab-live').click();
    await page.getByTestId('question-input').fill('When did she move to Paris?');
    await expect.poll(() => text(page, 'answer-text'), { timeout: 60_000 }).toBe('1891');
    expect(await page.getByTestId('load-progress').count()).toBe(0);
    await shot(page, 'worker-restarted-live');
  });

  it('data worker closed: says so, and search and questions work again from storage', async () => {
    await page.getByTestId('worker-notice').getByRole('button', { name: 'Dismiss' }).click();
    await kill(page, 'data', 'close');
    await expect.poll(() => text(page, 'worker-notice'), { timeout: 30_000 }).toMatch(/^The data worker stopped without an error.*saved datasets are read again/);
    await page.getByLabel('Search questions, passages and answers').fill('Thomas Watson');
    await page.getByTestId('instance-row').filter({ hasText: "Who was Bell's assistant" }).first().click();
    await expect.poll(() => page.getByTestId('question-input').inputValue(), { timeout: 30_000 }).toContain("Bell's assistant");
    await expect.poll(() => text(page, 'answer-text'), { timeout: 60_000 }).toBe('Thomas Watson');
    expect(app.errors).toEqual([]);
  });
});

describe('a worker that hangs (keeps its lock, answers nothing)', () => {
  it('is declared dead after the heartbeat silence and replaced; the busy inference worker is not', async () => {
    const page = await app.open('device=wasm&test-hooks=1');
    // A fresh data worker with a 6 s silence (the inference worker keeps the default 90 s).
    await page.evaluate(() => (window as unknown as { qarxTest: { heartbeat(ms: number): void } }).qarxTest.heartbeat(6_000));
    await kill(page, 'data', 'close');
    await expect.poll(() => text(page, 'worker-notice'), { timeout: 30_000 }).toMatch(/^The data worker stopped without an error/);
    await page.getByTestId('worker-notice').getByRole('button', { name: 'Dismiss' }).click();
    await kill(page, 'data', 'hang');
    await expect.poll(async () => (await page.getByTestId('worker-notice').count()) ? text(page, 'worker-notice') : '', { timeout: 60_000 }).toMatch(/^The data worker stopped answering\./);
    await page.getByLabel('Search questions, passages and answers').fill('Alexander Fleming');
    await expect.poll(() => page.getByTestId('instance-row').count(), { timeout: 30_000 }).toBe(1);
    await page.getByTestId('question-input').fill('When did she move to Paris?');
    await expect.poll(() => text(page, 'answer-text'), { timeout: 60_000 }).toBe('1891');
    expect(await text(page, 'worker-notice')).not.toMatch(/inference/);
    await page.close();
    expect(app.errors).toEqual([]);
  });
});
