/**
 * A worker that dies during a trap run (issue 40.3): the run ends exactly as a Cancel at the same point
 * would — the questions answered before are shown, marked partial, with a note why, and saved to the
 * run history. The test hook holds the run after its first 64 predictions (once their checkpoint is
 * posted), then kills the inference worker without an error event; real Chromium on WASM.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openExperiment, shot, useApp } from './harness.ts';

const app = useApp();

type Hooks = { qarxTest: { worker(w: string, a: string): void; holdRun(n: number): void; checkpoints(): number } };
const text = async (page: Page, id: string) => ((await page.getByTestId(id).first().textContent()) ?? '').trim();

describe('the inference worker dies mid trap run', () => {
  let page: Page;
  beforeAll(async () => {
    page = await app.open('device=wasm&test-hooks=1');
  });

  it('keeps what finished as a Cancel would: partial result, a note saying the worker stopped, a history entry', async () => {
    await openExperiment(page, 'stability/traps');
    await page.getByTestId('trap-card').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('traps-run').isEnabled(), { timeout: 60_000 }).toBe(true);
    const historyBefore = await page.getByTestId('run-row').count();
    await page.evaluate(() => (window as unknown as Hooks).qarxTest.holdRun(64));
    await page.getByTestId('traps-run').click();
    // Held after 64 predictions, once their checkpoint reached the page.
    await expect.poll(() => page.evaluate(() => (window as unknown as Hooks).qarxTest.checkpoints()), { timeout: 120_000 }).toBe(1);
    await page.evaluate(() => (window as unknown as Hooks).qarxTest.worker('qa', 'close'));
    await expect.poll(async () => ((await page.getByTestId('traps-stopped').count()) ? text(page, 'traps-stopped') : ''), { timeout: 30_000 }).toMatch(/^Stopped: The inference worker stopped without an error.*marked partial and saved to the run history\.$/);
    expect(await text(page, 'traps-partial')).toMatch(/^Partial: \d+ questions? finished before the worker stopped\.$/);
    await page.getByTestId('traps-table').first().waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 30_000 }).toBe(historyBefore + 1);
    expect(await page.getByTestId('run-row').first().textContent()).toMatch(/partial/);
    await page.getByTestId('trap-card').scrollIntoViewIfNeeded();
    await shot(page, 'worker-died-traps');
    expect(app.errors).toEqual([]);
  });
});
