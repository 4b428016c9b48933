/** Result-table column titles and cell formats as the run history's tables show them. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cellLabel, rowCellLabel, columnTitle, formatCell, isCount, rowLabel } from '../../src/core/results/column-titles.ts';
import { valueLabel } from '../../src/core/results/value-labels.ts';
import { compareRuns } from '../../src/core/results/compare-runs.ts';
import { budgetTable } from '../../src/core/results/tables.ts';

describe('columnTitle', () => {
  it.each([
    ['orig_f1', 'orig. F1'],
    ['renamed_f1_mean', 'renamed F1 mean'],
    ['renamed_em_std', 'renamed EM ±'],
    ['wrong_entity_pct', 'wrong entity %'],
    ['resemble_f1', 'RESEMBLE F1'],
    ['planned_seeds', 'planned seeds'],
    ['model_f1 A', 'model F1, A'],
    ['model_f1 B', 'model F1, B'],
    ['model_f1 B−A', 'model F1, B − A'],
    ['changed B−A', 'changed, B − A'],
    ['row', 'row'],
    ['synthetic: keyboard typo', 'synthetic: keyboard typo'],
  ])('%s → %s', (col, title) => expect(columnTitle(col)).toBe(title));

  // Issue 38 §3: every drop column names its one sign, drop = original − perturbed (positive = worse).
  it.each([
    ['drop_f1', 'drop F1 (orig. − pert.)'],
    ['drop_em', 'drop EM (orig. − pert.)'],
    ['mean_f1_drop', 'mean F1 drop (orig. − pert.)'],
    ['drop_f1 B−A', 'drop F1 (orig. − pert.), B − A'],
    ['f1_dropped', 'F1 dropped'],
  ])('a drop names its sign: %s → %s', (col, title) => expect(columnTitle(col)).toBe(title));

  it('never leaves a machine underscore or a B−A without spaces', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('orig', 'f1', 'em', 'drop', 'pct', 'mean'), { minLength: 1, maxLength: 4 }), fc.constantFrom('', ' A', ' B', ' B−A'), (ws, side) => {
      const t = columnTitle(ws.join('_') + side);
      expect(t).not.toMatch(/_|B−A/);
    }));
  });
});

describe('formatCell', () => {
  it.each([
    [12.345, 'orig_f1', undefined, '12.3'],
    [0, 'model_f1 B−A', 'original', '0.0'],
    [2, 'drop_f1 B', 'PER · db · us', '2.0'],
    [-0.01, 'drop_f1 B−A', 'x', '0.0'],
    [-1.26, 'drop_f1 B−A', 'x', '-1.3'],
    [12, 'n', 'worst', '12'],
    [3, 'changed B−A', '1', '3'],
    [64, 'synthetic', 'questions', '64'],
    [50.25, 'synthetic', 'f1_original', '50.3'],
    [null, 'orig_f1', undefined, '–'],
    [Number.NaN, 'orig_f1', undefined, '–'],
    [true, 'small', undefined, 'yes'],
    ['PER', 'type', undefined, 'PER'],
  ] as const)('%s in %s (row %s) → %s', (v, col, row, out) => expect(formatCell(v, col, row)).toBe(out));

  it('counts are whole, whatever their side', () => {
    expect(['n', 'seeds A', 'tried B−A', 'f1_dropped'].every(isCount)).toBe(true);
    expect(['orig_f1', 'drop_f1 B−A', 'share_pct'].some(isCount)).toBe(false);
  });

  it('one column of a side-by-side table has one number format', () => {
    const sc = (f1: number) => ({ original: { em: 80, f1: 85 }, random: { em: 60, f1 }, randomStd: { em: 2, f1: 1.5 }, worst: { em: 40, f1: 50 }, best: { em: 90, f1: 92 }, stability: 0.25 });
    const a = budgetTable({ n: 12, plain: sc(70), defended: null, perInstance: [], cancelled: false });
    const b = budgetTable({ n: 12, plain: sc(71.25), defended: null, perInstance: [], cancelled: false });
    const shown = compareRuns(a, b).filter((f) => f.column === 'model_f1').map((f) => formatCell(f.diff, f.column, f.row));
    expect(shown).toEqual(['0.0', '1.3', '0.0', '0.0', '0.0', '0.0']);
  });
});

describe('rowLabel and cellLabel: side-by-side rows and key cells in human labels', () => {
  it.each([
    ['PER · db · us', 'PER · DBName · US'],
    ['ORG · indist · us', 'ORG · InDistName'],
    ['GPE · randstr · cn', 'GPE · RandStr'],
    ['random_mean', 'random renaming, mean'],
    ['random_std', 'random renaming, ±'],
    ['worst', 'D_worst'],
    ['best', 'D_best'],
    ['stability_pct', 'stability %'],
    ['em_original', 'EM original'],
    ['dpr_pct', 'DPR %'],
    ['dpr_pct similarity [0.2, 0.4)', 'DPR % similarity [0.2, 0.4)'],
    ['dpr_pct reorder', 'DPR % word reordering'],
    ['dpr_pct function-word', 'DPR % function-word replacement'],
    ['dpr_pct dataset', 'DPR % from the dataset'],
    ['unmodified_C2W_pct', 'unmodified C2W %'],
    ['relative_f1_change_pct', 'relative F1 change % ((pert. − orig.) / orig., negative = worse)'],
    ['Marie Curie', 'Marie Curie'],
    ['all', 'all'],
  ])('rowLabel(%s) → %s', (key, label) => expect(rowLabel(key)).toBe(label));

  it('labels a side-by-side table of two budgets row by row, numbers as formatCell', () => {
    const sc = (f1: number) => ({ original: { em: 80, f1: 85 }, random: { em: 60, f1 }, randomStd: { em: 2, f1: 1.5 }, worst: { em: 40, f1: 50 }, best: { em: 90, f1: 92 }, stability: 0.25 });
    const budget = (f1: number) => ({ n: 12, plain: sc(f1), defended: null, perInstance: [], cancelled: false });
    const t = compareRuns(budgetTable(budget(70)), budgetTable(budget(71))).filter((f) => f.column === 'model_f1');
    expect(t.map((f) => cellLabel(f.row, 'row'))).toEqual(['original', 'random renaming, mean', 'random renaming, ±', 'D_worst', 'D_best', 'stability %']);
    expect(cellLabel('db', 'source')).toBe('DBName');
    expect(cellLabel('cn', 'origin')).toBe('China');
    expect(cellLabel(12.345, 'orig_f1')).toBe('12.3');
    expect(cellLabel('keyboard', 'kind')).toBe('keyboard typo');
  });

  it.each([
    ['sources', 'randstr', 'RandStr'],
    ['source', 'indist', 'InDistName'],
    ['origin', 'fr', 'French'],
    ['kind', 'ocr', 'OCR error'],
    ['kinds', 'content-word', 'adding or removing content words'],
    ['type', 'PER', 'PER'],
    ['source', 'constructor', 'constructor'],
    ['seed', 3, '3'],
  ])('valueLabel(%s, %s) → %s', (key, v, label) => expect(valueLabel(key, v)).toBe(label));

  it.each([
    [['PER', 'db', 'cn'], 2, 'China'],
    [['PER', 'indist', 'us'], 2, '–'],
    [['GPE', 'randstr', 'us'], 2, '–'],
    [['GPE', 'randstr', 'us'], 1, 'RandStr'],
    [['PER', 'db', 'us'], 0, 'PER'],
  ])('rowCellLabel(%j, %d) → %s (an origin only beside DBName)', (row, j, label) => expect(rowCellLabel(row, ['type', 'source', 'origin'], j)).toBe(label));
});
