/**
 * Live-history edits with the wikitext parsed elsewhere (the data worker's budgeted parser worker):
 * the same edits as parsing in place when every revision parses, and a skipped revision only
 * removes the edits it is part of, named in one sentence.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { findEdits, findEditsWith, revisionParagraph, skippedNotice, type ParagraphResult, type WikiRevision } from '../../src/core/natural/wiki.ts';
import { wikiFixtures } from '../support/mediawiki-server.ts';

const telephone = loadDemoSet().find((i) => i.id === 'demo-per-02');
if (!telephone) throw new Error('demo set without demo-per-02');
const history: WikiRevision[] = (wikiFixtures().Telephone ?? []).map((r) => ({ ...r, size: r.content.length })).reverse();
const inPlace = async (passage: string, wikitext: string): Promise<ParagraphResult> => ({ ok: true, text: revisionParagraph(passage, wikitext) });

describe('findEditsWith', () => {
  it('finds the same edits as findEdits when every revision parses', async () => {
    const { edits, skipped } = await findEditsWith(telephone.context, history, telephone.answers, inPlace);
    expect(edits).toEqual(findEdits(telephone.context, history, telephone.answers));
    expect(edits.map((e) => e.toRev)).toEqual([1004, 1003]);
    expect(skipped).toEqual([]);
  });

  it('property: skipping revisions drops exactly the edits that touch them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.subarray(history.map((r) => r.revid)), async (skip) => {
        const slow = new Set(skip);
        const parse = async (passage: string, wikitext: string): Promise<ParagraphResult> => {
          const rev = history.find((r) => r.content === wikitext);
          return rev && slow.has(rev.revid) ? { ok: false, reason: 'took over 2 s to parse' } : inPlace(passage, wikitext);
        };
        const { edits, skipped } = await findEditsWith(telephone.context, history, telephone.answers, parse);
        const expected = findEdits(telephone.context, history, telephone.answers).filter((e) => !slow.has(e.fromRev) && !slow.has(e.toRev));
        return JSON.stringify(edits) === JSON.stringify(expected) && skipped.length === slow.size;
      }),
    );
  });

  it('stops when its request is cancelled', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(findEditsWith(telephone.context, history, telephone.answers, inPlace, ctrl.signal)).rejects.toThrow('Cancelled.');
  });
});

describe('skippedNotice', () => {
  const rev = (revid: number): WikiRevision => ({ revid, parentid: revid - 1, timestamp: '2020-05-01T09:00:00Z', user: 'Vandal', comment: '', size: 1, content: '' });
  it.each([
    { n: 0, text: '' },
    { n: 1, text: '1 revision was skipped: 1 (2020-05-01, by Vandal) took over 2 s to parse.' },
    { n: 2, text: '2 revisions were skipped: 1 (2020-05-01, by Vandal) took over 2 s to parse; 2 (2020-05-01, by Vandal) took over 2 s to parse.' },
    { n: 7, text: /^7 revisions were skipped: (.*?; ){4}5 .*; and 2 more\.$/ },
  ])('$n skipped', ({ n, text }) => {
    const got = skippedNotice(Array.from({ length: n }, (_, i) => ({ revision: rev(i + 1), reason: 'took over 2 s to parse' })));
    if (typeof text === 'string') expect(got).toBe(text);
    else expect(got).toMatch(text);
  });
});
