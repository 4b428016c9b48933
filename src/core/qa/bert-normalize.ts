/**
 * BertNormalizer and BertPreTokenizer exactly as transformers.js (@huggingface/tokenizers 0.2)
 * runs them, so that the core WordPiece tokenizer gives its tokens character for character —
 * including where the JS library differs from the Rust one (astral CJK ideographs are not
 * isolated here; `qaTokenize` does that before calling the tokenizer).
 */

/** The BertNormalizer section of tokenizer.json. */
export interface BertNormalizerJson {
  type: 'BertNormalizer';
  clean_text?: boolean;
  handle_chinese_chars?: boolean;
  /** null/absent: follow `lowercase`. */
  strip_accents?: boolean | null;
  lowercase?: boolean;
}

// One pass for clean_text: NUL, U+FFFD, Cc/Cf/Co/Cs are dropped (tab, LF and CR count as spaces),
// other whitespace becomes a space. \v, \f (Cc) and U+FEFF (Cf) are controls first, so dropped.
// JS's \s without U+0020, which stays as it is: a passage's spaces need no callback.
const CLEAN = /[\uFFFD\p{Cc}\p{Cf}\p{Co}\p{Cs}\t-\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/gu;
const DROPPED_SPACES = new Set(['\v', '\f', '\uFEFF']);
const CONTROL = /[\uFFFD\p{Cc}\p{Cf}\p{Co}\p{Cs}]/u;

/** What clean_text makes of one matched character, e.g. '\t' → ' ', '\u200b' → ''. */
function cleaned(c: string): string {
  if (c === '\t' || c === '\n' || c === '\r') return ' ';
  if (DROPPED_SPACES.has(c) || CONTROL.test(c)) return '';
  return ' ';
}

// The JS library tests each UTF-16 unit, so only BMP ideographs get spaces around them.
const CJK_BMP = /[\u4E00-\u9FFF\u3400-\u4DBF\uF900-\uFAFF]/g;

/** Accents off as the library does: NFD, then every nonspacing mark removed, e.g. 'café' → 'cafe'. */
export function stripAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{Mn}/gu, '');
}

/** The normalizer function for a BertNormalizer section, e.g. lowercase → 'Héllo' ↦ 'hello'. */
export function bertNormalizer(n: BertNormalizerJson): (text: string) => string {
  return (input: string) => {
    let text = input;
    if (n.clean_text) text = text.replace(CLEAN, cleaned);
    if (n.handle_chinese_chars) text = text.replace(CJK_BMP, ' $& ');
    if (n.lowercase) {
      text = text.toLowerCase();
      if (n.strip_accents !== false) text = stripAccents(text);
    } else if (n.strip_accents) {
      text = stripAccents(text);
    }
    return text;
  };
}

const PUNCTUATION = '\\p{P}\\u0021-\\u002F\\u003A-\\u0040\\u005B-\\u0060\\u007B-\\u007E';
const PRE_TOKEN = new RegExp(`[^\\s${PUNCTUATION}]+|[${PUNCTUATION}]`, 'gu');

/** BertPreTokenizer: runs of non-space non-punctuation, and each punctuation mark alone, e.g. 'a, b' → ['a', ',', 'b']. */
export function bertPreTokenize(text: string): string[] {
  return text.trim().match(PRE_TOKEN) ?? [];
}
