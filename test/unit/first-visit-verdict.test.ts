/** Issue 29.2's first-visit verdict (scripts/lib/first-visit.ts): median time, the largest transfer, repeated files. */
import { describe, expect, it } from 'vitest';
import { firstVisitVerdict, median, verdictLine } from '../../scripts/lib/first-visit.ts';

describe('median', () => {
  it.each([
    { xs: [3], want: 3 },
    { xs: [3.2, 2.4, 2.6], want: 2.6 },
    { xs: [2, 4, 1, 3], want: 2.5 },
  ])('$xs → $want', ({ xs, want }) => expect(median(xs)).toBe(want));

  it('refuses an empty list', () => expect(() => median([])).toThrow(/empty/));
});

describe('firstVisitVerdict (issue 29.2: ≤ 3 s, ≤ 20 MB, no file twice)', () => {
  const v = (total: number, mb: number, repeated = 0) => ({ total, bytes: mb * 1e6, repeated });
  it.each([
    { name: 'one slow visit out of three still leaves the median under 3 s', visits: [v(2.5, 8), v(3.4, 8), v(2.7, 8)], want: { medianSeconds: 2.7, timeMet: true, bytesMet: true, noRepeats: true } },
    { name: 'exactly 3 s is met', visits: [v(3, 8)], want: { medianSeconds: 3, timeMet: true } },
    { name: 'a median over 3 s is not met', visits: [v(3.1, 8), v(3.3, 8), v(2.9, 8)], want: { medianSeconds: 3.1, timeMet: false } },
    { name: 'bytes are judged on the largest visit', visits: [v(2, 8), v(2, 21)], want: { maxMegabytes: 21, bytesMet: false } },
    { name: 'a file fetched twice in any visit fails that part', visits: [v(2, 8), v(2, 8, 1)], want: { noRepeats: false } },
  ])('$name', ({ visits, want }) => expect(firstVisitVerdict(visits)).toMatchObject(want));

  it('prints each part with its target', () => {
    expect(verdictLine(firstVisitVerdict([v(2.62, 8.04)]), 1)).toBe('median 2.62 s over 1 fresh profile (target ≤ 3 s: met), at most 8.0 MB (target ≤ 20 MB: met), no file fetched twice: met');
    expect(verdictLine(firstVisitVerdict([v(3.5, 25, 2), v(3.7, 8)]), 2)).toMatch(/^median 3\.60 s over 2 fresh profiles \(target ≤ 3 s: NOT MET\), at most 25\.0 MB \(target ≤ 20 MB: NOT MET\), no file fetched twice: NOT MET$/);
  });
});
