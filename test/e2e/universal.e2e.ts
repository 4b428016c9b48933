/**
 * Universal names as a user meets them (shipped model, WASM, demo set): the Experiments card runs
 * Algorithm 2 over K candidate names, shows the top names by weight as a table and a chart with the
 * run's record, and a cancelled run keeps what finished, marked partial.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { openExperiment, shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });
beforeAll(async () => {
  await openExperiment(app.page, 'entity/universal');
  await app.page.getByTestId('universal-card').waitFor({ timeout: 30_000 });
});

const card = () => app.page.getByTestId('universal-card');

describe('universal names', () => {
  it('ranks K names on the demo set and shows the table, chart and run record', async () => {
    await app.page.getByTestId('universal-k').fill('12');
    await app.page.getByTestId('universal-top').fill('6');
    await app.page.getByTestId('universal-n').fill('2');
    await app.page.getByTestId('universal-b').fill('6');
    await app.page.getByTestId('universal-run').click();
    await app.page.getByTestId('universal-table').waitFor({ timeout: 180_000 });
    await expect.poll(async () => app.page.getByTestId('universal-progress').count(), { timeout: 180_000 }).toBe(0);
    const rows = app.page.getByTestId('universal-row');
    // Only names that worsen more answers than they improve are listed (App. A.1), at most the top 6; a note says how many qualified.
    const shown = await rows.count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThanOrEqual(6);
    expect(await app.page.getByTestId('universal-qualified').textContent()).toMatch(new RegExp(`^\\d+ of \\d+ names? drawn worsens? more answers than (it improves|they improve) \\(worse > better\\): ${shown} listed \\(top 6\\)`));
    // "#, name, weight %, worse, better, tried, changed, drop": ranks 1…n, weights never rising down the table.
    const cells = await Promise.all((await rows.all()).map(async (r) => (await r.locator('td').allTextContents()).map((t) => t.trim())));
    expect(cells.map((c) => c[0])).toEqual(Array.from({ length: shown }, (_, k) => String(k + 1)));
    const weight = cells.map((c) => Number(c[2]));
    for (let k = 1; k < weight.length; k++) expect(weight[k - 1]).toBeGreaterThanOrEqual(weight[k] as number);
    for (const c of cells) expect(Number(c[3]) + Number(c[4])).toBeLessThanOrEqual(parseFloat(c[5] ?? '')); // tried may carry the small-n '*'
    for (const c of cells) expect(Number(c[3])).toBeGreaterThan(Number(c[4])); // worse > better on every listed row
    expect(await app.page.getByTestId('universal-summary').textContent()).toMatch(/^\d+ eligible questions .*\d+ of 12 names drawn in 2 iterations; top \d shown\./);
    expect(await app.page.getByTestId('universal-record').textContent()).toMatch(/qarx-lexical-qa .*WASM.*candidates 12.*iterations 2.*sample 6.*top 6/);
    expect(await app.page.getByTestId('universal-partial').count()).toBe(0);
    const chart = app.page.getByTestId('chart-universal');
    await expect.poll(() => chart.textContent(), { timeout: 30_000 }).toContain('weight (%)');
    await expect.poll(() => chart.locator('.recharts-yAxis .recharts-cartesian-axis-tick').count(), { timeout: 30_000 }).toBe(shown); // one tick per listed name
    await card().scrollIntoViewIfNeeded();
    await card().screenshot({ path: await shot(app.page, 'universal-full') });
    // Under the one category rule (issue 38.3: C2W needs F1 < 0.4) the shipped model's renamed answers here stay
    // partly right (the surname alone, F1 0.67), so no universal name makes a C2W case: measured 0 cases over
    // PER/GPE × DBName/InDistName × N 2–4 × B 6–10 on the demo set. No case is listed, and none is claimed.
    // (Reopening a found case in Live is the sweep's path, casesFromFound, checked in entity.e2e.ts.)
    expect(await app.page.getByTestId('result-cases').locator('li').filter({ hasText: 'universal name “' }).count()).toBe(0);
    await openExperiment(app.page, 'entity/universal');
    await card().waitFor({ timeout: 30_000 });
  });

  it('cancels a run: the names finished stay, marked partial', async () => {
    await app.page.getByTestId('universal-k').fill('500');
    await app.page.getByTestId('universal-n').fill('10');
    await app.page.getByTestId('universal-b').fill('10');
    await app.page.getByTestId('universal-run').click();
    const progress = app.page.getByTestId('universal-progress');
    await progress.waitFor({ timeout: 30_000 });
    // Wait until some names are done, so the partial ranking has rows.
    await expect.poll(async () => (await progress.textContent()) ?? '', { timeout: 120_000 }).toMatch(/· ([1-9]\d*) of 100 name draws/);
    await app.page.getByTestId('universal-cancel').click();
    await app.page.getByTestId('universal-partial').waitFor({ timeout: 60_000 });
    expect(await app.page.getByTestId('universal-partial').textContent()).toMatch(/^Partial: cancelled after \d+ of 10 iterations/);
    expect(await card().textContent()).toContain('Cancelled');
    expect(await app.page.getByTestId('universal-row').count()).toBeGreaterThan(0);
    expect(await app.page.locator('[data-testid="universal-row"].partial-row').count()).toBe(await app.page.getByTestId('universal-row').count());
    expect(await app.page.getByTestId('chart-universal').textContent()).toContain('partial');
    await card().scrollIntoViewIfNeeded();
    await shot(app.page, 'universal-partial');
  });

  it('fits a phone screen and logs no page errors', async () => {
    await app.page.setViewportSize({ width: 390, height: 900 });
    await card().scrollIntoViewIfNeeded();
    const box = await card().boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    await card().screenshot({ path: await shot(app.page, 'universal-phone') });
    await app.page.setViewportSize({ width: 1440, height: 1000 });
    expect(app.errors).toEqual([]);
  });
});
