/**
 * Character-level noise inside one word, as NLPAug's KeyboardAug, OcrAug and RandomCharAug do it:
 * int(aug_char_p · length) characters (between aug_char_min and aug_char_max, and no more than the
 * word has candidates for) are substituted, put in front of, swapped with a neighbour or deleted.
 * Characters are code points, as Python's list(word) is, so an astral letter is never split.
 */
import { pick } from '../text/random.ts';
import { augCount, NOISE_PARAMS, RANDOM_CHARS, type NoiseKind } from './noise-kinds.ts';

// QWERTY neighbours of NLPAug's res/char/keyboard/en.json (one key away, shifted symbols included);
// its table lists 'a' as a neighbour of 'a' and ' t' (with a space) for 'u', which we leave out.
const QWERTY: Record<string, string> = {
  '1': '!2@qw', '2': '@1!3#qwe', '3': '#2@4$we', '4': '$3#5%er', '5': '%4$6^rty', '6': '^5%7&tyu', '7': '&6^8*yui', '8': '*7&9(uio', '9': '(8*0)iop',
  '!': '@q', '@': '!#qw', '#': '@$we', $: '#%er', '%': '$',
  q: '1!2@was', w: '1!2@3#qeasd', e: '2@3#4$wrsdf', r: '3#4$5%etdfg', t: '4$5%6^ryfgh', y: '5%6^7&tughj', u: '6^7&8*tihjk', i: '7&8*9(uojkl', o: '8*9(0)ipkl', p: '9(0)ol',
  a: 'qwszx', s: 'qweadzxc', d: 'wersfxcv', f: 'ertdgcvb', g: 'rtyfhvbn', h: 'tyugjbnm', j: 'yuihknm,<', k: 'uiojlm,<.>', l: 'iopk;:,<.>/?',
  z: 'asx', x: 'asdzc', c: 'sdfxv', v: 'dfgcb', b: 'fghvn', n: 'ghjbm', m: 'hjkn,<',
};

// OCR confusions of NLPAug's res/char/ocr/en.json; its model adds every reverse pair (8 → 0, l → 1…).
const OCR_PAIRS: Record<string, string> = { '0': '89oOD', '1': '47lI', '2': 'zZ', '5': '8', '6': 'b', '8': 'sS@&', '9': 'gq', o: 'u', r: 'k', C: 'G', O: 'DU', E: 'B' };

/**
 * The keyboard model with include_upper_case, include_numeric and include_special_char on (NLPAug's
 * defaults): a key and its capital both get every neighbour in both cases, never the key itself.
 */
function keyboardModel(): Map<string, string[]> {
  const sets = new Map<string, Set<string>>();
  for (const [key, near] of Object.entries(QWERTY)) {
    for (const k of new Set([key, key.toUpperCase()])) {
      const set = sets.get(k) ?? new Set<string>();
      for (const v of near) set.add(v).add(v.toUpperCase());
      sets.set(k, set);
    }
  }
  return new Map([...sets].map(([k, s]) => [k, [...s].filter((v) => v !== k).sort()]));
}

/** The OCR model: each listed confusion and its reverse, e.g. '0' → 'o' and 'o' → '0'. */
function ocrModel(): Map<string, string[]> {
  const m = new Map<string, string[]>(Object.entries(OCR_PAIRS).map(([k, v]) => [k, [...v]]));
  for (const [k, vs] of Object.entries(OCR_PAIRS)) {
    for (const v of vs) {
      const back = m.get(v) ?? [];
      if (!back.includes(k)) back.push(k);
      m.set(v, back);
    }
  }
  return m;
}

const MODELS = { keyboard: keyboardModel(), ocr: ocrModel() };
const RANDOM = [...RANDOM_CHARS];

/** A uniform random subset of n items in random order (Python's random.sample), e.g. sample([1, 2, 3], 2, r). */
export function sample<T>(items: readonly T[], n: number, rand: () => number): T[] {
  const a = [...items];
  const k = Math.min(n, a.length);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rand() * (a.length - i));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a.slice(0, k);
}

/** Python's str.isupper for one character: cased and upper case. */
export const isUpper = (c: string) => c === c.toUpperCase() && c !== c.toLowerCase();

/** The adjacent position a character swaps with (swap_mode 'adjacent'): the next at the start, the previous at the end, else either. */
export function swapPosition(pos: number, last: number, rand: () => number): number {
  if (pos === 0) return 1;
  if (pos === last) return pos - 1;
  return pos + (rand() < 0.5 ? -1 : 1);
}

/** Swaps the characters at i and j while each position keeps its case, as RandomCharAug does ('Ruth' → 'Urth'). */
function swapKeepingCase(cps: string[], i: number, j: number): void {
  const [a, b] = [cps[i] as string, cps[j] as string];
  cps[i] = isUpper(a) ? b.toUpperCase() : b.toLowerCase();
  cps[j] = isUpper(b) ? a.toUpperCase() : a.toLowerCase();
}

/** How many characters of a word of `length` code points NLPAug changes for a kind, before the candidate limit, e.g. 2 for keyboard on 7. */
export function charCount(kind: NoiseKind, length: number): number {
  const c = NOISE_PARAMS[kind].chars;
  return c ? augCount(length, c.p, c.min, c.max) : 0;
}

/**
 * One word with character noise of a kind, e.g. keyboard 'bridge' → 'bridhe'; the word itself when
 * none of its characters has a candidate (NLPAug leaves such a chosen word as it was).
 */
export function changeChars(word: string, kind: NoiseKind, rand: () => number): string {
  const p = NOISE_PARAMS[kind];
  if (!p.charModel) return word;
  const cps = Array.from(word);
  const model = p.charModel === 'random' ? null : MODELS[p.charModel];
  const candidates = cps.flatMap((c, i) => (!model || (model.get(c)?.length ?? 0) > 0 ? [i] : []));
  const chosen = sample(candidates, charCount(kind, cps.length), rand);
  if (kind === 'char-swap') {
    for (const i of chosen) swapKeepingCase(cps, i, swapPosition(i, cps.length - 1, rand));
    return cps.join('');
  }
  // Inserts and deletes from the end so earlier positions stay valid.
  for (const i of [...chosen].sort((x, y) => y - x)) {
    if (kind === 'char-delete') cps.splice(i, 1);
    else if (kind === 'char-insert') cps.splice(i, 0, pick(RANDOM, rand));
    else cps[i] = pick(model?.get(cps[i] as string) ?? RANDOM, rand);
  }
  return cps.join('');
}
