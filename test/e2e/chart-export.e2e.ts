/**
 * Chart exports (issue 23 §4): every chart kind of the app — the sweep's four, the revision pairs'
 * two, the paraphrase DPR two, the trap two, universal names, the robustness table's and an audit's
 * (one cheap run each on the demo set, shipped model) — exports a complete SVG (well formed, its
 * title, axis titles, every legend entry and note line, every bar) and a PNG at 2× the SVG's size,
 * which is the chart's on-screen size; no export breaks the page's CSP.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { runQarx, ROOT } from '../support/run-qarx.ts';
import { download, openExperiment, runToEnd, sweepDrawn, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });
const tmp = mkdtempSync(join(tmpdir(), 'qarx-chart-export-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every chart kind the app draws: the testids of its <Chart>s, read from the components (not Chart.tsx's doc example). */
const APP = join(ROOT, 'src', 'app');
const KINDS = new Set(
  readdirSync(APP, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx') && !f.endsWith('Chart.tsx'))
    .flatMap((f) => [...readFileSync(join(APP, f), 'utf8').matchAll(/<Chart\b[\s\S]*?testid="([\w-]+)"/g)].map((m) => m[1] as string)),
);
const exported = new Set<string>();
const csp: string[] = [];

/** A PNG's width and height from its IHDR chunk. */
const pngSize = (b: Buffer) => ({ w: b.readUInt32BE(16), h: b.readUInt32BE(20) });
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Exports every chart inside `scope` as SVG and PNG and checks both; returns how many had a colour legend. */
async function exportCharts(scope: Locator): Promise<number> {
  const figures = scope.locator('figure.chart');
  const n = await figures.count();
  expect(n).toBeGreaterThan(0);
  let withLegend = 0;
  for (let i = 0; i < n; i++) {
    const fig = figures.nth(i);
    const kind = (await fig.getAttribute('data-testid')) ?? '';
    await fig.scrollIntoViewIfNeeded();
    // Drawn: recharts sizes a chart in an effect after its table, then draws its axes.
    await fig.locator('.recharts-wrapper > svg').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => fig.locator('.recharts-label').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const legend = (await fig.locator('.recharts-legend-item-text').allTextContents()).map((t) => t.trim()).filter(Boolean);
    if (legend.length) withLegend++;
    const notes = (await fig.locator('.chart-note').allTextContents()).map((t) => t.trim());
    const axisTitles = (await fig.locator('.recharts-label').allTextContents()).map((t) => t.trim()).filter(Boolean);
    const bars = await fig.locator('.recharts-bar-rectangle path, .recharts-bar-rectangle rect').count();
    const onScreen = await fig.locator('.recharts-wrapper > svg').first().boundingBox();
    const svgButton = fig.getByRole('button', { name: /download as SVG$/ });
    const title = ((await svgButton.getAttribute('aria-label')) ?? (await svgButton.textContent()) ?? '').replace(/: download as SVG$/, '');
    const svg = await download(app.page, () => svgButton.click());
    const text = svg.bytes.toString('utf8');
    const what = `${kind} (${title})`;
    // Well formed, and titled.
    expect(await app.page.evaluate((s) => new DOMParser().parseFromString(s, 'image/svg+xml').querySelector('parsererror')?.textContent ?? 'ok', text), what).toBe('ok');
    expect(text, what).toContain(`<title>${xml(title)}</title>`);
    expect(axisTitles.length, `${what}: axis titles on screen`).toBeGreaterThan(0);
    for (const t of axisTitles) expect(text, `${what}: axis title "${t}"`).toContain(`>${xml(t)}<`);
    for (const label of legend) expect(text, `${what}: legend "${label}"`).toContain(`>${xml(label)}</text>`);
    for (const note of notes) expect(text, `${what}: note "${note}"`).toContain(xml(note).split(' ').slice(0, 4).join(' '));
    // The chart itself, not a 14 px legend icon: its width is the chart's on-screen width.
    const width = Number(/<svg[^>]* width="(\d+)"/.exec(text)?.[1]);
    const height = Number(/<svg[^>]* height="(\d+)"/.exec(text)?.[1]);
    expect(Math.abs(width - Math.round(onScreen?.width ?? 0)), what).toBeLessThanOrEqual(1);
    expect((text.match(/<path /g) ?? []).length, `${what}: every bar`).toBeGreaterThanOrEqual(bars);
    expect(text).not.toContain(' style=');
    const png = await download(app.page, () => fig.getByRole('button', { name: /download as PNG$/ }).click());
    expect(png.bytes.subarray(1, 4).toString(), what).toBe('PNG');
    expect(png.bytes.length, what).toBeGreaterThan(2_000);
    expect(pngSize(png.bytes), what).toEqual({ w: 2 * width, h: 2 * height });
    writeFileSync(join(tmpdir(), `qarx-chart-export-${kind}.png`), png.bytes); // to look at
    exported.add(kind);
  }
  return withLegend;
}

beforeAll(() => {
  app.page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
  });
});

describe('chart exports', () => {
  it('every chart of a sweep exports a complete SVG and a 2× PNG', async () => {
    await openExperiment(app.page, 'entity/sweep');
    await app.page.getByTestId('sweep-card').waitFor({ timeout: 30_000 });
    await app.page.getByTestId('sweep-seeds').fill('1');
    await runToEnd(app.page, 'sweep-run', { saved: true });
    await sweepDrawn(app.page, 180_000);
    expect(await app.page.getByTestId('sweep-card').locator('figure.chart').count()).toBeGreaterThanOrEqual(4);
    expect(await exportCharts(app.page.getByTestId('sweep-card'))).toBeGreaterThan(0);
  }, 600_000);

  it('revision pairs, paraphrase DPR, traps and universal names: every chart exports', async () => {
    await openExperiment(app.page, 'natural/pairs');
    await runToEnd(app.page, 'natural-run', { saved: true });
    // The demo set's revision pairs are fewer than 30: the category chart says so, in the file too.
    expect(await app.page.getByTestId('chart-categories').getByTestId('small-legend').textContent()).toMatch(/^\* fewer than 30 questions \(a noisy mean\): natural edits, n=\d+$/);
    await exportCharts(app.page.getByTestId('natural-card'));
    await openExperiment(app.page, 'sensitivity/paraphrases');
    for (const k of ['function-word', 'synonym', 'content-word', 'combined']) await app.page.getByTestId(`paraphrase-source-${k}`).uncheck();
    await runToEnd(app.page, 'paraphrase-run', { saved: true });
    await exportCharts(app.page.getByTestId('paraphrase-card'));
    await openExperiment(app.page, 'stability/traps');
    await runToEnd(app.page, 'traps-run', { saved: true });
    await exportCharts(app.page.getByTestId('trap-card'));
    await openExperiment(app.page, 'entity/universal');
    await app.page.getByTestId('universal-k').fill('3');
    await app.page.getByTestId('universal-top').fill('3');
    await runToEnd(app.page, 'universal-run', { saved: true });
    await exportCharts(app.page.getByTestId('universal-card'));
  }, 900_000);

  it('the robustness table and an audit: every chart exports; every chart kind was exported', async () => {
    await openExperiment(app.page, 'generalization/table');
    const card = app.page.getByTestId('robustness-card');
    await card.getByTestId('robust-limit').fill('6');
    await card.getByTestId('robust-run').click();
    await expect.poll(() => card.getByTestId('robust-row').count(), { timeout: 300_000 }).toBe(1);
    await expect.poll(() => card.getByTestId('robust-job-progress').count(), { timeout: 600_000 }).toBe(0);
    expect(await exportCharts(card)).toBe(1);
    // An audit's summary (traps on 4 demo questions, seed 1) opened in the audit card.
    const config = { name: 'chart-export', datasets: [{ name: 'demo', builtin: 'demo', lang: 'en', limit: 4 }], models: [{ path: join(ROOT, 'public', 'models', 'qarx-lexical-qa') }], seeds: [1], experiments: [{ kind: 'traps' }] };
    writeFileSync(join(tmp, 'audit.json'), JSON.stringify(config));
    const r = await runQarx(join(tmp, 'cache'), 'audit', '--config', join(tmp, 'audit.json'), '--out', join(tmp, 'out'));
    expect(r.code, r.stderr).toBe(0);
    await openExperiment(app.page, 'audit/results');
    await app.page.getByTestId('audit-file-input').setInputFiles(join(tmp, 'out', 'summary.json'));
    await app.page.getByTestId('audit-chart').locator('svg.recharts-surface').first().waitFor({ timeout: 30_000 });
    expect(await exportCharts(app.page.getByTestId('audit-card'))).toBe(1);
    expect([...KINDS].filter((k) => !exported.has(k))).toEqual([]);
    expect(KINDS.size).toBeGreaterThanOrEqual(13);
    expect(csp).toEqual([]);
    expect(app.errors).toEqual([]);
  }, 900_000);
});
