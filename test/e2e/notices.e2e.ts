/**
 * Nothing sticks on screen (issue 41.4) and experiment pages keep their last run (issue 41.6), on
 * one page: a model that fails to download leaves a toast that Escape takes away; the Adversarial
 * SQuAD card counts no question when no dataset has variants (41.10); after a reload the budget
 * page links its last run, which opens on that page and not on the others.
 */
import { describe, expect, it } from 'vitest';
import { openExperiment, openSection, shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });

describe('notices and the last run', () => {
  it('a download failure toast over Live goes with Escape', async () => {
    const page = app.page;
    await openSection(page, 'models');
    await page.getByLabel('Hub model id').fill('Xenova/distilbert-base-cased-distilled-squad');
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await page.getByTestId('model-error').waitFor({ timeout: 60_000 });
    await openSection(page, 'live');
    const toast = page.getByTestId('toasts').getByTestId('model-error');
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/^Network failure while downloading "Xenova\/distilbert-base-cased-distilled-squad"\..* Models ?Dismiss$/);
    await shot(page, 'notices-toast');
    await page.getByTestId('question-input').press('Escape'); // typing in a field: Escape is the field's
    expect(await toast.count()).toBe(1);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Escape');
    await expect.poll(() => toast.count()).toBe(0);
  });

  it('the Adversarial SQuAD card counts no question on the demo set, and says why', async () => {
    await openExperiment(app.page, 'stability/traps');
    const scope = app.page.getByTestId('adversarial-scope-text');
    await expect.poll(async () => (await scope.textContent()) ?? '', { timeout: 30_000 }).toMatch(/^Runs on 0 questions: .*no dataset in the scope has Adversarial SQuAD variants/);
  });

  it('after a reload the budget page links its last run, shown on that page only', async () => {
    const page = app.page;
    await openExperiment(page, 'entity/budget');
    await page.getByTestId('budget-source').selectOption('randstr');
    await page.getByTestId('budget-b').fill('1');
    await page.getByTestId('budget-run').click();
    await page.getByTestId('budget-table').first().waitFor({ timeout: 150_000 });
    await page.getByTestId('run-row').first().waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('last-run').count()).toBe(0); // the result is on screen
    await page.reload();
    await page.getByTestId('run-history').waitFor({ timeout: 120_000 });
    const line = page.getByTestId('last-run');
    await line.waitFor({ timeout: 30_000 });
    expect(await line.textContent()).toMatch(/^Your last Budget run \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC, Demo set \(built in\), N = 96\) is saved in the run history\. Show it$/);
    await page.getByTestId('last-run-open').click();
    await page.getByTestId('saved-run').getByTestId('budget-table').first().waitFor({ timeout: 30_000 });
    expect(await line.count()).toBe(0);
    await shot(page, 'notices-last-run');
    await openExperiment(page, 'stability/traps');
    await page.getByTestId('run-history').waitFor();
    expect(await page.getByTestId('saved-run').count()).toBe(0);
    await openExperiment(page, 'entity/budget');
    await page.getByTestId('saved-run').waitFor();
  });
});
