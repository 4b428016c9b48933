/** Cells with few questions (n < SMALL_N) are flagged in every experiment's result table and its CSV/JSON (issue 23 §2). */
import { describe, expect, it } from 'vitest';
import { SMALL_N, smallCount, smallLegend } from '../../src/core/metrics/slices.ts';
import { tableObjects, tableToCsv, type ResultTable } from '../../src/core/results/table.ts';
import { adversarialTable, budgetTable, pairsTable, trapTable, withSmall } from '../../src/core/results/tables.ts';
import { summarizePairs } from '../../src/core/natural/pairs.ts';
import type { BudgetResult } from '../../src/core/entity/stats.ts';
import type { TrapSummary } from '../../src/core/trap/summary.ts';
import type { AdversarialOutput } from '../../src/core/trap/adversarial.ts';

const base: ResultTable = { title: 't', columns: ['row', 'n', 'f1'], rows: [], key: ['row'], headline: ['f1'] };

describe('withSmall', () => {
  it.each([
    [0, true],
    [1, true],
    [SMALL_N - 1, true],
    [SMALL_N, false],
    [1000, false],
    [null, null],
  ] as const)('n %s → small %s, right after n', (n, small) => {
    const t = withSmall({ ...base, rows: [['a', n, 50]] }, 'n');
    expect(t.columns).toEqual(['row', 'n', 'small', 'f1']);
    expect(t.rows).toEqual([['a', n, small, 50]]);
  });

  it('a table without the count column is left as it is', () => {
    const t = { ...base, rows: [['a', 3, 50]] };
    expect(withSmall(t, 'tried')).toBe(t);
  });
});

const score = (f1: number) => ({ em: f1, f1 });
const trap = (n: number): TrapSummary => ({ n, original: score(80), trapped: score(60), hitShare: 0.1, buckets: [{ label: '0.0–0.2', n: 3, original: score(50), trapped: score(40), hitShare: 0 }] }) as unknown as TrapSummary;
const budget = (n: number): BudgetResult => ({ n, plain: { original: score(80), random: score(70), randomStd: score(1), worst: score(40), best: score(90), stability: 0.5 }, defended: null, perInstance: [], cancelled: false });
const adversarial = (n: number): AdversarialOutput =>
  ({
    rows: Array.from({ length: n }, (_, i) => ({ originalId: `q${i}`, variants: [`q${i}-high-conf-turk0`], original: score(1), worstId: `q${i}-high-conf-turk0`, adversarial: score(0) })),
    result: { orig_exact_match: 100, orig_f1: 100, adv_exact_match: 0, adv_f1: 0 },
    warnings: [],
  }) as unknown as AdversarialOutput;
const pairs = (n: number) => summarizePairs(Array.from({ length: n }, () => ({ category: 'C2C', touchesAnswer: false, original: { em: 1, f1: 1, text: 'a' }, perturbed: { em: 1, f1: 1, text: 'a' } })) as never);

describe('every kind flags its rows of few questions, in the rows, the CSV and the JSON', () => {
  it.each([
    { kind: 'traps (all row; a 3-question bucket stays small)', t: (n: number) => trapTable(trap(n)), rowsSmall: (s: boolean) => [s, true] },
    { kind: 'budget (every measure rests on the same n)', t: (n: number) => budgetTable(budget(n)), rowsSmall: (s: boolean) => Array<boolean>(6).fill(s) },
    { kind: 'adversarial (originals)', t: (n: number) => adversarialTable(adversarial(n)), rowsSmall: (s: boolean) => [s, s] },
  ])('$kind', ({ t, rowsSmall }) => {
    for (const [n, small] of [[SMALL_N - 1, true], [SMALL_N, false]] as const) {
      const table = t(n);
      expect(tableObjects(table).map((r) => r.small)).toEqual(rowsSmall(small));
      expect(tableToCsv(table).split('\r\n')[0]).toMatch(/,small,/);
    }
  });

  it('natural perturbations: one `small` row, a flag per set', () => {
    const t = pairsTable([{ name: 'edited', s: pairs(SMALL_N - 1) }, { name: 'noise', s: pairs(SMALL_N) }]);
    expect(t.rows.find((r) => r[0] === 'small')).toEqual(['small', true, false]);
  });
});

describe('printed counts (CLI) carry the same glyph and legend as the app', () => {
  it.each([
    [SMALL_N - 1, `${SMALL_N - 1} *`],
    [SMALL_N, String(SMALL_N)],
    [0, '0 *'],
  ])('smallCount(%s) === %j', (n, out) => expect(smallCount(n)).toBe(out));

  it.each([
    [[SMALL_N, 100], ''],
    [[SMALL_N, 3], `* fewer than ${SMALL_N} questions (a noisy mean)\n`],
    [[], ''],
  ] as const)('smallLegend(%j) === %j', (counts, out) => expect(smallLegend(counts)).toBe(out));
});
