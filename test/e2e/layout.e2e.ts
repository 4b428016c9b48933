/**
 * Layout (issue 41.7, 41.8, 41.10; shipped model, WASM, demo set), one page: at 390 px no view scrolls
 * sideways — Live with an explanation (before and after a renaming) open, every section and every
 * experiment page with its drawers open, and a sweep's result — and every results table scrolls in
 * its own box; a sweep where ORG has 0 questions says so inside its charts and in their SVG/PNG
 * exports; at 1440 px the sweep table with its CI columns shows its last column, the legend follows
 * the bars and axis labels keep names whole. Screenshots: test-results/screenshots/layout-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXPERIMENT_GROUPS } from '../../src/app/shell/routes.ts';
import { ORIGINS } from '../../src/core/entity/options.ts';
import { download, openExperiment, openSection, shot, sweepDrawn, useApp } from './harness.ts';

const PHONE = 390;
const app = useApp({ query: 'device=wasm', width: PHONE, height: 844 });

/** How far the document is wider than `width`: 0 or less when nothing scrolls sideways. */
const overflow = (page: Page, width: number) => page.evaluate((w) => document.documentElement.scrollWidth - w, width);
/** Opens every <details> on the page (drawers, menus, notes), as a curious reader would. */
const openAll = (page: Page) => page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
/** Results tables not inside a box of their own that scrolls sideways. */
const loose = (page: Page) => page.evaluate(() => [...document.querySelectorAll('table')].filter((t) => !['auto', 'scroll'].includes(getComputedStyle(t.parentElement as Element).overflowX)).map((t) => t.getAttribute('data-testid') ?? t.className));

/** Sets the sweep's checkboxes of `group` (types, sources or origins) to exactly `keep`. */
async function only(page: Page, group: 'type' | 'source' | 'origin', all: readonly string[], keep: readonly string[]): Promise<void> {
  for (const k of all) await page.getByTestId(`sweep-${group}-${k}`).setChecked(keep.includes(k));
  for (const k of all) await expect.poll(() => page.getByTestId(`sweep-${group}-${k}`).isChecked()).toBe(keep.includes(k));
}

describe('layout', () => {
  it('at 390 px no view scrolls sideways: Live with an explanation open, every section and every experiment page', async () => {
    const p = app.page;
    const wide: string[] = [];
    const check = async (name: string) => {
      const o = await overflow(p, PHONE);
      if (o > 0) wide.push(`${name}: ${o} px too wide`);
      const l = await loose(p);
      if (l.length) wide.push(`${name}: tables outside a scroll box: ${l.join(', ')}`);
      // A card's CI control takes a line of its own below its Run button (not a cramped column beside it).
      const beside = await p.evaluate(() => [...document.querySelectorAll('.row > .ci-control')].filter((c) => {
        const b = c.parentElement?.querySelector(':scope > button')?.getBoundingClientRect();
        return b && b.height > 0 && c.getBoundingClientRect().top < b.bottom - 1;
      }).map((c) => c.getAttribute('data-testid')));
      if (beside.length) wide.push(`${name}: CI control beside its Run button: ${beside.join(', ')}`);
    };
    await p.getByTestId('explain-toggle').click();
    await p.getByTestId('explain-before-list').waitFor({ timeout: 60_000 });
    await p.getByTestId('rename-toggle').click();
    await p.getByTestId('explain-after-list').waitFor({ timeout: 60_000 });
    await openAll(p);
    await check('live, explanation open');
    // The "remove" menu (sentence choices up to 40 characters) fits the screen.
    const units = await p.getByTestId('explain-units').boundingBox();
    expect(units!.x + units!.width).toBeLessThanOrEqual(PHONE);
    await p.getByTestId('explain-panel').screenshot({ path: 'test-results/screenshots/layout-390-explain.png' });
    await p.getByTestId('rename-toggle').click();
    await p.getByTestId('explain-toggle').click();
    for (const s of ['data', 'models', 'experiments'] as const) {
      await openSection(p, s);
      await openAll(p);
      await check(s);
    }
    for (const g of EXPERIMENT_GROUPS) {
      for (const item of g.items) {
        await openExperiment(p, `${g.id}/${item.id}`);
        await openAll(p);
        await check(`${g.id}/${item.id}`);
      }
    }
    expect(wide).toEqual([]);
  });

  it('a sweep where ORG has 0 questions says why inside each chart and in its SVG and PNG; its tables scroll in their own box', async () => {
    const p = app.page;
    await openSection(p, 'live');
    await p.getByTestId('drawer-questions').evaluate((d) => ((d as HTMLDetailsElement).open = true));
    await p.getByLabel('Search questions, passages and answers').fill('Everest expedition');
    await expect.poll(() => p.getByTestId('instance-row').count()).toBe(1);
    await openExperiment(p, 'entity/sweep');
    await p.getByTestId('sweep-scope-change').click();
    await p.getByTestId('sweep-scope-search').check();
    await only(p, 'type', ['PER', 'ORG', 'GPE', 'MIX'], ['ORG']);
    await only(p, 'source', ['indist', 'db', 'randstr'], ['indist']);
    // No person-name origin runs either (they would add PER rows).
    await only(p, 'origin', ORIGINS, []);
    await p.getByTestId('sweep-seeds').fill('1');
    await p.getByTestId('sweep-ci').setChecked(false);
    await p.getByTestId('sweep-run').click();
    await p.getByTestId('sweep-table').waitFor({ timeout: 120_000 });
    const reason = 'Nothing to draw: ORG has 0 questions in this run.';
    const chart = p.getByTestId('chart-type');
    await expect.poll(() => chart.getByTestId('chart-type-empty').textContent()).toBe(reason);
    // No empty axes: the reason stands in the chart's place.
    expect(await chart.locator('.recharts-wrapper').count()).toBe(0);
    const svg = await download(p, () => chart.getByRole('button', { name: /download as SVG$/ }).click());
    const words = svg.bytes.toString('utf8').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(words).toContain(reason);
    const png = await download(p, () => chart.getByRole('button', { name: /download as PNG$/ }).click());
    expect(png.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.bytes.readUInt32BE(20)).toBeGreaterThan(200);
    expect(await overflow(p, PHONE)).toBeLessThanOrEqual(0);
    expect(await loose(p)).toEqual([]);
    await p.getByTestId('sweep-card').screenshot({ path: 'test-results/screenshots/layout-390-sweep-empty.png' });
  });

  it('at 1440 px the sweep table with its CI columns shows its last column; legends follow the bars; axis labels keep names whole', async () => {
    const p = app.page;
    await p.setViewportSize({ width: 1440, height: 1000 });
    await p.getByTestId('sweep-scope-search').uncheck();
    await only(p, 'type', ['PER', 'ORG', 'GPE', 'MIX'], ['PER', 'ORG', 'GPE', 'MIX']);
    await only(p, 'source', ['indist', 'db', 'randstr'], ['indist', 'db', 'randstr']);
    await only(p, 'origin', ORIGINS, ['us']);
    await p.getByTestId('sweep-ci').setChecked(true);
    await p.getByTestId('sweep-run').click();
    await p.locator('[data-testid="sweep-table"] [data-testid="ci-drop"]').first().waitFor({ timeout: 240_000 });
    await sweepDrawn(p);
    const box = p.getByTestId('sweep-table').locator('..');
    const fit = await box.evaluate((b) => ({ scroll: b.scrollWidth, client: b.clientWidth }));
    expect(fit.scroll).toBeLessThanOrEqual(fit.client);
    const legend = await p.getByTestId('chart-type').locator('.recharts-legend-item-text').allTextContents();
    expect(legend).toEqual(['InDistName', 'DBName', 'RandStr']);
    const ticks = await p.getByTestId('chart-errors').locator('svg.recharts-surface tspan').allTextContents();
    expect(ticks).toContain('InDistName');
    expect(ticks).not.toContain('InDist');
    await p.getByTestId('sweep-card').scrollIntoViewIfNeeded();
    await shot(p, 'layout-1440-sweep');
    await p.getByTestId('sweep-card').screenshot({ path: 'test-results/screenshots/layout-1440-sweep-card.png' });

    // On a phone the 9 cells' labels (MIX has no bar here) would run into each other: the chart keeps its width and scrolls in its own box.
    const errors = p.getByTestId('chart-errors');
    const tickBoxes = () => errors.locator('.recharts-cartesian-axis-tick-label > text:not(.recharts-text)').evaluateAll((ts) => ts.map((t) => [t.getBoundingClientRect().left, t.getBoundingClientRect().right] as const));
    await p.setViewportSize({ width: PHONE, height: 900 });
    await expect.poll(async () => errors.locator('.chart-scroll').evaluate((b) => b.scrollWidth > b.clientWidth)).toBe(true);
    const boxes = await tickBoxes();
    expect(boxes.length).toBe(9);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]![0], `tick ${i} overlaps tick ${i - 1}`).toBeGreaterThanOrEqual(boxes[i - 1]![1]);
    expect(await overflow(p, PHONE)).toBeLessThanOrEqual(0);
    await errors.scrollIntoViewIfNeeded();
    await errors.screenshot({ path: 'test-results/screenshots/layout-390-errors-chart.png' });
    await p.setViewportSize({ width: 1440, height: 1000 });
  });
});
