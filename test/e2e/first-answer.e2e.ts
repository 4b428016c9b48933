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
