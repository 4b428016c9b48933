/**
 * Several models at once, as a user meets them: the shipped model plus a second model served by
 * the mock Hub (a tiny random-weight DistilBERT, so its answers differ), side by side on WASM and
 * on WebGPU; the token view before/after a renaming with its exports; the robustness table over the
 * demo set; the memory check and unloading.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { download, openApp, openExperiment, openSection, ROOT, shot, useApp, useBrowser, useServer, violations } from './harness.ts';
import { TINY, useTinyHub } from './tiny-hub.ts';
import { unhelped } from './term-scan.ts';

const server = useServer();
let tinyBytes: number;
const lexicalBytes = statSync(join(ROOT, 'public', 'models', 'qarx-lexical-qa', 'onnx', 'model.onnx')).size;

const hub = useTinyHub('qarx-multi-');
beforeAll(() => {
  tinyBytes = statSync(join(hub.modelDir, 'onnx', 'model.onnx')).size;
});

async function addHubModel(page: Page, device: 'WASM' | 'WebGPU'): Promise<void> {
  await openSection(page, 'models');
  await page.getByLabel('Hub id of a model to add').fill(TINY);
  await page.getByLabel('Device of the added model').selectOption({ label: device });
  await page.getByTestId('add-model').click();
}

const ready = (page: Page, key: string) => page.locator(`[data-testid="loaded-model"][data-key="${key}"][data-status="ready"]`);

async function openDemo(page: Page, search: string, question: string): Promise<void> {
  await openSection(page, 'live');
  await page.getByLabel('Search questions, passages and answers').fill(search);
  await page.getByTestId('instance-row').filter({ hasText: question }).first().click();
  await expect.poll(() => page.getByTestId('question-input').inputValue()).toBe(question);
}

for (const device of ['wasm', 'webgpu'] as const) {
  describe(`two models side by side on ${device}`, () => {
    const app = useApp({ server, webgpu: device === 'webgpu', query: () => `device=${device}&hub=${encodeURIComponent(hub.url)}`, height: 1100 });

    it('adds a Hub model on the same device and shows both answers with letters and categories', async () => {
      await addHubModel(app.page, device === 'wasm' ? 'WASM' : 'WebGPU');
      await ready(app.page, 'm2').waitFor({ timeout: 120_000 });
      expect(await ready(app.page, 'm2').textContent()).toContain(`${device} · `);
      await openSection(app.page, 'live');
      await app.page.getByTestId('compare-view').waitFor({ timeout: 60_000 });
      const cards = app.page.getByTestId('model-answer');
      await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(2);
      expect(await cards.nth(0).textContent()).toContain('qarx-lexical-qa');
      expect(await cards.nth(1).textContent()).toContain(TINY);
      expect(await cards.nth(0).getByTestId('model-answer-text').textContent()).toBe('Warsaw');
      expect(await cards.nth(1).textContent()).toContain(device);
      // The passage marks model A's answer with its letter badge, not only a colour.
      const marks = app.page.getByTestId('model-answer-mark');
      expect(await marks.filter({ hasText: 'Warsaw' }).first().getAttribute('data-models')).toContain('A');
      expect(await app.page.getByTestId('compare-passage').locator('.model-badge').allTextContents()).toContain('A');

      if (device === 'webgpu') {
        // Each model has its own device: a third one on WASM beside the two on WebGPU, then unloaded again.
        await addHubModel(app.page, 'WASM');
        await ready(app.page, 'm3').waitFor({ timeout: 120_000 });
        await openSection(app.page, 'live');
        await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(3);
        expect(await cards.nth(1).locator('header').textContent()).toContain('webgpu');
        expect(await cards.nth(2).locator('header').textContent()).toContain('wasm');
        await shot(app.page, 'multi-mixed-devices');
        await openSection(app.page, 'models');
        await app.page.locator('[data-testid="loaded-model"][data-key="m3"]').getByTestId('unload-model').click();
        await openSection(app.page, 'live');
        await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(2);
      }
      await openDemo(app.page, 'Alexander Fleming', 'Who noticed that a mould had killed the bacteria on a culture plate?');
      await app.page.getByTestId('rename-toggle').click();
      await app.page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
      // Both models answer the renamed question and get a category against the original.
      await expect.poll(async () => (await app.page.getByTestId('model-category').allTextContents()).join(','), { timeout: 60_000 }).toMatch(/^(C2C|C2W|W2C|W2W|partial),(C2C|C2W|W2C|W2W|partial)$/);
      expect(await app.page.getByTestId('model-answer-before').count()).toBe(2);
      // Scores read as in the live view: EM and F1 on the 0–100 scale, F1 with one decimal.
      expect(await cards.nth(0).textContent()).toMatch(/· EM (0|100) · F1 \d{1,3}\.\d/);
      // Every glossary word in the compare view has its help where it appears (issue 41.9).
      expect(await unhelped(app.page)).toEqual([]);
      expect(app.errors).toEqual([]);
      await shot(app.page, `multi-side-by-side-${device}`);
    });

    it('shows the token view before and after the renaming for each model, and exports it', async () => {
      for (const k of [0, 1]) {
        await app.page.getByTestId('model-answer').nth(k).getByTestId('token-view-toggle').click();
        const view = app.page.getByTestId('token-view');
        await view.waitFor({ timeout: 30_000 });
        const cols = view.getByTestId('token-col');
        expect(await cols.count()).toBeGreaterThan(20);
        // The renamed name: the original's tokens deleted, the new name's inserted, the rest paired.
        expect(await view.locator('[data-changed="deleted"]').count()).toBeGreaterThan(0);
        expect(await view.locator('[data-changed="inserted"]').count()).toBeGreaterThan(0);
        expect(await view.getByTestId('nbest-before').locator('li').count()).toBeGreaterThan(0);
        expect(await view.getByTestId('nbest-after').locator('li').count()).toBeGreaterThan(0);
        expect(await view.getByTestId('token-moved').textContent()).toMatch(/Most likely start: “.+” \d+% → “.+” \d+%/);
        // The chart gets the view's width (the n-best lists go under it; it had three quarters beside them), and its scales stay at the left edge when it scrolls.
        const scroller = view.locator('.token-scroll');
        const width = await view.evaluate((v) => ({ view: v.clientWidth, chart: v.querySelector('.token-scroll')!.clientWidth }));
        expect(width.chart).toBeGreaterThanOrEqual(0.95 * width.view);
        await scroller.evaluate((e) => (e.scrollLeft = e.scrollWidth));
        await expect.poll(async () => Math.abs((await view.getByTestId('token-axis').boundingBox())!.x - (await scroller.boundingBox())!.x)).toBeLessThan(1);
        await scroller.evaluate((e) => (e.scrollLeft = 0));
        await view.scrollIntoViewIfNeeded();
        await view.screenshot({ path: await shot(app.page, `multi-token-view-${device}-${k}`).then((p) => p.replace(/\.png$/, '-view.png')) });
      }
      const svg = await download(app.page, () => app.page.getByLabel('Token view: download as SVG').click());
      expect(svg.name).toMatch(/^token-view-.*\.svg$/);
      expect(svg.bytes.toString('utf8')).toMatch(/^<\?xml[\s\S]*P\(start\)[\s\S]*P\(end\)/);
      const png = await download(app.page, () => app.page.getByLabel('Token view: download as PNG').click());
      expect([...png.bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      if (device === 'wasm') {
        expect(await violations(app.page, '[data-testid="compare-view"]')).toEqual([]);
        await openSection(app.page, 'models');
        expect(await violations(app.page, '[data-testid="models-panel"]')).toEqual([]);
        await openSection(app.page, 'live');
      }
      // Usable on a phone: nothing wider than the screen but the chart's own scroller.
      await app.page.setViewportSize({ width: 390, height: 900 });
      await app.page.getByTestId('compare-view').scrollIntoViewIfNeeded();
      await shot(app.page, `multi-390-${device}`);
      const overflowing = await app.page.evaluate(() => [...document.querySelectorAll('[data-testid="compare-view"], [data-testid="compare-view"] *')].filter((e) => !e.closest('svg') && getComputedStyle(e).display !== 'inline' && e.getBoundingClientRect().right > 391).map((e) => `${e.className} ${e.textContent?.slice(0, 30)} ${Math.round(e.getBoundingClientRect().right)}`));
      expect(overflowing).toEqual([]);
      await app.page.setViewportSize({ width: 1440, height: 1100 });
    });

    it('unloads the added model: one answer left, and the primary keeps answering', async () => {
      await openSection(app.page, 'models');
      await app.page.getByTestId('unload-model').click();
      await expect.poll(() => app.page.locator('[data-testid="loaded-model"]').count()).toBe(1);
      await openSection(app.page, 'live');
      await app.page.getByTestId('question-input').fill('Who discovered penicillin?');
      await expect.poll(async () => (await app.page.getByTestId('answer-text').textContent()) ?? '', { timeout: 30_000 }).not.toBe('');
      // Only the primary's token view stays (it was opened last on model B, so it closed).
      expect(await app.page.getByTestId('model-answer').count()).toBeLessThanOrEqual(1);
      expect(app.errors).toEqual([]);
    });
  });
}

describe('robustness table and memory', () => {
  const chrome = useBrowser();
  const errors: string[] = [];

  it('runs the robustness table over the demo set on both models, one row each', async () => {
    const page = await openApp(chrome.browser, server.url, `device=wasm&hub=${encodeURIComponent(hub.url)}`, errors, 1100);
    await addHubModel(page, 'WASM');
    await ready(page, 'm2').waitFor({ timeout: 120_000 });
    await openExperiment(page, 'generalization/table');
    const card = page.getByTestId('robustness-card');
    await card.getByTestId('robust-limit').fill('6');
    await card.getByTestId('robust-run').click();
    await expect.poll(() => card.getByTestId('robust-row').count(), { timeout: 300_000 }).toBe(2);
    await expect.poll(() => card.getByTestId('robust-job-progress').count(), { timeout: 600_000 }).toBe(0);
    const rows = card.getByTestId('robust-row');
    expect(await rows.nth(0).locator('th').textContent()).toContain('qarx-lexical-qa');
    expect(await rows.nth(1).locator('th').textContent()).toContain(TINY);
    const headers = await card.getByTestId('robust-table').locator('thead th').allTextContents();
    expect(headers.slice(0, 2)).toEqual(['model', 'original F1']);
    expect(headers).toContain('PER RandStr F1');
    expect(headers.slice(-6)).toEqual(['synthetic noise F1', 'paraphrase DPR %', 'trap F1', 'worst F1', 'best F1', 'stability %']);
    for (const k of [0, 1]) {
      // The figure of each cell (a comparison cell also holds its drop's CI and p under it).
      const cells = await rows.nth(k).locator('td').evaluateAll((tds) => tds.map((td) => td.querySelector('[data-testid="robust-cell-value"]')?.textContent ?? ''));
      expect(cells).toHaveLength(headers.length - 1);
      // Every cell is a number in 0..100 or "–" (not run); the original F1 always ran.
      for (const c of cells) expect(c === '–' || (Number(c) >= 0 && Number(c) <= 100)).toBe(true);
      expect(cells[0]).not.toBe('–');
    }
    expect(await card.getByTestId('robust-chart').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    // Issue 27: each comparison cell's drop with its CI and p, from the stats worker, and the legend saying what they are.
    await expect.poll(() => card.getByTestId('robust-ci-legend').count(), { timeout: 60_000 }).toBe(1);
    expect(await card.getByTestId('robust-cell-ci').count()).toBeGreaterThan(0);
    expect(await card.getByTestId('robust-cell-ci').first().textContent()).toMatch(/drop -?\d+\.\d \[-?\d+\.\d, -?\d+\.\d\] · n = \d+p [<\d.]+(, Holm p [<\d.]+)? \/ [<\d.–]+/);
    // Reproducible on the command line: a qarx audit config of the same questions, models and experiments.
    const cfg = await download(page, () => card.getByTestId('robust-audit-config').click());
    expect(cfg.name).toBe('robustness-audit.json');
    const audit = JSON.parse(cfg.bytes.toString('utf8')) as { datasets: unknown[]; models: { name: string; hub?: string; path?: string }[]; experiments: { kind: string }[]; ci?: unknown };
    // The table's CI setting, so the audit's summary has the same CI and p (test/integration/cli-reproduce-robustness.test.ts).
    expect(audit.ci).toEqual({ bootstrap: 1000, seed: 1, passages: false });
    // The table's six questions, by id in run order (the scope's first 6: reproducible whatever the scope was).
    expect(audit.datasets).toEqual([{ name: 'demo', builtin: 'demo', ids: expect.arrayContaining([]) }]);
    expect((audit.datasets[0] as { ids: string[] }).ids).toHaveLength(6);
    expect(audit.models.map((m) => m.hub ?? m.path)).toEqual(['public/models/qarx-lexical-qa', TINY]);
    expect(audit.experiments.map((e) => e.kind)).toEqual(['original', 'sweep', 'natural', 'synthetic', 'paraphrase', 'traps', 'budget']);
    await card.locator('.qarx-command summary').first().click();
    expect(await card.getByTestId('robust-qarx').textContent()).toBe('qarx audit --config robustness-audit.json --out robustness-audit');
    expect(await violations(page, '[data-testid="robustness-card"]')).toEqual([]);
    expect(errors).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await shot(page, 'multi-robustness-table');
    await page.close();
  });

  it('refuses a model that would not fit with a clear message, and loads it once another is unloaded', async () => {
    // Room for the shipped model and one tiny model, not two (each needs twice its weights while loading).
    const budgetMb = Math.floor((2 * lexicalBytes + 3 * tinyBytes) / (1024 * 1024));
    expect(2 * lexicalBytes + 4 * tinyBytes).toBeGreaterThan(budgetMb * 1024 * 1024);
    const page = await openApp(chrome.browser, server.url, `device=wasm&memory-mb=${budgetMb}&hub=${encodeURIComponent(hub.url)}`, errors, 1100);
    await addHubModel(page, 'WASM');
    await ready(page, 'm2').waitFor({ timeout: 120_000 });
    await addHubModel(page, 'WASM');
    const err = page.getByTestId('added-model-error');
    await err.waitFor({ timeout: 60_000 });
    expect(await err.textContent()).toMatch(new RegExp(`^Not loaded: "${TINY}" needs about [\\d.]+ MiB while loading, and the memory left for models is [\\d.]+ MiB of ${budgetMb}\\.0 MiB\\. 2 loaded models \\(qarx-lexical-qa, ${TINY}\\)`));
    await shot(page, 'multi-memory-refused');
    // The page still works, and unloading frees the room.
    await openSection(page, 'live');
    expect(await page.getByTestId('answer-highlight').textContent()).toBe('Warsaw');
    await openSection(page, 'models');
    await page.locator('[data-testid="loaded-model"][data-key="m2"]').getByTestId('unload-model').click();
    await page.locator('[data-testid="loaded-model"][data-key="m3"]').getByTestId('unload-model').click();
    await expect.poll(() => page.locator('[data-testid="loaded-model"]').count()).toBe(1);
    await addHubModel(page, 'WASM');
    await ready(page, 'm4').waitFor({ timeout: 120_000 });
    expect(await page.getByTestId('added-model-error').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
