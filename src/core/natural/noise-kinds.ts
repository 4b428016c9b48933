/** The synthetic-noise kinds and NLPAug's defaults for each, without any word lists (for the UI). */

/** The 13 methods of Wu et al. 2025, App. K (Table 8): six character-level, seven word-level. */
export const NOISE_KINDS = ['keyboard', 'ocr', 'char-insert', 'char-substitute', 'char-swap', 'char-delete', 'word-swap', 'word-delete', 'word-crop', 'word-split', 'synonym', 'word-insert', 'word-substitute'] as const;
export type NoiseKind = (typeof NOISE_KINDS)[number];

export const NOISE_LABELS: Record<NoiseKind, string> = {
  keyboard: 'keyboard typo',
  ocr: 'OCR error',
  'char-insert': 'random character insert',
  'char-substitute': 'random character substitute',
  'char-swap': 'random character swap',
  'char-delete': 'random character delete',
  'word-swap': 'word swap',
  'word-delete': 'word delete',
  'word-crop': 'word crop',
  'word-split': 'word split',
  synonym: 'synonym substitution',
  'word-insert': 'word insertion',
  'word-substitute': 'word substitution',
};

export interface NoiseOptions {
  kind: NoiseKind;
  /** NLPAug's aug_p (aug_word_p for character noise): share of the passage's tokens to change, 0..1; 0.3 by default. */
  rate: number;
  seed: number;
}

/** NLPAug's default aug_p / aug_word_p, the rate the app and CLI start with. */
export const NLPAUG_AUG_P = 0.3;

/** The characters RandomCharAug puts in by default: upper and lower case, digits and its spec_char. */
export const RANDOM_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*()_+';

/** One augmenter's defaults as NLPAug (1.1.x) sets them and this tool applies them; the rate is the user's aug_p. */
export interface NoiseParams {
  /** The NLPAug augmenter (and action) the kind follows. */
  nlpaug: string;
  /** What one NLPAug input is (Wu et al. App. K): each sentence for word split, synonym and word insertion, the whole passage for the others. */
  unit: 'sentence' | 'passage';
  /** Fewest and most words changed per input (aug_word_min / aug_word_max, or aug_min / aug_max). */
  wordMin: number;
  wordMax: number;
  /** Tokens shorter than this many code points are never chosen (min_char; 1 = no limit). */
  minChar: number;
  /** Per chosen word: share of its characters changed (aug_char_p) with aug_char_min and aug_char_max. */
  chars?: { p: number; min: number; max: number };
  /** Which characters can change: a QWERTY neighbour, an OCR confusion, or any of RANDOM_CHARS. */
  charModel?: 'keyboard' | 'ocr' | 'random';
  /** Tokens never chosen besides punctuation and answers: SynonymAug skips determiners (POS tag DT). */
  skip?: 'determiners';
}

const WORDS = { unit: 'passage', wordMin: 1, wordMax: 10 } as const;
const SENTENCE_WORDS = { ...WORDS, unit: 'sentence' } as const;
const RANDOM_CHAR = { ...WORDS, minChar: 4, chars: { p: 0.3, min: 1, max: 10 }, charModel: 'random' } as const;

/** NLPAug's defaults per kind, read from its augmenter sources (char/keyboard.py, ocr.py, random.py; word/random.py, split.py, synonym.py, context_word_embs.py). */
export const NOISE_PARAMS: Record<NoiseKind, NoiseParams> = {
  keyboard: { nlpaug: 'KeyboardAug', ...WORDS, minChar: 4, chars: { p: 0.3, min: 1, max: 10 }, charModel: 'keyboard' },
  ocr: { nlpaug: 'OcrAug', ...WORDS, minChar: 1, chars: { p: 0.3, min: 2, max: 10 }, charModel: 'ocr' },
  'char-insert': { nlpaug: "RandomCharAug(action='insert')", ...RANDOM_CHAR },
  'char-substitute': { nlpaug: "RandomCharAug(action='substitute')", ...RANDOM_CHAR },
  'char-swap': { nlpaug: "RandomCharAug(action='swap', swap_mode='adjacent')", ...RANDOM_CHAR },
  'char-delete': { nlpaug: "RandomCharAug(action='delete')", ...RANDOM_CHAR },
  'word-swap': { nlpaug: "RandomWordAug(action='swap')", ...WORDS, minChar: 1 },
  'word-delete': { nlpaug: "RandomWordAug(action='delete')", ...WORDS, minChar: 1 },
  'word-crop': { nlpaug: "RandomWordAug(action='crop')", ...WORDS, minChar: 1 },
  'word-split': { nlpaug: 'SplitAug', ...SENTENCE_WORDS, minChar: 4 },
  synonym: { nlpaug: "SynonymAug(aug_src='wordnet')", ...SENTENCE_WORDS, minChar: 1, skip: 'determiners' },
  'word-insert': { nlpaug: "ContextualWordEmbsAug(action='insert')", ...SENTENCE_WORDS, minChar: 1 },
  'word-substitute': { nlpaug: "ContextualWordEmbsAug(action='substitute')", ...WORDS, minChar: 1 },
};

/**
 * NLPAug's number of items to change (Augmenter._generate_aug_cnt): int(p · size), truncated, then
 * raised to min and capped at max, e.g. augCount(33, 0.3, 1, 10) === 9 and augCount(100, 0.3, 1, 10) === 10.
 */
export function augCount(size: number, p: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.floor(p * size)));
}

/** One line for the UI stating a kind's parameters at a rate, e.g. describeNoise('keyboard', 0.3). */
export function describeNoise(kind: NoiseKind, rate: number): string {
  const p = NOISE_PARAMS[kind];
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  const of = p.unit === 'sentence' ? "each sentence's tokens" : "the passage's tokens";
  const per = p.unit === 'sentence' ? ' per sentence' : '';
  const run = kind === 'word-crop' ? ' in one run (fewer than 2: no change)' : '';
  const words = `${pct(rate)} of ${of}, ${p.wordMin}–${p.wordMax} words${per}${run}${p.minChar > 1 ? ` of ≥ ${p.minChar} characters` : ''}`;
  const chars = p.chars ? `; ${pct(p.chars.p)} of each word's characters, ${p.chars.min}–${p.chars.max}` : '';
  return `NLPAug ${p.nlpaug} defaults: ${words}${chars}${p.skip ? '; determiners skipped' : ''}.`;
}
