/** Seeds: one validating function, and a generator that tells all 2^53 seeds apart. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashString, MAX_SEED, mixSeed, parseSeed, rng } from '../../src/core/text/random.ts';

const first = (seed: number, n = 3) => {
  const r = rng(seed);
  return Array.from({ length: n }, () => r());
};

describe('parseSeed', () => {
  it.each([
    { text: '0', seed: 0 },
    { text: '7', seed: 7 },
    { text: ' 42 ', seed: 42 },
    { text: '4294967296', seed: 2 ** 32 },
    { text: '9007199254740991', seed: MAX_SEED },
    { text: 12, seed: 12 },
  ])('accepts $text', ({ text, seed }) => {
    expect(parseSeed(text)).toEqual({ seed });
  });

  it.each(['9007199254740992', '1e300', '1e3', '-1', '1.5', '0x10', '', 'abc', 'Infinity', '99999999999999999999'])('rejects "%s" with a message naming the range', (text) => {
    const r = parseSeed(text, '--seed');
    expect(r).toHaveProperty('error');
    expect('error' in r && r.error).toMatch(/^--seed must be a whole number from 0 to 9007199254740991 \(2\^53 − 1\), got /);
  });
});

describe('rng', () => {
  it('keeps the mulberry32 streams of seeds below 2^32 (published outputs stay reproducible)', () => {
    // mulberry32(0) is the reference implementation's well-known first output.
    expect(first(0)).toEqual([0.26642920868471265, 0.0003297457005828619, 0.2232720274478197]);
    expect(first(7)).toEqual([0.011704753153026104, 0.06195825757458806, 0.97690763277933]);
    expect(first(2 ** 32 - 1)).toEqual([0.8964226141106337, 0.189478256739676, 0.7156526781618595]);
  });

  it.each([
    [2 ** 32, 0],
    [2 ** 32 + 7, 7],
    [2 ** 52, 0],
    [MAX_SEED, 2 ** 32 - 1],
    [MAX_SEED, MAX_SEED - 2 ** 32],
  ])('seed %d and seed %d give different streams (the old generator dropped the high bits)', (a, b) => {
    expect(first(a)).not.toEqual(first(b));
  });

  it('distinct seeds anywhere in 0…2^53−1 give distinct streams, and each stream stays in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SEED }), fc.integer({ min: 0, max: MAX_SEED }), (a, b) => {
        const xa = first(a, 2);
        for (const x of xa) expect(x >= 0 && x < 1).toBe(true);
        if (a !== b) expect(xa).not.toEqual(first(b, 2));
        expect(first(a, 2)).toEqual(xa);
      }),
      { numRuns: 300 },
    );
  });
});

describe('mixSeed', () => {
  it('gives the values it always gave for parts below 2^32', () => {
    expect(mixSeed(1, 2)).toBe(1450409883);
    expect(mixSeed(0)).toBe(2705073857);
    expect(mixSeed(7, 123456)).toBe(2493432529);
  });

  it('keeps the high bits of a seed: 2^32 no longer mixes like 0', () => {
    expect(mixSeed(2 ** 32)).not.toBe(mixSeed(0));
    expect(mixSeed(2 ** 32, hashString('q1'))).not.toBe(mixSeed(0, hashString('q1')));
  });

  it('stays a valid seed and separates seeds that differ only above bit 32', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SEED }), fc.integer({ min: 1, max: 2 ** 21 - 1 }), fc.nat(), (s, top, id) => {
        const m = mixSeed(s, id);
        expect(Number.isSafeInteger(m) && m >= 0).toBe(true);
        const other = (s % 2 ** 32) + ((Math.floor(s / 2 ** 32) + top) % 2 ** 21) * 2 ** 32;
        expect(mixSeed(other, id)).not.toBe(m);
      }),
      { numRuns: 300 },
    );
  });
});
