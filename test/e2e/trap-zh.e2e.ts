/**
 * A Chinese demo question in the browser (shipped model, WASM): scored with DuReader's
 * character-level metric (named under the score), and a Chinese trap generated live — the question
 * turned into a statement with another name, highlighted in the trapped passage, similarity as
 * character F1. No CJK font is installed here, so screenshots show Chinese as boxes.
 */
import { describe, expect, it } from 'vitest';
import { shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });

const text = async (id: string) => ((await app.page.getByTestId(id).textContent()) ?? '').trim();
const QUESTION = '海鸥号科考船的船长是谁？';

describe('a Chinese demo question with a live trap', () => {
  it('scores the answer at character level and inserts a Chinese trap after the answer sentence', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('海鸥号');
    await app.page.getByTestId('instance-row').filter({ hasText: QUESTION }).first().click();
    await expect.poll(() => app.page.getByTestId('question-input').inputValue()).toBe(QUESTION);
    await expect.poll(() => text('score'), { timeout: 60_000 }).toMatch(/^EM (0|100) · F1 [\d.]+ — (correct|partly right|wrong)$/);
    expect(await text('score-metric')).toBe('DuReader-robust character-level EM/F1');
    await app.page.getByTestId('trap-toggle').click();
    await app.page.getByTestId('trap-passage-trap').first().waitFor({ timeout: 60_000 });
    const sentence = (await app.page.getByTestId('trap-passage-trap').allTextContents()).join('');
    // 谁 replaced by a Chinese name, the question mark by 。; never the gold answer.
    expect(sentence).toMatch(/^海鸥号科考船的船长是\p{Script=Han}{2,4}。$/u);
    expect(sentence).not.toContain('刘明远');
    // Chinese sentences join without spaces: the trapped passage is the passage with the sentence added.
    const passage = await app.page.getByTestId('passage-input').inputValue();
    expect((await text('trap-passage')).replace(sentence, '')).toBe(passage.trim());
    await expect.poll(() => text('trap-original-text'), { timeout: 30_000 }).not.toBe('…');
    expect(await text('trap-hit')).toMatch(/Similarity of question and trap sentence \(character F1\): \d+\.\d%/);
    const sim = Number(/(\d+\.\d)%/.exec(await text('trap-hit'))?.[1]);
    expect(sim).toBeGreaterThan(60);
    await app.page.getByTestId('trap-passage').scrollIntoViewIfNeeded();
    await shot(app.page, 'trap-live-chinese');
    expect(app.errors).toEqual([]);
  });
});
