/** "All models side by side" writes each figure as the run's own card and the run history do (core formatCell): one value per quantity. */
import { describe, expect, it } from 'vitest';
import { modelTableCell } from '../../src/app/models/ModelResults.tsx';
import { formatCell } from '../../src/core/results/column-titles.ts';

const columns = ['type', 'source', 'A drop_f1', 'B drop_f1 (partial)', 'A p_f1', 'A n'];
const row = ['PER', 'db', 4.2456, -0.04, 0.0066, 20];

describe('modelTableCell', () => {
  it.each([
    { j: 2, want: '4.2', column: 'drop_f1' },
    { j: 3, want: '0.0', column: 'drop_f1' },
    { j: 4, want: '0.0066', column: 'p_f1' },
    { j: 5, want: '20', column: 'n' },
  ])('column $j → $want, as the card writes it', ({ j, want, column }) => {
    expect(modelTableCell(row, columns, j)).toBe(want);
    expect(formatCell(row[j], column)).toBe(want);
  });
  it('no value reads as every table writes it', () => {
    expect(modelTableCell(['PER', 'db', null, Number.NaN, null, 0], columns, 2)).toBe('–');
    expect(modelTableCell(['PER', 'db', null, Number.NaN, null, 0], columns, 3)).toBe('–');
  });
});
