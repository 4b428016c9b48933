/**
 * A newcomer's path through the navigation (shipped model, WASM), at 1440 px and on a 390 px phone:
 * import a small file in Data, look at Models, open each experiment family from Experiments (the
 * address bar says where one is, Back returns) and run one cheap experiment of each, open a failing
 * question in Live with its perturbation (from the gallery, and from the list under a result), and
 * export the cases. Every view
 * has zero serious or critical axe violations. Screenshots: test-results/screenshots/newcomer-*.png.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { download, openExperiment, openSection, ROOT, runToEnd, shot, sweepDrawn, useApp, violations } from './harness.ts';

const app = useApp({ query: 'device=wasm' });

const hash = (page: Page) => new URL(page.url()).hash;
/** Waits until no job bar shows progress. */
const settled = (page: Page) => expect.poll(() => page.locator('[data-testid$="-progress"]').count(), { timeout: 240_000 }).toBe(0);
/**
 * Clicks the first question listed under the result and checks it opens in Live with the run's
 * perturbation (`shows` is the Live element that only the perturbation brings up), then goes Back.
 */
async function openFirstCase(page: Page, shows: string, back: string): Promise<void> {
  const first = page.getByTestId('result-cases').getByTestId('result-case-open').first();
  await first.waitFor({ timeout: 30_000 });
  await first.click();
  await page.getByTestId(shows).first().waitFor({ timeout: 60_000 });
  expect(hash(page)).toBe('#/live');
  await page.goBack();
  await page.getByTestId(back).waitFor({ timeout: 30_000 });
}

/** Serious or critical axe violations on the whole page, once no panel is dimmed as busy (answering). */
async function axe(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('.busy, [aria-busy="true"]').count(), { timeout: 60_000 }).toBe(0);
  return violations(page, 'body');
}

describe('a newcomer at 1440 px', () => {
  it('imports a small file in Data (import at the top), then finds its questions below', async () => {
    const page = app.page;
    await openSection(page, 'data');
    expect(hash(page)).toBe('#/data');
    // Import comes first on the page, above the question list.
    const drop = (await page.getByTestId('dropzone').boundingBox())!;
    const list = (await page.getByTestId('instance-browser').boundingBox())!;
    expect(drop.y).toBeLessThan(list.y);
    expect(drop.y).toBeLessThan(400);
    await page.getByTestId('dataset-file-input').setInputFiles(join(ROOT, 'test', 'fixtures', 'formats', 'squad-v2.json'));
    await expect.poll(async () => (await page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/^Imported 6 questions/);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'newcomer-data');
    await openSection(page, 'models');
    expect(hash(page)).toBe('#/models');
    // The import's outcome was read in Data: it does not follow to Models as a toast.
    expect(await page.getByTestId('import-message').count()).toBe(0);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'newcomer-models');
  });

  it('opens each experiment family on its own page, with the place in the address bar; Back returns', async () => {
    const page = app.page;
    await openSection(page, 'experiments');
    await page.getByTestId('exp-overview').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('exp-overview').locator('h3').allTextContents()).toEqual(['Entity renaming', 'Natural edits', 'Over-sensitivity', 'Over-stability', 'Generalization', 'Audit']);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'newcomer-experiments');

    await openExperiment(page, 'entity/sweep');
    expect(hash(page)).toBe('#/experiments/entity/sweep');
    // One card per page: the budget card is on its own page.
    expect(await page.getByTestId('budget-card').count()).toBe(0);
    for (const t of ['ORG', 'GPE', 'MIX']) await page.getByTestId(`sweep-type-${t}`).uncheck();
    for (const s of ['db', 'randstr']) await page.getByTestId(`sweep-source-${s}`).uncheck();
    await page.getByTestId('sweep-seeds').fill('1');
    await page.getByTestId('sweep-run').click();
    await sweepDrawn(page, 240_000);
    await settled(page);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'newcomer-sweep');

    await openExperiment(page, 'natural/pairs');
    await runToEnd(page, 'synthetic-run');
    await page.getByTestId('natural-table').waitFor({ timeout: 30_000 });
    await settled(page);
    expect(await axe(page)).toEqual([]);
    // A question the noise broke opens in Live with the same noise (kind, rate, seed) in its passage, as a diff.
    await openFirstCase(page, 'noise-diff', 'natural-table');

    await openExperiment(page, 'sensitivity/paraphrases');
    for (const k of ['function-word', 'synonym', 'content-word', 'combined']) await page.getByTestId(`paraphrase-source-${k}`).uncheck();
    await runToEnd(page, 'paraphrase-run');
    await page.getByTestId('paraphrase-table').waitFor({ timeout: 30_000 });
    await settled(page);
    expect(await axe(page)).toEqual([]);

    await openExperiment(page, 'stability/traps');
    await runToEnd(page, 'traps-run');
    await page.getByTestId('traps-table').waitFor({ timeout: 30_000 });
    await settled(page);
    // The questions the run broke are listed under its result, each opening Live.
    await expect.poll(() => page.getByTestId('result-cases').getByTestId('result-case-open').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'newcomer-traps');

    await openExperiment(page, 'generalization/table');
    await page.getByTestId('robustness-card').waitFor();
    expect(await axe(page)).toEqual([]);
    await openExperiment(page, 'audit/results');
    await page.getByTestId('audit-card').waitFor();
    expect(await axe(page)).toEqual([]);

    // Back walks the pages in the order they were opened, results still in place.
    await page.goBack();
    await page.getByTestId('robustness-card').waitFor();
    expect(hash(page)).toBe('#/experiments/generalization/table');
    await page.goBack();
    await page.getByTestId('traps-table').waitFor();
    expect(hash(page)).toBe('#/experiments/stability/traps');
    // Every saved run is listed under the experiment.
    await expect.poll(() => page.getByTestId('run-row').count(), { timeout: 60_000 }).toBe(4);
  });

  it('opens a failing question from the gallery in Live with its trap, and exports the cases', async () => {
    const page = app.page;
    await page.getByTestId('gallery-toggle').click();
    const trapCase = page.locator('.gallery-group').filter({ has: page.getByRole('heading', { name: /^trap/ }) }).getByTestId('gallery-case').first();
    await trapCase.waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);
    const json = await download(page, () => page.getByTestId('gallery-export-json').click());
    expect(JSON.parse(json.bytes.toString('utf8')).cases.length).toBeGreaterThan(0);
    await trapCase.getByTestId('gallery-open').click();
    await page.getByTestId('trap-passage').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('tab-live').getAttribute('aria-current')).toBe('page');
    expect(hash(page)).toBe('#/live');
    // The inserted sentence is in sight inside its passage box, not scrolled out of a small box.
    const box = (await page.getByTestId('trap-passage').first().boundingBox())!;
    const trap = (await page.getByTestId('trap-passage-trap').first().boundingBox())!;
    expect(trap.y).toBeGreaterThanOrEqual(box.y - 1);
    expect(trap.y + Math.min(trap.height, 20)).toBeLessThanOrEqual(box.y + box.height + 1);
    expect(await axe(page)).toEqual([]);
    await shot(page, 'newcomer-live-trap');
    // Back returns to the experiment the gallery was opened from.
    await page.goBack();
    await page.getByTestId('trap-card').waitFor();
    expect(hash(page)).toBe('#/experiments/stability/traps');
    await page.getByTestId('tab-live').click();
    await page.getByTestId('trap-toggle').click();
    expect(app.errors).toEqual([]);
  });
});

describe('a newcomer on a 390 px phone', () => {
  it('finds every view from the compact navigation, runs an experiment and opens a question in Live', async () => {
    const page = await app.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    page.on('pageerror', (e) => app.errors.push(e.message));
    // A route in the address bar opens there directly.
    await page.goto(`${app.url}?device=wasm#/data`);
    await page.getByTestId('dropzone').waitFor({ timeout: 60_000 });
    expect(await axe(page)).toEqual([]);
    await shot(page, 'newcomer-phone-data');
    await openSection(page, 'models');
    await page.getByTestId('model-panel').waitFor();
    expect(await axe(page)).toEqual([]);
    await openExperiment(page, 'stability/traps');
    expect(await page.getByTestId('exp-menu').textContent()).toBe('Over-stability: Trap sentences and Adversarial SQuAD');
    await runToEnd(page, 'traps-run');
    await page.getByTestId('traps-table').waitFor({ timeout: 30_000 });
    await settled(page);
    expect(await axe(page)).toEqual([]);
    await page.getByTestId('exp-menu').click();
    expect(await axe(page)).toEqual([]);
    await shot(page, 'newcomer-phone-menu');
    await page.getByTestId('exp-menu').click();
    // A question the run broke, clicked under the result, opens in Live with its trap.
    await page.getByTestId('result-case-open').first().click();
    await page.getByTestId('trap-passage').waitFor({ timeout: 60_000 });
    expect(new URL(page.url()).hash).toBe('#/live');
    expect(await axe(page)).toEqual([]);
    await shot(page, 'newcomer-phone-live');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.close();
    expect(app.errors).toEqual([]);
  });
});
