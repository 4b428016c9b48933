/**
 * Character offsets of tokens produced by real @huggingface/tokenizers runs on hand-made fixture
 * tokenizers. Expected spans are written out by hand: [token, start, end] in UTF-16 code units.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { byteLevelOffsets, isBertPunct, normalizeBert, sliceSpan, tokenOffsets } from '../../src/core/qa/offsets.ts';
import { schemeFromTokenizerJson } from '../../src/core/qa/tokenizer.ts';
import type { CharSpan } from '../../src/core/types.ts';
import { FIXTURE_TOKENIZERS, loadFixtureTokenizer, type FixtureTokenizer, type FixtureTokenizerName } from './helpers/fixture-tokenizer.ts';

type Expected = [token: string, start: number, end: number][];

interface Case {
  name: string;
  tokenizer: FixtureTokenizerName;
  text: string;
  expected: Expected;
}

const spansOf = (t: FixtureTokenizer, text: string) => {
  const tokens = t.tokenize(text);
  return { tokens, spans: tokenOffsets(text, tokens, t.scheme) };
};

const asTriples = (tokens: string[], spans: CharSpan[]): Expected => tokens.map((tk, i) => [tk, spans[i]?.start ?? -1, spans[i]?.end ?? -1]);

const cases: Case[] = [
  // --- bert-cased-mini
  { name: 'cased: words and punctuation', tokenizer: 'bert-cased-mini', text: 'Hello, world!', expected: [['Hello', 0, 5], [',', 5, 6], ['world', 7, 12], ['!', 12, 13]] },
  {
    name: 'cased: continuation pieces',
    tokenizer: 'bert-cased-mini',
    text: 'unaffable playing',
    expected: [['un', 0, 2], ['##aff', 2, 5], ['##able', 5, 9], ['play', 10, 14], ['##ing', 14, 17]],
  },
  {
    name: 'cased: accents kept, curly apostrophe is punctuation',
    tokenizer: 'bert-cased-mini',
    text: 'Émile Zola’s café',
    expected: [['Émile', 0, 5], ['Zola', 6, 10], ['’', 10, 11], ['s', 11, 12], ['café', 13, 17]],
  },
  {
    name: 'cased: [UNK] for an emoji word',
    tokenizer: 'bert-cased-mini',
    text: 'naïve café 😀',
    expected: [['na', 0, 2], ['##ï', 2, 3], ['##ve', 3, 5], ['café', 6, 10], ['[UNK]', 11, 13]],
  },
  { name: 'cased: [UNK] covers the whole word around an emoji', tokenizer: 'bert-cased-mini', text: 'Zola 😀x is', expected: [['Zola', 0, 4], ['[UNK]', 5, 8], ['is', 9, 11]] },
  {
    name: 'cased: one [UNK] per CJK ideograph, later tokens stay aligned',
    tokenizer: 'bert-cased-mini',
    text: '北京 Paris, 城.',
    expected: [['[UNK]', 0, 1], ['[UNK]', 1, 2], ['Paris', 3, 8], [',', 8, 9], ['[UNK]', 10, 11], ['.', 11, 12]],
  },
  {
    name: 'cased: ideographs glued to a word are split from it',
    tokenizer: 'bert-cased-mini',
    text: 'is北京is',
    expected: [['is', 0, 2], ['[UNK]', 2, 3], ['[UNK]', 3, 4], ['is', 4, 6]],
  },
  {
    name: 'cased: words over 100 characters are one [UNK]',
    tokenizer: 'bert-cased-mini',
    text: `${'a'.repeat(101)} is`,
    expected: [['[UNK]', 0, 101], ['is', 102, 104]],
  },
  {
    name: 'cased: odd whitespace, zero-width and control characters',
    // nbsp, tab, newline separate words; ZWSP, ZWJ, \v, BOM, \x01 and soft hyphen are dropped, joining the letters around them.
    tokenizer: 'bert-cased-mini',
    text: 'a\u00a0b\tc\nd\u200be\u200d f\u000bg\ufeffh \u0001i\u00adj',
    expected: [['a', 0, 1], ['b', 2, 3], ['c', 4, 5], ['d', 6, 7], ['##e', 8, 9], ['f', 11, 12], ['##g', 13, 14], ['##h', 15, 16], ['i', 18, 19], ['##j', 20, 21]],
  },
  {
    name: 'cased: NUL, U+FFFD and private-use characters are dropped',
    tokenizer: 'bert-cased-mini',
    text: 'pl\u0000ay\ufffding \ue000is',
    expected: [['play', 0, 5], ['##ing', 6, 9], ['is', 11, 13]],
  },
  { name: 'cased: leading and trailing whitespace', tokenizer: 'bert-cased-mini', text: '  Paris \n', expected: [['Paris', 2, 7]] },
  { name: 'cased: special token typed in the text', tokenizer: 'bert-cased-mini', text: 'a [MASK] b', expected: [['a', 0, 1], ['[MASK]', 2, 8], ['b', 9, 10]] },
  { name: 'cased: empty and blank texts', tokenizer: 'bert-cased-mini', text: ' \t\u200b ', expected: [] },

  // --- bert-uncased-mini
  {
    name: 'uncased: lowercased, accent-stripped pieces map to the original characters',
    tokenizer: 'bert-uncased-mini',
    text: 'Émile Zola’s café',
    expected: [['emile', 0, 5], ['zola', 6, 10], ['’', 10, 11], ['s', 11, 12], ['cafe', 13, 17]],
  },
  { name: 'uncased: upper case', tokenizer: 'bert-uncased-mini', text: 'HELLO World', expected: [['hello', 0, 5], ['world', 6, 11]] },
  {
    name: 'uncased: a decomposed accent is dropped with its base letter kept (as Hugging Face does)',
    tokenizer: 'bert-uncased-mini',
    text: 'cafe\u0301 nai\u0308ve',
    expected: [['cafe', 0, 4], ['naive', 6, 12]],
  },
  {
    name: 'uncased: Hangul syllables NFD-expand to jamo; every piece maps to its whole syllable',
    tokenizer: 'bert-uncased-mini',
    text: '한국',
    expected: [['ᄒ', 0, 1], ['##ᅡᆫ', 0, 1], ['##ᄀ', 1, 2], ['##ᅮ', 1, 2], ['##ᆨ', 1, 2]],
  },
  { name: 'uncased: İ lowercases to i + combining dot, then loses the dot', tokenizer: 'bert-uncased-mini', text: 'İs Paris', expected: [['is', 0, 2], ['paris', 3, 8]] },
  {
    name: 'uncased: Greek final sigma (toLowerCase on the whole text)',
    tokenizer: 'bert-uncased-mini',
    text: 'ΟΔΟΣ ΣΟΣ.',
    expected: [['οδος', 0, 4], ['σ', 5, 6], ['##ο', 6, 7], ['##ς', 7, 8], ['.', 8, 9]],
  },
  { name: 'uncased: special token typed in the text', tokenizer: 'bert-uncased-mini', text: 'x [SEP] y', expected: [['x', 0, 1], ['[SEP]', 2, 7], ['y', 8, 9]] },
  {
    name: 'uncased: a CJK compatibility ideograph is isolated before NFD turns it into an astral one',
    // U+FACF decomposes to U+2284A, which is outside the BMP ranges; the split happened before.
    tokenizer: 'bert-uncased-mini',
    text: 'is\ufacfis',
    expected: [['is', 0, 2], ['[UNK]', 2, 3], ['is', 3, 5]],
  },
  {
    name: 'uncased: [UNK] for an ideograph next to known words',
    tokenizer: 'bert-uncased-mini',
    text: 'Paris 北 City',
    expected: [['paris', 0, 5], ['[UNK]', 6, 7], ['city', 8, 12]],
  },

  // --- bert-chinese-mini
  {
    name: 'chinese: mixed Chinese and English',
    tokenizer: 'bert-chinese-mini',
    text: '北京是中国的首都, Beijing is the capital.',
    expected: [
      ['北', 0, 1], ['京', 1, 2], ['是', 2, 3], ['中', 3, 4], ['国', 4, 5], ['的', 5, 6], ['首', 6, 7], ['都', 7, 8], [',', 8, 9],
      ['Bei', 10, 13], ['##jing', 13, 17], ['is', 18, 20], ['the', 21, 24], ['capital', 25, 32], ['.', 32, 33],
    ],
  },
  {
    name: 'chinese: unknown ideographs are one [UNK] each',
    tokenizer: 'bert-chinese-mini',
    text: '上海城市很多',
    expected: [['上', 0, 1], ['海', 1, 2], ['[UNK]', 2, 3], ['[UNK]', 3, 4], ['很', 4, 5], ['多', 5, 6]],
  },
  { name: 'chinese: fullwidth punctuation', tokenizer: 'bert-chinese-mini', text: '北京，上海。', expected: [['北', 0, 1], ['京', 1, 2], ['，', 2, 3], ['上', 3, 4], ['海', 4, 5], ['。', 5, 6]] },
  {
    name: 'chinese: ideographs inside a Latin word',
    tokenizer: 'bert-chinese-mini',
    text: 'abc北京x',
    expected: [['a', 0, 1], ['##b', 1, 2], ['##c', 2, 3], ['北', 3, 4], ['京', 4, 5], ['x', 5, 6]],
  },
  {
    name: 'chinese: an astral (Extension B) ideograph is its own word, as in the Rust BertNormalizer',
    tokenizer: 'bert-chinese-mini',
    text: '𠀀北 人口',
    expected: [['[UNK]', 0, 2], ['北', 2, 3], ['人', 4, 5], ['口', 5, 6]],
  },
  {
    name: 'chinese: Extension B inside a Latin word splits it (the JS tokenizer alone would give one [UNK])',
    tokenizer: 'bert-chinese-mini',
    text: 'abc𠀀x 𪜀北',
    expected: [['a', 0, 1], ['##b', 1, 2], ['##c', 2, 3], ['[UNK]', 3, 5], ['x', 5, 6], ['[UNK]', 7, 9], ['北', 9, 10]],
  },
  {
    name: 'chinese: U+2B820..U+2B91F is not isolated (the Rust ranges start Extension E at U+2B920)',
    tokenizer: 'bert-chinese-mini',
    text: 'x\u{2B820}x',
    expected: [['[UNK]', 0, 4]],
  },
  { name: 'chinese: ideographic space', tokenizer: 'bert-chinese-mini', text: '北京\u3000上海', expected: [['北', 0, 1], ['京', 1, 2], ['上', 3, 4], ['海', 4, 5]] },

  // --- roberta-mini (byte-level BPE)
  { name: 'bpe: leading space trimmed from Ġ tokens', tokenizer: 'roberta-mini', text: 'Hello world', expected: [['Hello', 0, 5], ['Ġworld', 6, 11]] },
  {
    name: 'bpe: merges and leftovers',
    tokenizer: 'roberta-mini',
    text: 'Paris is the capital',
    expected: [['Paris', 0, 5], ['Ġis', 6, 8], ['Ġthe', 9, 12], ['Ġcap', 13, 16], ['i', 16, 17], ['t', 17, 18], ['a', 18, 19], ['l', 19, 20]],
  },
  {
    name: 'bpe: byte tokens inside multi-byte characters map to the whole character',
    // ï = C3 AF (two byte tokens); é merges into Ġcafé; 😀 = F0 9F 98 80 split as ðŁĺ + Ģ.
    tokenizer: 'roberta-mini',
    text: 'naïve café 😀',
    expected: [['na', 0, 2], ['Ã', 2, 3], ['¯', 2, 3], ['ve', 3, 5], ['ĠcafÃ©', 6, 10], ['Ġ', 11, 11], ['ðŁĺ', 11, 13], ['Ģ', 11, 13]],
  },
  {
    name: 'bpe: three-byte CJK characters',
    tokenizer: 'roberta-mini',
    text: '北京',
    expected: [['å', 0, 1], ['Į', 0, 1], ['Ĺ', 0, 1], ['ä', 1, 2], ['º', 1, 2], ['¬', 1, 2]],
  },
  {
    name: 'bpe: whitespace-only tokens are empty spans',
    tokenizer: 'roberta-mini',
    text: 'a  b\n\nc',
    expected: [['a', 0, 1], ['Ġ', 2, 2], ['Ġ', 3, 3], ['b', 3, 4], ['Ċ', 5, 5], ['Ċ', 6, 6], ['c', 6, 7]],
  },
  {
    name: 'bpe: nbsp is not trimmed, tab is',
    tokenizer: 'roberta-mini',
    text: 'a\u00a0b\tc',
    expected: [['a', 0, 1], ['Â', 1, 2], ['ł', 1, 2], ['b', 2, 3], ['ĉ', 4, 4], ['c', 4, 5]],
  },
  {
    name: 'bpe: zero-width joiner and decomposed accent keep their bytes',
    tokenizer: 'roberta-mini',
    text: 'e\u0301\u200d',
    expected: [['e', 0, 1], ['Ì', 1, 2], ['ģ', 1, 2], ['â', 2, 3], ['Ģ', 2, 3], ['į', 2, 3]],
  },
  { name: 'bpe: <mask> swallows the space before it (lstrip)', tokenizer: 'roberta-mini', text: 'Hello <mask> world', expected: [['Hello', 0, 5], ['<mask>', 6, 12], ['Ġworld', 13, 18]] },
  { name: 'bpe: other special tokens typed in the text', tokenizer: 'roberta-mini', text: 'a</s>b', expected: [['a', 0, 1], ['</s>', 1, 5], ['b', 5, 6]] },
];

describe('tokenOffsets on fixture tokenizers', () => {
  it.each(cases)('$name', ({ tokenizer, text, expected }) => {
    const t = loadFixtureTokenizer(tokenizer);
    const { tokens, spans } = spansOf(t, text);
    expect(asTriples(tokens, spans)).toEqual(expected);
  });

  it('ids of the helper agree with the library encoder', () => {
    for (const name of FIXTURE_TOKENIZERS) {
      const t = loadFixtureTokenizer(name);
      const text = 'Émile Zola’s café, 北京 😀 unaffable';
      const lib = t.hf.encode(text, { add_special_tokens: false });
      expect(t.tokenize(text).map((x) => t.tokenId(x))).toEqual(lib.ids);
    }
  });
});

describe('scheme and normalizer details', () => {
  it.each([
    { name: 'cased', tokenizer: 'bert-cased-mini' as const, scheme: { kind: 'wordpiece', lowercase: false, stripAccents: false, prefix: '##', unkToken: '[UNK]' } },
    { name: 'uncased (strip_accents null → stripped)', tokenizer: 'bert-uncased-mini' as const, scheme: { kind: 'wordpiece', lowercase: true, stripAccents: true, prefix: '##', unkToken: '[UNK]' } },
    { name: 'chinese', tokenizer: 'bert-chinese-mini' as const, scheme: { kind: 'wordpiece', lowercase: false, stripAccents: false, prefix: '##', unkToken: '[UNK]' } },
    { name: 'roberta', tokenizer: 'roberta-mini' as const, scheme: { kind: 'bytelevel-bpe', unkToken: null } },
  ])('scheme of $name', ({ tokenizer, scheme }) => {
    expect(loadFixtureTokenizer(tokenizer).scheme).toEqual(scheme);
  });

  it.each([
    { name: 'BertNormalizer strip_accents false keeps accents', normalizer: { type: 'BertNormalizer', lowercase: true, strip_accents: false }, lowercase: true, strip: false },
    { name: 'BertNormalizer strip_accents true without lowercase', normalizer: { type: 'BertNormalizer', lowercase: false, strip_accents: true }, lowercase: false, strip: true },
    {
      name: 'a separate Lowercase does not make BertNormalizer strip',
      normalizer: { type: 'Sequence', normalizers: [{ type: 'BertNormalizer', lowercase: false, strip_accents: null }, { type: 'Lowercase' }] },
      lowercase: true,
      strip: false,
    },
    { name: 'NFD + Lowercase + StripAccents sequence', normalizer: { type: 'Sequence', normalizers: [{ type: 'NFD' }, { type: 'Lowercase' }, { type: 'StripAccents' }] }, lowercase: true, strip: true },
  ])('$name', ({ normalizer, lowercase, strip }) => {
    const scheme = schemeFromTokenizerJson({ normalizer, model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##' } });
    expect(scheme).toMatchObject({ kind: 'wordpiece', lowercase, stripAccents: strip });
  });

  it('normalizeBert maps every normalized unit back to its source character', () => {
    const text = 'Ä\u0000b\u200bÇ 한';
    const n = normalizeBert(text, true, true);
    expect(n.text).toBe('abc \u1112\u1161\u11ab'); // 한 → ᄒ ᅡ ᆫ
    expect(n.origin).toEqual([0, 2, 4, 5, 6, 6, 6]);
  });

  it('normalizeBert agrees with the library normalizer on the final-sigma rule', () => {
    const { hf } = loadFixtureTokenizer('bert-uncased-mini');
    const norm = hf.normalizer as unknown as (s: string) => string;
    for (const text of ['ΟΔΟΣ', 'Σ', 'ΑΣ.', 'ΑΣΑ', 'Α\u00adΣ', 'ΑΣ\u00ad', 'ΑΣ\u0001Β', '.Σ.']) {
      expect(normalizeBert(text, true, true).text).toBe(norm(text));
    }
  });

  it('isBertPunct covers ASCII symbols and Unicode punctuation only', () => {
    expect(['$', '+', '^', '`', '~', '’', '，', '。', '«'].every(isBertPunct)).toBe(true);
    expect(['a', '€', '😀', '北', ' '].some(isBertPunct)).toBe(false);
  });

  it('byteLevelOffsets handles add_prefix_space (a Ġ the text does not have)', () => {
    expect(byteLevelOffsets('Hello world', ['ĠHello', 'Ġworld'])).toEqual([
      { start: 0, end: 5 },
      { start: 6, end: 11 },
    ]);
  });

  it('sliceSpan', () => {
    expect(sliceSpan('Paris is big', { start: 0, end: 5 } as CharSpan)).toBe('Paris');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random text.

const words = fc.oneof(
  fc.stringMatching(/^[A-Za-z]{1,9}$/),
  fc.constantFrom('Paris', 'the', 'capital', 'unaffable', 'playing', 'Hello', 'world', 'city', '1867', '42'),
);
const accents = fc.constantFrom('é', 'É', 'ï', 'naïve', 'café', 'Émile', 'e\u0301', 'İ', 'ñ', 'Å', 'ø', 'ß', 'ǅ', 'ﬁ', 'οδος');
const cjk = fc.constantFrom('北', '京', '城', '中国', '北京是', '한국', '한', '々', '𠀀', 'カタカナ', 'ひらがな', '，', '。');
const emoji = fc.constantFrom('😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', '❤️', '©');
const punctuation = fc.constantFrom(',', '.', '!', '?', '’', '“', '”', '(', ')', '-', '—', '…', '«', '»', '#', '[', ']', '$', '€', '\'s');
const whitespace = fc.constantFrom(' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u200b', '\u3000', '\u2028', '\ufeff');
const oddities = fc.constantFrom('\u0001', '\u00ad', '\u0000', '\ufffd', '\ue000', '\ud800', '\u000b', '\u0085');
const anyUnicode = fc.string({ unit: 'binary', minLength: 1, maxLength: 3 });
const piece = fc.oneof({ arbitrary: words, weight: 6 }, accents, cjk, emoji, { arbitrary: punctuation, weight: 2 }, whitespace, oddities, anyUnicode);
const separator = fc.constantFrom('', ' ', ' ', ' ', '\n');
const randomText = fc.array(fc.tuple(piece, separator), { maxLength: 14 }).map((parts) => parts.map(([p, s]) => p + s).join(''));

const cpEnd = (s: string, i: number) => i + ((s.codePointAt(i) ?? 0) > 0xffff ? 2 : 1);

/** Shared structural properties: in bounds, monotone, and overlapping only on one shared character. */
function checkStructure(text: string, spans: CharSpan[]): void {
  let prev: CharSpan | null = null;
  for (const s of spans) {
    expect(s.start).toBeGreaterThanOrEqual(0);
    expect(s.end).toBeGreaterThanOrEqual(s.start);
    expect(s.end).toBeLessThanOrEqual(text.length);
    if (prev) {
      expect(s.start).toBeGreaterThanOrEqual(prev.start);
      expect(s.end).toBeGreaterThanOrEqual(prev.end);
      // Non-overlapping, except pieces of one character (jamo of a syllable, bytes of an emoji).
      if (s.start < prev.end) expect(cpEnd(text, s.start)).toBe(prev.end);
    }
    prev = s;
  }
}

const isUnk = (t: FixtureTokenizer, token: string) => t.scheme.kind === 'wordpiece' && token === t.scheme.unkToken;

describe('offset properties on random text', () => {
  const wordpiece = FIXTURE_TOKENIZERS.filter((n) => n !== 'roberta-mini');

  it.each(wordpiece)('%s: spans are ordered and each span normalizes to its token', (name) => {
    const t = loadFixtureTokenizer(name);
    if (t.scheme.kind !== 'wordpiece') throw new Error('expected WordPiece');
    const prefix = t.scheme.prefix;
    const normalize = t.hf.normalizer as unknown as (s: string) => string;
    fc.assert(
      fc.property(randomText, (text) => {
        const { tokens, spans } = spansOf(t, text);
        expect(spans).toHaveLength(tokens.length);
        checkStructure(text, spans);
        // Group tokens that share a character; a group's text normalizes to its surfaces joined.
        let i = 0;
        while (i < tokens.length) {
          let j = i + 1;
          while (j < tokens.length && (spans[j] as CharSpan).start < (spans[j - 1] as CharSpan).end) j++;
          const group = tokens.slice(i, j);
          if (!group.some((tk) => isUnk(t, tk))) {
            const surface = group.map((tk, k) => (k > 0 || tk.startsWith(prefix) ? tk.replace(prefix, '') : tk)).join('');
            const from = (spans[i] as CharSpan).start;
            const to = (spans[j - 1] as CharSpan).end;
            expect(normalize(text.slice(from, to)).trim()).toBe(surface);
          } else {
            // [UNK] spans are never empty: the tokenizer only emits [UNK] for a non-empty word.
            for (let k = i; k < j; k++) if (isUnk(t, tokens[k] as string)) expect((spans[k] as CharSpan).end).toBeGreaterThan((spans[k] as CharSpan).start);
          }
          i = j;
        }
      }),
      { numRuns: 400 },
    );
  });

  it('roberta-mini: spans are ordered and cover the token bytes minus surrounding whitespace', () => {
    const t = loadFixtureTokenizer('roberta-mini');
    const decoder = new Map<string, number>();
    // Invert the byte-level alphabet from the vocab itself: ids 4..259 are the 256 byte symbols in byte order.
    const vocab = t.hf.get_vocab();
    for (const [tok, id] of vocab) if (id >= 4 && id < 260) decoder.set(tok, id - 4);
    const enc = new TextEncoder();
    const isWs = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
    fc.assert(
      fc.property(randomText, (text) => {
        const { tokens, spans } = spansOf(t, text);
        checkStructure(text, spans);
        const textBytes = enc.encode(text);
        const tokenBytes = tokens.map((tk) => [...tk].map((c) => decoder.get(c) as number));
        // Byte-level BPE loses nothing: the tokens' bytes are the text's bytes.
        expect(tokenBytes.flat()).toEqual([...textBytes]);
        const starts = new Set<number>();
        let b = 0;
        for (const ch of text) {
          starts.add(b);
          b += enc.encode(ch).length;
        }
        starts.add(b);
        let at = 0;
        tokenBytes.forEach((bytes, i) => {
          const from = at;
          at += bytes.length;
          if (!starts.has(from) || !starts.has(at)) return; // a piece of a character: checked by checkStructure
          let lo = 0;
          let hi = bytes.length;
          while (lo < hi && isWs(bytes[lo] as number)) lo++;
          while (hi > lo && isWs(bytes[hi - 1] as number)) hi--;
          expect([...enc.encode(sliceSpan(text, spans[i] as CharSpan))]).toEqual(bytes.slice(lo, hi));
        });
      }),
      { numRuns: 400 },
    );
  });
});
