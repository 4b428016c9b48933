import { describe, expect, it } from 'vitest';
import { averageScore, category, errorKind, meanStd, resembleCombine, resembleVariants, summarizeSweep, sweepPlan, type SweepCell } from '../../src/core/entity/experiment.ts';
import { applySubstitutions } from '../../src/core/entity/substitute.ts';
import { char, type AnswerSpan, type QaPrediction } from '../../src/core/types.ts';

describe('categories and error kinds', () => {
  it.each([
    { name: 'correct → correct', o: 1, p: 1, c: 'C2C' },
    { name: 'correct → wrong', o: 1, p: 0, c: 'C2W' },
    { name: 'wrong → correct', o: 0, p: 1, c: 'W2C' },
    { name: 'wrong → wrong', o: 0, p: 0, c: 'W2W' },
  ])('$name', ({ o, p, c }) => expect(category(o, p)).toBe(c));

  it.each([
    { name: 'exact', pred: 'Marie Curie', golds: ['Marie Curie'], em: 1, kind: 'correct' },
    { name: 'shares a word', pred: 'Pierre Curie', golds: ['Marie Curie'], em: 0, kind: 'wrong-boundary' },
    { name: 'different entity', pred: 'Warsaw', golds: ['Marie Curie'], em: 0, kind: 'wrong-entity' },
    { name: 'articles do not count as shared', pred: 'the lab', golds: ['the Sorbonne'], em: 0, kind: 'wrong-entity' },
  ])('$name', ({ pred, golds, em, kind }) => expect(errorKind(pred, golds, em)).toBe(kind));
});

describe('statistics', () => {
  it('mean and population std', () => {
    expect(meanStd([1, 3])).toEqual({ mean: 2, std: 1 });
    expect(meanStd([5])).toEqual({ mean: 5, std: 0 });
  });
  it('average score in percent', () => expect(averageScore([{ em: 1, f1: 1 }, { em: 0, f1: 0.5 }])).toEqual({ em: 50, f1: 75 }));

  it('summarises seeds into mean ± std and the drop', () => {
    const cell = (seed: number, em: number): SweepCell => ({ type: 'PER', source: 'db', origin: 'us', seed, n: 4, orig: { em: 75, f1: 80 }, pert: { em, f1: em }, categories: { C2C: 0, C2W: 0, W2C: 0, W2W: 0 }, errors: { orig: { correct: 0, 'wrong-entity': 0, 'wrong-boundary': 0 }, pert: { correct: 0, 'wrong-entity': 0, 'wrong-boundary': 0 } }, skipped: {} });
    const [row] = summarizeSweep([cell(1, 50), cell(2, 70)]);
    expect(row?.pertEm).toEqual({ mean: 60, std: 10 });
    expect(row?.dropEm).toBe(15);
    expect(row?.dropF1).toBe(20);
    expect(row?.seeds).toBe(2);
  });

  it('plans the grid and the extra origins once', () => {
    const plan = sweepPlan({ types: ['PER', 'GPE'], sources: ['db', 'randstr'], seeds: 2, origin: 'us', origins: ['us', 'in'] });
    expect(plan).toHaveLength(2 * 2 * 2 + 2);
    expect(plan.filter((p) => p.origin === 'in').map((p) => `${p.type}/${p.source}`)).toEqual(['PER/db', 'PER/db']);
  });
});

const span = (text: string, start: number, score: number): AnswerSpan => ({ text, start: char(start), end: char(start + text.length), startLogit: score / 2, endLogit: score / 2, score, probability: 0 });
const pred = (id: string, spans: AnswerSpan[]): QaPrediction => ({ id, text: spans[0]?.text ?? '', best: spans[0] ?? null, nbest: spans, nullScoreDiff: null, windows: 1 });

describe('RESEMBLE', () => {
  const context = 'Ann Hollis met Bob Grey in Leeds.';

  it('builds M canonical-name variants of the entities it finds', () => {
    const { variants, confidence } = resembleVariants({ id: 'q', context, question: 'Who met Bob Grey?' }, { m: 3, type: 'PER' });
    expect(variants).toHaveLength(3);
    expect(confidence).toBeGreaterThan(0);
    expect(variants[0]?.input.context).not.toContain('Hollis');
    expect(variants[0]?.input.question).not.toContain('Grey');
    expect(new Set(variants.map((v) => v.input.context)).size).toBe(3);
  });

  it('agrees across names of different lengths and follows the variants when NER is sure', () => {
    // The original prefers "Leeds"; both variants (where "Ann Hollis" became longer names) prefer the person.
    const original = pred('q', [span('Leeds', 27, 2), span('Ann Hollis', 0, 1.5)]);
    const variants = [
      ['Mary', 'Smith'],
      ['Elizabeth', 'Johnson'],
    ].map(([first, last]) => {
      const { text, edits } = applySubstitutions(context, [{ from: 'Ann', to: first as string }, { from: 'Hollis', to: last as string }]);
      const name = `${first} ${last}`;
      return { prediction: pred('v', [span(name, 0, 4), span('Leeds', text.indexOf('Leeds'), 1)]), edits };
    });
    const sure = resembleCombine(context, original, variants, 0.9, { temperature: 2, versionTwo: false });
    expect(sure.text).toBe('Ann Hollis');
    const unsure = resembleCombine(context, original, variants, 0.05, { temperature: 2, versionTwo: false });
    expect(unsure.text).toBe('Leeds');
  });

  it('with nothing to replace it is the model itself', () => {
    const original = pred('q', [span('Leeds', 27, 2)]);
    expect(resembleCombine(context, original, [], 0, { temperature: 2, versionTwo: false }).text).toBe('Leeds');
  });
});
