import { describe, expect, it } from 'vitest';
import { nextIndex, rovingTabIndex } from '../../src/app/shell/roving.ts';

describe('roving focus in radio groups and tab lists', () => {
  it.each([
    { key: 'ArrowRight', i: 0, n: 3, want: 1 },
    { key: 'ArrowDown', i: 2, n: 3, want: 0 },
    { key: 'ArrowLeft', i: 0, n: 3, want: 2 },
    { key: 'ArrowUp', i: 1, n: 3, want: 0 },
    { key: 'Home', i: 2, n: 3, want: 0 },
    { key: 'End', i: 0, n: 3, want: 2 },
    { key: 'Tab', i: 0, n: 3, want: null },
    { key: 'a', i: 0, n: 3, want: null },
    { key: 'ArrowRight', i: 0, n: 0, want: null },
  ])('$key from $i of $n → $want', ({ key, i, n, want }) => {
    expect(nextIndex(key, i, n)).toBe(want);
  });

  it.each([
    { checked: true, index: 2, anyChecked: true, want: 0 },
    { checked: false, index: 0, anyChecked: true, want: -1 },
    { checked: false, index: 0, anyChecked: false, want: 0 },
    { checked: false, index: 1, anyChecked: false, want: -1 },
  ])('tabIndex checked=$checked index=$index anyChecked=$anyChecked → $want', ({ checked, index, anyChecked, want }) => {
    expect(rovingTabIndex(checked, index, anyChecked)).toBe(want);
  });
});
