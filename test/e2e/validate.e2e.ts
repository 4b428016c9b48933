/**
 * The validation queue as a class uses it (issue 43; shipped model, WASM, demo set): a synthetic-noise
 * run, a stratified sample of 10 of its perturbed questions, all 10 annotated by keyboard alone, the
 * queue resumed after a reload, two annotators' files imported (κ, disagreements, validated rate), and
 * a hostile annotation file (unknown ids, a case judged twice) plus another batch's file: clear
 * messages, and no judgement already there is lost. Screenshots at 1440 and 390 px; axe clean.
 */
import { describe, expect, it } from 'vitest';
import { download, openExperiment, openSection, shot, useApp, violations } from './harness.ts';
import { unhelped } from './term-scan.ts';
import type { Annotation, AnnotationFile, ValidationBatch } from '../../src/core/validation/types.ts';

const app = useApp({ query: 'device=wasm' });
const text = async (id: string) => ((await app.page.getByTestId(id).textContent()) ?? '').trim();

/** An annotator's file judging `cases`: the first gold answer (or no answer), meaning kept unless `flip` has the case. */
function annotationFile(batch: ValidationBatch, annotator: string, flip: ReadonlySet<number>): AnnotationFile {
  const annotations: Annotation[] = batch.cases.map((c, i) => {
    const g = c.gold[0];
    const at = g === undefined ? -1 : c.passage.indexOf(g);
    return { caseId: c.id, answer: g === undefined || at < 0 ? null : { text: g, start: [...c.passage.slice(0, at)].length }, meaningKept: !flip.has(i), at: '2026-12-02T09:00:00Z' };
  });
  return { format: 'qarx-annotations', version: 1, batchId: batch.batchId, annotator, annotations };
}

const file = (name: string, body: unknown) => ({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(body)) });

describe('validating perturbed cases', () => {
  it('annotates 10 sampled cases by keyboard, resumes, imports two annotators and refuses a hostile file without losing anything', async () => {
    const page = app.page;
    await openExperiment(page, 'natural/pairs');
    await page.getByTestId('noise-kind').selectOption('keyboard');
    await page.getByTestId('synthetic-run').click();
    await expect.poll(async () => (await page.getByTestId('natural-table').locator('thead th').allTextContents()).join('|'), { timeout: 120_000 }).toContain('synthetic: keyboard typo');

    await openSection(page, 'validate');
    await page.getByTestId('vq-sample-size').fill('10');
    expect(await text('vq-sample-note')).toMatch(/with 10 cases, a share near 50% .* is known to ±\d+\.\d points/);
    await page.getByTestId('vq-sample-draw').click();
    await page.getByTestId('vq-card').waitFor({ timeout: 30_000 });
    expect(await text('vq-keys')).toContain('meaning kept: save and go to the next case');
    expect(await page.getByTestId('vq-passage').locator('.vq-edit').count()).toBeGreaterThan(0);
    expect(await unhelped(page)).toEqual([]);
    await shot(page, 'validate-card-1440');

    // Ten cases by keyboard alone: even ones answered with a two-word span and meaning kept, odd ones "no answer" and meaning changed.
    for (let i = 0; i < 10; i++) {
      await expect.poll(() => page.getByTestId('vq-card').getAttribute('aria-label')).toBe(`Case ${i + 1} of 10`);
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('vq-card');
      if (i % 2 === 0) {
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Shift+ArrowRight');
        expect(await text('vq-answer')).not.toContain('none picked yet');
        await page.keyboard.press('y');
      } else {
        await page.keyboard.press('y');
        expect(await text('vq-hint')).toContain('Answer the question first');
        await page.keyboard.press('0');
        expect(await text('vq-answer')).toBe('Your answer: no answer');
        await page.keyboard.press('n');
      }
    }
    await page.getByTestId('vq-done').waitFor();
    expect(await page.getByTestId('vq-progress').getAttribute('value')).toBe('10');
    await shot(page, 'validate-done-1440');

    // Resumable: after a reload the batch and its ten judgements are still there.
    await page.reload();
    await openSection(page, 'validate');
    await page.getByTestId('vq-batch-open').first().click();
    await expect.poll(() => page.getByTestId('vq-progress').getAttribute('value')).toBe('10');
    await page.getByTestId('vq-annotator').fill('Me');

    // The batch goes out without model answers; two annotators' files come back.
    const out = await download(page, () => page.getByTestId('vq-export-batch').click());
    const batch = JSON.parse(out.bytes.toString('utf8')) as ValidationBatch;
    expect(batch.cases).toHaveLength(10);
    expect(out.bytes.toString('utf8')).not.toMatch(/"prediction"|"modelAnswer"|"perturbedAnswer"/);
    const own = await download(page, () => page.getByTestId('vq-export-own').click());
    expect((JSON.parse(own.bytes.toString('utf8')) as AnnotationFile).annotations).toHaveLength(10);
    await page.getByTestId('vq-import').setInputFiles([file('ann.json', annotationFile(batch, 'Ann', new Set([1, 3]))), file('bob.json', annotationFile(batch, 'Bob', new Set([3, 5])))]);
    await expect.poll(() => page.getByTestId('vq-imported-item').count()).toBe(2);
    await page.getByTestId('vq-kappa').waitFor();
    expect(await text('vq-panel')).toContain('Me, Ann, Bob');
    expect(await page.getByTestId('vq-kappa').textContent()).toContain('Fleiss');
    expect(await page.getByTestId('vq-disagreements').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await text('vq-run-rate')).toMatch(/^\d+\.\d% \(\d+ of \d+\)$/);
    expect(await text('vq-validated')).toMatch(/n = \d+/);
    const kappaBefore = await text('vq-kappa');

    // A hostile file: an unknown case, a case judged twice, an answer not in the passage; and a file of another batch.
    const c0 = batch.cases[0]!;
    const eve: AnnotationFile = {
      format: 'qarx-annotations',
      version: 1,
      batchId: batch.batchId,
      annotator: 'Eve',
      annotations: [
        { caseId: 'no-such-case', answer: null, meaningKept: true, at: '2026-12-02T09:00:00Z' },
        { caseId: c0.id, answer: null, meaningKept: true, at: '2026-12-02T09:00:00Z' },
        { caseId: c0.id, answer: null, meaningKept: false, at: '2026-12-02T09:01:00Z' },
        { caseId: batch.cases[1]!.id, answer: { text: 'not in the passage at all', start: 0 }, meaningKept: true, at: '2026-12-02T09:00:00Z' },
      ],
    };
    const other = { ...annotationFile(batch, 'Ann', new Set()), batchId: 'another-batch' };
    await page.getByTestId('vq-import').setInputFiles([file('eve.json', eve), file('ann-other.json', other)]);
    const messages = page.getByTestId('vq-messages');
    await expect.poll(() => messages.textContent()).toContain('no case with this id');
    const said = (await messages.textContent()) ?? '';
    expect(said).toContain('judged twice; the later judgement is kept');
    expect(said).toContain('ann-other.json');
    expect(said).toContain('not of this batch');
    expect(said).toMatch(/eve\.json.*case .*answer/);
    // Nothing lost: Ann's and Bob's files stay, Eve's one valid judgement joins, the other batch's file does not; the own ten stay.
    await expect.poll(() => page.getByTestId('vq-imported-item').count()).toBe(3);
    expect(await page.getByTestId('vq-imported').textContent()).toMatch(/Ann: 10 judgements.*Bob: 10 judgements.*Eve: 1 judgement/s);
    expect(await page.getByTestId('vq-progress').getAttribute('value')).toBe('10');
    expect(await text('vq-kappa')).toBe(kappaBefore);

    expect(await violations(page, '[data-testid="validate-view"]')).toEqual([]);
    // Every glossary word of the report (κ, validated failure rate, C2W …) has its help where it appears.
    expect(await unhelped(page)).toEqual([]);
    await shot(page, 'validate-report-1440');
    await page.setViewportSize({ width: 390, height: 900 });
    await page.getByTestId('vq-report').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'validate-report-390');
    await page.getByTestId('vq-again').click();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await violations(page, '[data-testid="vq-card"]')).toEqual([]);
    await shot(page, 'validate-card-390');
    expect(app.errors).toEqual([]);
  });
});
