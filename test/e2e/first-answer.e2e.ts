/**
 * The answer box while an answer is computed: "Computing the answer…" whenever a question and a
 * passage wait for the model (not "Type a question and a passage", which is for empty fields).
 * The inference worker is made to hang (test hook) so the pending state stays on screen without
 * any timing assumption.
 */
import { describe, expect, it } from 'vitest';
import { shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm&test-hooks=1' });

describe('the answer box before an answer', () => {
  it('marks an answer asked with other texts as the previous one (dimmed, data-answers="previous") until the edit is answered (issue 44)', { timeout: 120_000 }, async () => {
    const card = app.page.getByTestId('answer-card');
    await expect.poll(() => card.getAttribute('data-answers'), { timeout: 60_000 }).toBe('current');
    const shown = await app.page.getByTestId('answer-text').textContent();
    // The worker hangs (test hook), so the edit's own answer never comes and the card must say so.
    await app.page.evaluate(() => (window as unknown as { qarxTest: { worker(w: string, a: string): void } }).qarxTest.worker('qa', 'hang'));
    await app.page.getByTestId('question-input').press('End');
    await app.page.getByTestId('question-input').pressSequentially(' x');
    await expect.poll(() => card.getAttribute('data-answers'), { timeout: 30_000 }).toBe('previous');
    expect(await card.getAttribute('class')).toContain('previous');
    expect(await app.page.getByTestId('answer-text').textContent()).toBe(shown);
    await shot(app.page, 'answer-previous');
  });

  it('asks for input when a field is empty, says "Computing the answer…" while the model works', { timeout: 120_000 }, async () => {
    await app.page.getByTestId('question-input').fill('');
    await expect.poll(async () => (await app.page.getByTestId('answer-pending').textContent())?.trim(), { timeout: 30_000 }).toBe('Type a question and a passage.');
    await app.page.evaluate(() => (window as unknown as { qarxTest: { worker(w: string, a: string): void } }).qarxTest.worker('qa', 'hang'));
    await app.page.getByTestId('question-input').fill('Who noticed the mould?');
    await expect.poll(async () => (await app.page.getByTestId('answer-pending').textContent())?.trim(), { timeout: 30_000 }).toBe('Computing the answer…');
    await shot(app.page, 'first-answer-computing');
    expect(await app.page.getByTestId('answer-highlight').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});
