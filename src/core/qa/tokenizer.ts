/**
 * What the engine needs from a tokenizer, independent of the library that loaded it: token
 * strings, their ids, how they map back to characters, and the special-token template for a
 * (question, passage) pair.
 */
import { isolateAstralCjk, tokenOffsets, type TokenizerScheme } from './offsets.ts';
import { compileNormalizer, UnsupportedNormalizerError, type NormalizerJson, type SentencePieceScheme } from './sp-normalize.ts';
import type { CharSpan } from '../types.ts';

/** Special tokens around a pair: prefix A middle B suffix, with the token type of each part. */
export interface PairTemplate {
  prefix: number[];
  middle: number[];
  suffix: number[];
  /** token_type_ids for prefix/A/middle and for B/suffix (BERT: 0 and 1). */
  typeA: number;
  typeB: number;
  clsIndex: 0;
  padId: number;
}

/** The tokenizer surface the engine uses. */
export interface QaTokenizer {
  scheme: TokenizerScheme;
  template: PairTemplate;
  /** Token strings for text without special tokens. */
  tokenize(text: string): string[];
  /** Id of a token string. */
  tokenId(token: string): number;
  /** True when a text cut at ASCII whitespace tokenizes as its parts (whitespaceCuts): the engine then re-tokenizes only what changed. */
  cutsAtWhitespace?: boolean;
}

/** Token ids of a text with the character span of each token. */
export interface EncodedText {
  ids: number[];
  spans: CharSpan[];
}

/** Tokenizes and aligns, e.g. encodeText(tok, 'Paris') → { ids: [id('Paris')], spans: [[0,5)] }. */
export function encodeText(tokenizer: QaTokenizer, text: string): EncodedText {
  const tokens = tokenizer.tokenize(text);
  return { ids: tokens.map((t) => tokenizer.tokenId(t)), spans: tokenOffsets(text, tokens, tokenizer.scheme) };
}

// Loose shapes of the tokenizer.json sections we read; unknown fields are ignored.
interface TokJson {
  normalizer?: { type?: string; lowercase?: boolean; strip_accents?: boolean | null; handle_chinese_chars?: boolean; normalizers?: TokJson['normalizer'][] } | null;
  pre_tokenizer?: { type?: string; replacement?: string; pretokenizers?: { type?: string; replacement?: string }[] } | null;
  post_processor?: {
    type?: string;
    cls?: [string, number];
    sep?: [string, number];
    pair?: ({ SpecialToken?: { id: string; type_id: number }; Sequence?: { id: string; type_id: number } })[];
    special_tokens?: Record<string, { ids: number[] }>;
  } | null;
  model?: { type?: string; unk_token?: string | null; unk_id?: number | null; continuing_subword_prefix?: string | null; vocab?: unknown; merges?: unknown; byte_fallback?: boolean };
  added_tokens?: { id: number; content: string; lstrip?: boolean; rstrip?: boolean }[];
}

/** Thrown for tokenizers the engine cannot align or template; the message says what is missing. */
export class UnsupportedTokenizerError extends Error {
  override name = 'UnsupportedTokenizerError';
}

/**
 * The model type, inferred as transformers.js does for files without `model.type` (tokenizer.json
 * written before 2021): a vocab list is Unigram; continuing_subword_prefix and unk_token make
 * WordPiece, or BPE when there are merges.
 */
export function modelTypeOf(model: TokJson['model']): string | undefined {
  if (!model) return undefined;
  if (model.type) return model.type;
  if (Array.isArray(model.vocab)) return 'Unigram';
  if (model.vocab && 'continuing_subword_prefix' in model && 'unk_token' in model) return 'merges' in model ? 'BPE' : 'WordPiece';
  return undefined;
}

type PreTok = NonNullable<TokJson['pre_tokenizer']>;
const preTokenizers = (pre: TokJson['pre_tokenizer']): PreTok[] => (!pre ? [] : pre.type === 'Sequence' ? (pre.pretokenizers ?? []) : [pre]);

/** Whether the normalizer writes spaces as '▁' itself (Llama-style Replace ' ' → '▁'). */
function normalizerUsesMetaspace(n: TokJson['normalizer']): boolean {
  if (!n) return false;
  if (n.type === 'Sequence') return (n.normalizers ?? []).some(normalizerUsesMetaspace);
  const r = n as NormalizerJson;
  return r.type === 'Replace' && r.pattern?.String === ' ' && r.content === '\u2581';
}

/** The SentencePiece scheme of a Unigram or Metaspace-BPE tokenizer.json; `config` is tokenizer_config.json. */
function sentencePieceScheme(t: TokJson, model: 'unigram' | 'bpe', config: Record<string, unknown>): SentencePieceScheme {
  const meta = preTokenizers(t.pre_tokenizer).find((p) => p.type === 'Metaspace');
  const vocab = t.model?.vocab;
  const unkId = t.model?.unk_id;
  const unkToken = model === 'unigram' ? (Array.isArray(vocab) && typeof unkId === 'number' ? String((vocab[unkId] as [string, number] | undefined)?.[0] ?? '') || null : null) : (t.model?.unk_token ?? null);
  const scheme: SentencePieceScheme = {
    kind: 'sentencepiece',
    model,
    normalizer: (t.normalizer as NormalizerJson | null | undefined) ?? null,
    replacement: meta?.replacement ?? '\u2581',
    removeSpace: config.remove_space === true,
    unkToken,
    byteFallback: model === 'bpe' && t.model?.byte_fallback === true,
    addedTokens: (t.added_tokens ?? []).map((a) => ({ content: a.content, lstrip: a.lstrip === true, rstrip: a.rstrip === true })),
  };
  try {
    compileNormalizer(scheme.normalizer);
  } catch (err) {
    if (err instanceof UnsupportedNormalizerError) throw new UnsupportedTokenizerError(err.message);
    throw err;
  }
  return scheme;
}

/**
 * Reads the offset-relevant settings from tokenizer.json (and tokenizer_config.json), e.g. BERT
 * uncased → { kind: 'wordpiece', lowercase: true, stripAccents: true, prefix: '##', unkToken: '[UNK]' }.
 */
export function schemeFromTokenizerJson(json: unknown, config: Record<string, unknown> = {}): TokenizerScheme {
  const t = json as TokJson;
  const type = modelTypeOf(t.model);
  if (type === 'WordPiece') {
    const norms = t.normalizer?.type === 'Sequence' ? (t.normalizer.normalizers ?? []) : [t.normalizer];
    const bert = norms.find((n) => n?.type === 'BertNormalizer');
    const lowercase = Boolean(bert?.lowercase) || norms.some((n) => n?.type === 'Lowercase');
    // BertNormalizer strips accents when asked to, or by default when it lowercases itself (a
    // separate Lowercase normalizer does not switch its stripping on).
    const bertStrips = bert ? (bert.strip_accents ?? Boolean(bert.lowercase)) : false;
    const strip = bertStrips || norms.some((n) => n?.type === 'StripAccents');
    return { kind: 'wordpiece', lowercase, stripAccents: Boolean(strip), prefix: t.model?.continuing_subword_prefix ?? '##', unkToken: t.model?.unk_token ?? '[UNK]' };
  }
  if (type === 'Unigram') return sentencePieceScheme(t, 'unigram', config);
  if (type === 'BPE') {
    const pres = preTokenizers(t.pre_tokenizer);
    if (pres.some((p) => p.type === 'ByteLevel')) return { kind: 'bytelevel-bpe', unkToken: t.model?.unk_token ?? null };
    if (pres.some((p) => p.type === 'Metaspace') || normalizerUsesMetaspace(t.normalizer)) return sentencePieceScheme(t, 'bpe', config);
    throw new UnsupportedTokenizerError('BPE tokenizer without a ByteLevel or Metaspace pre-tokenizer: character offsets are not supported for it.');
  }
  throw new UnsupportedTokenizerError(`Tokenizer model "${String(type)}" is not supported (WordPiece, byte-level BPE, SentencePiece Unigram and Metaspace BPE are).`);
}

// Normalizers that work character by character (whitespace stays a barrier) and pre-tokenizers that split at every whitespace.
const PER_CHAR_NORMALIZERS = new Set(['BertNormalizer', 'Lowercase', 'StripAccents', 'NFD']);
const WHITESPACE_SPLITS = new Set(['BertPreTokenizer', 'Whitespace', 'WhitespaceSplit']);

/**
 * Whether a text cut at ASCII whitespace tokenizes as its two parts: WordPiece with per-character
 * normalizers and a pre-tokenizer that splits at whitespace, and no added token holding whitespace
 * (BERT, DistilBERT); not SentencePiece or byte-level BPE, whose tokens carry the space before a word.
 */
export function whitespaceCuts(json: unknown): boolean {
  const t = json as TokJson;
  if (modelTypeOf(t.model) !== 'WordPiece') return false;
  const norms = !t.normalizer ? [] : t.normalizer.type === 'Sequence' ? (t.normalizer.normalizers ?? []) : [t.normalizer];
  const pres = preTokenizers(t.pre_tokenizer);
  return norms.every((n) => PER_CHAR_NORMALIZERS.has(n?.type ?? '')) && pres.length > 0 && pres.every((p) => WHITESPACE_SPLITS.has(p.type ?? '')) && !(t.added_tokens ?? []).some((a) => /\s/.test(a.content));
}

/**
 * The token strings the engine uses, from the library's tokenize. WordPiece with BertNormalizer
 * gets astral CJK ideographs isolated first, as the Rust tokenizers do (the JS one misses them).
 */
export function qaTokenize(json: unknown, scheme: TokenizerScheme, libraryTokenize: (text: string) => string[]): (text: string) => string[] {
  const t = json as TokJson;
  const norms = t.normalizer?.type === 'Sequence' ? (t.normalizer.normalizers ?? []) : [t.normalizer];
  const chinese = norms.some((n) => n?.type === 'BertNormalizer' && n.handle_chinese_chars !== false);
  if (scheme.kind !== 'wordpiece' || !chinese) return libraryTokenize;
  return (text: string) => libraryTokenize(isolateAstralCjk(text));
}

/**
 * Derives the pair template from the post-processor, e.g. BERT → prefix [CLS], middle [SEP],
 * suffix [SEP], types 0/1; RoBERTa → <s> A </s></s> B </s>, types 0/0.
 */
export function pairTemplateFromTokenizerJson(json: unknown, tokenId: (t: string) => number, padToken: string | null): PairTemplate {
  const t = json as TokJson;
  const pp = t.post_processor;
  const padId = padToken != null ? tokenId(padToken) : 0;
  if (pp?.type === 'TemplateProcessing' && pp.pair) {
    const parts: number[][] = [[], [], []];
    let part = 0;
    let typeA = 0;
    let typeB = 1;
    for (const piece of pp.pair) {
      if (piece.Sequence) {
        if (piece.Sequence.id === 'A') typeA = piece.Sequence.type_id;
        else typeB = piece.Sequence.type_id;
        part++;
        continue;
      }
      if (piece.SpecialToken) {
        const ids = pp.special_tokens?.[piece.SpecialToken.id]?.ids ?? [tokenId(piece.SpecialToken.id)];
        (parts[part] as number[]).push(...ids);
      }
    }
    return { prefix: parts[0] as number[], middle: parts[1] as number[], suffix: parts[2] as number[], typeA, typeB, clsIndex: 0, padId };
  }
  if ((pp?.type === 'RobertaProcessing' || pp?.type === 'BertProcessing') && pp.cls && pp.sep) {
    const cls = pp.cls[1];
    const sep = pp.sep[1];
    const roberta = pp.type === 'RobertaProcessing';
    return { prefix: [cls], middle: roberta ? [sep, sep] : [sep], suffix: [sep], typeA: 0, typeB: roberta ? 0 : 1, clsIndex: 0, padId };
  }
  throw new UnsupportedTokenizerError(`Tokenizer post-processor "${String(pp?.type)}" does not define a [CLS]-first pair template.`);
}
