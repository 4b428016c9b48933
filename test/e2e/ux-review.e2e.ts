/**
 * What a user hit in a walk through the app (shipped model, WASM): experiment results on a 390 px
 * phone never widen the page, the adversarial evaluation refuses a list without variants instead
 * of scoring dashed ids, revision-pair and synthetic-noise exports say which run they belong to,
 * and a dropped predictions file is named as one. Screenshots: test-results/screenshots/ux-*.png.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openExperiment, openSection, ROOT, runToEnd as run, shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm', width: 390, height: 844 });

/** How far the page scrolls sideways: document width minus the screen's. */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);


describe('experiments on a 390 px phone', () => {
  it('a sweep result scrolls inside its box, not the page', async () => {
    const page = app.page;
    await openExperiment(page, 'entity/sweep');
    await page.getByTestId('sweep-card').waitFor({ timeout: 30_000 });
    await page.getByTestId('sweep-seeds').fill('1');
    await run(page, 'sweep-run');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The command names a file qarx can read: the demo set's own.
    expect(await page.getByTestId('sweep-card').locator('details.qarx-command code').first().textContent()).toMatch(/^qarx sweep src\/core\/data\/demo-set\.json --model /);
    await page.getByTestId('sweep-table').scrollIntoViewIfNeeded();
    await shot(page, 'ux-phone-sweep');
  });

  it('at 360 px the sweep settings fit too (labels above their controls)', async () => {
    const small = await app.browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    small.on('pageerror', (e) => app.errors.push(e.message));
    await small.goto(`${app.url}?device=wasm`);
    await small.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await openExperiment(small, 'entity/sweep');
    await small.getByTestId('sweep-card').waitFor({ timeout: 30_000 });
    expect(await overflow(small)).toBeLessThanOrEqual(0);
    await small.getByTestId('sweep-card').screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'ux-360-sweep-settings.png') });
    await small.close();
  });

  it('revision pairs and synthetic noise: each row of exports names its run', async () => {
    const page = app.page;
    await openExperiment(page, 'natural/pairs');
    await run(page, 'natural-run');
    await run(page, 'synthetic-run');
    expect(await page.getByTestId('natural-actions').getAttribute('aria-label')).toBe('Revision pairs');
    expect(await page.getByTestId('synthetic-actions').getAttribute('aria-label')).toBe('Synthetic noise');
    expect(await page.getByTestId('natural-actions').textContent()).toMatch(/^Revision pairs:/);
    expect(await page.getByTestId('synthetic-actions').textContent()).toMatch(/^Synthetic noise:/);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('natural-actions').scrollIntoViewIfNeeded();
    await shot(page, 'ux-phone-natural');
  });

  it('the adversarial evaluation on the demo set says there are no variants instead of showing figures', async () => {
    const page = app.page;
    await openExperiment(page, 'stability/traps');
    await page.getByTestId('adversarial-run').click();
    await expect.poll(async () => (await page.getByTestId('trap-card').textContent()) ?? '', { timeout: 60_000 }).toMatch(/No adversarial SQuAD variants in the list/);
    expect(await page.getByTestId('adversarial-table').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});

describe('the failure gallery', () => {
  it("labels a paraphrase case's answers by question, not by passage (the passage did not change)", async () => {
    const page = app.page;
    await openExperiment(page, 'sensitivity/paraphrases');
    await run(page, 'paraphrase-run');
    await openExperiment(page, 'stability/traps');
    await run(page, 'traps-run');
    await page.getByTestId('gallery-toggle').click();
    const group = page.locator('.gallery-group').filter({ has: page.getByRole('heading', { name: /^paraphrase/ }) }).first();
    const card = group.getByTestId('gallery-case').filter({ has: page.getByTestId('gallery-question-diff') }).first();
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('gallery-original-answer').textContent()).toMatch(/^original question: /);
    expect(await card.getByTestId('gallery-perturbed-answer').textContent()).toMatch(/^reworded question: /);
    // A passage perturbation keeps its labels.
    const trap = page.locator('.gallery-group').filter({ has: page.getByRole('heading', { name: /^trap/ }) }).getByTestId('gallery-case').first();
    expect(await trap.getByTestId('gallery-original-answer').textContent()).toMatch(/^original passage: /);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'ux-phone-gallery-paraphrase');
    await page.getByTestId('gallery-toggle').click();
  });
});

describe('DPR charts when no answer changed', () => {
  it('keep a visible 0% bar with its count rather than an empty plot', async () => {
    const page = app.page;
    await openSection(page, 'data');
    await page.getByTestId('dataset-file-input').setInputFiles(join(ROOT, 'test', 'fixtures', 'slices', 'dureader-meta.json'));
    await expect.poll(async () => (await page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/Imported 3 questions/);
    await openExperiment(page, 'sensitivity/paraphrases');
    await run(page, 'paraphrase-run');
    // The shipped model gives every paraphrase of this file the original's answer (seed 1).
    expect(await page.getByTestId('paraphrase-card').textContent()).toMatch(/0\.0% \(0 of 7( \*)?[ )]/); // '*': fewer than 30 paraphrases
    const similarity = page.getByTestId('chart-dpr-similarity');
    // A chart draws after its table (recharts sizes it in an effect): polled, not read once.
    await expect.poll(() => similarity.locator('.recharts-bar-rectangle path, .recharts-bar-rectangle rect').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await similarity.textContent()).toMatch(/n=\d/);
    expect(await page.getByTestId('chart-dpr-kind').textContent()).toContain('0.0%');
    await page.getByTestId('chart-dpr-similarity').scrollIntoViewIfNeeded();
    await shot(page, 'ux-phone-dpr-zero');
  });

  it('trap charts: an F1 of 0 with the trap keeps its bar, and each bucket says how many questions it holds', async () => {
    const page = app.page;
    await openExperiment(page, 'stability/traps');
    await run(page, 'traps-run');
    // Seed 1 on this file: 2 questions, both in 0.4–0.6, F1 20 → 0.
    expect(await page.getByTestId('traps-table').textContent()).toMatch(/with the trap0\.0 \/ 0\.0/);
    await expect.poll(() => page.getByTestId('chart-similarity').locator('.recharts-bar-rectangle').count(), { timeout: 30_000 }).toBe(2);
    expect(await page.getByTestId('chart-hits').textContent()).toContain('n=2');
    await page.getByTestId('chart-similarity').scrollIntoViewIfNeeded();
    await shot(page, 'ux-phone-trap-zero');
  });
});

describe('the token view with no perturbation', () => {
  it('hatches no token as inserted, and its axis titles sit inside the figure', async () => {
    const page = app.page;
    await page.getByTestId('tab-live').click();
    await page.getByTestId('open-token-view').click();
    const svg = page.getByTestId('token-svg').first();
    await svg.waitFor({ timeout: 30_000 });
    expect(await svg.getByTestId('token-col').count()).toBeGreaterThan(10);
    expect(await svg.locator('[data-testid="token-col"][data-changed]').count()).toBe(0);
    expect(await svg.textContent()).not.toContain('inserted');
    // The demo answer's probabilities top out below 0.5, so the scale is 0–0.5 or less: the titles must still fit.
    const box = (await svg.boundingBox())!;
    for (const title of ['P(start)', 'P(end)']) {
      const t = (await svg.locator('text', { hasText: title }).boundingBox())!;
      expect(t.y, title).toBeGreaterThanOrEqual(box.y);
      expect(t.y + t.height, title).toBeLessThanOrEqual(box.y + box.height);
    }
    await page.getByTestId('token-view').first().screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'ux-token-view-one-side.png') });
  });
});

describe('importing the wrong file', () => {
  it('a predictions file is named as one, with the qarx command that scores it', async () => {
    const page = app.page;
    await openSection(page, 'data');
    await page.getByTestId('dataset-file-input').setInputFiles(join(ROOT, 'test', 'fixtures', 'eval', 'squad-v1.pred.json'));
    await expect.poll(async () => (await page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/squad-v1\.pred\.json: this looks like a predictions file/);
    const message = (await page.getByTestId('import-message').textContent()) ?? '';
    expect(message).toContain('qarx eval <dataset> squad-v1.pred.json');
    expect(message).not.toMatch(/undefined/);
    await page.getByTestId('import-message').scrollIntoViewIfNeeded();
    await shot(page, 'ux-phone-predictions-import');
  });

  it('the Hub dataset form names each prefilled box (config, split, rows)', async () => {
    const page = app.page;
    await page.getByTestId('data-panel').getByText('Hugging Face Hub dataset').click();
    const form = page.locator('.hf-form');
    expect(await form.innerText()).toMatch(/dataset \(owner\/name\)[\s\S]*config[\s\S]*split[\s\S]*rows/);
    expect(await page.getByLabel('Rows').inputValue()).toBe('1000');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await form.screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'ux-phone-hub-form.png') });
  });
});

describe('after a reload', () => {
  it('the open question comes back (not the start-up demo question); a new tab starts fresh', async () => {
    const page = app.page;
    await page.getByTestId('tab-live').click();
    await page.getByTestId('drawer-questions').evaluate((e) => ((e as HTMLDetailsElement).open = true));
    await page.getByLabel('Dataset', { exact: true }).selectOption('all');
    await page.getByLabel('Search questions, passages and answers').fill('Everest expedition');
    await page.getByTestId('instance-row').first().click();
    const question = 'Who led the 1953 Everest expedition?';
    await expect.poll(() => page.getByTestId('question-input').inputValue(), { timeout: 30_000 }).toBe(question);
    await page.reload();
    await page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await expect.poll(() => page.getByTestId('question-input').inputValue(), { timeout: 30_000 }).toBe(question);
    expect(await page.getByTestId('instance-head').textContent()).toContain('demo-per-04');
    const fresh = await app.open('device=wasm');
    expect(await fresh.getByTestId('question-input').inputValue()).toBe('Where was Marie Curie born?');
    await fresh.close();
  });

  it('the Scoring choice is kept (it changes every later number)', async () => {
    const page = app.page;
    await openSection(page, 'data');
    await page.getByTestId('scoring-lang').selectOption('en');
    // The address bar keeps the place: the reload reopens Data.
    await page.reload();
    await page.getByTestId('scoring-lang').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('scoring-lang').inputValue()).toBe('en');
    await page.getByTestId('scoring-lang').evaluate((e) => e.closest('details')?.setAttribute('open', ''));
    await page.getByTestId('scoring-lang').selectOption('auto');
    expect(app.errors).toEqual([]);
  });
});
