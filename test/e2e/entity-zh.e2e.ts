/**
 * Live entity renaming of a Chinese demo question (shipped model, WASM): the answer 周树人 is
 * found by the Chinese name list and replaced whole in the passage, with a screenshot.
 */
import { describe, expect, it } from 'vitest';
import { shot, useApp } from './harness.ts';

const app = useApp({ query: 'device=wasm' });

describe('live entity renaming of a Chinese passage', () => {
  it('renames 周树人 whole, with a Chinese name, and shows both answers', { timeout: 120_000 }, async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('鲁迅');
    await app.page.getByTestId('instance-row').filter({ hasText: '鲁迅的原名是什么？' }).first().click();
    await expect.poll(() => app.page.getByTestId('question-input').inputValue()).toBe('鲁迅的原名是什么？');
    await app.page.getByTestId('rename-toggle').click();
    await app.page.getByTestId('rename-result').waitFor({ timeout: 60_000 });
    const subs = async () => (await app.page.getByTestId('substitutions').locator('.sub').allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim());
    await expect.poll(subs, { timeout: 30_000 }).toHaveLength(1);
    const [sub] = await subs();
    expect(sub).toMatch(/^周树人 → \p{Script=Han}{2,4}$/u);
    expect(await app.page.getByTestId('rename-diff').locator('del').first().textContent()).toBe('周树人');
    await shot(app.page, 'entity-rename-zh');
    expect(app.errors).toEqual([]);
  });
});
