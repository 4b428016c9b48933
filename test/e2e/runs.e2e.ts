/**
 * Experiments you can keep (shipped model, WASM): the settings header of a run, a cancelled run
 * saved marked partial, the run history over reloads (reopen, side by side, delete), and exported
 * CSV / JSON / SVG / PNG files that parse; the new panels' controls all have accessible names.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { download as downloadFile, openExperiment, openSection, runToEnd, shot, SHOTS, useApp } from './harness.ts';
import { pText } from '../../src/core/stats/format.ts';

const app = useApp({ query: 'device=wasm' });
beforeAll(async () => {
  // Every experiment's page ends with the run history.
  await openExperiment(app.page, 'entity/budget');
  await app.page.getByTestId('run-history').waitFor({ timeout: 30_000 });
});

/** Rows, and partial rows, of the cancelled sweep's live table: its saved copy must show the same. */
let liveRows = -1;
let livePartialRows = -1;

const text = async (id: string) => ((await app.page.getByTestId(id).textContent()) ?? '').trim();
const runRows = () => app.page.getByTestId('run-row');

/** The file a click downloads: its suggested name and bytes. */
const download = (click: () => Promise<void>) => downloadFile(app.page, click);

/** Runs the budget card with B renamings (RandStr) and waits for its table. */
async function runBudget(b: number): Promise<void> {
  await openExperiment(app.page, 'entity/budget');
  const before = await runRows().count();
  await app.page.getByTestId('budget-source').selectOption('randstr');
  await app.page.getByTestId('budget-b').fill(String(b));
  await runToEnd(app.page, 'budget-run', { saved: true });
  await app.page.getByTestId('budget-table').first().waitFor();
  await expect.poll(() => runRows().count(), { timeout: 30_000 }).toBe(before + 1);
}

/** Controls inside `testid` with no accessible name (label, aria-label or text), as "tag#index". */
async function unnamedControls(testid: string): Promise<string[]> {
  return app.page.getByTestId(testid).evaluate((root) =>
    [...root.querySelectorAll('button, input, select, summary, a[href]')]
      .filter((el) => {
        const named = (el.getAttribute('aria-label') ?? '').trim() || (el.textContent ?? '').trim() || (el.id && root.ownerDocument.querySelector(`label[for="${el.id}"]`)) || el.closest('label');
        return !named;
      })
      .map((el, i) => `${el.tagName.toLowerCase()}#${i}`),
  );
}

describe('run history and exports', () => {
  it('shows the settings header of a run and saves the run', async () => {
    await runBudget(2);
    const record = await text('budget-record');
    expect(record).toMatch(/^Demo set/);
    expect(record).toContain('qarx-lexical-qa fp32 WASM');
    expect(record).toContain('budget 2');
    expect(record).toContain('source RandStr');
    const row = runRows().first();
    expect(await row.textContent()).toMatch(/^Budget \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC.*Demo set.*N = 96.*qarx-lexical-qa fp32 · WASM.*complete/);
  });

  it('exports the table as CSV and JSON (with the qarx command) and a chart as SVG and PNG', async () => {
    const csv = await download(() => app.page.getByTestId('budget-csv').click());
    expect(csv.name).toMatch(/^qarx-budget-\d{4}-\d\d-\d\d-\d{4}-table\.csv$/);
    const parsed = Papa.parse<Record<string, string>>(csv.bytes.toString('utf8'), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    // Confidence intervals are on by default: each side's CI/p columns follow the figures (issue 27).
    expect(parsed.meta.fields?.slice(0, 7)).toEqual(['measure', 'n', 'small', 'model_em', 'model_f1', 'resemble_em', 'resemble_f1']);
    expect(parsed.meta.fields).toEqual(expect.arrayContaining(['model_drop_f1_lo', 'model_p_f1_holm', 'resemble_p_em', 'resemble_f1_significance']));
    expect(parsed.data.map((r) => r.measure)).toEqual(['original', 'random_mean', 'random_std', 'worst', 'best', 'stability_pct']);
    expect(Number(parsed.data[0]?.model_f1)).toBeGreaterThan(0);

    const json = await download(() => app.page.getByTestId('budget-json').click());
    const doc = JSON.parse(json.bytes.toString('utf8')) as { kind: string; run: { model: string; dtype: string; device: string; n: number }; settings: { budget: number }; qarxCommand: string; rows: unknown[] };
    expect(doc.kind).toBe('budget');
    expect(doc.run).toMatchObject({ model: 'qarx-lexical-qa', dtype: 'fp32', device: 'wasm' });
    expect(doc.settings.budget).toBe(2);
    expect(doc.qarxCommand).toMatch(/^qarx budget \S+ --model public\/models\/qarx-lexical-qa --dtype fp32 --type MIX --source randstr --origin us --budget 2 --resemble 3 --temperature 2 --seed 1/);
    // §4: RESEMBLE's canonical names come from a validation part; the table says its figures are on the test part.
    // The caption's share of questions is a count (13 of 44), beside the split's nominal 30% (a rounded share would not be 30.0%).
    const split = /^Every figure is on the test part: (\d+) other questions \(of the (\d+): a 30(\.0)?% split by seed 1\) chose/.exec((await app.page.getByTestId('budget-split').first().textContent()) ?? '');
    expect(split).not.toBeNull();
    expect(Number(split?.[2]) - Number(split?.[1])).toBe(Number(/^(\d+) questions/.exec((await app.page.getByTestId('budget-table').first().locator('th').first().textContent()) ?? '')?.[1]));
    // Why the defended original differs from the model's: the note under the table says it.
    expect(await app.page.getByTestId('budget-resemble-note').first().textContent()).toContain('original row is the defended model on the questions as written');
    await shot(app.page, 'runs-budget-split');
    expect(doc.rows).toHaveLength(6);

    // Revision pairs give a chart.
    await openExperiment(app.page, 'natural/pairs');
    await app.page.getByTestId('natural-run').click();
    await app.page.getByTestId('natural-table').waitFor({ timeout: 120_000 });
    await expect.poll(() => runRows().count(), { timeout: 30_000 }).toBe(2);
    const svg = await download(() => app.page.getByRole('button', { name: /^Questions per category: natural edits: download as SVG$/ }).click());
    const svgText = svg.bytes.toString('utf8');
    expect(svg.name).toMatch(/^qarx-natural-.*-chart-Questions-per-category.*\.svg$/);
    expect(svgText).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="\d+" height="\d+"/);
    expect(svgText).toContain('<title>Questions per category: natural edits</title>');
    expect(svgText.trimEnd().endsWith('</svg>')).toBe(true);
    // The category colours travel with the file as presentation attributes (C2W vermillion #b34700; no style attribute, which the CSP would block).
    expect(svgText).toContain('fill="rgb(179, 71, 0)"');
    const parsedOk = await app.page.evaluate((s) => new DOMParser().parseFromString(s, 'image/svg+xml').documentElement.nodeName, svgText);
    expect(parsedOk).toBe('svg');

    const png = await download(() => app.page.getByRole('button', { name: /^Questions per category: natural edits: download as PNG$/ }).click());
    expect(png.name).toMatch(/\.png$/);
    expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svgWidth = Number(/width="(\d+)"/.exec(svgText)?.[1]);
    expect(png.bytes.readUInt32BE(16)).toBe(2 * svgWidth); // IHDR width: drawn at 2×
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, 'runs-exported-chart.png'), png.bytes); // to look at
  });

  it('saves a cancelled sweep marked partial', async () => {
    await openExperiment(app.page, 'entity/sweep');
    await app.page.getByTestId('sweep-seeds').fill('20');
    await app.page.getByTestId('sweep-run').click();
    await app.page.getByTestId('sweep-progress').waitFor({ timeout: 30_000 });
    // The reload test reads a finished row in the saved run's note: wait for one (all 20 seeds of a
    // type · source), not for any row, which a loaded machine may still have cut short at Cancel.
    await expect.poll(async () => app.page.getByTestId('sweep-table').first().getByTestId('sweep-row').count(), { timeout: 180_000 }).toBeGreaterThan(0);
    await app.page.getByTestId('sweep-cancel').click();
    await expect.poll(() => runRows().count(), { timeout: 30_000 }).toBe(3);
    expect(await runRows().first().textContent()).toMatch(/^Sweep.*partial/);
    expect(await text('sweep-partial')).toContain('partial');
    // Seeds run innermost, and a cancel drops the cell in progress: when it lands while a row's
    // first seed runs, every kept row is complete. The saved run must show what the live card showed.
    livePartialRows = await app.page.getByTestId('sweep-table').first().getByTestId('sweep-row-partial').count();
    liveRows = await app.page.getByTestId('sweep-table').first().locator('tbody tr').count();
    await runBudget(3);
  });

  it('keeps the runs over a reload: reopen one, put two side by side, delete one', async () => {
    await openSection(app.page, 'live');
    await app.page.reload();
    await app.page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await openExperiment(app.page, 'audit/runs');
    await expect.poll(() => runRows().count(), { timeout: 30_000 }).toBe(4);
    const kinds = (await runRows().allTextContents()).map((t) => t.split(' ')[0]);
    expect(kinds).toEqual(['Budget', 'Sweep', 'Revision', 'Budget']);

    // Reopen the cancelled sweep: its record, its partial rows, kept out of the charts.
    await runRows().nth(1).getByTestId('run-open').click();
    const saved = app.page.getByTestId('saved-run');
    await saved.getByTestId('sweep-table').waitFor({ timeout: 30_000 });
    expect(await saved.getByTestId('saved-run-record').textContent()).toMatch(/^Demo set.*qarx-lexical-qa fp32 WASM.*seeds 20/);
    expect(await saved.getByTestId('sweep-table').locator('tbody tr').count()).toBe(liveRows);
    expect(await saved.getByTestId('sweep-row-partial').count()).toBe(livePartialRows);
    expect(await saved.getByTestId('saved-run-partial').textContent()).toContain('partial');
    expect(await saved.getByTestId('saved-run-qarx').textContent()).toMatch(/^qarx sweep .* --seeds 20 /);
    // The command runs the whole sweep; the note says this run was cancelled and which rows finished.
    expect(await saved.getByTestId('saved-run-qarx-note').textContent()).toMatch(/^Cancelled run: partial results; the command runs it whole\. Finished: .*\(20 of 20 seeds\)\. Cut short: (none|.*\(\d+ of 20 seeds\))\. Not started: [A-Z]{3} · \w+.*\. /);
    await saved.getByTestId('saved-run-actions').getByText('Reproduce with qarx').click();
    await saved.scrollIntoViewIfNeeded();
    await shot(app.page, 'runs-saved-sweep');

    // The two budgets (B = 3, newest first, and B = 2) side by side.
    await runRows().nth(0).getByTestId('run-compare').check();
    await runRows().nth(3).getByTestId('run-compare').check();
    const table = app.page.getByTestId('side-by-side-table');
    await table.waitFor();
    // Issue 39.5: each run's estimate, own 95% CI and own p (Holm beside it), and B − A of the estimates only.
    expect(await table.locator('thead th').allTextContents()).toEqual(['row', 'figure', 'A', 'A 95% CI', 'A p (Holm)', 'B', 'B 95% CI', 'B p (Holm)', 'B − A (estimates)']);
    const cells = await table.locator('tbody tr').evaluateAll((rs) => rs.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    // Rows by their card labels, not the machine names of the CSV; figures titled as the single-run tables.
    expect([...new Set(cells.map((r) => r[0]))]).toEqual(['original', 'random renaming, mean', 'random renaming, ±', 'D_worst', 'D_best', 'stability %']);
    expect(cells.some((r) => /_|\bp\b|lo$|hi$/.test(r[1] ?? ''))).toBe(false);
    // The original questions are the same in both runs: their F1 does not move.
    expect(cells.find((r) => r[0] === 'original' && r[1] === 'model F1')?.[8]).toBe('0.0');
    expect(cells.filter((r) => r[1] === 'model F1').every((r) => /^\d+\.\d$/.test(r[2] ?? ''))).toBe(true);
    // Each case's drop: both runs' own CI and p, no difference of them (no estimate of the drop in this table, so no B − A).
    const drops = cells.filter((r) => (r[1] ?? '').startsWith('model drop F1'));
    expect(drops.map((r) => r[0])).toEqual(['random renaming, mean', 'D_worst', 'D_best']);
    for (const r of drops) {
      expect([r[3], r[6]].every((c) => /^\[-?\d+\.\d, -?\d+\.\d\]$/.test(c ?? ''))).toBe(true);
      expect(r[8]).toBe('–');
    }
    // Every p as pText writes it (0.0066 stays 0.0066; never a one-decimal "0.0"), the Holm p labelled beside it.
    const ps = cells.flatMap((r) => [r[4], r[7]]).filter((c): c is string => c !== undefined && c !== '–');
    expect(ps.length).toBeGreaterThan(0);
    for (const c of ps) {
      const [raw, holm] = /^(\S+)(?: \(Holm (\S+)\))?$/.exec(c)?.slice(1) ?? [];
      expect([raw, holm].filter((x): x is string => x !== undefined).every((x) => x === '<0.001' || pText(Number(x)) === x)).toBe(true);
    }
    await app.page.getByTestId('run-history').scrollIntoViewIfNeeded();
    await shot(app.page, 'runs-side-by-side');
    expect(await unnamedControls('run-history')).toEqual([]);

    // Delete asks first; the run is gone after a reload too.
    await runRows().nth(2).getByTestId('run-delete').click();
    await runRows().nth(2).getByTestId('run-delete-confirm').click();
    await expect.poll(() => runRows().count(), { timeout: 30_000 }).toBe(3);
    await openSection(app.page, 'live');
    await app.page.reload();
    await app.page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await openExperiment(app.page, 'audit/runs');
    await expect.poll(() => runRows().count(), { timeout: 30_000 }).toBe(3);
    expect((await runRows().allTextContents()).some((t) => t.startsWith('Revision pairs'))).toBe(false);
    expect(app.errors).toEqual([]);
  });

  it('names every control of the natural card and the Storage panel; a seed error is tied to its field', async () => {
    await openExperiment(app.page, 'natural/pairs');
    expect(await unnamedControls('natural-card')).toEqual([]);
    const seed = app.page.getByTestId('synthetic-seed');
    await seed.fill('1.5');
    const error = app.page.getByTestId('synthetic-seed-error');
    await error.waitFor();
    expect(await error.getAttribute('role')).toBe('alert');
    expect(await seed.getAttribute('aria-invalid')).toBe('true');
    expect(await seed.getAttribute('aria-describedby')).toBe(await error.getAttribute('id'));
    await seed.fill('1');
    await openSection(app.page, 'data');
    await app.page.getByTestId('storage-panel').locator('summary').click();
    await app.page.getByTestId('storage-panel').getByText(/This site uses|No imported dataset|Datasets take/).first().waitFor({ timeout: 30_000 });
    expect(await unnamedControls('storage-panel')).toEqual([]);
  });

  it('is usable on a phone: the history card fits the screen, its table scrolls inside it', async () => {
    await app.page.setViewportSize({ width: 390, height: 844 });
    await openExperiment(app.page, 'audit/runs');
    const card = app.page.getByTestId('run-history');
    await card.scrollIntoViewIfNeeded();
    const box = await card.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await shot(app.page, 'runs-phone');
  });
});
