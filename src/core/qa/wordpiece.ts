/**
 * A WordPiece tokenizer for tokenizer.json files with BertNormalizer and BertPreTokenizer (BERT,
 * DistilBERT, the shipped model) that gives exactly transformers.js' `tokenize()` output, built
 * from a vocabulary Map instead of transformers.js' whole tokenizer object, and remembering each
 * word's tokens and each pre-token's pieces so a passage with a few words renamed re-tokenizes only those words.
 */
import { bertNormalizer, bertPreTokenize, type BertNormalizerJson } from './bert-normalize.ts';

/** A vocabulary as transformers.js holds it: token → id (vocab entries, then added tokens) and id → token. */
export interface WordPieceVocab {
  ids: Map<string, number>;
  tokens: (string | undefined)[];
}

/** One entry of tokenizer.json's added_tokens. */
export interface AddedTokenJson {
  id: number;
  content: string;
  lstrip?: boolean;
  rstrip?: boolean;
  normalized?: boolean;
  special?: boolean;
}

/** The parts of tokenizer.json the WordPiece tokenizer reads (the vocabulary comes separately). */
export interface WordPieceJson {
  normalizer?: { type?: string } | null;
  pre_tokenizer?: { type?: string } | null;
  post_processor?: { type?: string; single?: { Sequence?: { id: string }; SpecialToken?: unknown }[] } | null;
  model?: { type?: string; unk_token?: unknown; continuing_subword_prefix?: unknown; max_input_chars_per_word?: number | null; fuse_unk?: boolean; vocab?: unknown };
  added_tokens?: AddedTokenJson[];
}

/** Pre-tokens remembered per tokenizer; a demo sweep's passages hold a few thousand distinct words. */
const MEMO_LIMIT = 50_000;

/** Post-processors whose `tokenize()` (no special tokens) returns sequence A as it is. */
function passesTokensThrough(pp: WordPieceJson['post_processor']): boolean {
  if (!pp || pp.type === 'BertProcessing' || pp.type === 'RobertaProcessing') return true;
  if (pp.type !== 'TemplateProcessing' || !Array.isArray(pp.single)) return false;
  const seqs = pp.single.filter((p) => p.Sequence);
  return seqs.length === 1 && seqs[0]?.Sequence?.id === 'A';
}

/**
 * Why this core tokenizer would not reproduce transformers.js for a tokenizer.json and its
 * tokenizer_config.json, or null when it does (WordPiece + BertNormalizer + BertPreTokenizer).
 */
export function wordPieceRefusal(json: WordPieceJson, config: Record<string, unknown>): string | null {
  const m = json.model;
  if (!m || (m.type !== undefined && m.type !== 'WordPiece')) return 'not a WordPiece model';
  if (m.type === undefined && !('continuing_subword_prefix' in m && 'unk_token' in m && !('merges' in m))) return 'not a WordPiece model';
  if (json.normalizer?.type !== 'BertNormalizer') return 'normalizer is not BertNormalizer';
  if (json.pre_tokenizer?.type !== 'BertPreTokenizer') return 'pre-tokenizer is not BertPreTokenizer';
  if (typeof m.unk_token !== 'string' || typeof m.continuing_subword_prefix !== 'string') return 'no unk token or subword prefix';
  if (m.fuse_unk) return 'fuse_unk';
  if (!passesTokensThrough(json.post_processor)) return 'post-processor';
  if (config.remove_space === true || config.do_lowercase_and_remove_accent) return 'tokenizer_config rewrites the text';
  return null;
}

/** Puts the added tokens into a vocabulary as transformers.js does (they win over vocab entries). */
export function addTokens(vocab: WordPieceVocab, added: readonly AddedTokenJson[]): void {
  for (const a of added) {
    vocab.ids.set(a.content, a.id);
    vocab.tokens[a.id] = a.content;
  }
}

/**
 * token → id as transformers.js' `get_vocab()` gives it (built from the id → token array, the
 * last id of a token winning). It equals `ids` unless two tokens share an id; only then is a second Map built.
 */
export function idLookup(vocab: WordPieceVocab): Map<string, number> {
  let filled = 0;
  let same = true;
  for (const t of vocab.tokens) if (t !== undefined) filled++;
  for (const [t, id] of vocab.ids) {
    if (vocab.tokens[id] !== t) {
      same = false;
      break;
    }
  }
  if (same && filled === vocab.ids.size) return vocab.ids;
  const m = new Map<string, number>();
  vocab.tokens.forEach((t, i) => m.set(t as string, i));
  return m;
}

/** Splits text at the longest added token starting at each position, as the library's DictionarySplitter (a trie) does. */
function dictionarySplitter(words: readonly string[]): (text: string) => string[] {
  // Added tokens by their first code unit, longest first: most positions start none.
  const byFirst = new Map<string, string[]>();
  for (const w of words) if (w.length > 0) byFirst.set(w.charAt(0), [...(byFirst.get(w.charAt(0)) ?? []), w]);
  for (const list of byFirst.values()) list.sort((a, b) => b.length - a.length);
  if (!byFirst.size) return (text) => (text.length ? [text] : []);
  return (text) => {
    const out: string[] = [];
    let start = 0;
    for (let i = 0; i < text.length; ) {
      const match = byFirst.get(text.charAt(i))?.find((w) => text.startsWith(w, i));
      if (match === undefined) {
        i++;
        continue;
      }
      if (i > start) out.push(text.slice(start, i));
      out.push(match);
      i += match.length;
      start = i;
    }
    if (start < text.length) out.push(text.slice(start));
    return out;
  };
}

/** lstrip/rstrip of added tokens: the neighbouring sections lose their spaces, as in the library. */
function stripAround(sections: string[], isAdded: (s: string) => AddedTokenJson | undefined): void {
  sections.forEach((s, i) => {
    const a = isAdded(s);
    if (!a) return;
    if (a.lstrip && i > 0) sections[i - 1] = (sections[i - 1] as string).trimEnd();
    if (a.rstrip && i < sections.length - 1) sections[i + 1] = (sections[i + 1] as string).trimStart();
  });
}

/** The tokenizer surface the QA adapter needs. */
export interface CoreWordPiece {
  tokenize(text: string): string[];
  /** Id of a token string as transformers.js' get_vocab() gives it, else the unk id of tokenizer_config. */
  tokenId(token: string): number;
  /** tokenizer_config's pad token (pad_token, else eos_token), as transformers.js reads it. */
  padToken: string | null;
}

/** A token named in tokenizer_config.json, as transformers.js reads it (a string or an AddedToken object). */
export function tokenFromConfig(config: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    if (!Object.hasOwn(config, key)) continue;
    const item = config[key];
    if (!item) continue;
    if (typeof item === 'object') {
      if ((item as { __type?: string }).__type === 'AddedToken') return String((item as { content: unknown }).content);
      throw new Error(`Unknown token: ${String(item)}`);
    }
    return String(item);
  }
  return null;
}

/** Builds the tokenizer; `vocab` must already hold the added tokens (addTokens). Call wordPieceRefusal first. */
export function createWordPiece(json: WordPieceJson, config: Record<string, unknown>, vocab: WordPieceVocab): CoreWordPiece {
  const model = json.model ?? {};
  const normalize = bertNormalizer(json.normalizer as BertNormalizerJson);
  const pieces = wordPieces(vocab.ids, String(model.unk_token), String(model.continuing_subword_prefix), model.max_input_chars_per_word ?? 100);
  const added = new Map<string, AddedTokenJson>();
  const plain: string[] = [];
  const normed: string[] = [];
  for (const a of json.added_tokens ?? []) {
    added.set(a.content, a);
    const normalized = a.normalized ?? !(a.special ?? false);
    if (normalized) {
      const n = normalize(a.content);
      normed.push(n);
      added.set(n, a);
    } else plain.push(a.content);
  }
  const splitPlain = dictionarySplitter(plain);
  const splitNormed = dictionarySplitter(normed);
  // Normalizing and pre-tokenizing never cross a space (U+0020), so a section with spaces is its
  // words' tokens in turn, each word remembered: a renamed passage redoes only the changed words.
  // Not when an added token could span a space (one containing a space, or normalized ones).
  const byWord = normed.length === 0 && ![...added.keys()].some((k) => k.includes(' '));
  const word = remembered((w: string) => bertPreTokenize(normalize(w)).flatMap(pieces));
  const encodeSection = (section: string): string[] => {
    if (added.has(section)) return [section];
    if (byWord && section.includes(' ')) return wordsTokens(section, word);
    const text = normalize(section);
    if (!text.length) return [];
    const subs = splitNormed(text);
    stripAround(subs, (s) => added.get(s));
    return subs.flatMap((s) => (!s.length ? [] : added.has(s) ? [s] : bertPreTokenize(s).flatMap(pieces)));
  };
  const ids = idLookup(vocab);
  const unkId = vocab.ids.get(tokenFromConfig(config, 'unk_token') as string) ?? 0;
  return {
    tokenize(text: string): string[] {
      const sections = splitPlain(text);
      stripAround(sections, (s) => added.get(s));
      if (sections.length === 1) return (sections[0] as string).length ? encodeSection(sections[0] as string) : [];
      return sections.flatMap((s) => (s.length ? encodeSection(s) : []));
    },
    tokenId: (t) => ids.get(t) ?? unkId,
    padToken: tokenFromConfig(config, 'pad_token', 'eos_token'),
  };
}

/** The tokens of a section's space-separated words in turn (one array, no per-word copies). */
function wordsTokens(section: string, word: (w: string) => string[]): string[] {
  const out: string[] = [];
  let from = 0;
  while (from <= section.length) {
    let to = section.indexOf(' ', from);
    if (to < 0) to = section.length;
    if (to > from) for (const t of word(section.slice(from, to))) out.push(t);
    from = to + 1;
  }
  return out;
}

/** Code-unit offsets of each code point of `w` and its end, as `[...w]` splits it (lone surrogates alone). */
function codePointBounds(w: string): number[] {
  const b: number[] = [];
  for (let i = 0; i < w.length; ) {
    b.push(i);
    i += (w.codePointAt(i) as number) > 0xffff ? 2 : 1;
  }
  b.push(w.length);
  return b;
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** Greedy longest-match WordPiece over one pre-token, remembered per pre-token (bounded). */
function wordPieces(ids: Map<string, number>, unk: string, prefix: string, maxChars: number): (word: string) => string[] {
  const encode = (w: string): string[] => {
    const b = SURROGATE.test(w) ? codePointBounds(w) : null;
    const n = b ? b.length - 1 : w.length;
    if (n > maxChars) return [unk];
    const at = (k: number) => (b ? (b[k] as number) : k);
    const out: string[] = [];
    for (let start = 0; start < n; ) {
      let end = n;
      let found: string | null = null;
      for (; start < end; end--) {
        const sub = start > 0 ? prefix + w.slice(at(start), at(end)) : w.slice(at(start), at(end));
        if (ids.has(sub)) {
          found = sub;
          break;
        }
      }
      if (found === null) return [unk];
      out.push(found);
      start = end;
    }
    return out;
  };
  return remembered(encode);
}

/** `f` remembering its results for the last MEMO_LIMIT distinct arguments. */
function remembered(f: (w: string) => string[]): (w: string) => string[] {
  const memo = new Map<string, string[]>();
  return (w) => {
    let hit = memo.get(w);
    if (!hit) {
      hit = f(w);
      if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
      memo.set(w, hit);
    }
    return hit;
  };
}
