import { describe, expect, it } from 'vitest';
import { slope } from '../../scripts/bench-memory.ts';

describe('the memory benchmark\'s growth per question', () => {
  it.each([
    { name: 'two points', points: [{ x: 0, y: 1 }, { x: 2, y: 5 }], want: 2 },
    { name: 'flat with noise around a level', points: [{ x: 0, y: 10 }, { x: 1, y: 11 }, { x: 2, y: 10 }, { x: 3, y: 11 }], want: 0.2 },
    { name: 'falling', points: [{ x: 5, y: 3 }, { x: 10, y: 1 }, { x: 15, y: -1 }], want: -0.4 },
    { name: 'one point has no slope', points: [{ x: 1, y: 1 }], want: NaN },
    { name: 'one x has no slope', points: [{ x: 1, y: 1 }, { x: 1, y: 3 }], want: NaN },
  ])('least-squares slope: $name', ({ points, want }) => {
    if (Number.isNaN(want)) expect(slope(points)).toBeNaN();
    else expect(slope(points)).toBeCloseTo(want, 10);
  });
});
