/**
 * Over-sensitivity as a user meets it (shipped model, WASM): a generated and a typed paraphrase of
 * the open question answered beside it, and the DPR card over the demo set with its charts.
 */
import { describe, expect, it } from 'vitest';
import { openExperiment, shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });

const text = async (id: string) => ((await app.page.getByTestId(id).textContent()) ?? '').trim();

describe('a paraphrase of the open question, live', () => {
  it('generates one of a kind and shows both answers side by side with the changed flag', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('Eiffel Tower');
    await app.page.getByTestId('instance-row').filter({ hasText: 'When was the Eiffel Tower completed?' }).first().click();
    await expect.poll(() => app.page.getByTestId('question-input').inputValue(), { timeout: 30_000 }).toBe('When was the Eiffel Tower completed?');
    await app.page.getByTestId('paraphrase-live').locator('summary').click();
    await app.page.getByTestId('paraphrase-kind').selectOption('content-word');
    await app.page.getByTestId('paraphrase-generate').click();
    await app.page.getByTestId('paraphrase-answers').waitFor({ timeout: 60_000 });
    expect(['When exactly was the Eiffel Tower completed?', 'When precisely was the Eiffel Tower completed?']).toContain(await app.page.getByTestId('paraphrase-input').inputValue());
    expect(await text('paraphrase-paraphrased')).toContain('adding or removing content words');
    expect(await text('paraphrase-original-text')).not.toBe('…');
    expect(await text('paraphrase-flag')).toMatch(/^(Prediction changed|Same prediction) · question similarity \(F1 of the two questions\) 0\.\d\d$/);
    // The demo question's own paraphrases are offered too.
    expect(await app.page.getByTestId('paraphrase-dataset').textContent()).toContain('When was the Eiffel Tower finished?');
    await shot(app.page, 'paraphrase-live-generated');
  });

  it('answers a typed paraphrase, labelled as typed', async () => {
    await app.page.getByTestId('paraphrase-input').fill('In which year was the Eiffel Tower finished?');
    await app.page.getByTestId('paraphrase-ask').click();
    await expect.poll(() => text('paraphrase-paraphrased'), { timeout: 60_000 }).toContain('paraphrase · typed by the user');
    expect(await app.page.getByTestId('paraphrase-input').inputValue()).toBe('In which year was the Eiffel Tower finished?');
    const a = await text('paraphrase-original-text');
    const b = await text('paraphrase-paraphrased-text');
    expect(await text('paraphrase-flag')).toMatch(a.toLowerCase().replace(/\W/g, '') === b.toLowerCase().replace(/\W/g, '') ? /^Same prediction/ : /^Prediction changed/);
    await app.page.getByTestId('paraphrase-live').scrollIntoViewIfNeeded();
    await shot(app.page, 'paraphrase-live-typed');
    // On a phone the control fits the width (no sideways scrolling).
    const size = app.page.viewportSize();
    await app.page.setViewportSize({ width: 390, height: 844 });
    await app.page.getByTestId('paraphrase-live').scrollIntoViewIfNeeded();
    expect(await app.page.getByTestId('paraphrase-live').evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await shot(app.page, 'paraphrase-live-phone');
    if (size) await app.page.setViewportSize(size);
  });
});

describe('DPR over the selected questions', () => {
  it('shows DPR, EM/F1 on both sides, DPR by kind and the similarity chart with axis titles', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('');
    await openExperiment(app.page, 'sensitivity/paraphrases');
    await app.page.getByTestId('paraphrase-run').click();
    await app.page.getByTestId('paraphrase-table').waitFor({ timeout: 120_000 });
    // The 95% CI joins the cell when the bootstrap in the CI worker answers, which may be before or after this read (ci.e2e.ts waits for it).
    expect(await text('paraphrase-dpr')).toMatch(/^\d+\.\d% \(\d+ of \d+\)(95% CI \[\d+\.\d, \d+\.\d\] %)?$/);
    expect(await text('paraphrase-original-score')).toMatch(/^\d+\.\d \/ \d+\.\d$/);
    expect(await text('paraphrase-kind-dataset')).toMatch(/^\d+\.\d% \(\d+ of 52\)EM \/ F1 original/); // the answerable questions only (the scope rule, src/core/experiments/scope.ts)
    for (const k of ['reorder', 'function-word', 'synonym', 'content-word', 'combined']) expect(await text(`paraphrase-kind-${k}`)).toMatch(/%/);
    expect(await text('paraphrase-record')).toMatch(/Demo set.* · qarx-lexical-qa fp32 (WASM|WEBGPU) .*seed 1/);
    expect(await text('paraphrase-none')).toContain('No rule applied');
    // The record's "n of N" counts N as the scope line does (answerable only), and n leaves out the questions without a paraphrase.
    const scopeN = Number(/Runs on (\d+) questions/.exec(await text('paraphrase-scope-text'))?.[1]);
    const [, asked, of] = /· (\d+) of (\d+) questions/.exec(await text('paraphrase-record')) ?? [];
    expect(Number(of)).toBe(scopeN);
    expect(Number(asked) + Number(/(\d+) questions? had no paraphrase at all/.exec(await text('paraphrase-none'))?.[1] ?? 0)).toBe(scopeN);
    const chart = app.page.getByTestId('chart-dpr-similarity');
    expect(await chart.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    const chartText = (await chart.textContent()) ?? '';
    expect(chartText).toContain('DPR (%)');
    expect(chartText).toContain('question–paraphrase similarity (F1, 0–1)');
    expect(chartText).toContain('0.8–1.0');
    expect(await app.page.getByTestId('chart-dpr-kind').textContent()).toContain('paraphrase kind');
    await app.page.getByTestId('paraphrase-card').scrollIntoViewIfNeeded();
    await app.page.mouse.move(0, 0);
    await shot(app.page, 'paraphrase-experiments');
    // A paraphrase that broke the answer is listed under the result and reopens its question in Live with the paraphrase beside it (issues 26.1, 41.1; reopen.e2e.ts checks the rest).
    const first = app.page.getByTestId('result-cases').getByTestId('result-case-open').first();
    await first.waitFor({ timeout: 30_000 });
    const original = ((await first.locator('.case-q').textContent()) ?? '').trim();
    // Each listed paraphrase says how it asked the question, so two paraphrases of one question read apart.
    const reworded = ((await app.page.getByTestId('result-cases').locator('li').first().getByTestId('result-case-reworded').textContent()) ?? '').trim();
    expect(reworded).toMatch(/^asked as “.+”$/);
    expect(reworded).not.toBe(`asked as “${original}”`);
    await first.click();
    await expect.poll(() => new URL(app.page.url()).hash, { timeout: 30_000 }).toBe('#/live');
    await app.page.getByTestId('reopened-case').waitFor({ timeout: 60_000 });
    expect(await app.page.getByTestId('question-input').inputValue()).toBe(original);
    expect(app.errors).toEqual([]);
  });
});
