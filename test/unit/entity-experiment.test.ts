import { describe, expect, it } from 'vitest';
import { averageScore, category, errorKind, meanStd, resembleCombine, resembleVariants, runBudget, runStd, summarizeSweep, sweepPlan, type SweepCell } from '../../src/core/entity/experiment.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import { wrongShares } from '../../src/core/entity/stats.ts';
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
    expect(row?.complete).toBe(true);
  });

  it('marks a row short of its planned seeds as partial ("2/5 seeds")', () => {
    const cell = (seed: number): SweepCell => ({ type: 'GPE', source: 'randstr', origin: 'us', seed, n: 2, orig: { em: 50, f1: 50 }, pert: { em: 0, f1: 0 }, categories: { C2C: 0, C2W: 1, W2C: 0, W2W: 1 }, errors: { orig: { correct: 1, 'wrong-entity': 1, 'wrong-boundary': 0 }, pert: { correct: 0, 'wrong-entity': 1, 'wrong-boundary': 1 } }, skipped: {} });
    const [row] = summarizeSweep([cell(1), cell(2)], 5);
    expect([row?.seeds, row?.plannedSeeds, row?.complete]).toEqual([2, 5, false]);
    expect(summarizeSweep([cell(1), cell(2)], 2)[0]?.complete).toBe(true);
  });

  it('keeps wrong-entity and wrong-boundary counts per cell (type × source), as Table 6', () => {
    const cell = (type: 'PER' | 'GPE', ent: number, bound: number): SweepCell => ({ type, source: 'db', origin: 'us', seed: 1, n: 4, orig: { em: 0, f1: 0 }, pert: { em: 0, f1: 0 }, categories: { C2C: 0, C2W: 0, W2C: 0, W2W: 4 }, errors: { orig: { correct: 0, 'wrong-entity': 0, 'wrong-boundary': 0 }, pert: { correct: 4 - ent - bound, 'wrong-entity': ent, 'wrong-boundary': bound } }, skipped: {} });
    const rows = summarizeSweep([cell('PER', 3, 1), cell('GPE', 1, 1)]);
    // PER: 3 of 4 wrong answers name another entity (75%); GPE: 1 of 2 (50%). Pooled would have said 4 of 6.
    expect(rows.map((r) => [r.type, wrongShares(r.errors.pert).entity])).toEqual([['PER', 75], ['GPE', 50]]);
    expect(wrongShares({ correct: 2, 'wrong-entity': 0, 'wrong-boundary': 0 }).entity).toBeNaN();
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

  // Eq. 2 by hand. Spans over one passage (no renaming edits), so the variants' spans are the original's.
  const A = 'Leeds';
  const B = 'Ann Hollis';
  /** A prediction whose n-best softmax at temperature t gives exactly the probabilities pA, pB. */
  const twoSpans = (pA: number, pB: number, t: number) => pred('x', [span(A, 27, t * Math.log(pA)), span(B, 0, t * Math.log(pB))].filter((s) => Number.isFinite(s.score)));
  const plain = (p: QaPrediction) => ({ prediction: p, edits: [] });

  it('is a linear mixture, not a log-linear one: the two pick different answers here', () => {
    // P_T = (0.9, 0.1); one variant gives B all its mass (A is not in its n-best, so 0). c = 0.3, M = 1.
    // Eq. 2: A = 0.7·0.9 + 0.3·√(0.9·0) = 0.63; B = 0.7·0.1 + 0.3·√(0.1·1) = 0.16487 → A, P_R(A) = 0.63 / 0.79487 = 0.79258.
    // A log-linear mixture, 0.7·log P_T + 0.3·log P_1 (with any small floor for the missing A), picks B.
    const r = resembleCombine(context, twoSpans(0.9, 0.1, 2), [plain(pred('v', [span(B, 0, 0)]))], 0.3, { temperature: 2, versionTwo: false });
    expect(r.text).toBe(A);
    expect(r.probability).toBeCloseTo(0.79258, 4);
    const logLinear = (pt: number, p1: number) => 0.7 * Math.log(pt) + 0.3 * Math.log(Math.max(p1, 1e-6));
    expect(logLinear(0.1, 1)).toBeGreaterThan(logLinear(0.9, 0));
  });

  it('applies the temperature to the original only', () => {
    // P_T = (0.5, 0.5); the variant (T = 1) gives (0.8, 0.2); c = 1, M = 1:
    // A = √(0.5·0.8), B = √(0.5·0.2) → P_R(A) = √0.4 / (√0.4 + √0.1) = 2/3. Tempering the variant too would give 0.586.
    const r = resembleCombine(context, twoSpans(0.5, 0.5, 2), [plain(twoSpans(0.8, 0.2, 1))], 1, { temperature: 2, versionTwo: false });
    expect(r.text).toBe(A);
    expect(r.probability).toBeCloseTo(2 / 3, 6);
  });

  it('takes the (M+1)-th root of the product over M = 3 variants', () => {
    // P_T = (0.5, 0.5); variants (0.9, 0.1), (0.9, 0.1), (0.1, 0.9); c = 1:
    // A = (0.5·0.9·0.9·0.1)^¼ = 0.44861, B = (0.5·0.1·0.1·0.9)^¼ = 0.25900 → P_R(A) = 0.63398.
    const vs = [twoSpans(0.9, 0.1, 1), twoSpans(0.9, 0.1, 1), twoSpans(0.1, 0.9, 1)].map(plain);
    const r = resembleCombine(context, twoSpans(0.5, 0.5, 2), vs, 1, { temperature: 2, versionTwo: false });
    expect(r.text).toBe(A);
    expect(r.probability).toBeCloseTo(0.63398, 4);
  });

  it('defends with the entity type the attack renamed', async () => {
    const inst = makeInstance({ id: 'g1', dataset: 'd', title: '', question: 'Where did Ann Hollis move in 1990?', context: 'Ann Hollis moved to Leeds in 1990 and later to York.', answers: [{ text: 'Leeds', start: 20 }], isImpossible: false, lang: 'en' });
    const seen: string[] = [];
    const predictor = async (inputs: { id: string; context: string }[]) => {
      for (const x of inputs) if (x.id.includes('#resemble')) seen.push(x.context);
      return { predictions: inputs.map((x) => pred(x.id, [span(x.context.slice(20, 25), 20, 1)])), cancelled: false };
    };
    await runBudget([{ ...inst, answerType: 'GPE' }], { type: 'GPE', source: 'randstr', origin: 'us', budget: 2, resemble: { m: 1, temperature: 2, type: 'PER' }, versionTwo: false }, predictor);
    expect(seen.length).toBeGreaterThan(0);
    // The variants rename places (the attack's type), never the person.
    for (const c of seen) expect(c).toContain('Ann Hollis');
    expect(seen.some((c) => !c.includes('York'))).toBe(true);
  });
});

describe('random renaming over a budget', () => {
  it('reports the std over runs of the dataset-level score (run k = every question\'s k-th renaming)', () => {
    // Run 1: both questions right (100); run 2: one right (50) → mean 75, population std 25.
    const s = (x: number) => ({ em: x, f1: x });
    expect(runStd([[s(1), s(1)], [s(1), s(0)]])).toEqual({ em: 25, f1: 25 });
    expect(runStd([[s(1)], [s(0)]])).toEqual({ em: 0, f1: 0 });
  });
});

describe('D_worst / D_best / stability over a budget (hand-computed)', () => {
  const q1 = makeInstance({ id: 'q1', dataset: 'd', title: '', question: 'Who founded the firm in 1990?', context: 'Ann Hollis founded the firm in 1990.', answers: [{ text: 'Ann Hollis', start: 0 }], isImpossible: false, lang: 'en' });
  const q2 = makeInstance({ id: 'q2', dataset: 'd', title: '', question: 'Who wrote the report in 2001?', context: 'Bob Grey wrote the report in 2001.', answers: [{ text: 'Bob Grey', start: 0 }], isImpossible: false, lang: 'en' });
  // RandStr keeps each name's length, so offsets are the same in every renamed passage.
  // [start, end] the model answers, per input suffix: q1 gets the whole name, the first name, then the year.
  const answers: Record<string, [number, number]> = {
    'q1#orig': [0, 10], 'q1#0': [0, 10], 'q1#1': [0, 3], 'q1#2': [31, 35],
    'q2#orig': [0, 8], 'q2#0': [0, 8], 'q2#1': [0, 8], 'q2#2': [0, 8],
  };
  const predictor = async (inputs: { id: string; context: string }[]) => ({
    predictions: inputs.map((x) => {
      const [s, e] = answers[x.id] ?? [0, 0];
      return pred(x.id, [span(x.context.slice(s, e), s, 1)]);
    }),
    cancelled: false,
  });

  it('scores seeds 1…B per question and takes the lowest / highest', async () => {
    const r = await runBudget([{ ...q1, answerType: 'PER' }, { ...q2, answerType: 'PER' }], { type: 'PER', source: 'randstr', origin: 'us', budget: 3, resemble: null, versionTwo: false }, predictor);
    expect(r.n).toBe(2);
    // q1: seed 1 EM 1 F1 1; seed 2 first name only: P 1, R 1/2 → F1 2/3, EM 0; seed 3 the year: 0 / 0. q2: 1 / 1 every seed.
    // original: both right → 100 / 100. random: EM (1+0+0+1+1+1)/6 = 66.67, F1 (1 + 2/3 + 0 + 3)/6 = 77.78.
    // D_worst: q1 seed 3 (0/0), q2 seed 1 (first of equals) → EM 50, F1 50. D_best: both 1/1 → 100 / 100.
    // stability: q1's answer moves (seeds 2, 3 map back to 0–3 and 31–35, not 0–10), q2's never → 1/2.
    // ± over runs (run k = seed k): EM 100, 50, 50 → mean 66.67, population std 50·√2/3 = 23.570;
    // F1 100, 250/3, 50 → mean 700/9, std √(35000/81) = 20.787.
    const p = r.plain;
    expect(p.original).toEqual({ em: 100, f1: 100 });
    expect(p.random.em).toBeCloseTo(200 / 3, 10);
    expect(p.random.f1).toBeCloseTo(700 / 9, 10);
    expect(p.worst).toEqual({ em: 50, f1: 50 });
    expect(p.best).toEqual({ em: 100, f1: 100 });
    expect(p.stability).toBe(0.5);
    expect(p.randomStd.em).toBeCloseTo((50 * Math.SQRT2) / 3, 10);
    expect(p.randomStd.f1).toBeCloseTo(Math.sqrt(35000 / 81), 10);
    expect(r.perInstance.map((x) => [x.id, x.worst.seed, x.best.seed, x.stable])).toEqual([
      ['q1', 3, 1, false],
      ['q2', 1, 1, true],
    ]);
  });
});
