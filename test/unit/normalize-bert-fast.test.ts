/**
 * normalizeBert handles ASCII without regexes and without NFD (issue 44: the engine's JS per
 * input); this pins that it returns what the per-character regex version (kept here) returns.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeBert, type NormalizedText } from '../../src/core/qa/offsets.ts';
import { isFinalSigma } from '../../src/core/text/aligned.ts';

/** normalizeBert before the ASCII path: every character through the regexes and NFD. */
function reference(text: string, lowercase: boolean, stripAccents: boolean): NormalizedText {
  const chars: string[] = [];
  const at: number[] = [];
  let i = 0;
  for (const ch of text) {
    const from = i;
    i += ch.length;
    if (ch === '\u0000' || ch === '\ufffd') continue;
    if (ch !== '\t' && ch !== '\n' && ch !== '\r' && /[\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u.test(ch)) continue;
    chars.push(/\s/u.test(ch) ? ' ' : ch);
    at.push(from);
  }
  const out: string[] = [];
  const origin: number[] = [];
  chars.forEach((ch, k) => {
    let t = ch;
    if (lowercase) t = ch === '\u03a3' ? (isFinalSigma(chars, k) ? '\u03c2' : '\u03c3') : ch.toLowerCase();
    if (stripAccents) t = [...t.normalize('NFD')].filter((c) => !/\p{Mn}/u.test(c)).join('');
    for (let u = 0; u < t.length; u++) {
      out.push(t[u] as string);
      origin.push(at[k] as number);
    }
  });
  return { text: out.join(''), origin };
}

const piece = fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) }), fc.constantFrom('ΑΣ Σ', 'Émile', 'e\u0301', 'İ', 'ß', '\u000b\f\u001f\u007f\u0085', '\ufeff\u200b', '\ud800x', '𠀀'));

describe('normalizeBert', () => {
  it('equals the per-character regex version on any text, ASCII controls included', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 6 }).map((p) => p.join('')), fc.boolean(), fc.boolean(), (text, lower, strip) => {
        expect(normalizeBert(text, lower, strip)).toEqual(reference(text, lower, strip));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['a\tb\nc\rd', 'a b c d'],
    ['A\u0000B\u0007C\u007fD', 'abcd'],
    ['x\u000by\fz', 'xyz'],
  ])('%j → %j (lowercased)', (text, out) => {
    expect(normalizeBert(text, true, true).text).toBe(out);
  });
});
