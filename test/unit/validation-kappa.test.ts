/**
 * Issue 43.2/43.5: Cohen's κ (Cohen 1960, eq. 1: κ = (p_o − p_c)/(1 − p_c)) and Fleiss' κ (Fleiss 1971,
 * eqs. 2–9) against hand-computed tables, the degenerate cases (no cases, one category only, perfect
 * agreement), the seeded bootstrap CI over cases, and fast-check properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cohenKappa, fleissKappa, kappaCI, kappaOfRows, kappaText } from '../../src/core/validation/kappa.ts';

/** Two raters' labels from a 2×2 table of counts [yy, yn, ny, nn]. */
function fromTable([yy, yn, ny, nn]: [number, number, number, number]): [string[], string[]] {
  const a: string[] = [];
  const b: string[] = [];
  const add = (n: number, x: string, y: string) => {
    for (let i = 0; i < n; i++) {
      a.push(x);
      b.push(y);
    }
  };
  add(yy, 'y', 'y');
  add(yn, 'y', 'n');
  add(ny, 'n', 'y');
  add(nn, 'n', 'n');
  return [a, b];
}

/** Fleiss rows from a count table: counts[i][j] raters put case i in category j. */
const fromCounts = (counts: number[][]): string[][] => counts.map((row) => row.flatMap((c, j) => Array<string>(c).fill(`c${j}`)));

describe("Cohen's κ by hand (Cohen 1960, eq. 1)", () => {
  it.each([
    // table [yy, yn, ny, nn], p_o, p_c, κ
    { table: [20, 5, 10, 15], po: 0.7, pc: 0.5, kappa: 0.4 }, // A yes 25/50, B yes 30/50: p_c = .5·.6 + .5·.4
    { table: [1, 0, 0, 1], po: 1, pc: 0.5, kappa: 1 }, // perfect agreement, two categories
    { table: [0, 1, 1, 0], po: 0, pc: 0.5, kappa: -1 }, // perfect disagreement
    { table: [45, 5, 0, 0], po: 0.9, pc: 0.9, kappa: 0 }, // B says yes always: p_c = .9·1 + .1·0, κ = 0
    { table: [40, 9, 6, 45], po: 0.85, pc: 0.5008, kappa: (0.85 - 0.5008) / (1 - 0.5008) }, // A yes 49/100, B yes 46/100: p_c = .49·.46 + .51·.54 = .5008
  ])('$table → κ $kappa', ({ table, po, pc, kappa }) => {
    const [a, b] = fromTable(table as [number, number, number, number]);
    const k = cohenKappa(a, b);
    expect(k.observed).toBeCloseTo(po, 10);
    expect(k.expected).toBeCloseTo(pc, 10);
    expect(k.kappa).toBeCloseTo(kappa, 10);
    expect(k.degenerate).toBeNull();
  });

  it('one category only (both raters always "yes"): p_c = 1, κ undefined and said so, not 0/0 = NaN', () => {
    const k = cohenKappa(['y', 'y', 'y'], ['y', 'y', 'y']);
    expect(k).toMatchObject({ kappa: null, degenerate: 'one-category', observed: 1, expected: 1 });
    expect(kappaText(k)).toBe('undefined: every judgement is the same label (agreement 100%)');
  });

  it('no cases: κ undefined (no-cases)', () => {
    expect(cohenKappa([], [])).toMatchObject({ kappa: null, degenerate: 'no-cases', n: 0 });
  });
});

describe("Fleiss' κ by hand (Fleiss 1971, eqs. 2–9)", () => {
  it('3 raters, 4 cases yyy, yyn, nnn, ynn: P̄ = (1 + 1/3 + 1 + 1/3)/4 = 2/3, P̄_e = .5² + .5² = .5, κ = 1/3', () => {
    const k = fleissKappa([['y', 'y', 'y'], ['y', 'y', 'n'], ['n', 'n', 'n'], ['y', 'n', 'n']]);
    expect(k.observed).toBeCloseTo(2 / 3, 12);
    expect(k.expected).toBeCloseTo(0.5, 12);
    expect(k.kappa).toBeCloseTo(1 / 3, 12);
    expect(k).toMatchObject({ method: 'fleiss', n: 4, raters: 3 });
  });

  it("Fleiss's worked table (14 raters, 10 cases, 5 categories, as reproduced in the literature): P̄ = 0.378, P̄_e = 0.213, κ = 0.210", () => {
    const k = fleissKappa(
      fromCounts([
        [0, 0, 0, 0, 14],
        [0, 2, 6, 4, 2],
        [0, 0, 3, 5, 6],
        [0, 3, 9, 2, 0],
        [2, 2, 8, 1, 1],
        [7, 7, 0, 0, 0],
        [3, 2, 6, 3, 0],
        [2, 5, 3, 2, 2],
        [6, 5, 2, 1, 0],
        [0, 2, 2, 3, 7],
      ]),
    );
    expect(k.observed).toBeCloseTo(0.378, 3);
    expect(k.expected).toBeCloseTo(0.2128, 4);
    expect(k.kappa).toBeCloseTo(0.21, 3);
  });

  it('with 2 raters a case it equals Scott\'s π, not Cohen\'s κ: on [20,5,10,15] π = (.7 − .505)/.495', () => {
    const [a, b] = fromTable([20, 5, 10, 15]);
    const k = fleissKappa(a.map((x, i) => [x, b[i] as string]));
    // pooled yes share (25 + 30)/100 = .55: P̄_e = .55² + .45² = .505
    expect(k.kappa).toBeCloseTo((0.7 - 0.505) / 0.495, 12);
  });

  it('one category only, and perfect agreement with two categories', () => {
    expect(fleissKappa([['y', 'y', 'y'], ['y', 'y', 'y']])).toMatchObject({ kappa: null, degenerate: 'one-category' });
    expect(fleissKappa([['y', 'y', 'y'], ['n', 'n', 'n']]).kappa).toBe(1);
  });

  it('refuses cases with different numbers of raters (Fleiss 1971 assumes m raters per case)', () => {
    expect(() => fleissKappa([['y', 'y', 'y'], ['y', 'n']])).toThrow(/every case needs 3 ratings/);
  });
});

describe('the bootstrap CI of κ over cases', () => {
  const [a, b] = fromTable([20, 5, 10, 15]);
  const rows = a.map((x, i) => [x, b[i] as string]);

  it('is seeded (same seed, same interval), contains κ, and another seed moves it', () => {
    const one = kappaCI(rows, { b: 500, seed: 1 });
    expect(kappaCI(rows, { b: 500, seed: 1 })).toEqual(one);
    expect(one.interval?.value).toBeCloseTo(0.4, 10);
    expect(one.interval!.lo).toBeLessThan(0.4);
    expect(one.interval!.hi).toBeGreaterThan(0.4);
    expect(kappaCI(rows, { b: 500, seed: 2 }).interval).not.toEqual(one.interval);
  });

  it('counts the resamples where κ is undefined (a resample of one label only) and leaves them out', () => {
    // 9 cases agreeing on y and one on n: some resamples hold no n at all.
    const r = kappaCI([...Array.from({ length: 9 }, () => ['y', 'y']), ['n', 'n']], { b: 400, seed: 3 });
    expect(r.undefinedResamples).toBeGreaterThan(0);
    expect(r.interval).toEqual({ value: 1, lo: 1, hi: 1 });
  });

  it('is null when κ itself is undefined', () => {
    expect(kappaCI([['y', 'y']], { b: 100, seed: 1 }).interval).toBeNull();
  });
});

describe('κ properties (fast-check)', () => {
  const label = fc.constantFrom('a', 'b', 'c');
  const table = (raters: number) => fc.array(fc.array(label, { minLength: raters, maxLength: raters }), { minLength: 1, maxLength: 30 });
  const anyTable = fc.integer({ min: 2, max: 5 }).chain(table);

  it('κ = 1 exactly when every case is unanimous and more than one category is used; κ is null exactly when one category is used', () => {
    fc.assert(
      fc.property(anyTable, (rows) => {
        const k = kappaOfRows(rows);
        const unanimous = rows.every((r) => r.every((x) => x === r[0]));
        const categories = new Set(rows.flat()).size;
        expect(k.kappa === 1).toBe(unanimous && categories > 1);
        expect(k.kappa === null).toBe(categories === 1);
      }),
    );
  });

  it('is invariant to the order of cases, the order of raters and renaming the categories', () => {
    fc.assert(
      fc.property(anyTable, fc.integer(), (rows, seed) => {
        const k = kappaOfRows(rows).kappa;
        const shuffled = [...rows].sort((x, y) => (x.join() + seed < y.join() + seed ? -1 : 1));
        const reversed = rows.map((r) => [...r].reverse());
        const renamed = rows.map((r) => r.map((x) => ({ a: 'b', b: 'c', c: 'a' })[x] as string));
        for (const other of [shuffled, reversed, renamed]) {
          const o = kappaOfRows(other).kappa;
          if (k === null) expect(o).toBeNull();
          else expect(o).toBeCloseTo(k, 10);
        }
      }),
    );
  });

  it('lies in [−1, 1] (Cohen) and [−1/(m−1), 1] (Fleiss)', () => {
    fc.assert(
      fc.property(anyTable, (rows) => {
        const k = kappaOfRows(rows);
        if (k.kappa === null) return;
        expect(k.kappa).toBeLessThanOrEqual(1 + 1e-12);
        expect(k.kappa).toBeGreaterThanOrEqual(k.method === 'cohen' ? -1 - 1e-12 : -1 / (k.raters - 1) - 1e-12);
      }),
    );
  });
});
