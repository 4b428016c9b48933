/**
 * A vandalised revision whose wikitext takes minutes to parse (wtf_wikipedia is quadratic on runs
 * of bold/italic marks) is skipped with a message after its time budget, in a parser worker of its
 * own, while search keeps answering; the other edits of the history are still listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot, useApp } from './harness.ts';
import { startMockMediaWiki, wikiFixtures, type MockMediaWiki } from '../support/mediawiki-server.ts';

let wiki: MockMediaWiki;

beforeAll(async () => {
  const pages = wikiFixtures();
  const telephone = pages.Telephone ?? [];
  const newest = telephone.at(-1);
  if (!newest) throw new Error('fixture without Telephone');
  // ~390 KB of unbalanced bold/italic marks: minutes of parsing for wtf_wikipedia (quadratic).
  const vandalised = `${newest.content}\n\n${"'''''x ''' y ".repeat(30_000)}`;
  telephone.push(
    { revid: 1005, parentid: 1004, timestamp: '2020-05-01T09:00:00Z', user: 'Vandal', comment: '', content: vandalised },
    { revid: 1006, parentid: 1005, timestamp: '2020-05-01T09:05:00Z', user: 'Reverter', comment: 'Undid revision 1005', content: newest.content },
  );
  wiki = await startMockMediaWiki(pages);
});
afterAll(async () => {
  await wiki.close();
});

// A 20 s budget: long enough to search while the vandalised revision is being parsed.
const app = useApp({ query: () => `device=wasm&wiki-budget=20000&wiki=${encodeURIComponent(wiki.api)}`, height: 1100 });

const text = async (id: string) => ((await app.page.getByTestId(id).textContent()) ?? '').trim();

describe('wikitext parsing with a time budget', () => {
  it('skips the pathological revision with a message, keeps the other edits, and never blocks search', async () => {
    await app.page.getByLabel('Search questions, passages and answers').fill('Thomas Watson');
    await app.page.getByTestId('instance-row').first().click();
    await expect.poll(() => app.page.getByTestId('wiki-title').inputValue()).toBe('Telephone');
    await app.page.getByTestId('wiki-find').click();
    // While the vandalised revision (5th of 6, oldest first) is parsed, the data worker answers a search.
    await expect.poll(async () => (await app.page.getByTestId('wiki-progress').count()) ? text('wiki-progress') : '', { timeout: 30_000 }).toBe('Parsing revision 5 of 6…');
    // The page notes which came first, the search's answer or the end of that parse (read afterwards, so
    // the check does not depend on how fast the test reads a progress line).
    await app.page.evaluate(() => {
      const w = window as unknown as { qarxOrder: string[] };
      w.qarxOrder = [];
      const note = () => {
        const answered = [...document.querySelectorAll('[data-testid="instance-row"]')].some((r) => r.textContent?.includes('Alexander Fleming'));
        const parsing = document.querySelector('[data-testid="wiki-progress"]')?.textContent?.trim() === 'Parsing revision 5 of 6…';
        if (answered && !w.qarxOrder.includes('search answered')) w.qarxOrder.push('search answered');
        if (!parsing && !w.qarxOrder.includes('revision 5 over')) w.qarxOrder.push('revision 5 over');
      };
      new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
      note();
    });
    await app.page.getByLabel('Search questions, passages and answers').fill('Alexander Fleming');
    await expect.poll(() => app.page.getByTestId('instance-row').filter({ hasText: 'Alexander Fleming' }).count(), { timeout: 15_000 }).toBe(1);
    await app.page.getByTestId('wiki-edits').waitFor({ timeout: 90_000 });
    expect(await app.page.evaluate(() => (window as unknown as { qarxOrder: string[] }).qarxOrder)).toEqual(['search answered', 'revision 5 over']);
    expect(await app.page.getByTestId('wiki-skipped').textContent()).toBe('1 revision was skipped: 1005 (2020-05-01, by Vandal) took over 20 s to parse.');
    const items = await app.page.getByTestId('wiki-edits').locator('li').allTextContents();
    expect(items).toHaveLength(2);
    expect(items[1]).toMatch(/2020-03-20 17:45 UTC Cleo copy edit/);
    await app.page.getByTestId('wiki-panel').scrollIntoViewIfNeeded();
    await shot(app.page, 'wikitext-budget-skipped');
    // The next lookup works with a fresh parser worker (the old one was terminated).
    await app.page.getByTestId('wiki-title').fill('No such article');
    await app.page.getByTestId('wiki-find').click();
    await expect.poll(async () => (await app.page.getByTestId('wiki-error').textContent()) ?? '', { timeout: 30_000 }).toBe('No Wikipedia article is called "No such article".');
    expect(app.errors).toEqual([]);
  });
});
