/**
 * Uncertainty over questions: the percentile bootstrap (Berg-Kirkpatrick et al. 2012, §2), the
 * paired sign-flip permutation test and McNemar's test (Dror et al. 2018, §3–4; McNemar 1947),
 * Holm–Bonferroni, and the minimal detectable drop. Hand-computed cases, then properties.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bootstrapCI, clusterIds, dropPText, holm, mddText, mcnemarExact, minDetectable, normalQuantile, pairedDiffCI, pairedStats, pText, quantileSorted, scoreStats, signFlipTest, withHolm, type PairedQuestion } from '../../src/core/stats/index.ts';

const f64 = (xs: number[]) => Float64Array.from(xs);

describe('McNemar 1947: exact test on the discordant pairs (binomial, p = ½)', () => {
  it.each([
    // [b (C2W), c (W2C), p by hand]
    [5, 0, 2 / 32], // 2 · P(X ≤ 0), X ~ Bin(5, ½)
    [0, 5, 2 / 32],
    [3, 1, (2 * (1 + 4)) / 16], // 2 · (C(4,0) + C(4,1)) / 2^4
    [10, 2, (2 * (1 + 12 + 66)) / 4096], // 2 · (C(12,0) + C(12,1) + C(12,2)) / 2^12
    [2, 2, 1], // capped at 1
    [0, 0, 1], // no discordant pair
    [1, 0, 1], // 2 · ½
  ])('b=%i, c=%i → p=%f', (b, c, p) => {
    expect(mcnemarExact(b, c).p).toBeCloseTo(p, 12);
  });

  it('stays finite for thousands of pairs (log-space binomial)', () => {
    const p = mcnemarExact(1100, 1000).p;
    expect(p).toBeGreaterThan(0.02);
    expect(p).toBeLessThan(0.05); // z ≈ 2.18 → two-sided ≈ 0.03
  });
});

describe('paired sign-flip permutation test (Dror et al. 2018, §3.3 randomization)', () => {
  // F1 of 6 questions before and after; differences 0.4, 0.3, 0.2, 0.1, 0.1, −0.1 (observed Σ = 1.0).
  // By hand: Σ|d| = 1.2, and a sign pattern giving negative signs to magnitudes summing to T has
  // Σ = 1.2 − 2T; |Σ| ≥ 1.0 ⇔ T ≤ 0.1 (∅ or one of the three 0.1s: 4 patterns) or T ≥ 1.1 (their
  // complements: 4). p = 8 / 2^6 = 0.125.
  const before = f64([1, 0.8, 0.5, 0.6, 0.3, 0.2]);
  const after = f64([0.6, 0.5, 0.3, 0.5, 0.2, 0.3]);
  const diffs = before.map((x, i) => x - (after[i] as number));

  it('6 paired values enumerated by hand: p = 8/64', () => {
    expect(signFlipTest(diffs, { seed: 1 })).toEqual({ p: 0.125, method: 'exact' });
  });

  it('zeros change nothing (their sign flips give the same sum)', () => {
    expect(signFlipTest(f64([...diffs, 0, 0, 0]), { seed: 1 }).p).toBe(0.125);
  });

  it('Monte Carlo agrees with the enumeration within its error, and is never 0', () => {
    const mc = signFlipTest(diffs, { seed: 3, rounds: 20_000, exactMax: 0 });
    expect(mc.method).toBe('monte-carlo');
    expect(Math.abs(mc.p - 0.125)).toBeLessThan(0.01);
    const far = signFlipTest(new Float64Array(200).map((_, i) => 1 + i / 1000), { seed: 3, rounds: 999, exactMax: 0 });
    expect(far.p).toBe(1 / 1000);
  });

  it('on 0/1 differences it is McNemar\'s exact test (the same binomial on discordant pairs)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 }), (b, c) => {
        const d = f64([...Array<number>(b).fill(1), ...Array<number>(c).fill(-1)]);
        expect(signFlipTest(d, { seed: 1 }).p).toBeCloseTo(mcnemarExact(b, c).p, 12);
      }),
    );
  });
});

describe('Holm–Bonferroni (Holm 1979)', () => {
  it.each([
    [[0.01, 0.04, 0.03], [0.03, 0.06, 0.06]],
    [[0.5, 0.001], [0.5, 0.002]],
    [[0.04, 0.045], [0.08, 0.08]], // made non-decreasing
    [[0.9, 0.8], [1, 1]],
    [[0.02, NaN, 0.5], [0.04, NaN, 0.5]], // NaN is not a test
    [[0.6, 0.6, 0.6], [1, 1, 1]], // capped
  ])('%j → %j', (ps, want) => {
    holm(ps).forEach((p, i) => (Number.isNaN(want[i]) ? expect(p).toBeNaN() : expect(p).toBeCloseTo(want[i] as number, 12)));
  });
});

describe('minimal detectable drop at 80% power', () => {
  it('uses z.975 + z.8 ≈ 1.960 + 0.842', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621, 5);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326348, 5);
    expect(minDetectable(1)).toBeCloseTo(2.8016, 3);
  });
});

describe('percentile bootstrap (Berg-Kirkpatrick et al. 2012)', () => {
  it('quantiles interpolate between order statistics (type 7)', () => {
    expect(quantileSorted(f64([0, 10]), 0.25)).toBe(2.5);
    expect(quantileSorted(f64([1, 2, 3, 4, 5]), 0.5)).toBe(3);
  });

  it('a constant sample has a zero-width interval', () => {
    const ci = bootstrapCI(new Float64Array(50).fill(0.75), { b: 200, seed: 1 });
    expect(ci).toEqual({ value: 0.75, lo: 0.75, hi: 0.75 });
  });

  it('resampling passages: one passage holding every question → no spread; one passage per question → the question bootstrap', () => {
    const xs = f64([0, 1, 1, 0, 1, 0.5, 0.25]);
    expect(bootstrapCI(xs, { b: 300, seed: 2, clusters: new Int32Array(7) })).toEqual({ value: 3.75 / 7, lo: 3.75 / 7, hi: 3.75 / 7 });
    expect(bootstrapCI(xs, { b: 300, seed: 2, clusters: clusterIds(['a', 'b', 'c', 'd', 'e', 'f', 'g']) })).toEqual(bootstrapCI(xs, { b: 300, seed: 2 }));
    expect(clusterIds(['p1', 'p2', 'p1'])).toEqual(Int32Array.of(0, 1, 0));
  });

  it('a Bernoulli(0.7) mean over 400 questions has a CI near 0.7 ± 1.96·√(0.21/400) = ±0.045', () => {
    const xs = f64(Array.from({ length: 400 }, (_, i) => (i % 10 < 7 ? 1 : 0)));
    const ci = bootstrapCI(xs, { b: 2000, seed: 5 });
    expect(ci.hi - ci.lo).toBeGreaterThan(0.08);
    expect(ci.hi - ci.lo).toBeLessThan(0.1);
  });
});

const score = fc.record({ em: fc.constantFrom(0, 1), f1: fc.double({ min: 0, max: 1, noNaN: true }) });
const pairs = fc.array(fc.record({ original: score, perturbed: score }), { minLength: 2, maxLength: 40 });

describe('properties', () => {
  it('the CI contains the estimate (score and drop)', () => {
    fc.assert(
      fc.property(pairs, fc.nat(1000), (qs, seed) => {
        const s = pairedStats(qs, { bootstrap: 200, seed, rounds: 200 });
        for (const i of [s.original.em, s.original.f1, s.perturbed.f1, s.drop.em, s.drop.f1]) {
          expect(i.lo).toBeLessThanOrEqual(i.value + 1e-9);
          expect(i.hi).toBeGreaterThanOrEqual(i.value - 1e-9);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('identical predictions → p = 1; drop CI [0, 0] from 6 questions, the whole range [−100, 100] below (Garthwaite 1996: test inversion)', () => {
    // At any shift δ ≠ 0 every shifted difference is −δ: only the 2 all-same-sign patterns of 2^n are as
    // extreme, p(δ) = 2^(1−n): rejected at 0.05 from n = 6 (1/32), never up to n = 5 (1/16 > 0.05).
    fc.assert(
      fc.property(fc.array(score, { minLength: 1, maxLength: 40 }), fc.nat(), (ss, seed) => {
        const s = pairedStats(ss.map((x) => ({ original: x, perturbed: x })), { bootstrap: 200, seed });
        const ci = ss.length >= 6 ? [0, 0] : [-100, 100];
        for (const d of [s.drop.em, s.drop.f1]) expect([d.value, d.lo, d.hi, d.p, d.mdd, d.mddNote]).toEqual([0, ...ci, 1, null, 'no variation in this sample']);
      }),
      { numRuns: 40 },
    );
  });

  it('the same seed gives the same numbers; another seed other resamples', () => {
    fc.assert(
      fc.property(pairs, fc.nat(), (qs, seed) => {
        expect(pairedStats(qs, { bootstrap: 200, seed, rounds: 100 })).toEqual(pairedStats(qs, { bootstrap: 200, seed, rounds: 100 }));
      }),
      { numRuns: 30 },
    );
    const xs = f64(Array.from({ length: 100 }, (_, i) => (i * 7919) % 13 / 13));
    expect(bootstrapCI(xs, { b: 100, seed: 1 })).not.toEqual(bootstrapCI(xs, { b: 100, seed: 2 }));
  });

  it('the width shrinks about as 1/√n (4× the questions → about half the width)', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 30, maxLength: 60 }), fc.nat(), (xs, seed) => {
        const m = xs.reduce((a, b) => a + b, 0) / xs.length;
        // Not a near-constant sample (a few 1s among 0s): its width moves in steps of 1/n.
        fc.pre(Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length) > 0.25);
        const one = bootstrapCI(f64(xs), { b: 1000, seed });
        const four = bootstrapCI(f64([...xs, ...xs, ...xs, ...xs]), { b: 1000, seed });
        const ratio = (four.hi - four.lo) / (one.hi - one.lo);
        expect(ratio).toBeGreaterThan(0.35);
        expect(ratio).toBeLessThan(0.65);
      }),
      { numRuns: 25 },
    );
  });
});

describe('pairedStats', () => {
  const q = (o: [number, number], p: [number, number]): PairedQuestion => ({ original: { em: o[0], f1: o[1] }, perturbed: { em: p[0], f1: p[1] } });

  it('EM uses McNemar on C2W vs W2C; F1 the sign-flip test; figures in 0..100', () => {
    const qs = [q([1, 1], [0, 0]), q([1, 1], [0, 0.5]), q([1, 1], [0, 0]), q([1, 1], [1, 1]), q([0, 0], [1, 1]), q([0, 0.5], [0, 0.5])];
    const s = pairedStats(qs, { bootstrap: 500, seed: 1 });
    expect(s.discordant).toEqual({ c2w: 3, w2c: 1 });
    expect(s.drop.em).toMatchObject({ test: 'mcnemar', p: 0.625 });
    expect(s.drop.em.value).toBeCloseTo(((4 - 2) / 6) * 100, 9);
    expect(s.drop.f1.test).toBe('sign-flip');
    // F1 diffs 1, 0.5, 1, 0, −1, 0 (Σ = 1.5): magnitudes {1, 1, 1, 0.5}, Σ|d| = 3.5, a pattern negating
    // magnitudes summing to T has Σ = 3.5 − 2T; |Σ| ≥ 1.5 ⇔ T ≤ 1 (∅, 0.5, each 1: 5) or T ≥ 2.5 (5): 10/16.
    expect(s.drop.f1.p).toBeCloseTo(10 / 16, 12);
    expect(s.original.f1.value).toBeCloseTo((4.5 / 6) * 100, 9);
  });

  it('a mean over seeds (EM not 0/1) is tested by sign flips, not McNemar', () => {
    const s = pairedStats([q([1, 1], [0.4, 0.5]), q([1, 1], [0.6, 0.7])], { bootstrap: 200, seed: 1 });
    expect(s.drop.em.test).toBe('sign-flip');
    expect(s.discordant).toBeUndefined();
  });

  it('Holm adjusts every EM and F1 drop of a run as one family; "n.s." marks p ≥ 0.05', () => {
    const a = pairedStats(Array.from({ length: 30 }, () => q([1, 1], [0, 0])), { bootstrap: 200, seed: 1 });
    const b = pairedStats([q([1, 1], [0, 0]), q([0, 0], [1, 1])], { bootstrap: 200, seed: 1 });
    withHolm([a, null, b]);
    expect(a.drop.em.pHolm).toBeCloseTo(4 * a.drop.em.p, 12);
    expect(b.drop.em.pHolm).toBe(1);
    expect(dropPText(a.drop.em)).toBe('<0.001, Holm p <0.001');
    expect(dropPText(b.drop.f1)).toBe('1.00, Holm p 1.00 n.s.');
    expect(pText(0.0123)).toBe('0.012');
  });

  it('scoreStats gives the CI of each figure and a detectable shift that halves with 4× the questions', () => {
    const qs = Array.from({ length: 100 }, (_, i) => ({ score: { em: i % 2, f1: (i % 4) / 4 } }));
    const s = scoreStats(qs, { bootstrap: 1000, seed: 1 });
    expect(s.em.value).toBe(50);
    const big = scoreStats([...qs, ...qs, ...qs, ...qs], { bootstrap: 1000, seed: 1 });
    const [m, bigM] = [s.mdd.em.mdd as number, big.mdd.em.mdd as number];
    expect(bigM / m).toBeGreaterThan(0.4);
    expect(bigM / m).toBeLessThan(0.6);
    expect(m).toBeCloseTo(2.8 * 5, 0); // SE of a 50% mean over 100 = 5 points
  });

  it.each([
    // [EM of every question, F1 of every question]: the same for all, so no resample differs
    [1, 1],
    [0, 0.5],
    [0, 0],
  ])('scoreStats mdd with every score equal (EM %d, F1 %d): null and "no variation in this sample", as a drop\'s (issue 39.3), never 0', (em, f1) => {
    const s = scoreStats(Array.from({ length: 30 }, () => ({ score: { em, f1 } })), { bootstrap: 200, seed: 1 });
    expect(s.mdd.f1).toEqual({ mdd: null, mddAlpha: 0.05, mddNote: 'no variation in this sample' });
    expect(s.mdd.em).toEqual({ mdd: null, mddAlpha: 0.05, mddNote: 'no variation in this sample' });
    expect(mddText(s.mdd.f1)).toBe('no variation in this sample');
  });

  it('pairedDiffCI is the bootstrap CI of the differences', () => {
    expect(pairedDiffCI(f64([1, 1, 1]), f64([0, 0, 0]), { b: 50, seed: 1 })).toEqual({ value: 1, lo: 1, hi: 1 });
  });
});
