/**
 * Issue 39.5: two saved runs side by side compare their estimates only (B − A), and each run keeps
 * its own CI and p (and Holm p): never a difference of bounds or of p-values, and p formatted as
 * pText everywhere (0.0066 is "0.0066", not "0.0"). Tables are built by the experiments' own
 * CI-column code (ci-tables.ts), so the naming the comparison reads back is the one written.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareRuns, type ComparedFigure, type RunFigure } from '../../src/core/results/compare-runs.ts';
import { ciBases, isStatistic, testedDrop } from '../../src/core/results/run-figures.ts';
import { formatCell, isPValue } from '../../src/core/results/column-titles.ts';
import { withBudgetCi, withMeasureCi, withSweepCi } from '../../src/core/results/ci-tables.ts';
import { withRobustnessCi } from '../../src/core/experiments/robustness/ci.ts';
import { budgetTable, pairsTable, sweepTable } from '../../src/core/results/tables.ts';
import type { SweepRow } from '../../src/core/entity/stats.ts';
import type { PairSummary } from '../../src/core/natural/pairs.ts';
import type { ExperimentCi, PairedStats } from '../../src/core/stats/index.ts';
import type { ResultTable } from '../../src/core/results/table.ts';

/** A comparison's statistics: F1 drop CI [lo, hi] with p and Holm p; EM and the sides' CIs fixed. */
function paired(drop: number, lo: number, hi: number, p: number, pHolm?: number): PairedStats {
  const iv = (value: number) => ({ value, lo: value - 5, hi: value + 5 });
  const d = { value: drop, lo, hi, p, test: 'sign-flip', method: 'exact', mdd: 3, ...(pHolm === undefined ? {} : { pHolm }) };
  return { n: 40, original: { em: iv(50), f1: iv(60) }, perturbed: { em: iv(40), f1: iv(60 - drop) }, drop: { em: { ...d, value: 10, lo: 2, hi: 18, p: 0.5, test: 'mcnemar' }, f1: d }, settings: { bootstrap: 1000, seed: 1, level: 0.95, resample: 'question' } } as PairedStats;
}
const ci = (rows: Record<string, PairedStats>): ExperimentCi => ({ settings: { bootstrap: 1000, seed: 1, level: 0.95, resample: 'question' }, family: 2, rows }) as ExperimentCi;

const sweepRow = (f1: number): SweepRow => ({ type: 'PER', source: 'db', origin: 'us', seeds: 1, plannedSeeds: 1, complete: true, n: 40, orig: { em: 50, f1: 60 }, errors: { orig: { correct: 5, 'wrong-entity': 1, 'wrong-boundary': 0 }, pert: { correct: 4, 'wrong-entity': 1, 'wrong-boundary': 1 } }, pertEm: { mean: 40, std: 0 }, pertF1: { mean: f1, std: 0 }, dropEm: 10, dropF1: 60 - f1 });
const sweep = (f1: number, st: PairedStats) => withSweepCi(sweepTable([sweepRow(f1)]), ci({ 'PER · db · us': st }));

const pairSummary = (orig: number, changed: number) => ({ n: 40, categories: { C2C: 20, C2W: 8, W2C: 2, W2W: 10, partial: 0 }, original: { em: orig - 5, f1: orig }, perturbed: { em: changed - 5, f1: changed }, unmodified: { C2C: 0.5, C2W: 0.5, W2C: 0.5 }, answerable: { C2C: 20, C2W: 8, W2C: 2 }, predictionChangeRate: 0.3, relativeF1Change: (100 * (changed - orig)) / orig }) as unknown as PairSummary;
const pairs = (orig: number, changed: number, st: PairedStats) => withMeasureCi(pairsTable([{ name: 'natural', s: pairSummary(orig, changed) }]), ci({ pairs: st }), 'pairs', 'natural');

const fig = (f: ComparedFigure[], row: string, column: string) => f.find((x) => x.row === row && x.column === column);
const run = (value: number | null, lo: number | null, hi: number | null, p: number | null = null, pHolm: number | null = null): RunFigure => ({ value, lo, hi, p, pHolm });

describe('compareRuns: estimates compared, each run its own CI and p (issue 39.5)', () => {
  it.each<[string, () => [ResultTable, ResultTable], string, string, RunFigure, RunFigure, number | null]>([
    // Sweep drop F1: A 10 [4, 16] p 0.0066 (Holm 0.0198), B 12 [5, 19] p 0.001 (one comparison: Holm = p, not shown); B − A = 12 − 10.
    ['a sweep drop keeps each run’s CI, p and Holm p', () => [sweep(50, paired(10, 4, 16, 0.0066, 0.0198)), sweep(48, paired(12, 5, 19, 0.001))], 'PER · db · us', 'drop_f1', run(10, 4, 16, 0.0066, 0.0198), run(12, 5, 19, 0.001), 2],
    // The sweep's renamed F1 is a mean over seeds; its CI is the perturbed side's (renamed_f1_lo/hi = 50 ± 5, 48 ± 5).
    ['a sweep’s renamed F1 mean gets the renamed side’s CI', () => [sweep(50, paired(10, 4, 16, 0.0066)), sweep(48, paired(12, 5, 19, 0.001))], 'PER · db · us', 'renamed_f1_mean', run(50, 45, 55), run(48, 43, 53), -2],
    // Revision pairs (statistics as measure rows): the drop has no estimate row, so only each run's CI and p; no B − A.
    ['a pairs drop shows each run’s CI and p, and no difference of them', () => [pairs(60, 50, paired(10, 3, 15, 0.0066)), pairs(60, 45, paired(15, 9, 21, 0.0004))], 'drop_f1', 'natural', run(null, 3, 15, 0.0066), run(null, 9, 21, 0.0004), null],
    ['a pairs “F1 changed” row gets the perturbed side’s CI', () => [pairs(60, 50, paired(10, 3, 15, 0.0066)), pairs(60, 45, paired(15, 9, 21, 0.0004))], 'f1_changed', 'natural', run(50, 45, 55), run(45, 40, 50), -5],
    ['a pairs “F1 original” row gets the original side’s CI', () => [pairs(60, 50, paired(10, 3, 15, 0.0066)), pairs(62, 45, paired(15, 9, 21, 0.0004))], 'f1_original', 'natural', run(60, 55, 65), run(62, 55, 65), 2],
  ])('%s', (_name, tables, row, column, a, b, diff) => {
    const f = fig(compareRuns(...tables()), row, column);
    expect(f?.a).toEqual(a);
    expect(f?.b).toEqual(b);
    expect(f?.diff).toBe(diff);
  });

  it('a budget case row: the model’s F1 with the case’s CI, the model’s drop with its p', () => {
    const sc = (f1: number) => ({ original: { em: 80, f1: 85 }, random: { em: 60, f1 }, randomStd: { em: 2, f1: 1.5 }, worst: { em: 40, f1: 50 }, best: { em: 90, f1: 92 }, stability: 0.25 });
    const t = (f1: number, p: number) => withBudgetCi(budgetTable({ n: 12, plain: sc(f1), defended: null, perInstance: [], cancelled: false }), ci({ 'model · worst': paired(35, 20, 50, p, 0.03) }));
    const f = compareRuns(t(70, 0.01), t(72, 0.02));
    // worst F1 is 50 in both; its CI is the case's perturbed F1 CI (60 − 35 ± 5).
    expect(fig(f, 'worst', 'model_f1')).toMatchObject({ a: run(50, 20, 30), b: run(50, 20, 30), diff: 0 });
    expect(fig(f, 'worst', 'model_drop_f1')).toMatchObject({ a: run(null, 20, 50, 0.01, 0.03), b: run(null, 20, 50, 0.02, 0.03), diff: null });
    // No statistic is ever a figure of its own (no "model_p_f1" row to subtract).
    expect(f.some((x) => isStatistic(x.column))).toBe(false);
  });

  it('a robustness cell: its F1 with the perturbed side’s CI, its drop with p', () => {
    const plain = (f1: number): ResultTable => ({ title: 'Robustness by model', columns: ['model', 'device · dtype', 'PER DBName F1'], rows: [['m', 'wasm · fp32', f1]], key: ['model', 'device · dtype'], headline: ['PER DBName F1'] });
    const t = (f1: number, p: number) => withRobustnessCi(plain(f1), { types: ['PER'] }, () => ci({ 'rename:PER:db': paired(60 - f1, 1, 9, p) }));
    const f = compareRuns(t(55, 0.04), t(50, 0.0066));
    expect(fig(f, 'm · wasm · fp32', 'PER DBName F1')).toMatchObject({ a: run(55, 50, 60), b: run(50, 45, 55), diff: -5 });
    expect(fig(f, 'm · wasm · fp32', 'PER_DBName_drop_f1')).toMatchObject({ a: run(null, 1, 9, 0.04), b: run(null, 1, 9, 0.0066), diff: null });
  });

  // Property: B − A is always the difference of two estimates, and nothing compared is a statistic.
  it('never subtracts a bound or a p-value, whatever the numbers', () => {
    const n = fc.double({ min: -100, max: 100, noNaN: true });
    const pv = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(n, n, n, n, pv, pv, (fa, fb, la, lb, pa, pb) => {
        const ta = pairs(60, fa, paired(60 - fa, la, la + 3, pa));
        const tb = pairs(60, fb, paired(60 - fb, lb, lb + 3, pb));
        for (const t of [[ta, tb], [sweep(fa, paired(60 - fa, la, la + 3, pa)), sweep(fb, paired(60 - fb, lb, lb + 3, pb))]] as const) {
          for (const f of compareRuns(t[0], t[1])) {
            expect(isStatistic(f.byRow ? f.row : f.column)).toBe(false);
            expect(f.diff).toBe(f.a.value !== null && f.b.value !== null ? +(f.b.value - f.a.value).toFixed(4) : null);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('the names a comparison reads back', () => {
  it.each([
    ['orig_f1', ['orig_f1']],
    ['renamed_f1_mean', ['renamed_f1_mean', 'renamed_f1']],
    ['f1_changed', ['f1_changed', 'changed_f1', 'perturbed_f1']],
    ['f1_original', ['f1_original', 'original_f1']],
    ['dpr_pct all kinds pooled', ['dpr_pct']],
    ['PER DBName F1', ['PER_DBName_F1', 'PER_DBName_perturbed_f1']],
    ['paraphrase DPR %', ['paraphrase_DPR_pct']],
  ])('ciBases(%s)', (name, bases) => expect(ciBases(name).slice(0, bases.length)).toEqual(bases));

  it('a per-kind row is not given the pooled comparison’s CI', () => expect(ciBases('f1_original reorder')).not.toContain('original_f1'));

  it.each([
    ['p_f1', 'drop_f1'],
    ['model_p_em', 'model_drop_em'],
    ['PER_DBName_p_f1', 'PER_DBName_drop_f1'],
    ['p_f1_holm', null],
    ['drop_f1', null],
  ])('testedDrop(%s) === %s', (p, drop) => expect(testedDrop(p)).toBe(drop));

  it.each([
    ['drop_f1_lo', true],
    ['model_p_f1_holm', true],
    ['mdd_f1', true],
    ['f1_significance', true],
    ['drop_f1', false],
    ['orig_f1', false],
    ['f1_changed', false],
  ])('isStatistic(%s) === %s', (name, yes) => expect(isStatistic(name)).toBe(yes));
});

describe('p-values in result tables are formatted as pText (issue 39.5: 0.0066 is not "0.0")', () => {
  it.each([
    [0.0066, 'p_f1', undefined, '0.0066'],
    [0.0066, 'natural', 'p_f1_holm', '0.0066'],
    [0.0004, 'model_p_em', undefined, '<0.001'],
    [0.2134, 'PER_DBName_p_f1', undefined, '0.21'],
    [0.0066, 'drop_f1', undefined, '0.0'],
    // A pairs table's category rows count questions: whole, as its card shows them.
    [7, 'natural edits', 'C2W', '7'],
  ])('formatCell(%s, %s, %s) === %s', (v, column, row, text) => expect(formatCell(v, column, row)).toBe(text));

  it('knows a p column by its name', () => expect(['p_f1', 'p_em_holm', 'resemble_p_f1', 'p_f1 A'].every(isPValue) && !['drop_f1', 'pct', 'mdd_f1'].some(isPValue)).toBe(true));
});
