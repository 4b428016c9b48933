/**
 * The failure gallery fed by the entity experiments (shipped model, WASM): a sweep and a worst/best
 * budget over the demo set put their C2W cases in the gallery, grouped by perturbation, with the
 * diff of the two passages; "Open live" opens a sweep case as the same seeded renaming and the
 * live renamed answer is the gallery's.
 */
import { describe, expect, it } from 'vitest';
import { openExperiment, runToEnd, shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });

const heads = () => app.page.getByTestId('gallery').locator('.gallery-group > h3').allTextContents();

describe('gallery cases from the entity experiments', () => {
  it('a sweep and a worst/best budget put their C2W cases in the gallery, grouped by perturbation', async () => {
    await openExperiment(app.page, 'entity/sweep');
    await app.page.getByTestId('sweep-card').waitFor({ timeout: 30_000 });
    await app.page.getByTestId('sweep-seeds').fill('2');
    await runToEnd(app.page, 'sweep-run');
    const sweepCases = async () => {
      await openExperiment(app.page, 'entity/sweep');
      return Number(/: (\d+)$/.exec(((await app.page.locator('#result-cases-title').textContent()) ?? '').trim())?.[1]);
    };
    const before = await sweepCases();
    expect(before).toBeGreaterThan(0);
    await openExperiment(app.page, 'entity/budget');
    await app.page.getByTestId('budget-source').selectOption('randstr');
    await app.page.getByTestId('budget-b').fill('5');
    await runToEnd(app.page, 'budget-run');
    // The budget's random renamings find some of the sweep's cases again: they stay under the sweep run too, so its list does not change.
    expect(await sweepCases()).toBe(before);

    await app.page.getByTestId('gallery-toggle').click();
    await app.page.getByTestId('gallery').waitFor();
    const h = await heads();
    expect(h.some((x) => x.startsWith('entity renaming: '))).toBe(true);
    expect(h.some((x) => x.startsWith('worst-case renaming: '))).toBe(true);
    // At most 40 cases per run.
    const n = await app.page.getByTestId('gallery-case').count();
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(80);
    const sweepGroup = app.page.getByTestId('gallery').locator('.gallery-group').filter({ has: app.page.locator('h3', { hasText: /^entity renaming: / }) }).first();
    const kase = sweepGroup.getByTestId('gallery-case').first();
    expect(await kase.getByTestId('gallery-diff').locator('ins, del').count()).toBeGreaterThan(0);
    // A case found again holds the later run's answers and says whose they are.
    const again = app.page.getByTestId('gallery-case').filter({ hasText: /found again by \w+ run of / });
    expect(await again.count()).toBeGreaterThan(0);
    expect(await again.first().locator('.catalog-id').textContent()).toMatch(/found again by \w+ run of [^;]*\(its passage and answers shown\)/);
    await shot(app.page, 'gallery-experiments');
  });

  it('"Open live" opens a sweep case as the same seeded renaming, with the same renamed answer', async () => {
    const sweepGroup = app.page.getByTestId('gallery').locator('.gallery-group').filter({ has: app.page.locator('h3', { hasText: /^entity renaming: / }) }).first();
    const kase = sweepGroup.getByTestId('gallery-case').first();
    const original = (await kase.getByTestId('gallery-original-answer').locator('b').textContent())!.trim();
    const perturbed = (await kase.getByTestId('gallery-perturbed-answer').locator('b').textContent())!.trim();
    const inserted = await kase.getByTestId('gallery-diff').locator('ins').allTextContents();
    const id = (await kase.locator('.catalog-id').textContent())!.split('·')[1]!.trim();
    await kase.getByTestId('gallery-open').click();
    await expect.poll(() => app.page.getByTestId('gallery').count()).toBe(0);
    await expect.poll(async () => (await app.page.getByTestId('instance-head').textContent()) ?? '', { timeout: 30_000 }).toContain(id);
    await app.page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    // Polled for the case's own values: a first result may still be the previous question's renaming.
    await expect.poll(async () => ((await app.page.getByTestId('rename-perturbed-text').textContent()) ?? '').trim(), { timeout: 60_000 }).toBe(perturbed);
    await expect.poll(async () => { const diff = (await app.page.getByTestId('rename-diff').textContent()) ?? ''; return inserted.every((w) => diff.includes(w.trim())); }, { timeout: 60_000 }).toBe(true);
    await expect.poll(async () => (await app.page.getByTestId('answer-text').textContent())?.trim(), { timeout: 60_000 }).toBe(original);
    await shot(app.page, 'gallery-experiments-open-live');
    expect(app.errors).toEqual([]);
  });

  it('a worst-case renaming listed under the budget result opens in Live as that renaming (issue 26.1)', async () => {
    await openExperiment(app.page, 'entity/budget');
    // The list collects the sweep's and the budget's cases; the budget's may come after the first few shown.
    const showAll = app.page.getByTestId('result-cases-all');
    if ((await showAll.count()) > 0 && /^Show all/.test((await showAll.textContent()) ?? '')) await showAll.click();
    const kase = app.page.getByTestId('result-cases').locator('li').filter({ hasText: 'worst-case renaming: ' }).first();
    await kase.waitFor({ timeout: 30_000 });
    await kase.getByTestId('result-case-open').click();
    await expect.poll(() => new URL(app.page.url()).hash, { timeout: 30_000 }).toBe('#/live');
    await app.page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    expect(await app.page.getByTestId('rename-diff').locator('ins').count()).toBeGreaterThan(0);
    expect(app.errors).toEqual([]);
  });
});
