/**
 * A question-paraphrase pair file (Gan & Ng 2019's layout: same passages, reworded questions, ids
 * aligned) imported as two aligned files is presented as paraphrases, not revision pairs (issue
 * 38.4): the import says so, the list tags it "para", and Live's paraphrase panel offers the file's
 * own paraphrase (shipped model, WASM).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSection, shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });
const DIR = join(import.meta.dirname, '..', 'fixtures', 'paraphrase', 'aligned-ids');

describe('importing a question-paraphrase pair file', () => {
  it('says what the pairs are, tags them "para" and offers the file\'s paraphrase in Live', async () => {
    await openSection(app.page, 'data');
    await app.page.getByLabel(/two aligned SQuAD files/).check();
    await app.page.getByTestId('dataset-file-input').setInputFiles([join(DIR, 'dev_orig.json'), join(DIR, 'dev_para.json')]);
    const msg = app.page.getByTestId('import-message');
    await expect.poll(async () => (await msg.textContent()) ?? '', { timeout: 60_000 }).toMatch(/Imported 6 questions/);
    expect(await msg.textContent()).toContain('6 question paraphrases (same passage, reworded question)');
    expect(await msg.textContent()).not.toContain('differing between files');
    await app.page.getByLabel('Search questions, passages and answers').fill('Halden');
    const row = app.page.getByTestId('instance-row').filter({ hasText: 'Who led the first audit of the Halden budget?' }).first();
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain('para');
    expect(await row.locator('.tag', { hasText: /^rev$/ }).count()).toBe(0);
    await row.click();
    await expect.poll(() => app.page.getByTestId('question-input').inputValue(), { timeout: 30_000 }).toBe('Who led the first audit of the Halden budget?');
    // No "next revision of this passage" over identical passages.
    expect(await app.page.getByTestId('revision-panel').count()).toBe(0);
    await app.page.getByTestId('paraphrase-live').locator('summary').click();
    const offered = app.page.getByTestId('paraphrase-dataset');
    expect(await offered.textContent()).toContain('Which person led the first audit of the Halden budget?');
    await offered.getByRole('button', { name: 'Which person led the first audit of the Halden budget?' }).click();
    await app.page.getByTestId('paraphrase-answers').waitFor({ timeout: 60_000 });
    expect(await app.page.getByTestId('paraphrase-input').inputValue()).toBe('Which person led the first audit of the Halden budget?');
    await expect.poll(async () => (await app.page.getByTestId('paraphrase-paraphrased').textContent()) ?? '').toContain('paraphrase · from the dataset');
    expect(((await app.page.getByTestId('paraphrase-flag').textContent()) ?? '').trim()).toMatch(/^(Prediction changed|Same prediction) · question similarity/);
    await app.page.getByTestId('paraphrase-live').scrollIntoViewIfNeeded();
    await shot(app.page, 'paraphrase-pair-live');
  });
});
