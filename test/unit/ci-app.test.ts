/**
 * The app's statistics path (issue 27): the stats worker's handler answers with core's experimentCi
 * (the function `qarx … --ci` runs), the CI columns of the exported tables, and the qarx command
 * a run with CI on records.
 */
import { describe, expect, it } from 'vitest';
import { handleStats } from '../../src/worker/stats-jobs.ts';
import { experimentCi, type CiComparison } from '../../src/core/stats/index.ts';
import { withBudgetCi, withSweepCi } from '../../src/core/results/ci-tables.ts';
import { tableToCsv, type ResultTable } from '../../src/core/results/table.ts';
import type { RunRecord } from '../../src/core/results/run-record.ts';
import { qarxCommand } from '../../src/core/experiments/command.ts';

const q = (o: [number, number], p: [number, number]) => ({ original: { em: o[0], f1: o[1] }, perturbed: { em: p[0], f1: p[1] } });
// Row A: 6 questions, 4 right → wrong (a real drop); row B: nothing changes.
const comparisons: CiComparison[] = [
  { key: 'PER · db · us', items: [q([1, 1], [0, 0]), q([1, 1], [0, 0.5]), q([1, 1], [0, 0]), q([1, 1], [0, 0]), q([0, 0], [0, 0]), q([1, 1], [1, 1])] },
  { key: 'GPE · db · us', items: [q([1, 1], [1, 1]), q([0, 0.5], [0, 0.5])] },
  { key: 'ORG · db · us', items: [] },
];

describe('stats worker handler', () => {
  it('answers with exactly core experimentCi for the same comparisons and seed (what qarx --ci prints)', () => {
    const e = handleStats({ type: 'ci', reqId: 7, comparisons, options: { bootstrap: 300, seed: 5 } }, () => 0);
    expect(e.type).toBe('ci-done');
    if (e.type !== 'ci-done') return;
    expect(e.reqId).toBe(7);
    expect(e.result).toEqual(experimentCi(comparisons, { bootstrap: 300, seed: 5 }));
    expect(e.result.family).toBe(4);
    expect(e.result.rows['ORG · db · us']).toBeNull();
    // Identical predictions on 2 questions: p = 1, and no shift is rejected (at any δ ≠ 0 the shifted
    // differences have one sign; 2 of the 4 sign patterns are as extreme, p = 0.5), so the CI is the whole range.
    expect(e.result.rows['GPE · db · us']?.drop.f1).toMatchObject({ value: 0, lo: -100, hi: 100, p: 1 });
    // McNemar: 4 C2W, 0 W2C → 2 · ½⁴ = 0.125; Holm over 4 tests: 4 · 0.125 = 0.5.
    expect(e.result.rows['PER · db · us']?.drop.em.p).toBeCloseTo(0.125, 12);
    expect(e.result.rows['PER · db · us']?.drop.em.pHolm).toBeCloseTo(0.5, 12);
  });

  it('a different seed moves the intervals; the same seed repeats them', () => {
    const a = handleStats({ type: 'ci', reqId: 1, comparisons, options: { bootstrap: 200, seed: 1 } });
    const b = handleStats({ type: 'ci', reqId: 2, comparisons, options: { bootstrap: 200, seed: 1 } });
    const c = handleStats({ type: 'ci', reqId: 3, comparisons, options: { bootstrap: 200, seed: 2 } });
    if (a.type !== 'ci-done' || b.type !== 'ci-done' || c.type !== 'ci-done') throw new Error('no result');
    expect(a.result).toEqual(b.result);
    expect(a.result.rows['PER · db · us']?.original.f1).not.toEqual(c.result.rows['PER · db · us']?.original.f1);
  });

  it('a bad request is an error event, never a throw', () => {
    expect(handleStats({ type: 'ci', reqId: 9, comparisons, options: { bootstrap: 0, seed: 1 } })).toEqual({ type: 'ci-error', reqId: 9, message: expect.stringMatching(/^The number of bootstrap resamples must be at least 200, got 0: .*Efron & Tibshirani 1993/) });
    expect(handleStats({ type: 'ci', reqId: 9, comparisons, options: { bootstrap: 199, seed: 1 } }).type).toBe('ci-error');
  });
});

describe('CI columns of the exported tables', () => {
  const ci = experimentCi(comparisons, { bootstrap: 200, seed: 3 });
  const sweep: ResultTable = { title: 's', columns: ['type', 'source', 'origin', 'n', 'drop_f1'], key: ['type', 'source', 'origin'], headline: ['drop_f1'], rows: [['PER', 'db', 'us', 6, 50], ['ORG', 'db', 'us', 0, null]] };

  it('adds CI, p, Holm p, mdd and significance per sweep row (empty for a row without questions); CSV carries them', () => {
    const t = withSweepCi(sweep, ci);
    const col = (c: string) => t.columns.indexOf(c);
    const per = t.rows[0] ?? [];
    const st = ci.rows['PER · db · us'];
    expect(per[col('drop_f1_lo')]).toBe(+(st?.drop.f1.lo ?? NaN).toFixed(4));
    expect(per[col('p_em_holm')]).toBeCloseTo(0.5, 4);
    expect(per[col('f1_significance')]).toBe('not significant');
    expect(t.rows[1]?.[col('p_f1')]).toBeNull();
    expect(tableToCsv(t).split('\r\n')[0]).toContain('orig_f1_lo,orig_f1_hi,renamed_em_lo');
    expect(withSweepCi(sweep, undefined)).toBe(sweep);
  });

  it('adds per side the statistics of the random, worst and best rows of a budget table, none on the original row', () => {
    const bci = experimentCi([{ key: 'model · worst', items: comparisons[0]?.items ?? [] }, { key: 'model · random', items: [] }, { key: 'model · best', items: [] }], { bootstrap: 200, seed: 1 });
    const budget: ResultTable = { title: 'b', columns: ['measure', 'n', 'model_em', 'model_f1'], key: ['measure'], headline: [], rows: [['original', 6, 83, 83], ['worst', 6, 17, 25]] };
    const t = withBudgetCi(budget, bci);
    expect(t.columns).toContain('model_drop_f1_lo');
    expect(t.columns.some((c) => c.startsWith('resemble_'))).toBe(false);
    expect(t.rows[0]?.[t.columns.indexOf('model_p_f1')]).toBeNull();
    expect(t.rows[1]?.[t.columns.indexOf('model_p_em')]).toBeCloseTo(0.125, 4);
  });
});

describe('the qarx command of a run with confidence intervals', () => {
  const base: RunRecord = { datasets: ['demo'], n: 5, selected: 5, query: '', filters: {} as RunRecord['filters'], model: 'qarx-lexical-qa', dtype: 'fp32', device: 'wasm', versionTwo: false, versionTwoReason: '', scoringLang: 'auto', settings: {}, date: '2026-11-27T07:00:00.000Z' };
  it('sweep: --ci --bootstrap N --seed S; budget: --ci-seed (its --seed is the split seed); none without ci', () => {
    const sweep = { types: ['PER'], sources: ['db'], seeds: 2, origin: 'us', origins: ['us'] };
    expect(qarxCommand('sweep', { ...base, settings: { ...sweep, ci: { bootstrap: 1000, seed: 4, byPassage: false } } }).command).toMatch(/ --ci --bootstrap 1000 --seed 4 --json$/);
    expect(qarxCommand('sweep', { ...base, settings: sweep }).command).not.toMatch(/--ci/);
    const budget = { type: 'MIX', source: 'db', origin: 'us', budget: 3, resemble: { m: 3, temperature: 2, seed: 9 } };
    expect(qarxCommand('budget', { ...base, settings: { ...budget, ci: { bootstrap: 500, seed: 2, byPassage: false } } }).command).toMatch(/--seed 9 .*--ci --bootstrap 500 --ci-seed 2 --json$/);
  });
});
