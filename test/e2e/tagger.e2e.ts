/**
 * The Hub NER tagger in the app (issue 24.8): loaded from the mock Hub into the inference worker
 * under Entity renaming settings, a load error shown beside the control, Run held while the chosen
 * tagger is not loaded, and a sweep that uses it — the same numbers as the `qarx sweep --tagger`
 * command its record prints (a real model run on both sides, not a fake).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyNerRepo } from '../../scripts/lib/tiny-ner-model.ts';
import { startMockHub, type MockHub } from '../support/hub-server.ts';
import { runQarx } from '../support/run-qarx.ts';
import { openExperiment, openSection, shot, useApp } from './harness.ts';

const TEXT = 'Émile Zola was born in Paris. The Eiffel Tower is in Paris, France.';
let hub: MockHub;
let cache: string;
beforeAll(async () => {
  // A tagger that knows two places only: with it, the demo set's GPE questions shrink to the one answered "Paris".
  hub = await startMockHub({ 'qarx-test/places-ner': tinyNerRepo({ Paris: 'B-LOC', France: 'B-LOC' }), 'qarx-test/not-ner': { ...tinyNerRepo({}), 'config.json': JSON.stringify({ model_type: 'bert', id2label: { 0: 'NEGATIVE', 1: 'POSITIVE' } }) } });
  cache = mkdtempSync(join(tmpdir(), 'qarx-tagger-e2e-'));
});
afterAll(async () => {
  await hub.close();
  rmSync(cache, { recursive: true, force: true });
});

const app = useApp({ query: () => `device=wasm&hub=${encodeURIComponent(hub.url)}` });
const text = async (id: string) => ((await app.page.getByTestId(id).textContent()) ?? '').trim();

describe('entity tagger: built-in or a Hub NER model', () => {
  it('shows a load error beside the control and holds Run while the chosen tagger is not loaded', async () => {
    await openExperiment(app.page, 'entity/sweep');
    await app.page.getByTestId('tagger-card').waitFor({ timeout: 30_000 });
    await app.page.getByTestId('tagger-hub').check();
    expect(await text('tagger-card')).toMatch(/downloaded from the Hub.*online only/);
    expect(await app.page.getByTestId('sweep-run').isDisabled()).toBe(true);
    expect(await text('sweep-run-tagger-blocked')).toMatch(/not loaded/);
    await app.page.getByTestId('tagger-id').fill('qarx-test/not-ner');
    await app.page.getByTestId('tagger-load').click();
    await app.page.getByTestId('tagger-error').waitFor({ timeout: 60_000 });
    expect(await text('tagger-error')).toMatch(/qarx-test\/not-ner.*no NER model/);
    await app.page.getByTestId('tagger-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'tagger-error');
    // The QA model is untouched by the failed tagger.
    await openExperiment(app.page, 'entity/budget');
    expect(await app.page.getByTestId('budget-run').isDisabled()).toBe(true);
    await app.page.getByTestId('tagger-builtin').check();
    expect(await app.page.getByTestId('budget-run').isDisabled()).toBe(false);
  });

  it('a sweep with the loaded tagger renames what it found, and its qarx command reproduces the numbers', async () => {
    // A file with no answer types of its own (the demo set states them, and a file's own types come first).
    const data = join(cache, 'tagged.json');
    const qa = (id: string, question: string, answer: string) => ({ id, question, answers: [{ text: answer, answer_start: TEXT.indexOf(answer) }] });
    writeFileSync(data, JSON.stringify({ version: '1.1', data: [{ title: 't', paragraphs: [{ context: TEXT, qas: [qa('q1', 'Who was born in Paris?', 'Émile Zola'), qa('q2', 'Which country is Paris in?', 'France')] }] }] }));
    await openSection(app.page, 'data');
    await app.page.getByTestId('dataset-file-input').setInputFiles(data);
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/Imported 2 questions/);
    await openExperiment(app.page, 'entity/sweep');
    await app.page.getByTestId('tagger-hub').check();
    await app.page.getByTestId('tagger-id').fill('qarx-test/places-ner');
    await app.page.getByTestId('tagger-load').click();
    await app.page.getByTestId('tagger-status').waitFor({ timeout: 60_000 });
    expect(await text('tagger-status')).toMatch(/Loaded qarx-test\/places-ner \(8 entity labels\)/);
    await app.page.getByTestId('tagger-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'tagger-loaded');
    for (const t of ['ORG', 'MIX']) await app.page.getByTestId(`sweep-type-${t}`).uncheck();
    for (const s of ['indist', 'randstr']) await app.page.getByTestId(`sweep-source-${s}`).uncheck();
    for (const o of ['in', 'cn', 'fr', 'ar']) await app.page.getByTestId(`sweep-origin-${o}`).uncheck();
    await app.page.getByTestId('sweep-seeds').fill('1');
    await app.page.getByTestId('sweep-run').click();
    await app.page.getByTestId('sweep-qarx').waitFor({ state: 'attached', timeout: 120_000 });
    await expect.poll(async () => app.page.getByTestId('sweep-progress').count(), { timeout: 120_000 }).toBe(0);
    const command = await text('sweep-qarx');
    expect(command).toMatch(/^qarx sweep tagged\.json .*--types PER,GPE .*--tagger qarx-test\/places-ner/);
    const cells = async (type: string) => (await app.page.getByTestId('sweep-table').locator('tbody tr').filter({ hasText: type }).first().locator('td').allTextContents()).map((x) => x.trim());
    // The tagger knows places only: "Émile Zola" is no person for it (the built-in tagger renames him), "France" is a place.
    expect((await cells('PER'))[3]).toMatch(/^0\b/);
    expect((await cells('GPE'))[3]).toMatch(/^1\b/);
    const args = command.split(' ').slice(1).map((a) => (a === 'tagged.json' ? data : a));
    const cli = await runQarx(cache, ...args, '--hub-host', hub.url, '--cache-dir', cache);
    expect(cli.code, cli.stderr).toBe(0);
    const rows = (JSON.parse(cli.stdout) as { rows: { type: string; n: number; orig: { f1: number } }[] }).rows;
    expect(rows.map((r) => [r.type, r.n])).toEqual([['PER', 0], ['GPE', 1]]);
    expect((await cells('GPE')).join(' ')).toContain((rows[1]?.orig.f1 ?? NaN).toFixed(1));
    const plain = await runQarx(cache, ...args.filter((a, k) => a !== '--tagger' && args[k - 1] !== '--tagger'));
    expect(JSON.parse(plain.stdout).rows[0].n, 'the built-in tagger renames Émile Zola').toBe(1);

    // Coverage with each tagger (issue 24.8): the card says what qarx sweep prints, for the loaded tagger and the built-in one.
    const covered = (stderr: string) => /sweep: (renamable answer entity for .*? · tagger [^;]+);/.exec(stderr)?.[1] ?? `no coverage line in: ${stderr}`;
    expect(covered(cli.stderr)).toBe('renamable answer entity for 1 of 2 answerable questions (50.0%: PER 0, ORG 0, GPE 1); left out of 2: 1 no answer entity; tags: Hub NER model 1 · tagger qarx-test/places-ner');
    expect(await text('tagger-coverage')).toContain(`Coverage, last sweep run: ${covered(cli.stderr)}`);
    await app.page.getByTestId('tagger-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'tagger-coverage');
    await app.page.getByTestId('tagger-builtin').check();
    await app.page.getByTestId('sweep-run').click();
    await expect.poll(async () => text('tagger-coverage'), { timeout: 120_000 }).toContain('tagger built-in (compromise)');
    expect(covered(plain.stderr)).toBe('renamable answer entity for 2 of 2 answerable questions (100.0%: PER 1, ORG 0, GPE 1); left out of 2: none; tags: built-in tagger 2 · tagger built-in (compromise)');
    expect(await text('tagger-coverage')).toContain(`Coverage, last sweep run: ${covered(plain.stderr)}`);
    await expect.poll(async () => app.page.getByTestId('sweep-progress').count(), { timeout: 120_000 }).toBe(0);
  });
});
