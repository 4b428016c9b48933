/** DPR, question similarity and its buckets, on hand-computed cases; pairing two files by passage and answers. */
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { importPairs } from '../../src/core/formats/pairs.ts';
import { describePairing } from '../../src/core/formats/pairs.ts';
import { summarizeIssues } from '../../src/core/formats/index.ts';
import type { PairRow } from '../../src/core/natural/pairs.ts';
import { bucketLabel, dprRow, predictionsDiffer, questionSimilarity, similarityBucket, summarizeDpr, type DprRow } from '../../src/core/sensitivity/dpr.ts';
import { dprRowsFromPairs, pairsDpr } from '../../src/core/sensitivity/pairs-dpr.ts';

describe('predictionsDiffer (after the language’s official normalisation)', () => {
  it.each([
    ['The Danube', 'danube.', 'en', false],
    ['Danube', 'Rhine', 'en', true],
    ['', 'Rhine', 'en', true],
    ['《红楼梦》', '红楼梦', 'zh', false],
    ['曹雪芹', '高鹗', 'zh', true],
  ] as const)('%s vs %s (%s) → %s', (a, b, lang, want) => {
    expect(predictionsDiffer(a, b, lang)).toBe(want);
  });
});

describe('questionSimilarity', () => {
  it.each([
    // tokens who, won vs who, won, it: P 1, R 2/3 → F1 0.8.
    ['Who won?', 'Who won it?', 'en', 0.8],
    // Reordering keeps every token: F1 1.
    ['Who won in 1966?', 'In 1966, who won?', 'en', 1],
    ['Who won?', 'Name the winner.', 'en', 0],
    // DuReader's F1 counts the longest common substring: 8 characters each after dropping ？, "名是什么" in common: P = R = 4/8.
    ['鲁迅的原名是什么？', '鲁迅的本名是什么？', 'zh', 0.5],
    ['鲁迅的原名是什么？', '请问鲁迅的原名是什么？', 'zh', (2 * 1 * 0.8) / 1.8],
  ] as const)('%s ~ %s (%s) = %s', (a, b, lang, want) => {
    expect(questionSimilarity(a, b, lang)).toBeCloseTo(want, 10);
  });
});

describe('similarity buckets', () => {
  it.each([
    [0, 0],
    [0.19999, 0],
    [0.2, 1],
    [0.5, 2],
    [0.79, 3],
    [0.8, 4],
    [1, 4],
  ])('%s → bucket %s', (sim, b) => {
    expect(similarityBucket(sim)).toBe(b);
  });
  it.each([
    // 'who' vs 9 tokens: 1 shared → P 1, R 1/9 → F1 2·(1/9)/(10/9) = 0.2 exactly, computed as 0.19999999999999998: bucket [0.2, 0.4)
    ['Who?', 'who x2 x3 x4 x5 x6 x7 x8 x9?', 1],
    // 3 of 3 vs 3 of 7: P 1, R 3/7 → 6/10 = 0.6 exactly: bucket [0.6, 0.8)
    ['who x2 x3?', 'who x2 x3 y4 y5 y6 y7?', 3],
    // 4 of 4 vs 4 of 6: P 1, R 2/3 → 0.8: bucket [0.8, 1]
    ['who x2 x3 x4?', 'who x2 x3 x4 y5 y6?', 4],
  ])('an F1 exactly on an edge, whatever its rounding: %s ~ %s → bucket %i', (a, b, want) => {
    expect(similarityBucket(questionSimilarity(a, b, 'en'))).toBe(want);
  });

  it('labels buckets by their bounds', () => {
    expect([0, 1, 2, 3, 4].map(bucketLabel)).toEqual(['0.0–0.2', '0.2–0.4', '0.4–0.6', '0.6–0.8', '0.8–1.0']);
  });
});

const inst = (id: string, question: string, gold: string): Instance => ({ id, dataset: 'd', title: 't', question, context: `${gold} is the answer.`, answers: [{ text: gold, start: 0 }], isImpossible: false, lang: 'en', tags: [] });

describe('summarizeDpr', () => {
  it('counts the share of paraphrases whose answer changed, overall, per bucket and per kind', () => {
    const a = inst('a', 'Who won the race?', 'Ann');
    const b = inst('b', 'Who lost the race?', 'Bo');
    const rows: DprRow[] = [
      dprRow({ instance: a, paraphrase: { question: 'Who won the race ?', kind: 'reorder', detail: '' } }, 'Ann', 'Ann'), // sim 1, same
      dprRow({ instance: a, paraphrase: { question: 'Name the winner.', kind: 'synonym', detail: '' } }, 'Ann', 'Bo'), // sim 0, changed, wrong
      dprRow({ instance: b, paraphrase: { question: 'Who lost the race in the end?', kind: 'synonym', detail: '' } }, 'Cy', 'Bo'), // changed, now right
    ];
    const s = summarizeDpr(rows);
    expect([s.n, s.changed, s.dpr]).toEqual([3, 2, 2 / 3]);
    // Over the pairs (Tang et al. 2021 §2.1, App. F): originals a, a, b = right, right, wrong → EM 66.7;
    // paraphrases: right, wrong, right → 66.7; each original question once: a right, b wrong → EM 50.
    expect(s.original.em).toBeCloseTo(200 / 3, 10);
    expect(s.originalQuestions.em).toBe(50);
    expect(s.questions).toBe(2);
    expect(s.paraphrased.em).toBeCloseTo(200 / 3, 10);
    // "Who lost the race in the end?" vs "Who lost the race?": tokens 5 vs 3 (articles dropped), 3 common → F1 0.75.
    expect(rows[2]?.similarity).toBeCloseTo(0.75, 10);
    expect(s.buckets.map((x) => [x.n, x.changed])).toEqual([
      [1, 1],
      [0, 0],
      [0, 0],
      [1, 1],
      [1, 0],
    ]);
    expect(Number.isNaN(s.buckets[1]?.dpr)).toBe(true);
    // Per kind (issue 38 §4), EM/F1 over that kind's pairs: reorder — a right → right (100/100);
    // synonym — originals a right, b wrong (50), paraphrases a wrong, b right (50); answers are exact or disjoint, so F1 = EM.
    expect(s.byKind).toEqual({
      reorder: { n: 1, changed: 0, dpr: 0, original: { em: 100, f1: 100 }, paraphrased: { em: 100, f1: 100 } },
      synonym: { n: 2, changed: 2, dpr: 1, original: { em: 50, f1: 50 }, paraphrased: { em: 50, f1: 50 } },
    });
  });
});

describe('DPR of aligned files', () => {
  const row = (id: string, o: string, p: string, pq?: string): PairRow => ({ id, dataset: 'd', question: 'Q?', ...(pq ? { perturbedQuestion: pq } : {}), original: { text: o, em: 1, f1: 1 }, perturbed: { text: p, em: 0, f1: 0 }, category: 'C2W', intent: null, touchesAnswer: false });
  it('counts only the questions the two files word differently', () => {
    const rows = [row('1', 'Ann', 'ann', 'Q2?'), row('2', 'Ann', 'Bo', 'Q3?'), row('3', 'Ann', 'Bo')];
    expect(dprRowsFromPairs(rows, () => 'en').map((r) => [r.id, r.differs, r.kind])).toEqual([
      ['1', false, 'dataset'],
      ['2', true, 'dataset'],
    ]);
    expect(pairsDpr(rows, () => 'en')?.dpr).toBe(0.5);
    expect(pairsDpr([row('3', 'a', 'b')], () => 'en')).toBeNull();
  });
});

describe('pairing two files by passage and answers when ids disagree', () => {
  const ctx = 'Ann won the race in 1966 and Bo came second.';
  const q = (id: string, question: string, text: string, context = ctx): Instance => ({ id, dataset: 'd', title: 't', question, context, answers: [{ text, start: context.indexOf(text) }], isImpossible: false, lang: 'en', tags: [] });
  const res = (instances: Instance[]) => ({ format: 'squad' as const, instances, issues: [] });

  it('matches by id first, then by passage and answer texts, and counts each way', () => {
    const original = [q('a', 'Who won?', 'Ann'), q('b', 'Who came second?', 'Bo'), q('c', 'When?', '1966'), q('d', 'Elsewhere?', 'x', 'x marks it.')];
    const perturbed = [q('a', 'Who was the winner?', 'Ann'), q('p2', 'Who was runner-up?', 'Bo'), q('p3', 'In which year?', '1966'), q('p9', 'Unrelated?', 'y', 'y too.')];
    const r = importPairs(res(original), res(perturbed));
    expect(r.pairing).toEqual({ byId: 1, byPassage: 2, unmatched: 1 });
    expect(describePairing(r.pairing)).toBe('1 matched by id, 2 by passage and answers, 1 unmatched');
    expect(r.instances.map((i) => [i.id, i.revision?.question ?? null])).toEqual([
      ['a', 'Who was the winner?'],
      ['b', 'Who was runner-up?'],
      ['c', 'In which year?'],
      ['d', null],
    ]);
    expect(r.issues.filter((i) => i.kind === 'unpaired').map((i) => i.path)).toEqual(['perturbed: id "p9"']);
    // A note names the id in the file it names (issue 41.10): 'd' is the original's, never the perturbed file's.
    expect(r.issues.filter((i) => i.kind === 'no-revision').map((i) => i.path)).toEqual(['original: id "d"']);
    // The import's notes say it too (the app lists them under the dataset).
    expect(r.issues).toContainEqual({ path: 'pairing', message: '1 matched by id, 2 by passage and answers, 1 unmatched', kind: 'paired-by-passage', skipped: false, count: 2 });
    // Reworded questions on the same passage are question paraphrases (counted in kinds), not notes.
    expect(r.kinds).toEqual({ revision: 0, paraphrase: 3 });
    expect(summarizeIssues(r.issues)).toBe('1 skipped: 1 unpaired question; kept, noted: 1 kept without a revision, 2 questions paired by passage and answers (ids differ)');
  });

  it('never takes a question whose id belongs to another original question, and pairs equal keys in file order', () => {
    const original = [q('a', 'Who won?', 'Ann'), q('b', 'Name the winner.', 'Ann')];
    const perturbed = [q('b', 'Winner?', 'Ann'), q('z1', 'Who took first place?', 'Ann')];
    const r = importPairs(res(original), res(perturbed));
    // "a" has no id match; "b" (same passage and answer) is b's own, so "a" takes z1.
    expect(r.instances.map((i) => [i.id, i.revision?.question])).toEqual([
      ['a', 'Who took first place?'],
      ['b', 'Winner?'],
    ]);
    expect(r.pairing).toEqual({ byId: 1, byPassage: 1, unmatched: 0 });
  });
});
