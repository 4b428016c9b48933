/**
 * Chart exports (issue 23 §4): every chart of a sweep — the kinds with a legend and error bars and
 * the ones without — exports a complete SVG (every series of its legend, every bar) and a PNG at 2×
 * the exported SVG's size, which is the chart's on-screen size; no export breaks the page's CSP.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { download, openExperiment, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });

/** A PNG's width and height from its IHDR chunk. */
const pngSize = (b: Buffer) => ({ w: b.readUInt32BE(16), h: b.readUInt32BE(20) });

describe('chart exports', () => {
  it('every chart of a sweep exports a complete SVG and a 2× PNG, with no CSP violation', async () => {
    const csp: string[] = [];
    app.page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    await openExperiment(app.page, 'entity/sweep');
    await app.page.getByTestId('sweep-card').waitFor({ timeout: 30_000 });
    await app.page.getByTestId('sweep-seeds').fill('1');
    await app.page.getByTestId('sweep-run').click();
    await app.page.getByTestId('sweep-progress').waitFor({ timeout: 30_000 });
    await expect.poll(async () => app.page.getByTestId('sweep-progress').count(), { timeout: 180_000 }).toBe(0);
    const figures = app.page.getByTestId('sweep-card').locator('figure.chart');
    const n = await figures.count();
    expect(n).toBeGreaterThanOrEqual(4);
    let withLegend = 0;
    for (let i = 0; i < n; i++) {
      const fig = figures.nth(i);
      await fig.scrollIntoViewIfNeeded();
      const legend = (await fig.locator('.recharts-legend-item-text').allTextContents()).map((t) => t.trim()).filter(Boolean);
      if (legend.length) withLegend++;
      const bars = await fig.locator('.recharts-bar-rectangle path, .recharts-bar-rectangle rect').count();
      const onScreen = await fig.locator('.recharts-wrapper > svg').first().boundingBox();
      const svg = await download(app.page, () => fig.getByRole('button', { name: /download as SVG$/ }).click());
      const text = svg.bytes.toString('utf8');
      const title = (await fig.locator('figcaption').textContent()) ?? `chart ${i}`;
      // The chart itself, not a 14 px legend icon: its width is the chart's on-screen width.
      const width = Number(/<svg[^>]* width="(\d+)"/.exec(text)?.[1]);
      const height = Number(/<svg[^>]* height="(\d+)"/.exec(text)?.[1]);
      expect(Math.abs(width - Math.round(onScreen?.width ?? 0)), title).toBeLessThanOrEqual(1);
      for (const label of legend) expect(text, `${title}: legend "${label}"`).toContain(`>${label.replace(/&/g, '&amp;')}</text>`);
      expect((text.match(/<path /g) ?? []).length, `${title}: every bar`).toBeGreaterThanOrEqual(bars);
      expect(text).not.toContain(' style=');
      const png = await download(app.page, () => fig.getByRole('button', { name: /download as PNG$/ }).click());
      expect(png.bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(pngSize(png.bytes), title).toEqual({ w: 2 * width, h: 2 * height });
      if (i === 0) writeFileSync(join(tmpdir(), 'qarx-chart-export.png'), png.bytes); // to look at
    }
    expect(withLegend).toBeGreaterThan(0);
    expect(csp).toEqual([]);
    expect(app.errors).toEqual([]);
  });
});
