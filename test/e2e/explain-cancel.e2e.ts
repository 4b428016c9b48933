/**
 * Cancelling the Explain panel's jobs mid-run (issue 28): a test hook holds the job after a known
 * number of model calls, so Cancel lands after a progress event, never after a wait. Occlusion keeps
 * the map it finished and says "Cancelled, partial"; "Find a failure" reports the calls it spent;
 * the panel then runs again.
 */
import { describe, expect, it } from 'vitest';
import { useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm&test-hooks=1' });
const text = async (id: string) => ((await app.page.getByTestId(id).first().textContent()) ?? '').trim();
const hold = (calls: number) => app.page.evaluate((n) => (window as unknown as { qarxTest: { holdExplain(n: number): void } }).qarxTest.holdExplain(n), calls);

describe('Explain panel: Cancel mid-run', () => {
  it('occlusion and input reduction: the finished map stays, marked partial, and Explain runs again', async () => {
    const p = app.page;
    await expect.poll(() => text('timing'), { timeout: 120_000 }).toMatch(/^WASM · inference/);
    // Held after the first call (the occlusion map's batch): the input reduction, asked once the map
    // is painted, waits for Cancel; the map stays (issue 44: the map comes first).
    await hold(1);
    await p.getByTestId('explain-toggle').click();
    await p.getByTestId('explain-progress').waitFor({ timeout: 120_000 });
    await p.getByTestId('explain-cancel').click();
    await expect.poll(() => text('explain-timing'), { timeout: 60_000 }).toMatch(/^Cancelled, partial · /);
    expect(await p.getByTestId('explain-before-row').count()).toBe(4);
    expect(await p.getByTestId('explain-cancel').count()).toBe(0);
    // Usable again: word units run to the end.
    await p.getByTestId('explain-units').selectOption('0');
    await expect.poll(() => p.getByTestId('explain-before-row').count(), { timeout: 120_000 }).toBe(8);
    await expect.poll(() => text('explain-timing'), { timeout: 60_000 }).toMatch(/^\d+ windows? run/);
  });

  it('Find a failure: Cancel after the first calls reports the calls spent, and the next search finishes', async () => {
    const p = app.page;
    await p.getByTestId('explain-units').selectOption('sentence');
    // This explanation's reduction is asked after its map: it must be over before the hold is set.
    await expect.poll(() => p.getByTestId('explain-before-row').count(), { timeout: 120_000 }).toBe(4);
    await p.getByTestId('explain-reduced').waitFor({ timeout: 120_000 });
    await expect.poll(() => p.getByTestId('explain-cancel').count(), { timeout: 60_000 }).toBe(0);
    await p.getByTestId('failure-budget').fill('50');
    await hold(1);
    await p.getByTestId('find-failure').click();
    await p.getByTestId('failure-progress').waitFor({ timeout: 60_000 });
    await expect.poll(() => text('failure-progress'), { timeout: 60_000 }).toMatch(/^[1-9]\d* of 50 calls/);
    await p.getByTestId('failure-cancel').click();
    await expect.poll(() => text('failure-none'), { timeout: 60_000 }).toMatch(/^cancelled after \d+ of 50 calls/);
    expect(await p.getByTestId('find-failure').isDisabled()).toBe(false);
    await p.getByTestId('find-failure').click();
    await expect.poll(() => text('failure-result'), { timeout: 120_000 }).toMatch(/^Broken by /);
  });
});
