/** Python 2.7 unicode hash and dict iteration order, which evaluate-adversarial.py's sums follow. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { py2DictOrder, py2UnicodeHash } from '../../src/core/metrics/py2-dict.ts';

describe('py2UnicodeHash', () => {
  it.each([
    // by hand: x = 97 << 7 = 12416; x = 1000003 · 12416 ^ 97 = 12416037248 ^ 97 = 12416037345; x ^= len 1 → 12416037344
    ['a', 12416037344n],
    ['', 0n],
    // CPython 2.7.18: hash(u'56be4db0acb8001400a502ec') = -4554527296313465083 → 2^64 − 4554527296313465083
    ['56be4db0acb8001400a502ec', 13892216777396086533n],
  ])('%j → %s', (s, expected) => {
    expect(py2UnicodeHash(s)).toBe(expected);
  });
});

describe('py2DictOrder', () => {
  // Expected orders printed by CPython 2.7.18 (UCS-4): d = {}; for k in ins: d[k] = 1; d.keys()
  it.each([
    [['q1', 'q2', 'q3'], ['q1', 'q3', 'q2']],
    [['b', 'a'], ['a', 'b']],
    // 8 keys: the table grows from 8 to 32 slots at the 6th key (fill 6 · 3 ≥ 8 · 2)
    [['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8'], ['q1', 'q3', 'q2', 'q5', 'q4', 'q7', 'q6', 'q8']],
    [
      ['5733be284776f41900661182', '5733be284776f4190066117f', '5733be284776f41900661180', '5733be284776f41900661181', '5733bf84d058e614000b61be', '5733bf84d058e614000b61bf'],
      ['5733be284776f41900661181', '5733bf84d058e614000b61be', '5733bf84d058e614000b61bf', '5733be284776f41900661182', '5733be284776f4190066117f', '5733be284776f41900661180'],
    ],
  ])('%j → %j', (ins, expected) => {
    expect(py2DictOrder(ins)).toEqual(expected);
  });

  it('is a permutation of the distinct keys', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 6 }), { maxLength: 60 }), (keys) => {
        expect([...py2DictOrder(keys)].sort()).toEqual([...new Set(keys)].sort());
      }),
    );
  });
});
