import { describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { pairsToCsv } from '../../src/core/formats/pairs-csv.ts';
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
