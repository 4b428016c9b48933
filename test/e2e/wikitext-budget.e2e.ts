/**
 * A vandalised revision whose wikitext takes minutes to parse (wtf_wikipedia is quadratic on runs
 * of bold/italic marks) is skipped with a message after its time budget, in a parser worker of its
 * own, while search keeps answering; the other edits of the history are still listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { launch, openApp, shot, startPreview } from './harness.ts';
import { startMockMediaWiki, wikiFixtures, type MockMediaWiki } from '../support/mediawiki-server.ts';

let server: PreviewServer;
let url: string;
let browser: Browser;
let wiki: MockMediaWiki;
let page: Page;
const errors: string[] = [];

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
  ({ server, url } = await startPreview());
  browser = await launch(false);
  // A 20 s budget: long enough to search while the vandalised revision is being parsed.
  page = await openApp(browser, url, `device=wasm&wiki-budget=20000&wiki=${encodeURIComponent(wiki.api)}`, errors, 1100);
});
afterAll(async () => {
  await browser.close();
  await server.close();
  await wiki.close();
});

const text = async (id: string) => ((await page.getByTestId(id).textContent()) ?? '').trim();

describe('wikitext parsing with a time budget', () => {
  it('skips the pathological revision with a message, keeps the other edits, and never blocks search', async () => {
    await page.getByLabel('Search questions, passages and answers').fill('Thomas Watson');
    await page.getByTestId('instance-row').first().click();
    await expect.poll(() => page.getByTestId('wiki-title').inputValue()).toBe('Telephone');
    await page.getByTestId('wiki-find').click();
    // While the vandalised revision (5th of 6, oldest first) is parsed, the data worker answers a search.
    await expect.poll(async () => (await page.getByTestId('wiki-progress').count()) ? text('wiki-progress') : '', { timeout: 30_000 }).toBe('Parsing revision 5 of 6…');
    await page.getByLabel('Search questions, passages and answers').fill('Alexander Fleming');
    await expect.poll(() => page.getByTestId('instance-row').filter({ hasText: 'Alexander Fleming' }).count(), { timeout: 15_000 }).toBe(1);
    expect(await text('wiki-progress')).toBe('Parsing revision 5 of 6…');
    await page.getByTestId('wiki-edits').waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('wiki-skipped').textContent()).toBe('1 revision was skipped: 1005 (2020-05-01, by Vandal) took over 20 s to parse.');
    const items = await page.getByTestId('wiki-edits').locator('li').allTextContents();
    expect(items).toHaveLength(2);
    expect(items[1]).toMatch(/2020-03-20 17:45 UTC Cleo copy edit/);
    await page.getByTestId('wiki-panel').scrollIntoViewIfNeeded();
    await shot(page, 'wikitext-budget-skipped');
    // The next lookup works with a fresh parser worker (the old one was terminated).
    await page.getByTestId('wiki-title').fill('No such article');
    await page.getByTestId('wiki-find').click();
    await expect.poll(async () => (await page.getByTestId('wiki-error').textContent()) ?? '', { timeout: 30_000 }).toBe('No Wikipedia article is called "No such article".');
    expect(errors).toEqual([]);
  });
});
