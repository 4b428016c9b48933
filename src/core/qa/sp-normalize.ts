/**
 * SentencePiece-family normalization with alignment: the tokenizer.json normalizer steps that
 * XLM-R, mDeBERTa/DeBERTa-v3, ALBERT and CamemBERT serialize, applied the way the JS tokenizer
 * (transformers.js' tokenizers) applies them, each step keeping where every character came from.
 */
import { alignedOf, concatAligned, lowercaseAligned, mapChars, normalizeForm, prependAligned, replaceAligned, stripAligned, type Aligned } from '../text/aligned.ts';

/** A tokenizer.json normalizer section (loose: unknown fields are ignored). */
export interface NormalizerJson {
  type?: string;
  normalizers?: (NormalizerJson | null)[];
  pattern?: { String?: string; Regex?: string };
  content?: string;
  strip_left?: boolean;
  strip_right?: boolean;
  prepend?: string;
  precompiled_charsmap?: string | null;
}

/** An added token as the splitter sees it (split off before normalization). */
export interface AddedTokenSpec {
  content: string;
  lstrip: boolean;
  rstrip: boolean;
}

/** Offset-relevant settings of a SentencePiece tokenizer (Unigram, or BPE with Metaspace). */
export interface SentencePieceScheme {
  kind: 'sentencepiece';
  model: 'unigram' | 'bpe';
  normalizer: NormalizerJson | null;
  /** Metaspace's stand-in for a space, '▁'. */
  replacement: string;
  /** tokenizer_config remove_space (ALBERT): trim and collapse whitespace before normalizing. */
  removeSpace: boolean;
  unkToken: string | null;
  byteFallback: boolean;
  addedTokens: AddedTokenSpec[];
}

/** Thrown for a normalizer step we cannot align; the message names it. */
export class UnsupportedNormalizerError extends Error {
  override name = 'UnsupportedNormalizerError';
}

type Step = (a: Aligned) => Aligned;

// The Precompiled normalizer as the JS tokenizer implements it: control characters dropped, the
// listed spaces mapped to ' ', then NFKC except on U+FF5E (～), which stays.
const PRECOMPILED_DROP = /[\u0001-\u0008\u000B\u000E-\u001F\u007F\u008F\u009F]/u;
const PRECOMPILED_SPACE = /[\u0009\u000A\u000C\u000D\u00A0\u1680\u2000-\u200F\u2028\u2029\u202F\u205F\u2581\u3000\uFEFF\uFFFD]/u;

/** The Precompiled step, e.g. 'ｆｕｌｌ\u00a0width' → 'full width'. */
function precompiled(a: Aligned): Aligned {
  const cleaned = mapChars(a, (ch) => (PRECOMPILED_DROP.test(ch) ? '' : PRECOMPILED_SPACE.test(ch) ? ' ' : ch));
  // NFKC runs on the pieces between U+FF5E characters, which are kept as they are.
  const parts: Aligned[] = [];
  let from = 0;
  const flush = (to: number) => {
    const piece = { chars: cleaned.chars.slice(from, to), start: cleaned.start.slice(from, to), end: cleaned.end.slice(from, to) };
    parts.push(normalizeForm(piece, 'NFKC'));
  };
  cleaned.chars.forEach((ch, k) => {
    if (ch !== '\uff5e') return;
    flush(k);
    parts.push({ chars: [ch], start: [cleaned.start[k] as number], end: [cleaned.end[k] as number] });
    from = k + 1;
  });
  flush(cleaned.chars.length);
  return concatAligned(parts);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Compiles one normalizer section into aligned steps, or throws for a step we cannot align. */
export function compileNormalizer(n: NormalizerJson | null | undefined): Step[] {
  if (!n) return [];
  switch (n.type) {
    case 'Sequence':
      return (n.normalizers ?? []).flatMap((x) => compileNormalizer(x));
    case 'Precompiled':
      return [precompiled];
    case 'NFC':
    case 'NFD':
    case 'NFKC':
    case 'NFKD': {
      const form = n.type;
      return [(a) => normalizeForm(a, form)];
    }
    case 'Lowercase':
      return [lowercaseAligned];
    case 'StripAccents':
      return [(a) => mapChars(a, (ch) => (/\p{M}/u.test(ch) ? '' : ch))];
    case 'Strip':
      return [(a) => stripAligned(a, Boolean(n.strip_left), Boolean(n.strip_right))];
    case 'Prepend': {
      const s = n.prepend ?? '';
      return [(a) => prependAligned(a, s, a.start[0] ?? 0)];
    }
    case 'Replace': {
      let re: RegExp;
      try {
        re = n.pattern?.Regex !== undefined ? new RegExp(n.pattern.Regex, 'gu') : new RegExp(escapeRegExp(n.pattern?.String ?? ''), 'gu');
      } catch {
        throw new UnsupportedNormalizerError(`Replace normalizer with pattern ${JSON.stringify(n.pattern)} is not a JavaScript regular expression.`);
      }
      if (n.pattern?.String === '') return [];
      const content = n.content ?? '';
      return [(a) => replaceAligned(a, re, content)];
    }
    default:
      throw new UnsupportedNormalizerError(`Normalizer "${String(n.type)}" is not supported for SentencePiece tokenizers.`);
  }
}

/**
 * Splits on added tokens as the JS tokenizer does (longest match, left to right), e.g.
 * 'a<mask>b' → ['a', '<mask>', 'b'] with their code-unit starts.
 */
export function splitOnAddedTokens(text: string, added: readonly AddedTokenSpec[]): { text: string; at: number; token: AddedTokenSpec | null }[] {
  const out: { text: string; at: number; token: AddedTokenSpec | null }[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    let best: AddedTokenSpec | null = null;
    for (const t of added) if (t.content && text.startsWith(t.content, i) && (!best || t.content.length > best.content.length)) best = t;
    if (!best) {
      i++;
      continue;
    }
    if (i > start) out.push({ text: text.slice(start, i), at: start, token: null });
    out.push({ text: best.content, at: i, token: best });
    i += best.content.length;
    start = i;
  }
  if (start < text.length) out.push({ text: text.slice(start), at: start, token: null });
  return out;
}

/** ALBERT's remove_space: trim, and each whitespace run becomes one ' ' mapped to the run. */
function removeSpace(a: Aligned): Aligned {
  return replaceAligned(stripAligned(a, true, true), /\s+/gu, ' ');
}

/**
 * The whole text as the model sees it before pre-tokenization: sections split on added tokens,
 * lstrip/rstrip applied to their neighbours, remove_space and the normalizer on each other section.
 */
export function normalizeSentencePiece(text: string, scheme: SentencePieceScheme): Aligned {
  const steps = compileNormalizer(scheme.normalizer);
  const sections = splitOnAddedTokens(text, scheme.addedTokens);
  const aligned = sections.map((s) => alignedOf(s.text, s.at));
  sections.forEach((s, i) => {
    if (!s.token) return;
    const prev = aligned[i - 1];
    const next = aligned[i + 1];
    if (s.token.lstrip && prev && !sections[i - 1]?.token) aligned[i - 1] = stripAligned(prev, false, true);
    if (s.token.rstrip && next && !sections[i + 1]?.token) aligned[i + 1] = stripAligned(next, true, false);
  });
  const parts = aligned.map((a, i) => {
    if (sections[i]?.token || a.chars.length === 0) return a;
    let x = scheme.removeSpace ? removeSpace(a) : a;
    for (const step of steps) x = step(x);
    return x;
  });
  return concatAligned(parts);
}
