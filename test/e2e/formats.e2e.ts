/**
 * Published file layouts imported in the browser as a user would: SQuAD with string booleans (the
 * natural-perturbation challenge sets), an HF flat document with a numeric version (transformers'
 * SQuAD sample) and a DuReader file whose every answer_start is -1 (one summary line).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSection, ROOT, shot, useApp } from './harness.ts';

const FIXTURES = join(ROOT, 'test', 'fixtures', 'formats');

const app = useApp({ query: 'device=wasm', height: 960 });

/** The dataset list entry that names `file`. */
const entry = (file: string) => app.page.getByTestId('dataset-list').locator('li').filter({ hasText: file });

describe('published layouts import in the browser', () => {
  it.each([
    { file: 'squad-string-bools.json', n: 3, summary: '1 skipped: 1 invalid entry', format: 'squad', detail: 'is_impossible' },
    { file: 'squad-flat-document.json', n: 4, summary: '1 skipped: 1 invalid entry', format: 'squad-flat', detail: 'data[4].answers' },
    { file: 'dureader-unplaced.json', n: 3, summary: '1 skipped: 1 answer not in its passage; kept, noted: 4 answer offsets fixed', format: 'dureader', detail: 'every answer_start is -1' },
  ])('$file', async ({ file, n, summary, format, detail }) => {
    await openSection(app.page, 'data');
    await app.page.getByTestId('dataset-file-input').setInputFiles(join(FIXTURES, file));
    await expect.poll(async () => (await app.page.getByTestId('import-message').textContent()) ?? '', { timeout: 60_000 }).toMatch(new RegExp(`Imported ${n} questions`));
    const li = entry(file);
    expect(await li.locator('.dataset-meta').textContent()).toContain(`${n} questions · ${format}`);
    expect(await li.locator('details.issues summary').textContent()).toBe(summary);
    await li.locator('details.issues summary').click();
    const listed = await li.locator('details.issues li').allTextContents();
    expect(listed.join('\n')).toContain(detail);
    // One line for the whole DuReader file, not one per answer.
    if (format === 'dureader') expect(listed).toHaveLength(2);
    await shot(app.page, `formats-${file.replace(/\W+/g, '-')}`);
  });

  it('opens an unanswerable question read from the string "true"', async () => {
    await entry('squad-string-bools.json').locator('.dataset-name').click();
    await app.page.getByLabel('Search questions, passages and answers').fill('cottage demolished');
    await app.page.getByTestId('instance-row').first().click();
    await expect.poll(async () => (await app.page.getByTestId('instance-head').textContent()) ?? '').toContain('nv2-q3');
    expect(await app.page.getByTestId('gold-answers').textContent()).toMatch(/no answer|unanswerable/i);
    expect(app.errors).toEqual([]);
  });
});
