/** B − A of two saved runs is coloured by what the figure means: a larger drop is worse, a lower score is worse (issue 38 §3: one sign of a drop). */
import { describe, expect, it } from 'vitest';
import { worseWhen } from '../../src/core/results/column-titles.ts';
import { diffClass } from '../../src/app/results/RunCompare.tsx';

describe('worseWhen', () => {
  it.each([
    ['drop_f1', 'up'],
    ['drop_em B−A', 'up'],
    ['mean_f1_drop', 'up'],
    ['orig_f1', 'down'],
    ['pert_em', 'down'],
    ['relative_f1_change_pct', 'down'],
    ['p_f1', null],
    ['p_f1_holm', null],
    ['n', null],
    ['drop_f1_lo', null],
    ['pert_f1_std', null],
    ['dpr', null],
  ])('%s → %s', (name, want) => {
    expect(worseWhen(name)).toBe(want);
  });
});

describe('diffClass', () => {
  const f = (column: string, diff: number | null, byRow = false) => ({ column: byRow ? 'all' : column, row: byRow ? column : 'PER · DBName', byRow, diff });
  it.each([
    // B dropped 3 points less than A: better, not a drop.
    { f: f('drop_f1', -3), want: 'num gain' },
    { f: f('drop_f1', 3), want: 'num drop' },
    { f: f('pert_f1', -3), want: 'num drop' },
    { f: f('pert_f1', 3), want: 'num gain' },
    { f: f('orig_f1', -2, true), want: 'num drop' },
    { f: f('p_f1', -0.2), want: 'num' },
    { f: f('drop_f1', 0), want: 'num' },
    { f: f('drop_f1', null), want: 'num' },
  ])('$f.column $f.diff → $want', ({ f: fig, want }) => {
    expect(diffClass(fig)).toBe(want);
  });
});
