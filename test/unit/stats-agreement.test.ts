/**
 * Issue 39 points 1–4: the drop's CI is the inverted sign-flip test (Garthwaite 1996; Ernst 2004 §4),
 * so CI and p agree by construction; Monte-Carlo p-values run until their error cannot move the
 * verdict across 0.05; mdd says "no variation" and is computed at the verdict's α; B has a floor;
 * passage resampling flips passages in the test too.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ALPHA, bootstrapError, dropNote, dropPText, experimentCi, invertSignFlip, mddText, MIN_BOOTSTRAP, pairedStats, signFlipTest, significant, withHolm, type PairedQuestion } from '../../src/core/stats/index.ts';
import { ciOpts } from '../../src/cli/ci-options.ts';
import { validateConfig } from '../../src/cli/audit/config.ts';

const f64 = (xs: number[]) => Float64Array.from(xs);
const ones = (n: number) => new Float64Array(n).fill(1);
const q = (o: number, p: number, passage?: string): PairedQuestion => ({ original: { em: o, f1: o }, perturbed: { em: p, f1: p }, ...(passage ? { passage } : {}) });

describe('the sign-flip test and its inversion, by hand (Garthwaite 1996; Ernst 2004 §4)', () => {
  it('3 non-zero differences (0.5, 0.2, −0.1) and zeros: the 8 sign sums are ±0.6, ±0.8, ±0.2, ±0.4, so p = 4/8', () => {
    expect(invertSignFlip(f64([0.5, 0.2, -0.1, 0, 0]), ones(5), { seed: 1 }).p).toBe(0.5);
  });

  it('6 differences 10…60: every shift below 10 leaves 6 positive values, p = 2/64 < 0.05 (rejected); at 10 a zero doubles it to 4/64 — CI [10, 60]', () => {
    const t = invertSignFlip(f64([10, 20, 30, 40, 50, 60]), ones(6), { seed: 1 });
    expect(t).toMatchObject({ value: 35, p: 2 / 64, method: 'exact' });
    expect(t.lo).toBeCloseTo(10, 3);
    expect(t.hi).toBeCloseTo(60, 3);
  });

  it('5 or fewer questions can reject nothing at 0.05 (smallest p 2/32): the CI is the whole range', () => {
    expect(invertSignFlip(f64([10, 20, 30, 40, 50]), ones(5), { seed: 1 })).toMatchObject({ lo: -100, hi: 100, p: 2 / 32 });
  });

  it('passages: the units are passage sums with their sizes — 6 passages of 2 questions each dropping 10 are 6 units of 20 over 12 questions', () => {
    const t = invertSignFlip(f64([20, 20, 20, 20, 20, 20]), f64([2, 2, 2, 2, 2, 2]), { seed: 1 });
    expect(t.value).toBe(10);
    expect(t.p).toBeCloseTo(2 / 64, 12);
    // All units equal: any shift δ ≠ 10 keeps them one sign (p = 2/64); δ = 10 zeroes them (p = 1).
    expect(t.lo).toBeCloseTo(10, 3);
    expect(t.hi).toBeCloseTo(10, 3);
  });
});

/** Paired questions from fast-check: F1 and EM in 0..1 (EM 0/1), a passage among a few. */
const question = fc.record({ o: fc.constantFrom(0, 0.5, 1), p: fc.constantFrom(0, 0.5, 1), passage: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h') });
const sample = fc.array(question, { minLength: 1, maxLength: 60 });

describe('properties: CI and p never contradict each other', () => {
  it('the CI contains 0 ⟺ the unadjusted p ≥ 0.05, by question and by passage, EM and F1', () => {
    fc.assert(
      fc.property(sample, fc.boolean(), fc.nat(100), (xs, byPassage, seed) => {
        const s = pairedStats(xs.map((x) => q(x.o, x.p, x.passage)), { bootstrap: MIN_BOOTSTRAP, seed, byPassage });
        for (const d of [s.drop.em, s.drop.f1]) {
          expect(d.lo <= 0 && 0 <= d.hi).toBe(d.p >= ALPHA);
          expect(d.lo).toBeLessThanOrEqual(d.value + 1e-9);
          expect(d.hi).toBeGreaterThanOrEqual(d.value - 1e-9);
          expect(d.resample).toBe(byPassage ? 'passage' : 'question');
        }
      }),
      { numRuns: 80 },
    );
  });

  it('no row reads "n.s." with a CI excluding 0 unless its note says why (Holm over the run)', () => {
    fc.assert(
      fc.property(fc.array(sample, { minLength: 1, maxLength: 5 }), fc.nat(100), (rows, seed) => {
        const ci = experimentCi(rows.map((xs, i) => ({ key: String(i), items: xs.map((x) => q(x.o, x.p)) })), { bootstrap: MIN_BOOTSTRAP, seed });
        for (const st of Object.values(ci.rows)) {
          for (const d of [st?.drop.em, st?.drop.f1]) {
            if (!d) continue;
            const excludes0 = d.lo > 0 || d.hi < 0;
            if (excludes0 && !significant(d)) expect(dropNote(d)).toMatch(/n\.s\. after Holm over \d+ tests/);
            if (!excludes0) expect(significant(d)).toBe(false);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('Monte-Carlo p that cannot flip (issue 39.2)', () => {
  // 40 distinct differences whose true p is 0.0475 (2,000,000 rounds, se 0.00015): near 0.05.
  const d = Float64Array.from({ length: 40 }, (_, i) => Math.round(((i % 8) - 3.5) * 5 * (1 + i / 40) * 10 + 50.4) / 10);
  const verdict = (seed: number, maxRounds?: number) => signFlipTest(d, { seed, exactMax: 0, ...(maxRounds ? { maxRounds } : {}) });

  it('the same verdict on seeds 1..20 (rounds doubled until |p − 0.05| ≥ 3 Monte-Carlo errors); 10,000 fixed rounds flip it', () => {
    const ps = Array.from({ length: 20 }, (_, i) => verdict(i + 1));
    expect(new Set(ps.map((t) => t.p < ALPHA))).toEqual(new Set([true]));
    expect(Math.max(...ps.map((t) => t.rounds ?? 0))).toBeGreaterThan(10_000);
    const fixed = Array.from({ length: 20 }, (_, i) => verdict(i + 1, 10_000).p < ALPHA);
    expect(new Set(fixed).size).toBe(2);
  });

  it('the row prints the Monte-Carlo error and rounds; a p still within error at the cap says so', () => {
    const t = invertSignFlip(d, ones(40), { seed: 1, exactPatterns: 1, interval: false });
    expect(t.method).toBe('monte-carlo');
    const text = dropPText({ ...t, test: 'sign-flip', interval: 'test-inversion', resample: 'question', se: 1, mdd: 2.8, mddAlpha: ALPHA } as never);
    expect(text).toBe('0.047 ± 0.0007 (Monte-Carlo, 80,000 rounds)');
    const capped = invertSignFlip(d, ones(40), { seed: 1, exactPatterns: 1, interval: false, maxRounds: 10_000 });
    expect(capped.unresolved).toBe(true);
    expect(dropNote({ ...capped, test: 'sign-flip', interval: 'test-inversion', resample: 'question', se: 1, mdd: 2.8, mddAlpha: ALPHA } as never)).toBe('p within Monte-Carlo error of 0.05 after 10,000 rounds');
  });
});

describe('mdd and B (issue 39.3)', () => {
  it('no question changed: mdd is null with "no variation in this sample", not 0', () => {
    const s = pairedStats(Array.from({ length: 24 }, () => q(1, 1)), { bootstrap: MIN_BOOTSTRAP, seed: 1 });
    expect(s.drop.f1).toMatchObject({ mdd: null, mddNote: 'no variation in this sample' });
    expect(mddText(s.drop.f1)).toBe('no variation in this sample');
    expect(JSON.parse(JSON.stringify(s.drop.f1)).mdd).toBeNull();
  });

  it('under Holm over m tests mdd is computed at α/m (its strictest step): (z(1 − α/2m) + z(0.8)) · se', () => {
    const a = pairedStats(Array.from({ length: 30 }, (_, i) => q(1, i % 3 ? 0 : 1)), { bootstrap: 1000, seed: 1 });
    const b = pairedStats(Array.from({ length: 30 }, (_, i) => q(1, i % 2)), { bootstrap: 1000, seed: 1 });
    const before = a.drop.f1.mdd as number;
    withHolm([a, b]);
    expect(a.drop.f1.mddAlpha).toBe(0.05 / 4);
    // z(0.99375) = 2.4977, z(0.975) = 1.9600, z(0.8) = 0.8416: the ratio of the two mdds.
    expect((a.drop.f1.mdd as number) / before).toBeCloseTo((2.4977 + 0.8416) / (1.96 + 0.8416), 3);
    expect(mddText(a.drop.f1)).toMatch(/ \(α = 0\.013\)$/);
  });

  it(`B below ${MIN_BOOTSTRAP} is refused by the CLI (usage error, exit 2), the audit config and the worker's check`, () => {
    expect(() => ciOpts({ ci: true, bootstrap: '1' })).toThrow(/--bootstrap: The number of bootstrap resamples must be at least 200, got 1/);
    expect(ciOpts({ ci: true, bootstrap: '200' })?.bootstrap).toBe(200);
    const base = { models: [{ name: 'm', path: '/m' }], datasets: [{ name: 'd', path: '/d.json' }], experiments: [{ kind: 'traps' }] };
    expect(() => validateConfig({ ...base, ci: { bootstrap: 199 } }, 'a.json')).toThrow(/ci\.bootstrap: The number of bootstrap resamples must be at least 200/);
    expect(bootstrapError(1000)).toBeNull();
  });
});

describe('--ci-passages tests by passage too (issue 39.4)', () => {
  it('12 questions on 2 passages all dropping: by question p = 2/4096, by passage only 2 units (p = 1/2, CI the whole range)', () => {
    const items = Array.from({ length: 12 }, (_, i) => q(1, 0, i < 6 ? 'a' : 'b'));
    const byQ = pairedStats(items, { bootstrap: MIN_BOOTSTRAP, seed: 1 });
    const byP = pairedStats(items, { bootstrap: MIN_BOOTSTRAP, seed: 1, byPassage: true });
    expect(byQ.drop.f1.p).toBeCloseTo(2 / 4096, 15);
    expect(byQ.drop.f1.resample).toBe('question');
    expect(byQ.drop.em.test).toBe('mcnemar');
    expect(byP.drop.f1).toMatchObject({ resample: 'passage', lo: -100, hi: 100, method: 'exact' });
    expect(byP.drop.f1.p).toBeCloseTo(0.5, 12);
    expect(byP.drop.em).toMatchObject({ test: 'sign-flip', resample: 'passage' });
    expect(byP.drop.em.p).toBeCloseTo(0.5, 12);
  });
});
