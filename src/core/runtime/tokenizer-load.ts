/**
 * A model's tokenizer for the QA engine. BERT-style tokenizer.json files (WordPiece with
 * BertNormalizer and BertPreTokenizer) get the core WordPiece tokenizer, which gives exactly
 * transformers.js' tokens; where the file comes as text through fetch or a picked file (the
 * app's own model, a picked folder) its vocabulary is scanned instead of JSON.parsed whole,
 * which is most of a visit's tokenizer start-up. Other tokenizers, and files transformers.js
 * reads itself (the Hub with its cache, Node's file system), go through AutoTokenizer.
 */
import { env, type PreTrainedTokenizer, type ProgressInfo } from '@huggingface/transformers';
import { pairTemplateFromTokenizerJson, qaTokenize, schemeFromTokenizerJson, whitespaceCuts, type QaTokenizer } from '../qa/tokenizer.ts';
import { createWordPiece, wordPieceRefusal, type CoreWordPiece, type WordPieceJson } from '../qa/wordpiece.ts';
import { coreQaTokenizer, qaTokenizerFromText } from '../qa/wordpiece-text.ts';
export { qaTokenizerFromText } from '../qa/wordpiece-text.ts';

/** Where the tokenizer files of a model can be read as text without transformers.js. */
export type TokenizerFiles = { kind: 'fetch'; dir: string } | { kind: 'files'; files: Map<string, Blob> };

/** The engine's tokenizer over a core or library tokenizer, with scheme and template from tokenizer.json. */
function qaTokenizerOf(json: unknown, config: Record<string, unknown>, core: CoreWordPiece | null, lib: PreTrainedTokenizer | null): QaTokenizer {
  if (core) return coreQaTokenizer(json, config, core);
  const scheme = schemeFromTokenizerJson(json, config);
  const tok = lib as PreTrainedTokenizer;
  const vocab = tok.get_vocab();
  const unk = (tok as unknown as { unk_token_id?: number }).unk_token_id ?? 0;
  const tokenId = (t: string) => vocab.get(t) ?? unk;
  const pad = (tok as unknown as { pad_token?: string | null }).pad_token ?? null;
  return { scheme, template: pairTemplateFromTokenizerJson(json, tokenId, pad), tokenize: qaTokenize(json, scheme, (text: string) => tok.tokenize(text)), tokenId, cutsAtWhitespace: whitespaceCuts(json) };
}

/**
 * Adapts a transformers.js tokenizer to the engine's QaTokenizer: the core WordPiece tokenizer
 * over the library's own vocabulary Map when it reproduces the library, else the library's tokenize.
 */
export function adaptTokenizer(tok: PreTrainedTokenizer): QaTokenizer {
  const json = (tok as unknown as { _tokenizerJSON: WordPieceJson })._tokenizerJSON;
  const config = (tok as unknown as { _tokenizerConfig?: Record<string, unknown> })._tokenizerConfig ?? {};
  const model = (tok as unknown as { _tokenizer?: { model?: { tokens_to_ids?: unknown; vocab?: unknown } } })._tokenizer?.model;
  const own = model && model.tokens_to_ids instanceof Map && Array.isArray(model.vocab) ? { ids: model.tokens_to_ids as Map<string, number>, tokens: model.vocab as (string | undefined)[] } : null;
  const core = own && wordPieceRefusal(json, config) === null ? createWordPiece(json, config, own) : null;
  return qaTokenizerOf(json, config, core, tok);
}

/**
 * Where transformers.js would read a model's files as text (a served model folder in the browser,
 * or picked files), or null when it reads them itself (the Hub, Node's file system).
 */
export function tokenizerFilesOf(source: { kind: string; id: string; files?: Map<string, Blob> }): TokenizerFiles | null {
  if (source.kind === 'files' && source.files) return { kind: 'files', files: source.files };
  if (source.kind !== 'local' || env.useFS || !/^[\w.-]+(\/[\w.-]+)?$/.test(source.id)) return null;
  return { kind: 'fetch', dir: `${env.localModelPath.replace(/\/?$/, '/')}${source.id}/` };
}

/** A file's text, or null when it cannot be read (transformers.js then reads it and reports the error). */
async function readText(where: TokenizerFiles, id: string, name: string, onProgress?: (p: ProgressInfo) => void): Promise<string | null> {
  let text: string;
  if (where.kind === 'files') {
    const blob = where.files.get(name);
    if (!blob) return null;
    text = await blob.text();
  } else {
    const r = await env.fetch(`${where.dir}${name}`);
    if (!r.ok) return null;
    text = await r.text();
  }
  onProgress?.({ status: 'progress', name: id, file: name, progress: 100, loaded: text.length, total: text.length } as ProgressInfo);
  onProgress?.({ status: 'done', name: id, file: name } as ProgressInfo);
  return text;
}

/** The core tokenizer read from `where`, or null (not BERT-style, unusual, or unreadable). */
export async function readQaTokenizer(where: TokenizerFiles, id: string, onProgress?: (p: ProgressInfo) => void): Promise<QaTokenizer | null> {
  const [text, configText] = await Promise.all([readText(where, id, 'tokenizer.json', onProgress), readText(where, id, 'tokenizer_config.json', onProgress)]);
  if (text === null || configText === null) return null;
  try {
    return qaTokenizerFromText(text, JSON.parse(configText) as Record<string, unknown>);
  } catch {
    return null;
  }
}
