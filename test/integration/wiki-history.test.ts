/**
 * Wikipedia history against a local mock of the MediaWiki API (responses written for the tests):
 * paging with continuation, a polite interval, the Api-User-Agent header and origin=*, API errors,
 * missing pages, wikitext to paragraphs, and the edits of a passage's paragraph.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { editAsPair, fetchHistory, findEdits, plainParagraphs, similarity, WikiError, API_USER_AGENT } from '../../src/core/natural/wiki.ts';
import { startMockMediaWiki, type MockMediaWiki } from '../support/mediawiki-server.ts';

let wiki: MockMediaWiki;
beforeAll(async () => {
  wiki = await startMockMediaWiki();
});
afterAll(async () => {
  await wiki.close();
});

const telephone = loadDemoSet().find((i) => i.id === 'demo-per-02');

describe('fetchHistory', () => {
  it('follows continuation one request at a time, politely, with origin=* and Api-User-Agent', async () => {
    wiki.requests.length = 0;
    const pages: number[] = [];
    const revs = await fetchHistory('Telephone', { api: wiki.api, pageSize: 1, maxPages: 10, intervalMs: 40, onPage: (n) => pages.push(n) });
    expect(revs.map((r) => r.revid)).toEqual([1004, 1003, 1002, 1001]);
    expect(pages).toEqual([1, 2, 3, 4]);
    expect(wiki.requests).toHaveLength(4);
    for (const r of wiki.requests) {
      expect(r.query.origin).toBe('*');
      expect(r.apiUserAgent).toBe(API_USER_AGENT);
    }
    expect(wiki.requests.map((r) => r.query.rvcontinue ?? null)).toEqual([null, '1', '2', '3']);
    for (let i = 1; i < wiki.requests.length; i++) expect((wiki.requests[i]?.at ?? 0) - (wiki.requests[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(35);
  });

  it('stops after maxPages requests', async () => {
    const revs = await fetchHistory('Telephone', { api: wiki.api, pageSize: 1, maxPages: 2, intervalMs: 0 });
    expect(revs).toHaveLength(2);
  });

  it.each([
    { name: 'API error', title: 'Broken page', msg: /refused the request: A database query error has occurred\. \(internal_api_error_DBQueryError\)/ },
    { name: 'missing page', title: 'No such article', msg: /No Wikipedia article is called "No such article"/ },
  ])('$name gives a clear message', async ({ title, msg }) => {
    await expect(fetchHistory(title, { api: wiki.api })).rejects.toThrow(msg);
  });

  it('says the network is unreachable when offline', async () => {
    const err = await fetchHistory('Telephone', { api: 'http://127.0.0.1:9/w/api.php' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WikiError);
    expect((err as Error).message).toMatch(/^Could not reach 127\.0\.0\.1:9 .*are you offline\?$/);
  });
});

describe('paragraphs and edits', () => {
  it('turns wikitext into plain paragraphs', () => {
    expect(plainParagraphs("'''Kestrel Bridge''' spans the [[Marl (river)|Marl]].<ref>x</ref>\n\n{{Infobox|a=b}}\nIt opened in 1931.")).toEqual(['Kestrel Bridge spans the Marl.', 'It opened in 1931.']);
    expect(similarity('a b c', 'a b d')).toBeCloseTo(0.5, 6);
  });

  it('finds the revisions that changed the passage’s paragraph and keeps the answer where it is still there', async () => {
    if (!telephone) throw new Error('demo-per-02 missing');
    const history = await fetchHistory('Telephone', { api: wiki.api });
    const edits = findEdits(telephone.context, history, telephone.answers);
    // 1002 only touched another section; 1003 copy-edited the paragraph; 1004 removed the answer.
    expect(edits.map((e) => [e.fromRev, e.toRev, e.comment])).toEqual([
      [1003, 1004, 'trim names'],
      [1002, 1003, 'copy edit'],
    ]);
    for (const e of edits) {
      expect(e.before.length).toBeGreaterThanOrEqual(500);
      expect(e.after.length).toBeGreaterThanOrEqual(500);
    }
    const [removed, copyEdit] = edits;
    expect(removed?.answersAfter).toEqual([]);
    expect(editAsPair(telephone, removed!)).toBeNull();
    const pair = editAsPair(telephone, copyEdit!);
    expect(pair?.revision?.context).toContain('A few days later, he spoke');
    for (const a of pair?.answers ?? []) expect(pair?.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
    for (const a of pair?.revision?.answers ?? []) expect(pair?.revision?.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
    expect(copyEdit?.sizeChange).toBeGreaterThan(0);
  });

  it('skips paragraphs under 500 characters', async () => {
    const history = await fetchHistory('Short stub', { api: wiki.api });
    expect(findEdits('Short stub is short.', history, [])).toEqual([]);
    expect(findEdits('Short stub is short.', history, [], 5)).toHaveLength(1);
  });
});
