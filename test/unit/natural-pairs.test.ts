import { describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { pairsToCsv } from '../../src/core/formats/pairs-csv.ts';
import type { Instance } from '../../src/core/data/types.ts';
import type { Category } from '../../src/core/entity/stats.ts';
import type { SquadParagraph } from '../../src/core/metrics/squad.ts';
import { challengeSet, challengeToSquad } from '../../src/core/natural/challenge.ts';
import { editTouches, sentenceAt, summarizePairs, type PairRow } from '../../src/core/natural/pairs.ts';

describe('sentenceAt', () => {
  it.each([
    { name: 'first sentence', text: 'A b. C d. E f.', at: 1, s: 'A b.' },
    { name: 'middle sentence', text: 'A b. C d. E f.', at: 6, s: 'C d.' },
    { name: 'last without a full stop', text: 'A b. C d', at: 7, s: 'C d' },
    { name: 'decimal point is not an end', text: 'It is 3.5 m long. Next.', at: 8, s: 'It is 3.5 m long.' },
    { name: 'Chinese full stop', text: '甲乙。丙丁。', at: 4, s: '丙丁。' },
  ])('$name', ({ text, at, s }) => {
    const r = sentenceAt(text, at);
    expect(text.slice(r.start, r.end)).toBe(s);
  });
});

describe('editTouches', () => {
  const a = 'The bridge opened in 1931. Ruth Ashby was its engineer.';
  const span = sentenceAt(a, a.indexOf('Ruth'));
  it.each([
    { name: 'edit inside the answer sentence', b: 'The bridge opened in 1931. Ruth Ashby was its chief engineer.', touched: true },
    { name: 'edit in another sentence', b: 'The bridge first opened in 1931. Ruth Ashby was its engineer.', touched: false },
    { name: 'no edit', b: a, touched: false },
    { name: 'answer word replaced', b: 'The bridge opened in 1931. Ruth Ashley was its engineer.', touched: true },
  ])('$name', ({ b, touched }) => expect(editTouches(a, b, span)).toBe(touched));
});

describe('summarizePairs', () => {
  const row = (o: number, p: number): PairRow => ({ id: 'x', dataset: 't', question: 'q', original: { text: '', em: o, f1: o }, perturbed: { text: '', em: p, f1: p }, category: `${o ? 'C' : 'W'}2${p ? 'C' : 'W'}` as PairRow['category'], intent: null, touchesAnswer: false });
  it('counts categories and the relative F1 change', () => {
    const s = summarizePairs([row(1, 1), row(1, 0), row(0, 0), row(1, 1)]);
    expect(s.categories).toEqual({ C2C: 2, C2W: 1, W2C: 0, W2W: 1 });
    expect(s.original.f1).toBe(75);
    expect(s.perturbed.f1).toBe(50);
    expect(s.relativeF1Change).toBeCloseTo(-33.333, 3);
  });
});

describe('pairs CSV export', () => {
  it('round-trips through the pairs CSV importer with intentions', async () => {
    const pairs = loadDemoSet().filter((i) => i.revision);
    const csv = pairsToCsv(pairs);
    const back = await importFile('pairs.csv', new TextEncoder().encode(csv), { dataset: 'x' });
    expect(back.issues).toEqual([]);
    expect(back.instances.map((i) => [i.id, i.question, i.context, i.revision?.context, i.revision?.intent, i.answers[0]?.text])).toEqual(pairs.map((i) => [i.id, i.question, i.context, i.revision?.context, i.revision?.intent, i.answers[0]?.text]));
  });
});

describe('challenge set', () => {
  const q = (id: string, ctx: string, rev: string): Instance => ({ id, dataset: 'd', title: '', question: `q ${id}`, context: ctx, answers: [{ text: 'x', start: 0 }], isImpossible: false, lang: 'en', tags: [], revision: { context: rev, answers: [{ text: 'x', start: 0 }] } });
  const r = (id: string, category: Category): PairRow => ({ id, dataset: 'd', question: '', original: { text: '', em: 0, f1: 0 }, perturbed: { text: '', em: 0, f1: 0 }, category, intent: null, touchesAnswer: false });
  const A = q('a', 'x one', 'x two');
  const B = q('b', 'x three', 'x four');
  const C = q('c', 'x five', 'x six');

  it.each([
    { name: 'forward when more models break forward', rows: { m1: [r('a', 'C2W')], m2: [r('a', 'C2W')], m3: [r('a', 'W2C')] }, reversed: false, models: ['m1', 'm2'] },
    { name: 'reversed when more models break on undoing the edit', rows: { m1: [r('a', 'W2C')], m2: [r('a', 'W2C')], m3: [r('a', 'C2W')] }, reversed: true, models: ['m1', 'm2'] },
  ])('$name', ({ rows, reversed, models }) => {
    const [p] = challengeSet([A], rows);
    expect(p?.reversed).toBe(reversed);
    expect(p?.models).toEqual(models);
  });

  it('leaves out pairs no model breaks, and exports the changed passages as SQuAD', () => {
    const pairs = challengeSet([A, B, C], { m1: [r('a', 'C2W'), r('b', 'C2C'), r('c', 'W2C')], m2: [r('b', 'W2W'), r('c', 'W2C')] });
    expect(pairs.map((p) => [p.questions.map((x) => x.id).join(), p.reversed, p.models.length])).toEqual([
      ['c', true, 2],
      ['a', false, 1],
    ]);
    const squad = challengeToSquad(pairs);
    const paras = squad.data.flatMap((d) => d.paragraphs) as (SquadParagraph & { original_context: string })[];
    expect(paras.map((p) => [p.context, p.original_context])).toEqual([
      ['x five', 'x six'],
      ['x two', 'x one'],
    ]);
    expect(squad.challenge).toEqual({ pairs: 2, questions: 2 });
  });
});
