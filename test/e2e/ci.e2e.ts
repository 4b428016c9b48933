/**
 * Confidence intervals in the app (issue 27; shipped model, WASM): a sweep and a budget run with
 * CI on (the default) show CI and p columns with n.s. marks, CI whiskers with their legend, the
 * setting in the qarx command — and the numbers of the app's JSON export equal those of that
 * `qarx … --ci` command run on the same questions with the same seed (a real model on both sides).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExperimentCi, PairedStats } from '../../src/core/stats/index.ts';
import { runQarx } from '../support/run-qarx.ts';
import { download as downloadFile, openExperiment, shot, sweepDrawn, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });
const cache = mkdtempSync(join(tmpdir(), 'qarx-ci-e2e-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));
beforeAll(async () => {
  await openExperiment(app.page, 'entity/sweep');
  await app.page.getByTestId('run-history').waitFor({ timeout: 30_000 });
});

const text = async (id: string) => ((await app.page.getByTestId(id).first().textContent()) ?? '').trim();
const runRows = () => app.page.getByTestId('run-row');
const download = (click: () => Promise<void>) => downloadFile(app.page, click);
const r4 = (x: number) => +x.toFixed(4);

/** Runs the exported command (the demo file is in the checkout) and parses its JSON. */
async function cli<T>(command: string): Promise<T> {
  const r = await runQarx(cache, ...command.split(' ').slice(1));
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as T;
}

/** The export's CI cells of one comparison, as the CLI's statistics give them (4 decimals). */
const cells = (st: PairedStats, prefix = '', before = 'orig', after = 'renamed') => ({
  [`${prefix}${before}_f1_lo`]: r4(st.original.f1.lo),
  [`${prefix}${after}_f1_hi`]: r4(st.perturbed.f1.hi),
  [`${prefix}drop_f1_lo`]: r4(st.drop.f1.lo),
  [`${prefix}drop_f1_hi`]: r4(st.drop.f1.hi),
  [`${prefix}drop_em_lo`]: r4(st.drop.em.lo),
  [`${prefix}p_em`]: r4(st.drop.em.p),
  [`${prefix}p_f1`]: r4(st.drop.f1.p),
  [`${prefix}p_f1_holm`]: st.drop.f1.pHolm === undefined ? null : r4(st.drop.f1.pHolm),
  [`${prefix}mdd_f1`]: st.drop.f1.mdd === null ? null : r4(st.drop.f1.mdd),
});

describe('confidence intervals in the app', () => {
  it('a sweep shows CI/p columns, n.s. marks and CI whiskers, and its export equals `qarx sweep --ci` with the same seed', { timeout: 400_000 }, async () => {
    expect(await app.page.getByTestId('sweep-ci').isChecked(), 'on by default').toBe(true);
    await app.page.getByTestId('sweep-ci-seed').fill('7');
    for (const t of ['ORG', 'MIX']) await app.page.getByTestId(`sweep-type-${t}`).uncheck();
    for (const s of ['indist', 'db']) await app.page.getByTestId(`sweep-source-${s}`).uncheck();
    await app.page.getByTestId('sweep-seeds').fill('2');
    const before = await runRows().count();
    await app.page.getByTestId('sweep-run').click();
    // The run is saved once its statistics are in: the history row is the event to wait for.
    await expect.poll(() => runRows().count(), { timeout: 300_000 }).toBe(before + 1);
    expect(await app.page.getByTestId('sweep-table').locator('th').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/95% CI/), expect.stringMatching(/^p F1 \/ EM \(Holm p\)$/)]));
    const rows = await app.page.getByTestId('sweep-table').getByTestId('sweep-row').count();
    expect(await text('sweep-ci-legend')).toMatch(new RegExp(`1,000 resamples, seed 7.*Holm p: adjusted over the ${2 * rows} tests`));
    expect(await text('ci-whisker-note')).toMatch(/narrow thin = ± std over perturbation seeds; wide bold = 95% CI of the drop over questions/);
    await sweepDrawn(app.page);
    await app.page.getByTestId('sweep-table').scrollIntoViewIfNeeded();
    await shot(app.page, 'ci-sweep');

    const json = await download(() => app.page.getByTestId('sweep-json').click());
    const doc = JSON.parse(json.bytes.toString('utf8')) as { qarxCommand: string; settings: { ci: unknown }; rows: Record<string, unknown>[] };
    expect(doc.settings.ci).toEqual({ bootstrap: 1000, seed: 7, byPassage: false });
    expect(doc.qarxCommand).toMatch(/^qarx sweep \S+ .*--types PER,GPE --sources randstr .* --ci --bootstrap 1000 --seed 7 --json$/);
    const out = await cli<{ rows: { type: string; source: string; origin: string; ci: PairedStats }[] }>(doc.qarxCommand);
    expect(out.rows.map((r) => r.type)).toEqual(doc.rows.map((r) => r.type));
    out.rows.forEach((r, i) => expect(doc.rows[i]).toMatchObject(cells(r.ci)));
    // A not-significant drop is marked in the table exactly where the export says so.
    const ns = doc.rows.filter((r) => r.f1_significance === 'not significant').length;
    expect(await app.page.getByTestId('sweep-table').getByTestId('ns-mark').count()).toBe(ns);
  });

  it('the budget gives the random and RESEMBLE rows CI and p, equal to `qarx budget --ci`', { timeout: 400_000 }, async () => {
    await openExperiment(app.page, 'entity/budget');
    await app.page.getByTestId('budget-source').selectOption('randstr');
    await app.page.getByTestId('budget-b').fill('2');
    const before = await runRows().count();
    await app.page.getByTestId('budget-run').click();
    await expect.poll(() => runRows().count(), { timeout: 300_000 }).toBe(before + 1);
    for (const id of ['budget-ci-model-random', 'budget-ci-resemble-random', 'budget-ci-resemble-worst']) expect(await text(id)).toMatch(/^drop F1 -?\d+\.\d \[-?\d+\.\d, -?\d+\.\d\], p /);
    await app.page.getByTestId('budget-table').scrollIntoViewIfNeeded();
    await shot(app.page, 'ci-budget');
    const json = await download(() => app.page.getByTestId('budget-json').click());
    const doc = JSON.parse(json.bytes.toString('utf8')) as { qarxCommand: string; rows: Record<string, unknown>[] };
    expect(doc.qarxCommand).toMatch(/--resemble 3 --temperature 2 --seed 1 .*--ci --bootstrap 1000 --ci-seed 7 --json$/);
    const out = await cli<{ ci: ExperimentCi }>(doc.qarxCommand);
    expect(out.ci.family).toBe(12);
    const row = (m: string) => doc.rows.find((r) => r.measure === m);
    for (const [m, c] of [['random_mean', 'random'], ['worst', 'worst'], ['best', 'best']] as const) {
      for (const side of ['model', 'resemble'] as const) expect(row(m)).toMatchObject(cells(out.ci.rows[`${side} · ${c}`] as PairedStats, `${side}_`, 'original', 'case'));
    }
  });

  it('traps show CI and p beside both figures and the drop, and their export equals `qarx perturb trap && qarx compare --ci` with the same seed', { timeout: 400_000 }, async () => {
    await openExperiment(app.page, 'stability/traps');
    await app.page.getByTestId('traps-ci-seed').fill('5');
    const before = await runRows().count();
    await app.page.getByTestId('traps-run').click();
    await expect.poll(() => runRows().count(), { timeout: 300_000 }).toBe(before + 1);
    expect(await text('traps-ci-original')).toMatch(/^F1 CI \[\d+\.\d, \d+\.\d\]$/);
    expect(await text('traps-drop')).toMatch(/^F1 -?\d+\.\d \[-?\d+\.\d, -?\d+\.\d\] · EM .*p /);
    expect(await text('traps-ci-legend')).toMatch(/1,000 resamples, seed 5/);
    await app.page.getByTestId('traps-table').scrollIntoViewIfNeeded();
    await shot(app.page, 'ci-traps');
    const json = await download(() => app.page.getByTestId('traps-result-json').click());
    const doc = JSON.parse(json.bytes.toString('utf8')) as { qarxCommand: string; rows: Record<string, unknown>[] };
    const [perturb, compare] = doc.qarxCommand.split(' && ') as [string, string];
    expect(compare).toMatch(/^qarx compare .* --ci --bootstrap 1000 --seed 5 --json$/);
    // The trapped file goes to the test's folder, not the checkout.
    const trapped = join(cache, 'trapped.json');
    const made = await runQarx(cache, ...perturb.replace(/ trapped\.json$/, ` ${trapped}`).split(' ').slice(1));
    expect(made.code, made.stderr).toBe(0);
    const out = await cli<{ ci: PairedStats }>(compare.replace(' trapped.json ', ` ${trapped} `));
    const all = doc.rows.find((r) => r.similarity === 'all');
    expect(all).toMatchObject(cells(out.ci, '', 'orig', 'trapped'));
    // n.s. in the table exactly where the export says so.
    expect(await app.page.getByTestId('traps-table').getByTestId('ns-mark').count()).toBe(all?.f1_significance === 'not significant' ? 1 : 0);
  });
  it('paraphrases: the DPR\'s CI and the drop\'s CI and p equal `qarx perturb paraphrase && qarx compare --ci` with the same seed (issue 27, DPR)', { timeout: 400_000 }, async () => {
    await openExperiment(app.page, 'sensitivity/paraphrases');
    // One generated kind (the CLI's compare runs one kind's file): no dataset paraphrases.
    await app.page.getByTestId('paraphrase-source-dataset').uncheck();
    for (const k of ['function-word', 'synonym', 'content-word', 'combined']) await app.page.getByTestId(`paraphrase-source-${k}`).uncheck();
    await app.page.getByTestId('paraphrase-ci-seed').fill('3');
    const before = await runRows().count();
    await app.page.getByTestId('paraphrase-run').click();
    await expect.poll(() => runRows().count(), { timeout: 300_000 }).toBe(before + 1);
    expect(await text('paraphrase-dpr-ci')).toMatch(/^95% CI \[\d+\.\d, \d+\.\d\] %$/);
    const json = await download(() => app.page.getByTestId('paraphrase-result-json').click());
    const doc = JSON.parse(json.bytes.toString('utf8')) as { qarxCommand: string; rows: { measure: string; value: number; n: number }[] };
    const [perturb, compare] = doc.qarxCommand.split(' && ') as [string, string];
    expect(compare).toMatch(/^qarx compare .* --ci --bootstrap 1000 --seed 3 --json$/);
    // The scope's question ids (answerable ones), as the card's "Question ids" button saves them.
    const ids = await download(() => app.page.getByTestId('paraphrase-result-ids').click());
    const idsFile = join(cache, 'ids.txt');
    writeFileSync(idsFile, ids.bytes);
    const file = join(cache, 'paraphrased-reorder.json');
    const made = await runQarx(cache, ...perturb.replace(/ paraphrased-reorder\.json$/, ` ${file}`).replace(' --ids ids.txt ', ` --ids ${idsFile} `).split(' ').slice(1));
    expect(made.code, made.stderr).toBe(0);
    const out = await cli<{ ci: PairedStats; dpr: { n: number; dpr: number }; dprCi: { n: number; value: number; lo: number; hi: number } }>(compare.replace(' paraphrased-reorder.json ', ` ${file} `).replace(' --ids ids.txt ', ` --ids ${idsFile} `));
    const m = (k: string) => doc.rows.find((r) => r.measure === k);
    console.log(`paraphrase CI (app = CLI): DPR ${out.dprCi.value.toFixed(1)}% [${out.dprCi.lo.toFixed(1)}, ${out.dprCi.hi.toFixed(1)}] over ${out.dprCi.n} pairs; ΔF1 ${out.ci.drop.f1.value.toFixed(2)} [${out.ci.drop.f1.lo.toFixed(2)}, ${out.ci.drop.f1.hi.toFixed(2)}] p ${out.ci.drop.f1.p}`);
    expect(m('dpr_pct')?.n).toBe(out.dprCi.n);
    expect([m('dpr_pct')?.value, m('dpr_pct_lo')?.value, m('dpr_pct_hi')?.value]).toEqual([out.dprCi.value, out.dprCi.lo, out.dprCi.hi].map(r4));
    // The drop over the same pairs: CI and p as the CLI's.
    expect([m('drop_f1_lo')?.value, m('drop_f1_hi')?.value, m('p_f1')?.value, m('p_em')?.value]).toEqual([out.ci.drop.f1.lo, out.ci.drop.f1.hi, out.ci.drop.f1.p, out.ci.drop.em.p].map(r4));
  });
});
