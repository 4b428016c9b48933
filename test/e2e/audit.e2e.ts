/**
 * The app opens `qarx audit` results (real CLI run on the shipped model, then real Chromium): a
 * summary.json alone shows the tables per model and adds each unit's table to the run history;
 * the bundle.zip then replaces those runs (same ids, no doubles) with full results that open with
 * their own tables; a failed unit's error shows as text; no serious axe violation; 390 px wide.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQarx } from '../support/run-qarx.ts';
import { openExperiment, shot, useApp } from './harness.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-audit-e2e-'));
const OUT = join(tmp, 'results');
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

beforeAll(async () => {
  // 4 units: traps and keyboard noise on 6 demo questions, seeds 1 and 2; and a dataset file that is missing (fails, with markup in its name).
  const config = {
    name: 'e2e-audit',
    datasets: [
      { name: 'demo', builtin: 'demo', lang: 'en', limit: 6 },
      { name: 'gone', path: join(tmp, 'missing-<b>bold</b>.json') },
    ],
    models: [{ path: join(import.meta.dirname, '..', '..', 'public', 'models', 'qarx-lexical-qa') }],
    seeds: [1, 2],
    experiments: [{ kind: 'traps' }, { kind: 'synthetic', noise: ['keyboard'] }],
  };
  writeFileSync(join(tmp, 'audit.json'), JSON.stringify(config));
  const r = await runQarx(join(tmp, 'cache'), 'audit', '--config', join(tmp, 'audit.json'), '--out', OUT);
  expect(r.code, r.stderr).toBe(1); // the missing dataset's 4 units failed, the demo's 4 ran
}, 600_000);
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
});

const app = useApp({ query: 'device=wasm' });
beforeAll(async () => {
  await openExperiment(app.page, 'audit/results');
  await app.page.getByTestId('audit-card').waitFor({ timeout: 30_000 });
});

const runRows = () => app.page.getByTestId('run-row');

describe('audit results in the app', () => {
  it('summary.json: tables per model, failures as text, and each unit table in the run history', async () => {
    const before = await runRows().count();
    await app.page.getByTestId('audit-file-input').setInputFiles(join(OUT, 'summary.json'));
    await app.page.getByTestId('audit-results').waitFor();
    expect(await app.page.getByTestId('audit-record').textContent()).toContain('e2e-audit · 8 units planned · 4 ok · 4 failed · 0 missing');
    expect(await app.page.getByTestId('audit-model').count()).toBe(1);
    // Overview: 4 units, one row each (traps seeds 1, 2; noise seeds 1, 2).
    expect(await app.page.getByTestId('audit-overview').locator('tbody tr').count()).toBe(4);
    await app.page.getByTestId('audit-chart').locator('svg.recharts-surface').first().waitFor();
    await app.page.getByTestId('audit-failed').locator('summary').click();
    const failed = app.page.getByTestId('audit-failed');
    expect(await failed.textContent()).toContain('missing-<b>bold</b>.json');
    expect(await failed.locator('b').count()).toBe(0);
    await expect.poll(() => runRows().count(), { timeout: 30_000 }).toBe(before + 4);
    await runRows().filter({ hasText: 'Trap sentences' }).first().getByTestId('run-open').click();
    await app.page.getByTestId('saved-run').locator('table.results-table').first().waitFor();
    expect(await app.page.getByTestId('saved-run-record').textContent()).toContain('demo · 6 questions');
  }, 120_000);

  it('bundle.zip replaces those runs with full results (no doubles) that open with their own tables', async () => {
    const before = await runRows().count();
    await app.page.getByTestId('audit-file-input').setInputFiles(join(OUT, 'bundle.zip'));
    await expect.poll(async () => app.page.getByTestId('audit-record').textContent(), { timeout: 30_000 }).toContain('4 runs added to the history');
    // Opening a run reads it from the data worker after the bundle's saves (its requests run in order):
    // the table that only a full result has is the event that the saves are stored; no doubles then.
    await runRows().filter({ hasText: 'Trap sentences' }).first().getByTestId('run-open').click();
    await app.page.getByTestId('traps-table').first().waitFor({ timeout: 30_000 });
    expect(await runRows().count()).toBe(before);
    expect(app.errors).toEqual([]);
  }, 120_000);

  it('a file that is not an audit is named in an error; no serious axe violation; usable at 390 px', async () => {
    const bad = join(tmp, 'notes.json');
    writeFileSync(bad, '{"hello": 1}');
    await app.page.getByTestId('audit-file-input').setInputFiles(bad);
    await expect.poll(async () => app.page.getByTestId('audit-errors').textContent(), { timeout: 30_000 }).toContain('notes.json: not a qarx audit file');
    await app.page.getByTestId('audit-file-input').setInputFiles(join(OUT, 'summary.json'));
    await app.page.getByTestId('audit-overview').waitFor();
    await app.page.evaluate(AXE);
    const violations = await app.page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe;
      const r = await axe.run({ include: ['[data-testid="audit-card"]'] }, { resultTypes: ['violations'] });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    });
    expect(violations).toEqual([]);
    await app.page.getByTestId('audit-card').screenshot({ path: await shot(app.page, 'audit-wide').then((p) => p.replace('audit-wide', 'audit-card')) });
    await app.page.setViewportSize({ width: 390, height: 900 });
    await app.page.getByTestId('audit-card').scrollIntoViewIfNeeded();
    // The card fits the narrow screen: wide tables scroll inside their own region.
    const card = await app.page.getByTestId('audit-card').evaluate((el) => ({ right: el.getBoundingClientRect().right, overflow: el.scrollWidth - el.clientWidth, width: window.innerWidth }));
    expect(card.right).toBeLessThanOrEqual(card.width);
    expect(card.overflow).toBeLessThanOrEqual(1);
    await app.page.getByTestId('audit-card').screenshot({ path: (await shot(app.page, 'audit-narrow-page')).replace('audit-narrow-page', 'audit-card-390') });
  }, 120_000);
});
