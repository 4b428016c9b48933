/**
 * Accessibility (axe-core in real Chromium, shipped model, WASM, demo set): zero serious or
 * critical violations on the live view (with the paraphrase control and trap panel open), each
 * experiment card with a result, the run history with a saved run reopened, the Storage panel,
 * the status banners, a seed-input error, the category-rule select, and a 390 px phone screen;
 * renaming with its type correction, an empty search result; and the keyboard: skip link, one
 * Tab stop per radio group with arrow keys, tabs with arrow keys, a visible focus outline; the
 * glossary dialog from the header, a term's tooltip on focus, and the model cards' network lines.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { openExperiment, openSection, shot, sweepDrawn, useApp } from './harness.ts';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// Another model host and wiki (never contacted here) bring up the host banners.
const QUERY = `device=wasm&test-hooks=1&hub=${encodeURIComponent('http://localhost:9/')}&wiki=${encodeURIComponent('http://localhost:9/w/api.php')}`;

const app = useApp({ query: QUERY });

/** Serious and critical axe violations on the page (or inside `selector`), as "rule: target (message)". */
async function violations(selector?: string): Promise<string[]> {
  // The app's CSP forbids inline scripts (so addScriptTag is blocked); DevTools evaluation is not subject to it.
  if (!(await app.page.evaluate(() => 'axe' in window))) await app.page.evaluate(AXE);
  return app.page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[]; failureSummary?: string }[] }[] }> } }).axe;
    const r = await axe.run(sel ? { include: [sel] } : document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${JSON.stringify(n.target)} (${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 160)})`));
  }, selector ?? null);
}

const tid = (id: string) => `[data-testid="${id}"]`;

describe('zero serious axe violations', () => {
  it('on the live view with the banners, the paraphrase control and the trap panel open', async () => {
    expect(await app.page.getByTestId('hub-host-notice').count()).toBe(1);
    expect(await app.page.getByTestId('wiki-host-notice').count()).toBe(1);
    expect.soft(await violations()).toEqual([]);
    await app.page.getByTestId('paraphrase-live').locator('summary').click();
    await app.page.getByTestId('trap-toggle').click();
    await app.page.getByTestId('trap-passage-trap').first().waitFor({ timeout: 60_000 });
    // Checked once answered: a panel being answered is dimmed on purpose.
    await expect.poll(() => app.page.locator('.busy').count(), { timeout: 120_000 }).toBe(0);
    // …and faded back in: .rename and .answer-card ease their opacity for 0.15 s, and axe must not read a colour mid-fade.
    await expect.poll(() => app.page.evaluate(() => [...document.querySelectorAll('.rename, .answer-card, .entity-panel')].every((e) => getComputedStyle(e).opacity === '1')), { timeout: 30_000 }).toBe(true);
    expect.soft(await violations()).toEqual([]);
    await shot(app.page, 'a11y-live');
  });

  it('glossary: opens from the header, a term explains itself on keyboard focus, model cards say what needs the network; axe clean', async () => {
    const p = app.page;
    const active = () => p.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    await p.getByTestId('glossary-open').click();
    const dialog = p.getByTestId('glossary-dialog');
    await dialog.getByTestId('glossary-view').waitFor();
    expect(await dialog.getByTestId('glossary-entry').count()).toBeGreaterThan(40);
    await p.getByTestId('glossary-search').fill('D_worst');
    await expect.poll(() => dialog.getByTestId('glossary-entry').count()).toBe(1);
    expect(await dialog.getByTestId('glossary-entry').textContent()).toMatch(/Balasubramanian et al\. 2020.*Algorithm 1/);
    await p.getByTestId('glossary-search').fill('');
    expect.soft(await violations(tid('glossary-dialog'))).toEqual([]);
    await shot(p, 'a11y-glossary');
    await p.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await active()).toBe('glossary-open');

    // A term in a label explains itself on focus (aria-describedby), and Escape closes the tip.
    await openSection(p, 'models');
    // The precision select's label (the catalogue's hint names precision too).
    const term = p.getByTestId('model-panel').locator('label').getByTestId('term-precision');
    await term.focus();
    const tip = p.locator(`[id="${await term.getAttribute('aria-describedby')}"]`);
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.getAttribute('role')).toBe('tooltip');
    expect(await tip.textContent()).toMatch(/^q8 \/ fp16 \/ fp32: .*fp32/);
    // The label's own text stays the term: the tip lives outside it.
    expect(await p.getByTestId('model-panel').locator('label:has([data-testid="term-precision"])').textContent()).toMatch(/^Precision\s*Auto/);
    expect.soft(await violations()).toEqual([]);
    // The viewport only: a full-page capture scrolls back to the top, away from the fixed tip.
    await p.screenshot({ path: 'test-results/screenshots/a11y-term-focus.png' });
    await p.keyboard.press('Escape');
    await expect.poll(() => tip.isVisible()).toBe(false);

    // Model cards: the shipped one works offline; a Hub one says what it downloads, and offline that it needs the network.
    const cards = p.getByTestId('catalog-network');
    expect(await cards.first().textContent()).toBe('Works offline: shipped with the app.');
    expect(await cards.nth(1).textContent()).toMatch(/^Needs the network: downloads about 65\.0 MB \(q8\) \/ 260\.0 MB \(fp32\) from http:\/\/localhost:9/);
    await p.context().setOffline(true);
    await expect.poll(async () => (await cards.nth(1).textContent()) ?? '').toMatch(/^Offline: needs the network/);
    await p.context().setOffline(false);
    await expect.poll(async () => (await cards.nth(1).textContent()) ?? '').toMatch(/^Needs the network/);
    await openSection(p, 'live');
  });

  it('on the live view with renaming open (type correction), an empty search result and the file pickers', async () => {
    await app.page.getByTestId('instance-row').first().click();
    await app.page.getByTestId('answer-highlight').waitFor({ timeout: 60_000 });
    await app.page.getByTestId('rename-toggle').click();
    await app.page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    await app.page.getByTestId('type-correction').waitFor({ timeout: 30_000 });
    await expect.poll(() => app.page.locator('.busy').count(), { timeout: 120_000 }).toBe(0);
    await expect.poll(() => app.page.evaluate(() => [...document.querySelectorAll('.rename, .answer-card, .entity-panel')].every((e) => getComputedStyle(e).opacity === '1')), { timeout: 30_000 }).toBe(true);
    expect.soft(await violations(tid('entity-panel'))).toEqual([]);
    // A search that hides the open question: the list says so where the search was typed, and Clear shows it again.
    const other = (await app.page.getByTestId('instance-row').nth(3).locator('.row-q').textContent())!.trim();
    await app.page.getByLabel('Search questions, passages and answers').fill(other);
    await app.page.getByTestId('open-hidden').waitFor({ timeout: 30_000 });
    expect(await app.page.getByTestId('open-hidden').textContent()).toMatch(/^The question open in Live is not in this list: the search or filters hide it\. Clear search and filters$/);
    expect.soft(await violations(tid('instance-browser'))).toEqual([]);
    await app.page.getByTestId('open-hidden-clear').click();
    await expect.poll(() => app.page.getByTestId('open-hidden').count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => app.page.locator('.list-row.active').count(), { timeout: 30_000 }).toBe(1);
    await app.page.getByLabel('Search questions, passages and answers').fill('zzqqxx nothing matches this');
    await app.page.getByTestId('empty-result').waitFor({ timeout: 30_000 });
    expect.soft(await violations(tid('instance-browser'))).toEqual([]);
    await app.page.getByTestId('reset-filters').click();
    await expect.poll(() => app.page.getByTestId('instance-row').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await app.page.getByTestId('rename-toggle').click();
    await openSection(app.page, 'data');
    expect.soft(await violations(tid('dropzone'))).toEqual([]);
    expect.soft(await violations()).toEqual([]);
    await openSection(app.page, 'models');
    expect.soft(await violations()).toEqual([]);
    await openSection(app.page, 'live');
  });

  it('keyboard: the skip link comes first, radio groups are one Tab stop with arrow keys, tabs follow arrow keys, focus is outlined', async () => {
    // A fresh page: Tab starts from the top.
    await app.page.reload();
    await app.page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await app.page.keyboard.press('Tab');
    const active = () => app.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);
    expect(await active()).toBe('skip-link');
    const outline = await app.page.evaluate(() => {
      const s = getComputedStyle(document.activeElement as Element);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    expect(outline.style).not.toBe('none');
    expect(outline.width).toBeGreaterThanOrEqual(2);
    await shot(app.page, 'a11y-skip-link');
    await app.page.keyboard.press('Enter');
    expect(await active()).toBe('question-input');

    // The entity-type radios: one Tab stop (the checked one); arrows move and choose.
    await app.page.getByTestId('rename-toggle').click();
    await app.page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    const group = app.page.getByRole('radiogroup', { name: 'Entity type' });
    expect(await group.locator('[role="radio"][tabindex="0"]').count()).toBe(1);
    await app.page.getByTestId('rename-type-MIX').focus();
    await app.page.keyboard.press('ArrowLeft');
    expect(await active()).toBe('rename-type-GPE');
    expect(await app.page.getByTestId('rename-type-GPE').getAttribute('aria-checked')).toBe('true');
    expect(await app.page.getByTestId('rename-type-MIX').getAttribute('tabindex')).toBe('-1');
    await app.page.keyboard.press('End');
    expect(await active()).toBe('rename-type-MIX');
    expect(await app.page.getByTestId('rename-type-MIX').getAttribute('aria-checked')).toBe('true');
    await app.page.getByTestId('rename-toggle').click();

    // Every radio group of the page has exactly one Tab stop.
    const stops = await app.page.evaluate(() => [...document.querySelectorAll('[role="radiogroup"]')].map((g) => g.querySelectorAll('[role="radio"]:not([tabindex="-1"])').length));
    expect(stops.every((n) => n === 1)).toBe(true);

    // The navigation: links reached by Tab, opened by Enter, the open one marked as the current page.
    await app.page.getByTestId('tab-live').focus();
    await app.page.keyboard.press('Tab');
    expect(await active()).toBe('tab-experiments');
    await app.page.keyboard.press('Enter');
    expect(await app.page.getByTestId('tab-experiments').getAttribute('aria-current')).toBe('page');
    await app.page.getByTestId('exp-link-entity-sweep').focus();
    await app.page.keyboard.press('Enter');
    await app.page.getByTestId('sweep-card').waitFor();
    expect(new URL(app.page.url()).hash).toBe('#/experiments/entity/sweep');
    await app.page.getByTestId('tab-live').focus();
    await app.page.keyboard.press('Enter');
    await app.page.getByTestId('question-input').waitFor();
  });

  it('on the worker-restart banner', async () => {
    await app.page.evaluate(() => (window as unknown as { qarxTest: { worker(w: string, a: string): void } }).qarxTest.worker('data', 'close'));
    await app.page.getByTestId('worker-notice').waitFor({ timeout: 60_000 });
    expect.soft(await violations(tid('worker-notice'))).toEqual([]);
    await app.page.getByTestId('worker-notice').getByRole('button', { name: 'Dismiss' }).click();
  });

  it('on the Experiments view with a sweep, universal names, DPR and trap result', async () => {
    await openExperiment(app.page, 'audit/runs');
    await app.page.getByTestId('run-history').waitFor({ timeout: 30_000 });
    expect.soft(await violations()).toEqual([]);
    await openExperiment(app.page, 'entity/sweep');
    await app.page.getByTestId('sweep-seeds').fill('1');
    await app.page.getByTestId('sweep-run').click();
    await sweepDrawn(app.page);
    expect.soft(await violations()).toEqual([]);
    await openExperiment(app.page, 'entity/universal');
    await app.page.getByTestId('universal-k').fill('2');
    await app.page.getByTestId('universal-top').fill('2');
    await app.page.getByTestId('universal-run').click();
    await app.page.getByTestId('universal-table').waitFor({ timeout: 240_000 });
    expect.soft(await violations()).toEqual([]);
    await openExperiment(app.page, 'sensitivity/paraphrases');
    for (const k of ['function-word', 'synonym', 'content-word', 'combined']) await app.page.getByTestId(`paraphrase-source-${k}`).uncheck();
    await app.page.getByTestId('paraphrase-run').click();
    await app.page.getByTestId('paraphrase-table').waitFor({ timeout: 240_000 });
    expect.soft(await violations()).toEqual([]);
    await openExperiment(app.page, 'stability/traps');
    await app.page.getByTestId('traps-run').click();
    await app.page.getByTestId('traps-table').waitFor({ timeout: 240_000 });
    await expect.poll(() => app.page.getByTestId('traps-progress').count(), { timeout: 60_000 }).toBe(0);
    expect.soft(await violations()).toEqual([]);
    await openExperiment(app.page, 'audit/runs');
    await expect.poll(() => app.page.getByTestId('run-row').count(), { timeout: 60_000 }).toBe(4);
    expect.soft(await violations()).toEqual([]);
    await shot(app.page, 'a11y-experiments');
  });

  it('on the run history with a saved run reopened, a seed error and the category-rule select', async () => {
    await app.page.getByTestId('run-row').first().getByTestId('run-open').click();
    await app.page.getByTestId('saved-run').getByTestId('traps-table').waitFor({ timeout: 30_000 });
    await app.page.getByTestId('run-compare').nth(0).check();
    await app.page.getByTestId('run-compare').nth(1).check();
    expect.soft(await violations(tid('run-history'))).toEqual([]);
    await openExperiment(app.page, 'entity/universal');
    await app.page.getByTestId('universal-seed').fill('1.5');
    await app.page.getByTestId('universal-seed-error').waitFor();
    expect.soft(await violations(tid('universal-card'))).toEqual([]);
    await app.page.getByTestId('universal-seed').fill('1');
    await openExperiment(app.page, 'natural/pairs');
    await app.page.getByTestId('category-rule').selectOption({ index: 1 });
    expect.soft(await violations(tid('natural-card'))).toEqual([]);
  });

  it('on the Storage panel', async () => {
    await openSection(app.page, 'data');
    await app.page.getByTestId('storage-panel').locator('summary').click();
    await app.page.getByTestId('storage-panel').getByText(/This site uses|No imported dataset|Datasets take/).first().waitFor({ timeout: 30_000 });
    expect.soft(await violations(tid('storage-panel'))).toEqual([]);
  });

  it('on a 390 px phone screen, every view', async () => {
    await app.page.setViewportSize({ width: 390, height: 844 });
    expect.soft(await violations()).toEqual([]);
    await shot(app.page, 'a11y-phone-data');
    await openExperiment(app.page, 'entity/sweep');
    expect.soft(await violations()).toEqual([]);
    await shot(app.page, 'a11y-phone-experiments');
    await app.page.getByTestId('tab-live').click();
    expect.soft(await violations()).toEqual([]);
    await shot(app.page, 'a11y-phone-live');
    expect(app.errors).toEqual([]);
  });
});
