/**
 * CI and p of the budget's random and RESEMBLE rows (issue 27.3), hand-computed: six questions whose
 * p-values can be enumerated on paper — McNemar's exact test on the discordant EM pairs (McNemar
 * 1947), the exact sign-flip test on mean-over-B scores (Dror et al. 2018, §3), Holm over the run.
 */
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import type { BudgetInstance, BudgetResult, BudgetScores } from '../../src/core/entity/stats.ts';
import { budgetComparisons, budgetKey, experimentCi } from '../../src/core/stats/index.ts';

const GOLD = ['Paris', 'Rome', 'Oslo', 'Lima', 'Bern', 'Riga'];
const instances: Instance[] = GOLD.map((g, i) => ({ id: `q${i + 1}`, dataset: 'd', title: 't', question: `Where ${i}?`, context: `It is ${g}.`, answers: [{ text: g, start: 6 }], isImpossible: false, lang: 'en', tags: [] }));

/** A budget row: the original answer text, worst/best EM = F1 as given, random = mean over B. */
const row = (i: number, original: string, worst: number, best: number, random: number, worstF1 = worst): BudgetInstance => ({
  id: `q${i + 1}`,
  original,
  worst: { seed: 1, em: worst, f1: worstF1, text: '' },
  best: { seed: 2, em: best, f1: best, text: '' },
  random: { em: random, f1: random },
  stable: false,
});
const none = { original: { em: 0, f1: 0 }, random: { em: 0, f1: 0 }, randomStd: { em: 0, f1: 0 }, worst: { em: 0, f1: 0 }, best: { em: 0, f1: 0 }, stability: 0 } satisfies BudgetScores;

// Model: every original answer right. D_worst EM 0,0,0,1,1,1 (F1 0,0,.5,1,1,1); random (mean over B = 2) .5,.5,0,1,1,.5; D_best all right.
const worstEm = [0, 0, 0, 1, 1, 1];
const worstF1 = [0, 0, 0.5, 1, 1, 1];
const random = [0.5, 0.5, 0, 1, 1, 0.5];
const model = GOLD.map((g, i) => row(i, g, worstEm[i] as number, 1, random[i] as number, worstF1[i]));
// RESEMBLE: q6's original answer is wrong; D_worst wrong on q1 only, right on q6 → one C2W, one W2C.
const resemble = GOLD.map((g, i) => row(i, i === 5 ? 'London' : g, i === 0 ? 0 : 1, 1, 1));
const result: BudgetResult = { n: 6, plain: none, defended: none, perInstance: model, defendedPerInstance: resemble, cancelled: false };

describe('budget CI: random and RESEMBLE rows (hand-computed)', () => {
  const ci = experimentCi(budgetComparisons(instances, result), { bootstrap: 500, seed: 3 });
  const at = (side: 'model' | 'resemble', c: 'random' | 'worst' | 'best') => ci.rows[budgetKey(side, c)];

  it('has one comparison per case and side, 12 tests in the Holm family', () => {
    expect(Object.keys(ci.rows)).toEqual(['model · random', 'model · worst', 'model · best', 'resemble · random', 'resemble · worst', 'resemble · best']);
    expect(ci.family).toBe(12);
  });

  it('model D_worst: McNemar on 3 C2W vs 0 W2C gives p = 2 · ½³ = 0.25; F1 sign-flip on (1, 1, .5) gives 2/8', () => {
    const s = at('model', 'worst');
    expect(s?.discordant).toEqual({ c2w: 3, w2c: 0 });
    expect(s?.drop.em.test).toBe('mcnemar');
    expect(s?.drop.em.p).toBeCloseTo(0.25, 12);
    expect(s?.drop.em.value).toBeCloseTo(50, 9);
    expect(s?.drop.f1).toMatchObject({ test: 'sign-flip', method: 'exact', p: 0.25 });
    expect(s?.drop.f1.value).toBeCloseTo((100 * 2.5) / 6, 9);
  });

  it('model random (mean over B): exact sign-flip on (.5, .5, 1, .5): only all-plus and all-minus reach |Σ| = 2.5 → p = 2/16', () => {
    const s = at('model', 'random');
    expect(s?.drop.em).toMatchObject({ test: 'sign-flip', method: 'exact', p: 0.125 });
    expect(s?.drop.f1.p).toBe(0.125);
    expect(s?.drop.f1.value).toBeCloseTo((100 * 2.5) / 6, 9);
    expect(s?.drop.f1.lo).toBeLessThanOrEqual(s?.drop.f1.value as number);
    expect(s?.drop.f1.hi).toBeGreaterThanOrEqual(s?.drop.f1.value as number);
  });

  it('model D_best equals the original: drop [0, 0] and p = 1', () => {
    const s = at('model', 'best');
    expect(s?.drop.f1).toMatchObject({ value: 0, lo: 0, hi: 0, p: 1 });
  });

  it('RESEMBLE D_worst against its own original answers: one C2W, one W2C → drop 0 and p = 1', () => {
    const s = at('resemble', 'worst');
    expect(s?.discordant).toEqual({ c2w: 1, w2c: 1 });
    expect(s?.drop.em).toMatchObject({ value: 0, p: 1 });
    expect(s?.original.em.value).toBeCloseTo((100 * 5) / 6, 9);
  });

  it('Holm over the 12 tests: the two 0.125 become max(12·.125, 11·.125) capped at 1 = 1; unadjusted p kept', () => {
    // Sorted p: .125, .125, .25, .25, then 1s → (12·.125 = 1.5) capped at 1, so every adjusted p is 1.
    expect(at('model', 'random')?.drop.em.pHolm).toBe(1);
    expect(at('model', 'random')?.drop.em.p).toBe(0.125);
  });

  it('a run without RESEMBLE has only the model rows (6 tests); older rows without a random mean have no random statistics', () => {
    const plain = experimentCi(budgetComparisons(instances, { ...result, defendedPerInstance: undefined }), { bootstrap: 200, seed: 1 });
    expect(plain.family).toBe(6);
    const old = experimentCi(budgetComparisons(instances, { ...result, defendedPerInstance: undefined, perInstance: model.map(({ random: _, ...r }) => r) }), { bootstrap: 200, seed: 1 });
    expect(old.rows['model · random']).toBeNull();
    expect(old.family).toBe(4);
  });

  it('Holm with the model side alone: 6·.125 = .75 for the random row, then max(.75, 5·.125) = .75', () => {
    const plain = experimentCi(budgetComparisons(instances, { ...result, defendedPerInstance: undefined }), { bootstrap: 200, seed: 1 });
    expect(plain.rows['model · random']?.drop.em.pHolm).toBeCloseTo(0.75, 12);
    expect(plain.rows['model · random']?.drop.f1.pHolm).toBeCloseTo(0.75, 12);
    expect(plain.rows['model · worst']?.drop.em.pHolm).toBe(1);
  });
});
