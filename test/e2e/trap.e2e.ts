/**
 * Over-stability as a user meets it (shipped model, WASM): a trap sentence inserted live (generated
 * and typed, the trap highlighted, both answers), the trap experiment with its similarity chart,
 * and an Adversarial SQuAD file imported — a variant beside its original with the inserted
 * sentence highlighted, and Jia & Liang's figures equal to the ones computed in Node on the same model.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { enginePredictor } from '../../src/core/entity/index.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { linkAdversarial } from '../../src/core/formats/adversarial.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { runAdversarial } from '../../src/core/trap/experiment.ts';
import { openExperiment, openSection, ROOT, shot, useApp } from './harness.ts';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'adversarial', 'addsent-mini.json');

const app = useApp({ query: 'device=wasm' });

const text = async (id: string) => ((await app.page.getByTestId(id).textContent()) ?? '').trim();

async function openRow(search: string, question: string): Promise<void> {
  await openSection(app.page, 'live');
  await app.page.getByLabel('Search questions, passages and answers').fill(search);
  await app.page.getByTestId('instance-row').filter({ hasText: question }).first().click();
  await expect.poll(() => app.page.getByTestId('question-input').inputValue()).toBe(question);
}

describe('a trap sentence inserted live', () => {
  it('generates a trap from the question, highlights it in the trapped passage and answers both passages', async () => {
    await openRow('Everest', 'Who led the 1953 Everest expedition?');
    await app.page.getByTestId('trap-toggle').click();
    const mark = app.page.getByTestId('trap-passage-trap').first();
    await mark.waitFor({ timeout: 60_000 });
    const sentence = (await app.page.getByTestId('trap-passage-trap').allTextContents()).join('');
    expect(sentence).toMatch(/led the \d{4} .+ expedition\.$/);
    expect(sentence).not.toContain('John Hunt');
    // The trap goes right after the answer sentence, so the passage around it is the original.
    const passage = (await text('trap-passage')).replace(/\s+/g, ' ');
    expect(passage.replace(sentence, '').replace(/\s+/g, ' ')).toBe((await app.page.getByTestId('passage-input').inputValue()).replace(/\s+/g, ' ').replace(/ $/, ''));
    await expect.poll(() => text('trap-original-text'), { timeout: 30_000 }).not.toBe('…');
    expect(await text('trap-trapped-text')).not.toBe('');
    expect(await text('trap-hit')).toMatch(/Similarity of question and trap sentence \(token F1\): \d+\.\d%/);
    await shot(app.page, 'trap-live-generated');
  });

  it('puts a typed sentence at the passage start and keeps the gold answer scored', async () => {
    await app.page.getByTestId('trap-kind-typed').click();
    await app.page.getByTestId('trap-position').selectOption('start');
    await app.page.getByTestId('trap-sentence').fill('Edmund Brant led the 1953 Everest expedition to the summit.');
    await expect.poll(async () => (await app.page.getByTestId('trap-passage-trap').allTextContents()).join(''), { timeout: 30_000 }).toBe('Edmund Brant led the 1953 Everest expedition to the summit.');
    expect((await text('trap-passage')).startsWith('Edmund Brant led')).toBe(true);
    await expect.poll(() => text('trap-hit'), { timeout: 30_000 }).toMatch(/trap sentence/);
    // A bare <mark> and text nodes: the typed text is never parsed as HTML.
    await app.page.getByTestId('trap-sentence').fill('<b>Edmund</b> led the 1953 Everest expedition.');
    await expect.poll(async () => (await app.page.getByTestId('trap-passage-trap').allTextContents()).join(''), { timeout: 30_000 }).toBe('<b>Edmund</b> led the 1953 Everest expedition.');
    expect(await app.page.getByTestId('trap-passage').locator('b').count()).toBe(0);
    await shot(app.page, 'trap-live-typed');
  });

  it("offers a demo question's own trap variant, and fits a phone screen", async () => {
    await openRow('Varnholt', 'Who was the first director of the Varnholt Observatory?');
    await app.page.getByTestId('trap-kind-dataset').click();
    await expect.poll(async () => (await app.page.getByTestId('trap-passage-trap').allTextContents()).join(''), { timeout: 30_000 }).toBe('The first director of the Brenmoor Observatory was Tobias Renner.');
    expect(await app.page.getByTestId('trap-position').isDisabled()).toBe(true);
    await app.page.setViewportSize({ width: 390, height: 844 });
    await app.page.getByTestId('trap-panel').scrollIntoViewIfNeeded();
    // Every part of the panel stays inside the phone's width.
    const right = await app.page.getByTestId('trap-panel').evaluate((el) => Math.max(...[el, ...el.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right)));
    expect(right).toBeLessThanOrEqual(390);
    await app.page.getByTestId('trap-panel').screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'trap-live-phone.png') });
    await app.page.setViewportSize({ width: 1440, height: 1000 });
    await app.page.getByTestId('trap-toggle').click();
  });
});

describe('trap experiment', () => {
  it('runs traps over the demo set and draws F1 by similarity', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('');
    await openExperiment(app.page, 'stability/traps');
    await app.page.getByTestId('trap-card').waitFor({ timeout: 30_000 });
    await app.page.getByTestId('traps-run').click();
    await app.page.getByTestId('traps-table').waitFor({ timeout: 180_000 });
    expect(await text('traps-record')).toContain('qarx-lexical-qa');
    expect(await text('traps-record')).toContain('seed 1');
    expect(await text('traps-hit')).toMatch(/^\d+\.\d%$/);
    expect(await text('traps-skipped')).toContain('unanswerable');
    // Charts draw after their table (recharts sizes them in an effect): polled, not read once.
    await expect.poll(() => app.page.getByTestId('chart-similarity').locator('.recharts-bar-rectangle').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => app.page.getByTestId('chart-similarity').textContent(), { timeout: 30_000 }).toContain('question–trap similarity (F1, 0–1)');
    // Buckets of few questions: the marker on their count, a lighter bar, one legend line (issue 23 §2).
    expect(await app.page.getByTestId('trap-card').getByTestId('chart-similarity').getByTestId('small-legend').textContent()).toBe('* fewer than 30 questions (a noisy mean); its bar is lighter');
    expect(await app.page.getByTestId('chart-hits').textContent()).toMatch(/n=\d+ \*/);
    await expect.poll(() => app.page.getByTestId('chart-hits').locator('path[fill-opacity="0.4"]').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await app.page.getByTestId('trap-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'trap-experiment');
    await app.page.getByTestId('tab-live').click();
  });
});

describe('an adversarial SQuAD file', () => {
  it('imports it and shows a variant beside its original with the inserted sentence highlighted', async () => {
    await openSection(app.page, 'data');
    await app.page.getByTestId('dataset-file-input').setInputFiles(FIXTURE);
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(/Imported 5 questions/);
    await openRow('Gullport', 'Who lit the first lighthouse of Harbour Lights?');
    await app.page.getByTestId('adversarial-panel').waitFor({ timeout: 30_000 });
    expect(await text('adversarial-panel')).toContain('high-conf-turk0');
    // The trap may be cut into several marks where a predicted answer overlaps it.
    expect((await app.page.getByTestId('adversarial-variant-passage-trap').allTextContents()).join('')).toBe('The first lighthouse of Gullport was lit by Jonas Vell in 1902.');
    expect(await text('adversarial-original-passage')).not.toContain('Gullport');
    await expect.poll(() => text('adversarial-original-text'), { timeout: 30_000 }).not.toBe('…');
    expect(await text('adversarial-hit')).toMatch(/inserted sentence/);
    expect(await text('adversarial-trapped-text')).not.toBe('');
    await app.page.getByTestId('adversarial-panel').scrollIntoViewIfNeeded();
    await shot(app.page, 'adversarial-variant');
    await openRow('Selby', 'Who runs the Corvane ferry?');
    expect(await text('adversarial-no-original')).toContain('5a1e0c0b9f3a4d0012ab0003');
  });

  it("shows Jia & Liang's figures, the same as computed in Node on the same model", async () => {
    configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
    const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
    const imported = await importFile('addsent-mini.json', new Uint8Array(readFileSync(FIXTURE)), { dataset: 'adv' });
    linkAdversarial(imported.instances);
    const want = (await runAdversarial(imported.instances, enginePredictor(new QaEngine(m.tokenizer, m.runner), { versionTwo: false })))!.output.result;
    await app.page.getByLabel('Search questions, passages and answers').fill('');
    await openExperiment(app.page, 'stability/traps');
    await app.page.getByTestId('adversarial-run').click();
    await app.page.getByTestId('adversarial-table').waitFor({ timeout: 120_000 });
    expect(await text('adversarial-table')).toMatch(/3 original questions( \*)? ?, 2 with variants \(3 variants\)/); // '*': fewer than 30
    expect(await text('adv-orig-em')).toBe(want.orig_exact_match.toFixed(1));
    expect(await text('adv-orig-f1')).toBe(want.orig_f1.toFixed(1));
    expect(await text('adv-adv-em')).toBe(want.adv_exact_match.toFixed(1));
    expect(await text('adv-adv-f1')).toBe(want.adv_f1.toFixed(1));
    expect(await text('adversarial-record')).toContain('addsent-mini.json');
    await app.page.getByTestId('trap-card').scrollIntoViewIfNeeded();
    await shot(app.page, 'adversarial-figures');
    // The original the inserted sentence broke is listed under the result and opens its variant in Live, beside the original passage.
    const kase = app.page.getByTestId('result-cases').locator('li').filter({ hasText: 'Adversarial SQuAD' });
    await kase.first().waitFor({ timeout: 30_000 });
    expect(await kase.count()).toBe(1);
    await kase.getByTestId('result-case-open').click();
    await app.page.getByTestId('adversarial-panel').waitFor({ timeout: 60_000 });
    expect(new URL(app.page.url()).hash).toBe('#/live');
    expect(await text('adversarial-panel')).toContain('high-conf-turk0');
    await expect.poll(() => text('adversarial-trapped-text'), { timeout: 60_000 }).toContain('Gullport');
    expect(app.errors).toEqual([]);
  });
});
