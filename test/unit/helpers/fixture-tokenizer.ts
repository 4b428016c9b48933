/**
 * Loads the hand-made tokenizers under test/fixtures/tokenizers with @huggingface/tokenizers and
 * adapts them to the core QaTokenizer, the way src/core/runtime/transformers.ts adapts a
 * transformers.js tokenizer (scheme and template read from tokenizer.json, ids from the vocab).
 */
import { readFileSync } from 'node:fs';
import { Tokenizer } from '@huggingface/tokenizers';
import { pairTemplateFromTokenizerJson, qaTokenize, schemeFromTokenizerJson, whitespaceCuts, type QaTokenizer } from '../../../src/core/qa/tokenizer.ts';

export const FIXTURE_TOKENIZERS = ['bert-cased-mini', 'bert-uncased-mini', 'bert-chinese-mini', 'roberta-mini'] as const;
/** Mini tokenizers in each model family's serialized layout (written by make-families.ts). */
export const FAMILY_TOKENIZERS = ['bert-legacy-uncased', 'bert-legacy-chinese', 'xlm-roberta-mini', 'mdeberta-mini', 'deberta-v3-mini', 'albert-mini', 'camembert-mini', 'sp-bpe-mini'] as const;
export type FixtureTokenizerName = (typeof FIXTURE_TOKENIZERS)[number] | (typeof FAMILY_TOKENIZERS)[number];

export interface FixtureTokenizer extends QaTokenizer {
  name: FixtureTokenizerName;
  /** The library tokenizer, for its normalizer and encode(). */
  hf: Tokenizer;
  json: Record<string, unknown>;
  config: Record<string, unknown>;
  unkId: number;
}

const cache = new Map<FixtureTokenizerName, FixtureTokenizer>();

function readJson(name: string, file: string): Record<string, unknown> {
  const url = new URL(`../../fixtures/tokenizers/${name}/${file}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
}

/** The fixture tokenizer `name`, loaded once per test file. */
export function loadFixtureTokenizer(name: FixtureTokenizerName): FixtureTokenizer {
  const hit = cache.get(name);
  if (hit) return hit;
  const json = readJson(name, 'tokenizer.json');
  const config = readJson(name, 'tokenizer_config.json');
  const hf = new Tokenizer(json, config);
  const vocab = hf.get_vocab();
  const unkToken = typeof config.unk_token === 'string' ? config.unk_token : '[UNK]';
  const unkId = vocab.get(unkToken) ?? 0;
  const tokenId = (t: string) => vocab.get(t) ?? unkId;
  const padToken = typeof config.pad_token === 'string' ? config.pad_token : null;
  const scheme = schemeFromTokenizerJson(json, config);
  const tok: FixtureTokenizer = {
    name,
    hf,
    json,
    config,
    unkId,
    scheme,
    template: pairTemplateFromTokenizerJson(json, tokenId, padToken),
    tokenize: qaTokenize(json, scheme, (text: string) => hf.tokenize(text)),
    tokenId,
    cutsAtWhitespace: whitespaceCuts(json),
  };
  cache.set(name, tok);
  return tok;
}
