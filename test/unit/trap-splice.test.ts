/**
 * A trap passage derived from its passage without reading it again (issue 40.2): the spliced
 * code-point mapper equals the trap passage's own mapper on every offset, and the spliced JSON
 * pieces are byte for byte JSON.stringify of the trap passage, for passages with astral characters,
 * lone surrogate halves, quotes, backslashes and control characters. Where an insertion would split
 * or join a surrogate pair, both say so (keepsPairs false) and fall back to the whole string.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EncodedJsonString } from '../../src/cli/json-splice.ts';
import { codePointMapper, keepsPairs, splicedMapper } from '../../src/core/text/codepoints.ts';

/** Short strings of the characters that make offsets and JSON differ from the text. */
const text = fc.array(fc.constantFrom('a', ' ', 'é', '中', '😀', '𠀀', '\ud800', '\udc00', '"', '\\', '\n', '\u0001', '\u2028'), { maxLength: 24 }).map((a) => a.join(''));
/** A string, an insertion point in it (0..length) and an inserted string. */
const splice = fc.tuple(text, fc.nat(), text).map(([base, k, inserted]) => ({ base, at: k % (base.length + 1), inserted }));
const splicedText = (base: string, at: number, inserted: string) => base.slice(0, at) + inserted + base.slice(at);

describe('keepsPairs: an insertion that leaves every character whole', () => {
  it.each([
    // base, at, inserted, keeps (hand-checked)
    ['ab', 1, 'x', true],
    ['😀', 1, 'x', false], // splits the pair
    ['😀', 0, 'x', true],
    ['😀', 2, 'x', true],
    ['\ud800b', 1, '\udc00', false], // the lone high half before joins the inserted low half
    ['a\udc00', 1, 'x\ud800', false], // the inserted high half joins the lone low half after
    ['\ud800\ud800', 1, 'x', true], // two lone highs: nothing to split
    ['', 0, '😀', true],
  ])('keepsPairs(%j, %i, %j) → %s', (base, at, inserted, keeps) => {
    expect(keepsPairs(base, at, inserted)).toBe(keeps);
  });
});

describe('splicedMapper equals the trap passage own mapper (property)', () => {
  it('on every UTF-16 and code-point offset, past both ends too', () => {
    fc.assert(
      fc.property(splice, ({ base, at, inserted }) => {
        const whole = splicedText(base, at, inserted);
        const want = codePointMapper(whole);
        const got = splicedMapper(base, codePointMapper(base), at, inserted);
        for (let u = -1; u <= whole.length + 1; u++) expect(got.toCodePoint(u)).toBe(want.toCodePoint(u));
        for (let c = -1; c <= Array.from(whole).length + 1; c++) expect(got.fromCodePoint(c)).toBe(want.fromCodePoint(c));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('EncodedJsonString: the trap passage JSON from its passage bytes (property)', () => {
  it('spliced pieces are the UTF-8 of JSON.stringify(trap passage), or null exactly where keepsPairs is false', () => {
    fc.assert(
      fc.property(splice, fc.integer({ min: 1, max: 5 }), ({ base, at, inserted }, markEvery) => {
        const pieces = new EncodedJsonString(base, markEvery).spliced(at, inserted);
        expect(pieces === null).toBe(!keepsPairs(base, at, inserted));
        if (pieces) expect(Buffer.concat(pieces.map((p) => (typeof p === 'string' ? Buffer.from(p) : p))).toString()).toBe(JSON.stringify(splicedText(base, at, inserted)));
      }),
      { numRuns: 3000 },
    );
  });

  it('byteAt of a long passage (many byte marks) is the byte length of its JSON up to that offset', () => {
    const base = Array.from({ length: 40_000 }, (_, k) => ['a', 'é', '😀', '"', '\n', '中'][k % 6]).join('');
    const enc = new EncodedJsonString(base);
    for (const u of [0, 1, 16_383, 16_384, 16_385, 33_333, base.length]) {
      const at = /[\udc00-\udfff]/.test(base[u] ?? '') ? u - 1 : u;
      expect(enc.byteAt(at)).toBe(Buffer.byteLength(JSON.stringify(base.slice(0, at))) - 1);
    }
  });
});
