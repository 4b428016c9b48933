/**
 * Every popular QA tokenizer family, on mini tokenizers in that family's serialized layout
 * (test/fixtures/tokenizers/make-families.ts), tokenized by the library transformers.js uses:
 * scheme, pair template, hand-checked offsets, and offsets checked against the text for every
 * token of a multilingual corpus (English, Chinese, accents, emoji, CJK Extension B) and of
 * random text.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tokenOffsets } from '../../src/core/qa/offsets.ts';
import { textOf } from '../../src/core/text/aligned.ts';
import { normalizeSentencePiece } from '../../src/core/qa/sp-normalize.ts';
import { encodeText, modelTypeOf } from '../../src/core/qa/tokenizer.ts';
import type { CharSpan } from '../../src/core/types.ts';
import { FAMILY_TOKENIZERS, loadFixtureTokenizer, type FixtureTokenizer, type FixtureTokenizerName } from './helpers/fixture-tokenizer.ts';
import { familyFiles } from '../fixtures/tokenizers/make-families.ts';

type Family = (typeof FAMILY_TOKENIZERS)[number];
const SP = '\u2581';

/** A multilingual corpus written for these tests: one line per situation. */
export const CORPUS = [
  'Ada Lovelace was born in London in 1815.',
  'Where was Ada Lovelace born?',
  '  Paris  is the capital of France.  ',
  'Émile Zola’s café is très grand; naïve Straße in München.',
  "``Ça va'' à la école, dit-il.",
  'ＦＵＬＬ　ｗｉｄｔｈ ｆｉ ﬁne Ⅻ ½ ㈱',
  '北京是中国的首都，上海人口很多。',
  '谁在北京大学? 上海 is a city (城市).',
  '𠀀𠀁 and 𪜀 are CJK Extension B/C; 𫝀 is D; 𠮷野家 in Tokyo.',
  'x\u{2B820}y: between Extension D and E',
  'Emoji: 😀 👍🏽 👨‍👩‍👧 🇫🇷 ❤️ ©',
  'Tabs\tnew\nlines\r\nand\u00a0nbsp\u2003em\u200bzero\u200dwidth\ufeffbom',
  'Mixed 北京Paris混合text42 and <mask> typed',
  'Decomposed: cafe\u0301 nai\u0308ve, Hangul 한국어, Greek ΟΔΟΣ.',
  '',
  '   ',
];

const loadFamily = (name: Family) => loadFixtureTokenizer(name as FixtureTokenizerName);
const spanText = (text: string, s: CharSpan) => text.slice(s.start, s.end);
const triples = (t: FixtureTokenizer, text: string) => {
  const tokens = t.tokenize(text);
  const spans = tokenOffsets(text, tokens, t.scheme);
  return tokens.map((tk, i): [string, string] => [tk, spanText(text, spans[i] as CharSpan)]);
};

describe('fixtures are the generator output', () => {
  it.each([...FAMILY_TOKENIZERS])('%s', (name) => {
    for (const [file, text] of Object.entries(familyFiles(name))) {
      expect(readFileSync(new URL(`../fixtures/tokenizers/${name}/${file}`, import.meta.url), 'utf8')).toBe(text);
    }
  });
});

describe('scheme and template per family', () => {
  it.each([
    { name: 'bert-legacy-uncased', kind: 'wordpiece', prefix: [101], middle: [102], suffix: [102], typeB: 1 },
    { name: 'bert-legacy-chinese', kind: 'wordpiece', prefix: [101], middle: [102], suffix: [102], typeB: 1 },
    { name: 'xlm-roberta-mini', kind: 'sentencepiece', prefix: [0], middle: [2, 2], suffix: [2], typeB: 0 },
    { name: 'mdeberta-mini', kind: 'sentencepiece', prefix: [1], middle: [2], suffix: [2], typeB: 1 },
    { name: 'deberta-v3-mini', kind: 'sentencepiece', prefix: [1], middle: [2], suffix: [2], typeB: 1 },
    { name: 'albert-mini', kind: 'sentencepiece', prefix: [2], middle: [3], suffix: [3], typeB: 1 },
    { name: 'camembert-mini', kind: 'sentencepiece', prefix: [5], middle: [6, 6], suffix: [6], typeB: 0 },
    { name: 'sp-bpe-mini', kind: 'sentencepiece', prefix: [1], middle: [2, 2], suffix: [2], typeB: 0 },
  ] as const)('$name → $kind', ({ name, kind, prefix, middle, suffix, typeB }) => {
    const t = loadFamily(name);
    expect(t.scheme.kind).toBe(kind);
    expect(t.template).toMatchObject({ prefix, middle, suffix, typeA: 0, typeB, clsIndex: 0 });
  });

  it('a model without "type" is inferred as transformers.js does', () => {
    expect(modelTypeOf({ unk_token: '[UNK]', continuing_subword_prefix: '##', vocab: { a: 0 } })).toBe('WordPiece');
    expect(modelTypeOf({ unk_token: '<unk>', continuing_subword_prefix: '', vocab: { a: 0 }, merges: [] })).toBe('BPE');
    expect(modelTypeOf({ vocab: [['a', 0]] })).toBe('Unigram');
    expect(modelTypeOf({ vocab: { a: 0 } })).toBeUndefined();
  });

  it('ALBERT reads remove_space from tokenizer_config.json', () => {
    expect(loadFamily('albert-mini').scheme).toMatchObject({ kind: 'sentencepiece', removeSpace: true, unkToken: '<unk>' });
    expect(loadFamily('xlm-roberta-mini').scheme).toMatchObject({ removeSpace: false, unkToken: '<unk>', replacement: SP });
    expect(loadFamily('sp-bpe-mini').scheme).toMatchObject({ model: 'bpe', byteFallback: true });
  });
});

describe('hand-checked offsets', () => {
  it.each([
    { name: 'xlm-roberta-mini', text: ' Hello  world', expected: [['▁Hello', 'Hello'], ['▁world', 'world']] },
    { name: 'xlm-roberta-mini', text: 'café 😀 𠀀', expected: [['▁café', 'café'], ['▁', ''], ['😀', '😀'], ['▁', ''], ['𠀀', '𠀀']] },
    { name: 'xlm-roberta-mini', text: 'ｆｉ 北京', expected: [['▁f', 'ｆ'], ['i', 'ｉ'], ['▁北京', '北京']] },
    { name: 'xlm-roberta-mini', text: 'Paris <mask> is', expected: [['▁Paris', 'Paris'], ['<mask>', '<mask>'], ['▁is', 'is']] },
    { name: 'albert-mini', text: "  ``Émile''   Zola ", expected: [['▁', ''], ['"', '``'], ['e', 'É'], ['m', 'm'], ['i', 'i'], ['l', 'l'], ['e', 'e'], ['"', "''"], ['▁zola', 'Zola']] },
    { name: 'albert-mini', text: 'ﬁ', expected: [['▁f', 'ﬁ'], ['i', 'ﬁ']] },
    { name: 'mdeberta-mini', text: 'Zürich, 北京', expected: [['▁Zürich', 'Zürich'], [',', ','], ['▁北京', '北京']] },
    { name: 'deberta-v3-mini', text: 'Paris,France', expected: [['▁Paris', 'Paris'], ['▁', ''], [',', ','], ['▁France', 'France']] },
    { name: 'camembert-mini', text: 'à la école', expected: [['▁à', 'à'], ['▁la', 'la'], ['▁école', 'école']] },
    { name: 'sp-bpe-mini', text: 'Paris 。', expected: [['▁Paris', 'Paris'], ['▁', ''], ['<0xE3>', '。'], ['<0x80>', '。'], ['<0x82>', '。']] },
    { name: 'bert-legacy-uncased', text: 'Émile 𠀀x', expected: [['emile', 'Émile'], ['[UNK]', '𠀀'], ['x', 'x']] },
    { name: 'bert-legacy-chinese', text: '北京𠀀上海', expected: [['北', '北'], ['京', '京'], ['[UNK]', '𠀀'], ['上', '上'], ['海', '海']] },
  ] as const)('$name: $text', ({ name, text, expected }) => {
    expect(triples(loadFamily(name), text)).toEqual(expected);
  });
});

/** Turns byte-fallback tokens back into their byte, other tokens into their UTF-8 bytes. */
const tokenBytes = (token: string): number[] => {
  const m = /^<0x([0-9A-F]{2})>$/.exec(token);
  return m ? [parseInt(m[1] as string, 16)] : [...new TextEncoder().encode(token)];
};

/**
 * Offsets checked against the text: spans in bounds and in order; tokens that share characters
 * form groups, and a group's text, normalized by the library's own normalizer, is the group's
 * tokens joined (spaces and '▁' aside). Unknown WordPiece tokens are checked to be non-empty.
 */
function checkAgainstText(t: FixtureTokenizer, text: string): void {
  const tokens = t.tokenize(text);
  const { spans } = encodeText(t, text);
  expect(spans).toHaveLength(tokens.length);
  const normalize = t.hf.normalizer as unknown as ((s: string) => string) | null;
  spans.forEach((s, k) => k > 0 && expect(s.start).toBeGreaterThanOrEqual((spans[k - 1] as CharSpan).start));
  let prevEnd = 0;
  let i = 0;
  while (i < tokens.length) {
    let j = i + 1;
    let end: number = (spans[i] as CharSpan).end;
    while (j < tokens.length && (spans[j] as CharSpan).start < end) end = Math.max(end, (spans[j++] as CharSpan).end);
    const from: number = (spans[i] as CharSpan).start;
    expect(from).toBeGreaterThanOrEqual(prevEnd); // groups come in text order and never overlap
    expect(end).toBeLessThanOrEqual(text.length);
    const group = tokens.slice(i, j);
    const slice = text.slice(from, end);
    if (t.scheme.kind === 'wordpiece') {
      const unk = t.scheme.unkToken;
      if (group.includes(unk)) group.forEach((tk, k) => tk === unk && expect((spans[i + k] as CharSpan).end).toBeGreaterThan((spans[i + k] as CharSpan).start));
      else expect((normalize?.(slice) ?? slice).trim()).toBe(group.map((tk) => tk.replace(/^##/, '')).join(''));
    } else {
      const surface = new TextDecoder().decode(Uint8Array.from(group.flatMap(tokenBytes))).replaceAll(SP, '');
      const prepared = t.scheme.kind === 'sentencepiece' && t.scheme.removeSpace ? slice.trim().split(/\s+/).join(' ') : slice;
      const isAdded = group.length === 1 && t.scheme.kind === 'sentencepiece' && t.scheme.addedTokens.some((a) => a.content === group[0]);
      const normalized = isAdded ? slice : (normalize?.(prepared) ?? prepared);
      // A slice lowercased alone may end in final sigma where the whole text does not: compare σ/ς alike.
      const fold = (x: string) => x.replaceAll(/[\s\u2581]/gu, '').replaceAll('ς', 'σ');
      expect(fold(normalized)).toBe(fold(surface));
    }
    prevEnd = end;
    i = j;
  }
}

describe('every token of the multilingual corpus maps back to its text', () => {
  it.each([...FAMILY_TOKENIZERS])('%s', (name) => {
    const t = loadFamily(name);
    for (const line of CORPUS) checkAgainstText(t, line);
  });

  it.each(FAMILY_TOKENIZERS.filter((n) => !n.startsWith('bert')))('%s: ids agree with the library encoder', (name) => {
    const t = loadFamily(name);
    for (const line of CORPUS) expect(encodeText(t, line).ids).toEqual(t.hf.encode(line, { add_special_tokens: false }).ids);
  });
});

// ---------------------------------------------------------------------------------------------
// Random multilingual text.

const piece = fc.oneof(
  { arbitrary: fc.constantFrom('Paris', 'the', 'capital', 'Hello', 'world', 'London', 'born', 'München', 'Straße', 'école', 'très', 'Émile', 'naïve'), weight: 5 },
  { arbitrary: fc.stringMatching(/^[A-Za-z]{1,8}$/), weight: 3 },
  fc.constantFrom('北京', '上海', '中国的首都', '人口很多', '城市', '谁', '，', '。', '？', '한국어', 'カタカナ'),
  fc.constantFrom('𠀀', '𠀁', '𪜀', '𫝀', '𠮷', '\u{2B820}', '\u{2CEAF}', '\u{2F800}'),
  fc.constantFrom('😀', '👍🏽', '👨‍👩‍👧', '🇫🇷', '❤️', '©'),
  fc.constantFrom('ｆｕｌｌ', 'ﬁ', 'Ⅻ', '½', '㈱', 'e\u0301', 'ΟΔΟΣ', '``', "''", '…', '～'),
  fc.constantFrom(',', '.', '!', '?', '’', '"', '(', ')', '-', '—', "'s"),
  fc.constantFrom(' ', '  ', '\t', '\n', '\u00a0', '\u200b', '\u3000', '\ufeff', '\u0001', '\u00ad'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 2 }),
);
const randomText = fc.array(fc.tuple(piece, fc.constantFrom('', ' ', ' ', '\n')), { maxLength: 12 }).map((ps) => ps.map(([p, s]) => p + s).join(''));

describe('properties on random multilingual text', () => {
  it.each([...FAMILY_TOKENIZERS])('%s: offsets map every token back to its text', (name) => {
    const t = loadFamily(name);
    fc.assert(
      fc.property(randomText, (text) => checkAgainstText(t, text)),
      { numRuns: 150 },
    );
  });

  it.each(FAMILY_TOKENIZERS.filter((n) => !n.startsWith('bert')))('%s: the aligned normalization is the library normalization', (name) => {
    const t = loadFamily(name);
    if (t.scheme.kind !== 'sentencepiece') throw new Error('expected SentencePiece');
    const scheme = t.scheme;
    const normalize = t.hf.normalizer as unknown as (s: string) => string;
    fc.assert(
      fc.property(randomText, (raw) => {
        const text = raw.replaceAll('<mask>', '');
        const prepared = scheme.removeSpace ? text.trim().split(/\s+/).join(' ') : text;
        expect(textOf(normalizeSentencePiece(text, scheme))).toBe(prepared ? normalize(prepared) : '');
      }),
      { numRuns: 200 },
    );
  });
});
