/**
 * The newer experiment cards keep their runs (shipped model, WASM, demo set): universal names,
 * paraphrases (DPR), trap sentences and the adversarial evaluation each export CSV / JSON (with
 * the reproducing qarx command) and their charts as SVG / PNG, are saved in the run history, and
 * reopen after a reload; two universal runs go side by side; a slice table exports too.
 */
import { join } from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { ciColumns } from '../../src/core/results/ci-tables.ts';
import { download as downloadFile, openExperiment, openSection, ROOT, shot, useApp } from './harness.ts';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'adversarial', 'addsent-mini.json');

const app = useApp({ query: 'device=wasm' });
beforeAll(async () => {
  await openExperiment(app.page, 'audit/runs');
  await app.page.getByTestId('run-history').waitFor({ timeout: 30_000 });
});

const runRows = () => app.page.getByTestId('run-row');

/** The file a click downloads: its suggested name and bytes. */
const download = (click: () => Promise<void>) => downloadFile(app.page, click);

/** Checks the CSV and JSON of a result (columns, kind, command) and returns the JSON's rows. */
async function checkTable(testid: string, kind: string, columns: string[], command: RegExp): Promise<Record<string, unknown>[]> {
  const csv = await download(() => app.page.getByTestId(`${testid}-csv`).click());
  expect(csv.name).toMatch(new RegExp(`^qarx-${kind}-\\d{4}-\\d\\d-\\d\\d-\\d{4}-table\\.csv$`));
  const parsed = Papa.parse<Record<string, string>>(csv.bytes.toString('utf8'), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  expect(parsed.meta.fields).toEqual(columns);
  expect(parsed.data.length).toBeGreaterThan(0);
  const json = await download(() => app.page.getByTestId(`${testid}-json`).click());
  const doc = JSON.parse(json.bytes.toString('utf8')) as { kind: string; run: { model: string; device: string }; settings: Record<string, unknown>; qarxCommand: string | null; rows: Record<string, unknown>[] };
  expect(doc.kind).toBe(kind);
  expect(doc.run).toMatchObject({ model: 'qarx-lexical-qa', device: 'wasm' });
  expect(doc.qarxCommand).toMatch(command);
  expect(doc.rows).toHaveLength(parsed.data.length);
  return doc.rows;
}

/** Checks a chart's SVG (an svg root with its title) and PNG (the PNG signature). */
async function checkChart(title: string): Promise<void> {
  const svg = await download(() => app.page.getByRole('button', { name: `${title}: download as SVG` }).first().click());
  const text = svg.bytes.toString('utf8');
  expect(await app.page.evaluate((s) => new DOMParser().parseFromString(s, 'image/svg+xml').documentElement.nodeName, text)).toBe('svg');
  expect(text).toContain(`<title>${title}</title>`);
  const png = await download(() => app.page.getByRole('button', { name: `${title}: download as PNG` }).first().click());
  expect([...png.bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
}

/** Waits until the history holds `n` runs. */
const historyHas = (n: number) => expect.poll(() => runRows().count(), { timeout: 60_000 }).toBe(n);

describe('the newer cards adopt the run history and exports', () => {
  it('universal names: CSV, JSON with the qarx command, SVG and PNG; saved', async () => {
    await openExperiment(app.page, 'entity/universal');
    await app.page.getByTestId('universal-k').fill('3');
    await app.page.getByTestId('universal-top').fill('3');
    await app.page.getByTestId('universal-run').click();
    await app.page.getByTestId('universal-table').waitFor({ timeout: 240_000 });
    await historyHas(1);
    const rows = await checkTable('universal-result', 'universal', ['rank', 'name', 'weight_pct', 'alpha', 'beta', 'draws', 'worsened', 'improved', 'tried', 'small', 'changed', 'share_pct', 'mean_f1_drop', 'eligible', 'orig_em', 'orig_f1', 'worsens_more', 'qualified', ...ciColumns('', 'orig', 'renamed')], /^qarx universal \S+\.json --model public\/models\/qarx-lexical-qa --dtype fp32 --type PER --target answer --source \S+ --origin us --candidates 3 --iterations 10 --sample 10 --top 3 --seed 1 /);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3]);
    // Only names that worsen more answers than they improve are listed and charted (App. A.1), so the chart says how many it shows.
    const shown = await app.page.getByTestId('universal-row').count();
    expect(shown).toBeGreaterThan(0);
    await checkChart(`Weight per name, P(worsen) − P(improve) (top ${shown})`);
    // A second run (seed 2) to put beside the first.
    await app.page.getByTestId('universal-seed').fill('2');
    await app.page.getByTestId('universal-run').click();
    await historyHas(2);
  });

  it('paraphrases (DPR): CSV, JSON with the qarx command, SVG and PNG; saved', async () => {
    await openExperiment(app.page, 'sensitivity/paraphrases');
    for (const k of ['function-word', 'synonym', 'content-word', 'combined']) await app.page.getByTestId(`paraphrase-source-${k}`).uncheck();
    await app.page.getByTestId('paraphrase-source-dataset').uncheck();
    await app.page.getByTestId('paraphrase-run').click();
    await app.page.getByTestId('paraphrase-table').waitFor({ timeout: 240_000 });
    await historyHas(3);
    const rows = await checkTable('paraphrase-result', 'paraphrase', ['measure', 'value', 'n', 'small', 'changed'], /^qarx perturb paraphrase --kind reorder --seed 1 --ids ids\.txt (?:--answerable-only )?\S+ paraphrased-reorder\.json && qarx compare \S+ paraphrased-reorder\.json --model /);
    expect(rows[0]?.measure).toBe('dpr_pct');
    await checkChart('DPR by question similarity');
  });

  it('trap sentences: CSV, JSON with the qarx command, SVG and PNG; saved', async () => {
    await openExperiment(app.page, 'stability/traps');
    await app.page.getByTestId('traps-run').click();
    await app.page.getByTestId('traps-table').waitFor({ timeout: 240_000 });
    await historyHas(4);
    const rows = await checkTable('traps-result', 'traps', ['similarity', 'n', 'small', 'orig_em', 'orig_f1', 'trapped_em', 'trapped_f1', 'in_trap_pct', ...ciColumns('', 'orig', 'trapped')], /^qarx perturb trap --source generated --position after --seed 1 \S+ trapped\.json && qarx compare /);
    expect(rows[0]?.similarity).toBe('all');
    await checkChart('F1 by question–trap similarity');
  });

  it('the adversarial evaluation: CSV and JSON with the qarx command; saved', async () => {
    await openSection(app.page, 'data');
    await app.page.getByTestId('dataset-file-input').setInputFiles(FIXTURE);
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/Imported 5 questions/);
    await openExperiment(app.page, 'stability/traps');
    await app.page.getByTestId('adversarial-run').click();
    await app.page.getByTestId('adversarial-table').waitFor({ timeout: 240_000 });
    await historyHas(5);
    const rows = await checkTable('adversarial-result', 'adversarial', ['measure', 'originals', 'small', 'attacked', 'variants', 'em', 'f1', ...ciColumns('', 'orig', 'adv')], /^qarx predict --model public\/models\/qarx-lexical-qa --dtype fp32 --data \S+ --out predictions && qarx eval \S+ predictions\/predictions\.json --adversarial --ci --bootstrap \d+ --seed \d+$/);
    expect(rows.map((r) => r.measure)).toEqual(['original', 'adversarial']);
  });

  it('reopens each saved run after a reload, and puts the two universal runs side by side', async () => {
    await app.page.reload();
    // The reload reopens the experiment page it was on; the live view shows the model answering again.
    await openSection(app.page, 'live');
    await app.page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await openExperiment(app.page, 'audit/runs');
    await historyHas(5);
    const kinds = (await runRows().allTextContents()).map((t) => t.replace(/ \d{4}-.*/, ''));
    expect(kinds).toEqual(['Adversarial SQuAD', 'Trap sentences', 'Paraphrases (DPR)', 'Universal names', 'Universal names']);
    const saved = app.page.getByTestId('saved-run');
    const views: [number, string, RegExp][] = [
      [0, 'adversarial-table', /^qarx predict /],
      [1, 'traps-table', /^qarx perturb trap /],
      [2, 'paraphrase-table', /^qarx perturb paraphrase /],
      [3, 'universal-table', /^qarx universal .* --seed 2 /],
    ];
    for (const [i, table, cmd] of views) {
      await runRows().nth(i).getByTestId('run-open').click();
      await saved.getByTestId(table).waitFor({ timeout: 30_000 });
      expect(await saved.getByTestId('saved-run-qarx').textContent()).toMatch(cmd);
      expect(await saved.getByTestId('saved-run-csv').count()).toBe(1);
      if (i === 1) {
        await saved.scrollIntoViewIfNeeded();
        await shot(app.page, 'adopt-saved-traps');
      }
    }
    await runRows().nth(3).getByTestId('run-compare').check();
    await runRows().nth(4).getByTestId('run-compare').check();
    const side = app.page.getByTestId('side-by-side-table');
    await side.waitFor();
    // Issue 39.5: figure by figure, each run's estimate and B − A of the estimates (no CI or p subtracted).
    expect(await side.locator('thead th').allTextContents()).toEqual(expect.arrayContaining(['row', 'figure', 'A', 'B', 'B − A (estimates)']));
    const figures = await side.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''));
    expect(figures).toEqual(expect.arrayContaining(['weight %', 'worsened', 'improved']));
    await app.page.getByTestId('run-history').scrollIntoViewIfNeeded();
    await shot(app.page, 'adopt-side-by-side');
    expect(app.errors).toEqual([]);
  });
});
