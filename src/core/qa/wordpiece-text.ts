/**
 * The engine's QaTokenizer over the core WordPiece tokenizer, built straight from tokenizer.json
 * text (the vocabulary scanned, the rest parsed). No library import: the browser benchmark
 * bundles it alone.
 */
import { pairTemplateFromTokenizerJson, qaTokenize, schemeFromTokenizerJson, whitespaceCuts, type QaTokenizer } from './tokenizer.ts';
import { addTokens, createWordPiece, wordPieceRefusal, type CoreWordPiece, type WordPieceJson } from './wordpiece.ts';
import { jsonWithoutVocab, scanVocab } from './vocab-scan.ts';

/** The engine's tokenizer over a core WordPiece tokenizer, scheme and template from tokenizer.json. */
export function coreQaTokenizer(json: unknown, config: Record<string, unknown>, core: CoreWordPiece): QaTokenizer {
  const scheme = schemeFromTokenizerJson(json, config);
  return { scheme, template: pairTemplateFromTokenizerJson(json, core.tokenId, core.padToken), tokenize: qaTokenize(json, scheme, core.tokenize), tokenId: core.tokenId, cutsAtWhitespace: whitespaceCuts(json) };
}

/**
 * The core tokenizer from tokenizer.json text and tokenizer_config.json, or null when the file
 * is not BERT-style WordPiece or its vocabulary is unusual (the caller then uses transformers.js).
 */
export function qaTokenizerFromText(text: string, config: Record<string, unknown>): QaTokenizer | null {
  const rest = jsonWithoutVocab(text);
  if (!rest || wordPieceRefusal(rest.json as WordPieceJson, config) !== null) return null;
  const scanned = scanVocab(text, rest.vocabAt);
  if (!scanned) return null;
  const json = rest.json as WordPieceJson;
  addTokens(scanned.vocab, json.added_tokens ?? []);
  return coreQaTokenizer(json, config, createWordPiece(json, config, scanned.vocab));
}
