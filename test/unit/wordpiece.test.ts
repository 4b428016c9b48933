/**
 * The core WordPiece tokenizer against transformers.js: hand-picked hard cases with their tokens,
 * and random Unicode text compared with AutoTokenizer on the shipped model's tokenizer and with a
 * lowercasing BertTokenizer that has normalized, stripping added tokens.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { AutoTokenizer, BertTokenizer, env, type PreTrainedTokenizer } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonWithoutVocab, scanVocab } from '../../src/core/qa/vocab-scan.ts';
import { adaptTokenizer, qaTokenizerFromText, tokenizerFilesOf } from '../../src/core/runtime/tokenizer-load.ts';
import { addTokens, createWordPiece, idLookup, wordPieceRefusal, type CoreWordPiece, type WordPieceJson } from '../../src/core/qa/wordpiece.ts';

const DIR = join(import.meta.dirname, '..', '..', 'public', 'models');
const TEXT = readFileSync(join(DIR, 'qarx-lexical-qa', 'tokenizer.json'), 'utf8');
const CONFIG = JSON.parse(readFileSync(join(DIR, 'qarx-lexical-qa', 'tokenizer_config.json'), 'utf8')) as Record<string, unknown>;

/** The core tokenizer from tokenizer.json text, through the cheap vocabulary scan. */
function coreFromText(text: string, config: Record<string, unknown>): CoreWordPiece {
  const rest = jsonWithoutVocab(text);
  if (!rest) throw new Error('no vocab');
  const json = rest.json as WordPieceJson;
  expect(wordPieceRefusal(json, config)).toBeNull();
  const scanned = scanVocab(text, rest.vocabAt);
  if (!scanned) throw new Error('unusual vocab');
  addTokens(scanned.vocab, json.added_tokens ?? []);
  return createWordPiece(json, config, scanned.vocab);
}

/** The shipped tokenizer lowercasing, with two normalized added tokens that strip the spaces beside them. */
function lowercasingJson(): Record<string, unknown> {
  const json = JSON.parse(TEXT) as { normalizer: Record<string, unknown>; added_tokens: Record<string, unknown>[]; model: { vocab: Record<string, number> } };
  json.normalizer.lowercase = true;
  const next = Object.keys(json.model.vocab).length;
  json.added_tokens.push({ id: next, content: '<Ent>', single_word: false, lstrip: true, rstrip: false, normalized: true, special: false });
  json.added_tokens.push({ id: next + 1, content: 'ZZ', single_word: false, lstrip: false, rstrip: true, normalized: true, special: false });
  return json;
}

let shipped: PreTrainedTokenizer;
let lowerLib: PreTrainedTokenizer;
let core: CoreWordPiece;
let lowerCore: CoreWordPiece;
let plainLowerLib: PreTrainedTokenizer;
let plainLowerCore: CoreWordPiece;
beforeAll(async () => {
  env.allowLocalModels = true;
  env.localModelPath = `${DIR}/`;
  shipped = await AutoTokenizer.from_pretrained('qarx-lexical-qa');
  const lower = lowercasingJson();
  lowerLib = new BertTokenizer(lower, CONFIG);
  core = coreFromText(TEXT, CONFIG);
  lowerCore = coreFromText(JSON.stringify(lower, null, 2), CONFIG);
  // Lowercasing with only special added tokens: the core tokenizes word by word (final sigma, NFD).
  const plainLower = TEXT.replace('"lowercase":false', '"lowercase":true');
  plainLowerLib = new BertTokenizer(JSON.parse(plainLower), CONFIG);
  plainLowerCore = coreFromText(plainLower, CONFIG);
});

describe('core WordPiece: hand-picked cases', () => {
  it.each([
    { text: 'Café Zürich', cased: ['Ca', '##f', '##é', 'Z', '##ü', '##r', '##ic', '##h'], lower: ['cafe', 'z', '##u', '##r', '##ic', '##h'] },
    { text: 'naïve résumé', cased: ['na', '##ï', '##v', '##e', 'r', '##é', '##s', '##u', '##m', '##é'], lower: ['naive', 'resume'] },
    // BMP ideographs stand alone; the astral 𠮷 is not isolated by the JS library, so its word is [UNK].
    { text: '北京市 is 𠮷野家', cased: ['北', '京', '市', 'is', '[UNK]', '野', '家'], lower: ['北', '京', '市', 'is', '[UNK]', '野', '家'] },
    // Tab is a space; NUL, BEL, ZWSP and BOM are dropped and join their neighbours.
    { text: 'tab\there\u0000nul\u0007bell\u200bzw\ufeffbom', cased: ['tab', 'here', '##n', '##u', '##l', '##b', '##e', '##l', '##l', '##z', '##w', '##b', '##o', '##m'], lower: null },
    { text: 'Hi 😀 👍🏽!', cased: ['Hi', '[UNK]', '[UNK]', '!'], lower: ['h', '##i', '[UNK]', '[UNK]', '!'] },
    { text: 'a[CLS]b [SEP] [MASK]', cased: ['a', '[CLS]', 'b', '[SEP]', '[MASK]'], lower: null },
    { text: 'x'.repeat(101), cased: ['[UNK]'], lower: null },
    { text: 'x'.repeat(100), cased: ['x', ...Array<string>(99).fill('##x')], lower: null },
    { text: 'İstanbul', cased: ['İ', '##s', '##t', '##an', '##b', '##u', '##l'], lower: ['ist', '##an', '##b', '##u', '##l'] },
    { text: '«quote» — dash… ¿que?', cased: ['[UNK]', 'quote', '[UNK]', '—', 'dash', '…', '[UNK]', 'que', '?'], lower: null },
    { text: '$5 + 3% = #1 @home ~x', cased: ['$', '5', '+', '3', '%', '=', '#', '1', '@', 'home', '~', 'x'], lower: null },
    { text: 'Paris Parisian', cased: ['Paris', 'Parisian'], lower: ['par', '##i', '##s', 'par', '##i', '##s', '##ian'] },
    { text: '\u00a0\u2003\u3000wide line\u2028sep', cased: ['wide', 'line', 'se', '##p'], lower: null },
    { text: '', cased: [], lower: [] },
  ])('$text', ({ text, cased, lower }) => {
    expect(core.tokenize(text)).toEqual(cased);
    expect(shipped.tokenize(text)).toEqual(cased);
    if (lower) expect(lowerCore.tokenize(text)).toEqual(lower);
    expect(lowerCore.tokenize(text)).toEqual(lowerLib.tokenize(text));
  });

  it('splits out normalized added tokens and strips beside them as transformers.js does', () => {
    for (const text of ['say <ent> now', 'x <ENT>y', 'aZZ  b', 'zz zz', '<Ent>ZZ<Ent>']) expect(lowerCore.tokenize(text)).toEqual(lowerLib.tokenize(text));
  });

  it('gives the same ids as get_vocab(), unknown tokens the unk id', () => {
    const vocab = shipped.get_vocab();
    for (const t of ['[CLS]', '[PAD]', 'Paris', '##s', '[UNK]']) expect(core.tokenId(t)).toBe(vocab.get(t));
    expect(core.tokenId('no-such-token')).toBe(100);
    expect(core.padToken).toBe('[PAD]');
  });
});

/** Random text that reaches the hard paths: any code unit, graphemes, and a mix of specials, accents, CJK and marks. */
const TEXTS = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('a', 'É', 'e', 'x', 'Paris', '[CLS]', '[SEP]', ' ', '\t', '中', '##', '\u0301', '!', '.', '\u200b', 'ZZ', '<Ent>', '𠮷', 'ǅ', 'ΑΣ', 'Σ', '  ', '[C\u200bLS]'), maxLength: 30 }),
);

describe('core WordPiece = transformers.js on random Unicode text', () => {
  it('the shipped model (AutoTokenizer)', () => {
    fc.assert(fc.property(TEXTS, (text) => {
      expect(core.tokenize(text)).toEqual(shipped.tokenize(text));
    }), { numRuns: 1500 });
  });
  it('a lowercasing tokenizer with added tokens', () => {
    fc.assert(fc.property(TEXTS, (text) => {
      expect(lowerCore.tokenize(text)).toEqual(lowerLib.tokenize(text));
    }), { numRuns: 1500 });
  });
  it('a lowercasing tokenizer with only special added tokens (word by word)', () => {
    fc.assert(fc.property(TEXTS, (text) => {
      expect(plainLowerCore.tokenize(text)).toEqual(plainLowerLib.tokenize(text));
    }), { numRuns: 1500 });
  });
  it('the adapter over the library tokenizer tokenizes as the one built from text', () => {
    const fromLib = adaptTokenizer(shipped);
    const fromText = qaTokenizerFromText(TEXT, CONFIG);
    expect(fromText).not.toBeNull();
    expect(fromText?.template).toEqual(fromLib.template);
    fc.assert(fc.property(TEXTS, (text) => {
      expect(fromText?.tokenize(text)).toEqual(fromLib.tokenize(text));
    }), { numRuns: 300 });
  });
});

describe('vocabulary scan', () => {
  const KEY = fc.oneof(fc.string({ maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom('__proto__', 'constructor', '"', '\\', '0', '17', 'vocab'));
  it('gives the Map JSON.parse + Object.entries gives, in any layout', () => {
    fc.assert(
      fc.property(fc.uniqueArray(KEY, { maxLength: 30 }), fc.constantFrom(0, 2, '\t'), (keys, indent) => {
        const vocab: Record<string, number> = {};
        keys.forEach((k, i) => Object.defineProperty(vocab, k, { value: (i * 7) % keys.length, enumerable: true, writable: true, configurable: true }));
        const ids = keys.map((_, i) => (i * 7) % keys.length);
        fc.pre(new Set(ids).size === ids.length);
        const text = JSON.stringify({ added_tokens: [{ id: 0, content: 'vocab' }], model: { type: 'WordPiece', note: '"vocab": {', vocab, unk_token: '[UNK]' } }, null, indent);
        const rest = jsonWithoutVocab(text);
        expect(rest?.json).toEqual({ added_tokens: [{ id: 0, content: 'vocab' }], model: { type: 'WordPiece', note: '"vocab": {', vocab: {}, unk_token: '[UNK]' } });
        const scanned = scanVocab(text, rest?.vocabAt ?? -1);
        expect(scanned && [...scanned.vocab.ids].sort()).toEqual(Object.entries(vocab).sort());
      }),
    );
  });
  it.each([
    { name: 'two tokens with one id', vocab: '{"a":0,"b":0}' },
    { name: 'a duplicate key', vocab: '{"a":0,"a":1}' },
    { name: 'a fractional id', vocab: '{"a":0.5}' },
    { name: 'a negative id', vocab: '{"a":-1}' },
  ])('refuses $name (the library is used instead)', ({ vocab }) => {
    const text = `{"model":{"type":"WordPiece","vocab":${vocab}}}`;
    const rest = jsonWithoutVocab(text);
    expect(rest && scanVocab(text, rest.vocabAt)).toBeNull();
  });
});

describe('which tokenizers are core', () => {
  const base = JSON.parse(TEXT) as Record<string, unknown>;
  const model = base.model as Record<string, unknown>;
  it.each([
    { name: 'the shipped model', json: base, config: CONFIG, refusal: null },
    { name: 'a BPE model', json: { ...base, model: { ...model, type: 'BPE' } }, config: CONFIG, refusal: 'not a WordPiece model' },
    { name: 'a Sequence normalizer', json: { ...base, normalizer: { type: 'Sequence', normalizers: [] } }, config: CONFIG, refusal: 'normalizer is not BertNormalizer' },
    { name: 'a Whitespace pre-tokenizer', json: { ...base, pre_tokenizer: { type: 'Whitespace' } }, config: CONFIG, refusal: 'pre-tokenizer is not BertPreTokenizer' },
    { name: 'fuse_unk', json: { ...base, model: { ...model, fuse_unk: true } }, config: CONFIG, refusal: 'fuse_unk' },
    { name: 'remove_space in the config', json: base, config: { ...CONFIG, remove_space: true }, refusal: 'tokenizer_config rewrites the text' },
  ])('$name → $refusal', ({ json, config, refusal }) => {
    expect(wordPieceRefusal(json as WordPieceJson, config)).toBe(refusal);
  });
  it('reads the text itself only for served folders in the browser and picked files', () => {
    expect(tokenizerFilesOf({ kind: 'hub', id: 'a/b' })).toBeNull();
    expect(tokenizerFilesOf({ kind: 'local', id: 'qarx-lexical-qa' })).toBeNull(); // Node: transformers.js reads the file system
    const files = new Map([['tokenizer.json', new Blob([TEXT])]]);
    expect(tokenizerFilesOf({ kind: 'files', id: 'x', files })).toEqual({ kind: 'files', files });
  });
  it('idLookup builds get_vocab()’s Map only when two tokens share an id', () => {
    const clean = { ids: new Map([['a', 0], ['b', 1]]), tokens: ['a', 'b'] };
    expect(idLookup(clean)).toBe(clean.ids);
    const shared = { ids: new Map([['a', 1], ['b', 1]]), tokens: [undefined, 'b'] };
    expect([...idLookup(shared)]).toEqual([[undefined, 0], ['b', 1]]);
  });
});
