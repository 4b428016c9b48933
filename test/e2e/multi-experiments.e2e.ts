/**
 * Every experiment on every loaded model, as a user meets it: the shipped model plus a second
 * model served by the mock Hub (a tiny random-weight DistilBERT), a small entity sweep run once
 * from its card, and both models' results shown (a tab each, and side by side), each with its
 * own run record.
 */
import { describe, expect, it } from 'vitest';
import { openApp, openExperiment, openSection, shot, sweepDrawn, useBrowser, useServer, violations } from './harness.ts';
import { TINY, useTinyHub } from './tiny-hub.ts';

const server = useServer();

const hub = useTinyHub('qarx-multi-exp-');

for (const device of ['wasm', 'webgpu'] as const) describe(`an experiment card on two models (${device})`, () => {
  const chrome = useBrowser(device === 'webgpu');

  // The ceiling only: the steps wait for events (a two-model sweep on SwiftShader WebGPU takes minutes on a loaded machine).
  it('runs a small sweep on both models and shows each model’s result and both side by side', { timeout: 900_000 }, async () => {
    const errors: string[] = [];
    const page = await openApp(chrome.browser, server.url, `device=${device}&hub=${encodeURIComponent(hub.url)}`, errors, 1100);
    await openSection(page, 'models');
    await page.getByLabel('Hub id of a model to add').fill(TINY);
    await page.getByLabel('Device of the added model').selectOption({ label: device === 'wasm' ? 'WASM' : 'WebGPU' });
    await page.getByTestId('add-model').click();
    await page.locator('[data-testid="loaded-model"][data-key="m2"][data-status="ready"]').waitFor({ timeout: 120_000 });
    // A small N: the questions that mention one person.
    await openSection(page, 'live');
    await page.getByLabel('Search questions, passages and answers').fill('Szabo');
    await openExperiment(page, 'entity/sweep');
    const card = page.getByTestId('sweep-card');
    await card.waitFor({ timeout: 30_000 });
    // The list's search narrows a run only when the scope includes it (issue 23).
    await page.getByTestId('sweep-scope-change').click();
    await page.getByTestId('sweep-scope-search').check();
    await expect.poll(async () => (await page.getByTestId('sweep-scope-text').textContent()) ?? '').toMatch(/ · search "Szabo" · each renamed where its answer entity is renamable, else left out with its reason$/);
    await page.getByTestId('sweep-seeds').fill('1');
    await page.getByTestId('sweep-run').click();
    const tabs = card.getByTestId('sweep-model-tab');
    await expect.poll(() => tabs.count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => tabs.evaluateAll((ts) => ts.map((t) => t.getAttribute('data-state')).join(',')), { timeout: 600_000 }).toBe('done,done');
    expect(await page.getByTestId('sweep-progress').count()).toBe(0);
    expect(await tabs.nth(0).textContent()).toContain('qarx-lexical-qa');
    // A tab names its model as the model panel does: its label first, the id beside it.
    expect(await tabs.nth(0).textContent()).toMatch(/^A\s*Lexical-overlap baseline .*qarx-lexical-qa/);
    expect(await tabs.nth(1).textContent()).toContain(TINY);

    // Side by side: one row per (type, source, origin), each headline column once for A and once for B.
    const side = card.getByTestId('sweep-by-model');
    const headers = await side.locator('thead th').allTextContents();
    expect(headers.slice(0, 3)).toEqual(['type', 'source', 'origin']);
    // Human labels, as the single-run tables: no machine names in headers or key cells.
    expect(headers).toContain('Amodel A orig. F1');
    expect(headers).toContain('Bmodel B orig. F1');
    expect(headers).toContain('Bmodel B drop F1 (orig. − pert.)');
    expect(headers.join(' ')).not.toMatch(/_/);
    expect(await side.locator('tbody tr td:nth-child(2)').allTextContents()).not.toContain('db');
    // An origin only means something for DBName: beside the other sources it is '–', as in the single-run table.
    const keys = await side.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent ?? '')));
    expect(keys.filter((k) => k[1] !== 'DBName').map((k) => k[2])).toEqual(keys.filter((k) => k[1] !== 'DBName').map(() => '–'));
    expect(keys.some((k) => k[1] === 'DBName' && k[2] === 'US')).toBe(true);
    expect(await side.getByTestId('sweep-by-model-row').count()).toBe(await page.getByTestId('sweep-table').locator('tbody tr').count());
    // The card shows the last model's result; its tab switches to the other model's, with its own record.
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('sweep-record').textContent()).toContain(TINY);
    const tableB = await page.getByTestId('sweep-table').locator('tbody').textContent();
    await tabs.nth(0).click();
    expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByTestId('sweep-record').textContent()).toContain('qarx-lexical-qa');
    expect(await page.getByTestId('sweep-record').textContent()).not.toContain(TINY);
    expect(await page.getByTestId('sweep-table').locator('tbody tr').count()).toBeGreaterThan(0);
    // The random-weight model answers differently, so its table differs from the shipped model's.
    expect(await page.getByTestId('sweep-table').locator('tbody').textContent()).not.toBe(tableB);
    await tabs.nth(1).click();
    expect(await page.getByTestId('sweep-table').locator('tbody').textContent()).toBe(tableB);
    expect(await violations(page, '[data-testid="sweep-card"]')).toEqual([]);
    expect(errors).toEqual([]);
    await sweepDrawn(page);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: await shot(page, `multi-sweep-two-models-${device}`).then((p) => p.replace(/\.png$/, '-card.png')) });
    await page.setViewportSize({ width: 390, height: 900 });
    await card.screenshot({ path: await shot(page, `multi-sweep-390-${device}`).then((p) => p.replace(/\.png$/, '-card.png')) });
    await page.close();
  });
});
