/** The synthetic-noise kinds and settings, without the word lists (for the UI). */

export const NOISE_KINDS = ['keyboard', 'ocr', 'char-insert', 'char-substitute', 'char-swap', 'char-delete', 'word-swap', 'word-delete', 'word-split', 'synonym', 'word-insert'] as const;
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
  'word-split': 'word split',
  synonym: 'synonym substitution',
  'word-insert': 'word insertion',
};

export interface NoiseOptions {
  kind: NoiseKind;
  /** Share of eligible words changed, 0..1 (NLPAug's aug_p; 0.3 by default). */
  rate: number;
  seed: number;
}
