/**
 * Issue 43.2/43.3: correctness of an annotator's answer (Wu et al. 2025 App. H, official normalization),
 * the panel and κ per label, disagreements, the majority with App. H's third-annotator rule, the
 * validated failure rate and the invalid cases by family — by hand.
 */
import { describe, expect, it } from 'vitest';
import { answerCorrect } from '../../src/core/validation/correct.ts';
import { collectJudgements } from '../../src/core/validation/judgements.ts';
import { decideAll, disagreements, labelAgreement, needsAnotherAnnotator, panelOf } from '../../src/core/validation/agreement.ts';
import { invalidByFamily, isFailureStratum, validatedRates } from '../../src/core/validation/rates.ts';
import { wilson, wilsonHalfWidth } from '../../src/core/stats/wilson.ts';
import { ann, vbatch, vcase, vfile } from '../support/validation-fixtures.ts';

const ci = { b: 300, seed: 1 };

describe('answerCorrect (App. H correctness 1/0; EM after the official normalization)', () => {
  const c = vcase('q', { passage: 'The Eiffel Tower is in Paris.', gold: ['Eiffel Tower'] });
  it.each([
    ['the gold itself', { text: 'Eiffel Tower', start: 4 }, true],
    ['with the article and punctuation (SQuAD normalize_answer)', { text: 'The Eiffel Tower', start: 0 }, true],
    ['a longer span', { text: 'Eiffel Tower is in Paris', start: 4 }, false],
    ['no answer where there is one', null, false],
  ])('%s', (_, answer, right) => expect(answerCorrect(c, answer)).toBe(right));

  it('"no answer" is right exactly when the case has no gold answer', () => {
    expect(answerCorrect({ ...c, gold: [] }, null)).toBe(true);
    expect(answerCorrect({ ...c, gold: [] }, { text: 'Paris', start: 23 })).toBe(false);
  });

  it('a Chinese passage is scored with DuReader-robust EM (punctuation stripped)', () => {
    const zh = { passage: '鲁迅原名周树人。', gold: ['周树人'] };
    expect(answerCorrect(zh, { text: '周树人。', start: 4 })).toBe(true);
    expect(answerCorrect(zh, { text: '周树', start: 4 })).toBe(false);
  });
});

describe('App. H: two annotators, a third on their disagreements, the majority decides', () => {
  const batch = vbatch(['q1', 'q2', 'q3', 'q4'].map((id) => vcase(id)));
  const a = vfile('A', [ann('q1', true), ann('q2', true), ann('q3', false), ann('q4', true, false)]);
  const b = vfile('B', [ann('q1', true), ann('q2', false), ann('q3', false), ann('q4', true, false)]);
  const c = vfile('C', [ann('q2', true)]);
  const { judgements } = collectJudgements(batch, [a, b, c]);

  it('the panel is A and B over their 4 common cases; C, who judged only q2, is outside κ', () => {
    expect(panelOf(judgements)).toEqual({ annotators: ['A', 'B'], caseIds: ['q1', 'q2', 'q3', 'q4'], outside: [{ annotator: 'C', cases: 1 }] });
  });

  it('κ of "valid" (A: y y n n, B: y n n n): p_o = 3/4, p_c = .5·.25 + .5·.75 = .5, κ = .5 (Cohen)', () => {
    const g = labelAgreement(judgements, 'valid', ci);
    expect(g.kappa).toMatchObject({ method: 'cohen', n: 4, observed: 0.75, expected: 0.5, kappa: 0.5 });
    expect(g.ci?.value).toBe(0.5);
  });

  it('κ of "meaning kept" (both: y y y n) is 1: perfect agreement with two categories', () => {
    expect(labelAgreement(judgements, 'meaningKept', ci).kappa.kappa).toBe(1);
  });

  it('the disagreement on q2 is listed with every judgement and decided by C: valid 2 to 1', () => {
    const d = disagreements(judgements);
    expect(d.map((x) => [x.caseId, x.labels, x.judgements.map((j) => j.annotator), x.decided.valid])).toEqual([['q2', ['correct', 'valid'], ['A', 'B', 'C'], true]]);
    expect(decideAll(judgements).get('q2')?.valid).toEqual({ value: true, yes: 2, no: 1 });
    expect(needsAnotherAnnotator(judgements)).toEqual([]);
  });

  it('without C, q2 is a tie: undecided, and it needs a third annotator', () => {
    const two = collectJudgements(batch, [a, b]).judgements;
    expect(decideAll(two).get('q2')?.valid.value).toBeNull();
    expect(needsAnotherAnnotator(two)).toEqual(['q2']);
  });

  it('three annotators who judged every case are one panel: Fleiss\' κ', () => {
    const full = vfile('C', [ann('q1', true), ann('q2', true), ann('q3', false), ann('q4', true)]);
    const g = labelAgreement(collectJudgements(batch, [a, b, full]).judgements, 'valid', ci);
    expect(g.kappa).toMatchObject({ method: 'fleiss', raters: 3, n: 4 });
  });
});

describe('the validated failure rate', () => {
  it('stratum → failure: broken and C2W fail, C2C/W2C/W2W/not do not, others unknown', () => {
    expect(['broken', 'C2W', 'C2C', 'W2C', 'W2W', 'partial', 'not', 'all'].map(isFailureStratum)).toEqual([true, true, false, false, false, false, false, null]);
  });

  it('a stratified sample: 4 C2W (3 valid) and 4 C2C (2 valid) → 3 of 5 valid cases failed; weighted by the run (10 C2W, 90 C2C): 10·¾ / (10·¾ + 90·½) = 1/7', () => {
    const cases = [...[1, 2, 3, 4].map((i) => vcase(`w${i}`, { stratum: 'C2W' })), ...[1, 2, 3, 4].map((i) => vcase(`c${i}`, { stratum: 'C2C' }))];
    const batch = vbatch(cases, { draw: 'sample', size: 8, seed: 1, population: { C2W: 10, C2C: 90 } });
    const valid = new Set(['w1', 'w2', 'w3', 'c1', 'c2']);
    const files = ['A', 'B'].map((n) => vfile(n, cases.map((c) => ann(c.id, valid.has(c.id)))));
    const { judgements } = collectJudgements(batch, files);
    const r = validatedRates(batch, decideAll(judgements), ci);
    expect(r).toMatchObject({ judged: 8, valid: 5, failures: 3 });
    expect(r.rate).toEqual(wilson(3, 5));
    expect(r.rawRate?.value).toBe(0.5);
    expect(r.validShare.value).toBe(5 / 8);
    expect(r.weighted?.value).toBeCloseTo(1 / 7, 12);
    expect(r.weighted!.lo).toBeLessThanOrEqual(1 / 7);
    expect(r.validatedFailures).toBeNull();
  });

  it("a batch of the run's failures: the valid share, and the run's 40 failures scaled by it", () => {
    const cases = [1, 2, 3, 4, 5].map((i) => vcase(`b${i}`));
    const batch = vbatch(cases, { draw: 'broken', population: { broken: 40, not: 960 } });
    const files = ['A', 'B'].map((n) => vfile(n, cases.map((c, i) => ann(c.id, i < 4))));
    const r = validatedRates(batch, decideAll(collectJudgements(batch, files).judgements), ci);
    expect(r.validShare).toEqual(wilson(4, 5));
    expect(r.rate?.value).toBe(1);
    expect(r.validatedFailures?.value).toBe(32);
    expect(r.weighted).toBeNull();
  });

  it('invalid cases by family, with why', () => {
    const cases = [vcase('n1'), vcase('t1', { family: 'trap' }), vcase('t2', { family: 'trap' })];
    const batch = vbatch(cases);
    const files = ['A', 'B'].map((n) => vfile(n, [ann('n1', true), ann('t1', false), ann('t2', true, false)]));
    expect(invalidByFamily(batch, decideAll(collectJudgements(batch, files).judgements))).toEqual([
      { family: 'trap', judged: 2, invalid: 2, wrongAnswer: 1, meaningChanged: 1, cases: [expect.objectContaining({ id: 't1' }), expect.objectContaining({ id: 't2' })] },
      { family: 'noise', judged: 1, invalid: 0, wrongAnswer: 0, meaningChanged: 0, cases: [] },
    ]);
  });
});

describe('Wilson interval (Wilson 1927)', () => {
  it.each([
    [5, 10, 0.2366, 0.7634],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
  ])('%i of %i → [%f, %f]', (k, n, lo, hi) => {
    const w = wilson(k, n);
    expect(w.lo).toBeCloseTo(lo, 4);
    expect(w.hi).toBeCloseTo(hi, 4);
  });
  it('half-width at p = .5: n = 100 → 0.096, n = 400 → 0.049', () => {
    expect(wilsonHalfWidth(100)).toBeCloseTo(0.0960, 3);
    expect(wilsonHalfWidth(400)).toBeCloseTo(0.0488, 3);
  });
});
