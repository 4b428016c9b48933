/**
 * Issue 10 as a user meets it (shipped model, WASM): two aligned question-paraphrase files imported
 * as pairs (the message says how many were matched by id and how many by passage and answers), DPR
 * over them with its chart, the Scoring select recorded in the run and its qarx command, and a slice
 * table (original vs perturbed per slice, with counts) under the DPR, sweep, universal-names, trap
 * and adversarial results.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openExperiment, openSection, ROOT, shot, useApp } from './harness.ts';

const PARA = join(ROOT, 'test', 'fixtures', 'paraphrase');
const ADV = join(ROOT, 'test', 'fixtures', 'adversarial', 'addsent-mini.json');

const app = useApp({ query: 'device=wasm' });

const text = async (id: string) => ((await app.page.getByTestId(id).textContent()) ?? '').trim();
/** The value and count cells of each row of a slice table. */
const rowsOf = (testid: string) => app.page.getByTestId(`${testid}-row`).evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']));
/** Opens a result's slice box and waits for its table. */
async function openSlices(testid: string): Promise<void> {
  const box = app.page.getByTestId(`${testid}-box`);
  await box.waitFor({ timeout: 180_000 });
  await box.locator(':scope > summary').click();
  await app.page.getByTestId(testid).waitFor({ timeout: 30_000 });
}

describe('two aligned paraphrase files', () => {
  it('says how many pairs were matched by id and by passage and answers', async () => {
    await openSection(app.page, 'data');
    await app.page.getByText('two aligned SQuAD files (revision or question-paraphrase pairs)').click();
    await app.page.getByTestId('dataset-file-input').setInputFiles([join(PARA, 'original.json'), join(PARA, 'paraphrased.json')]);
    await expect.poll(() => text('import-message'), { timeout: 60_000 }).toMatch(/^Imported 6 questions\. Pairs: 4 matched by id, 2 by passage and answers, 0 unmatched; 6 question paraphrases \(same passage, reworded question\)\./);
    await app.page.getByText('two aligned SQuAD files (revision or question-paraphrase pairs)').click();
    await app.page.getByTestId('dataset-list').locator('li').filter({ hasText: 'original.json' }).locator('.dataset-name').click();
  });

  it('scores DPR under the Scoring select, records it, and slices originals vs paraphrases', async () => {
    await app.page.getByTestId('scoring-lang').selectOption('en');
    await openExperiment(app.page, 'sensitivity/paraphrases');
    for (const k of ['reorder', 'function-word', 'synonym', 'content-word', 'combined']) await app.page.getByTestId(`paraphrase-source-${k}`).uncheck();
    await app.page.getByTestId('paraphrase-run').click();
    await app.page.getByTestId('paraphrase-table').waitFor({ timeout: 120_000 });
    expect(await text('paraphrase-dpr')).toMatch(/^\d+\.\d% \(\d of 6\)$|^\d+\.\d%/);
    await expect.poll(() => app.page.getByTestId('chart-dpr-similarity').locator('.recharts-bar-rectangle').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await text('paraphrase-record')).toContain('scored as English (SQuAD)');
    await openSlices('paraphrase-slices');
    expect(await app.page.getByTestId('paraphrase-slices-all').locator('td').first().textContent()).toBe('6');
    expect(await rowsOf('paraphrase-slices')).toEqual([
      ['who *', '2'],
      ['when *', '1'],
      ['which *', '2'],
      ['how *', '1'],
    ]);
    await app.page.getByTestId('paraphrase-slices-key').selectOption('title');
    expect(await rowsOf('paraphrase-slices')).toEqual([['Fixture *', '6']]);
    await app.page.getByTestId('paraphrase-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'generalization-dpr-slices');
  });
});

describe('slices under every other experiment', () => {
  it('sweep: per sweep row, original vs renamed with counts', async () => {
    await openExperiment(app.page, 'entity/sweep');
    for (const t of ['ORG', 'GPE', 'MIX']) await app.page.getByTestId(`sweep-type-${t}`).uncheck();
    for (const s of ['indist', 'randstr']) await app.page.getByTestId(`sweep-source-${s}`).uncheck();
    await app.page.getByTestId('sweep-seeds').fill('2');
    await app.page.getByTestId('sweep-run').click();
    await openSlices('sweep-slices');
    expect(await app.page.getByTestId('sweep-slices-pick').inputValue()).toBe('PER · db · us');
    // The option reads as the sweep table does (issue 26: human labels), its value stays the row's key.
    expect(await app.page.getByTestId('sweep-slices-pick').locator('option:checked').textContent()).toBe('PER · DBName · US');
    const n = Number(await app.page.getByTestId('sweep-slices-all').locator('td').first().textContent());
    expect(n).toBeGreaterThan(0);
    expect(await app.page.getByTestId('sweep-slices').locator('thead th').allTextContents()).toEqual(['question word', 'n', 'original EM / F1', 'renamed (mean over seeds) EM / F1', 'drop EM / F1 (orig. − pert.)']);
    await app.page.getByTestId('sweep-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'generalization-sweep-slices');
  });

  it('universal names: per name', async () => {
    await openExperiment(app.page, 'entity/universal');
    await app.page.getByTestId('universal-k').fill('3');
    await app.page.getByTestId('universal-top').fill('3');
    await app.page.getByTestId('universal-run').click();
    await openSlices('universal-slices');
    const names = await app.page.getByTestId('universal-slices-pick').locator('option').allTextContents();
    // Names that changed nothing are not listed (issue 23 §2): at most the top 3.
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(3);
    expect(await app.page.getByTestId('universal-slices').locator('thead th').nth(3).textContent()).toBe(`with ${names[0]} EM / F1`);
    await app.page.getByTestId('universal-slices-pick').selectOption(names[names.length - 1] as string);
    expect(await app.page.getByTestId('universal-slices').locator('thead th').nth(3).textContent()).toBe(`with ${names[names.length - 1]} EM / F1`);
  });

  it('traps: original vs trapped per slice; the Scoring override is --lang in the qarx command', async () => {
    await openExperiment(app.page, 'stability/traps');
    await app.page.getByTestId('traps-run').click();
    await app.page.getByTestId('traps-table').waitFor({ timeout: 120_000 });
    await app.page.getByTestId('trap-card').locator('details.qarx-command > summary').first().click();
    expect(await text('traps-result-qarx')).toMatch(/&& qarx compare .* --lang en( --ci --bootstrap \d+ --seed \d+)? --json$/);
    await openSection(app.page, 'data');
    await app.page.getByTestId('scoring-lang').selectOption('auto');
    await openExperiment(app.page, 'stability/traps');
    await openSlices('trap-slices');
    // Every answerable question gets a generated trap (or is counted as skipped): the all row counts those answered.
    const n = Number(await app.page.getByTestId('trap-slices-all').locator('td').first().textContent());
    expect(n).toBeGreaterThan(0);
    expect(await app.page.getByTestId('traps-table').locator('thead th').first().textContent()).toMatch(new RegExp(`^${n} questions( \\*)?$`)); // '*': fewer than 30
    await app.page.getByTestId('trap-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'generalization-trap-slices');
  });

  it("adversarial SQuAD: one row per original, the all row being Jia & Liang's figures", async () => {
    await openSection(app.page, 'data');
    await app.page.getByTestId('dataset-file-input').setInputFiles(ADV);
    await expect.poll(() => text('import-message'), { timeout: 60_000 }).toMatch(/Imported 5 questions/);
    await app.page.getByTestId('dataset-list').locator('li').filter({ hasText: 'addsent-mini.json' }).locator('.dataset-name').click();
    await openExperiment(app.page, 'stability/traps');
    await app.page.getByTestId('adversarial-run').click();
    await app.page.getByTestId('adversarial-table').waitFor({ timeout: 120_000 });
    await openSlices('adversarial-slices');
    expect(await app.page.getByTestId('adversarial-slices-all').locator('td').first().textContent()).toBe('3');
    const [, orig, adv] = await app.page.getByTestId('adversarial-slices-all').locator('td').allTextContents();
    expect(orig).toBe(`${await text('adv-orig-em')} / ${await text('adv-orig-f1')}`);
    expect(adv).toBe(`${await text('adv-adv-em')} / ${await text('adv-adv-f1')}`);
    await app.page.getByTestId('trap-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'generalization-adversarial-slices');
    expect(app.errors).toEqual([]);
  });

  it('a reopened saved run keeps its slice table after a reload', async () => {
    await app.page.reload();
    // The reload reopens the experiment page it was on; the live view shows the model answering again.
    await openSection(app.page, 'live');
    await app.page.getByTestId('answer-highlight').waitFor({ timeout: 120_000 });
    await openExperiment(app.page, 'audit/runs');
    const open = async (label: string) => {
      await app.page.getByTestId('run-row').filter({ hasText: label }).first().getByTestId('run-open').click();
      await openSlices('saved-slices');
    };
    await open('Adversarial SQuAD');
    expect(await app.page.getByTestId('saved-slices-all').locator('td').first().textContent()).toBe('3');
    await app.page.getByTestId('saved-slices-key').selectOption('length');
    expect((await rowsOf('saved-slices')).map(([v]) => v)).toEqual(['≤100 words *']);
    await app.page.getByTestId('saved-run').scrollIntoViewIfNeeded();
    await shot(app.page, 'generalization-saved-slices');
    await open('Sweep');
    expect(await app.page.getByTestId('saved-slices-pick').inputValue()).toBe('PER · db · us');
    expect(Number(await app.page.getByTestId('saved-slices-all').locator('td').first().textContent())).toBeGreaterThan(0);
    expect(app.errors).toEqual([]);
  });
});
