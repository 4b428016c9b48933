import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codePointLength, codePointMapper, codePointSlice, fromCodePoint, toCodePoint } from '../../src/core/text/codepoints.ts';

describe('code points vs UTF-16', () => {
  it.each([
    // text, UTF-16 offset, code-point offset (hand-counted)
    ['Paris', 3, 3],
    ['😀 Paris', 3, 2],
    ['a😀b😀c', 6, 4],
    ['𠀀中文', 2, 1],
    ['e\u0301 café', 2, 2],
  ])('%s: UTF-16 %i is code point %i', (text, u16, c) => {
    expect(toCodePoint(text, u16)).toBe(c);
    expect(fromCodePoint(text, c)).toBe(u16);
    expect(codePointMapper(text).toCodePoint(u16)).toBe(c);
    expect(codePointMapper(text).fromCodePoint(c)).toBe(u16);
  });

  it('length and slice count as Python does', () => {
    expect(codePointLength('👩‍👩‍👧 ok')).toBe(8);
    expect(codePointSlice('a😀b', 1, 2)).toBe('😀');
  });

  it('round-trips every code-point boundary (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (s) => {
        const m = codePointMapper(s);
        const n = codePointLength(s);
        expect(n).toBe(Array.from(s).length);
        for (let c = 0; c <= n; c++) {
          const u = fromCodePoint(s, c);
          expect(m.fromCodePoint(c)).toBe(u);
          expect(toCodePoint(s, u)).toBe(c);
          expect(m.toCodePoint(u)).toBe(c);
          expect(codePointSlice(s, 0, c)).toBe(s.slice(0, u));
        }
      }),
    );
  });
});
