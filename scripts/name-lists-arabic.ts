/**
 * Romanised Arabic first names for scripts/make-name-lists.ts. Arabic script leaves short vowels
 * unwritten, so a letter-by-letter transliteration drops them ("Ahmd"). Instead each Arabic-script
 * name becomes a pattern of the Latin spellings its letters allow (consonants fixed, a short vowel
 * or none between them, long vowels and ta marbuta as their usual spellings), and the romanised
 * names are the real spellings from a labelled Latin-script name list that fit a pattern of the
 * same gender: أحمد → Ahmad, Ahmed; أسامة → Osama, Oussama.
 */

/** Latin spellings of each Arabic consonant (Levantine, Gulf, Egyptian and Maghrebi usage). */
const CONSONANTS: Record<string, string> = {
  ب: 'b', ت: 't', ث: 'th|t|s', ج: 'j|dj|g', ح: 'h', خ: 'kh|h', د: 'd', ذ: 'dh|th|z|d', ر: 'r', ز: 'z',
  س: 's', ش: 'sh|ch', ص: 's', ض: 'dh|d', ط: 't', ظ: 'dh|z|d', غ: 'gh|g', ف: 'f', ق: 'q|k|g', ك: 'k',
  ل: 'l', م: 'm', ن: 'n', ه: 'h',
};

/** The pattern part of one Arabic letter at position i of the name, or null for a letter outside the table. */
function letterPattern(chars: string[], i: number): string | null {
  const c = chars[i] as string;
  const consonant = CONSONANTS[c];
  // A consonant may be written double (shadda is not written in names: محمد → Mohammed).
  if (consonant) return `(?:${consonant}){1,2}`;
  switch (c) {
    case 'ا':
      // Initial alif carries a short vowel; the alif of the article before ل is a short vowel (Abdullah).
      return i === 0 ? '[aeiou]' : chars[i + 1] === 'ل' ? '[aeiou]?' : '(?:aa|a|e)';
    case 'أ':
      return i === 0 ? '[aeou]' : "'?[aeiou]";
    case 'إ':
      return '[ie]';
    case 'آ':
      return 'aa?';
    case 'و':
      return '(?:ou|oo|o|u|w|aw|ow)';
    case 'ي':
      return '(?:y|ee|ie|ei|i|e|ay|ai)';
    case 'ى':
      return i === chars.length - 1 ? '(?:aa|a|e|y)' : '[ae]';
    case 'ة':
      return '(?:ah|at|a|e)';
    case 'ع':
      return "(?:'|[aeiou])?";
    case 'ء':
    case 'ئ':
    case 'ؤ':
      return "'?[aeiouy]?";
    default:
      return null;
  }
}

/**
 * The Latin spellings an Arabic-script name allows, as an anchored lowercase pattern, e.g.
 * arabicPattern('أحمد').test('ahmed') === true and .test('hamad') === false; null for a name with
 * a space or a letter outside the table.
 */
export function arabicPattern(name: string): RegExp | null {
  const chars = [...name.replace(/[\u064B-\u0652\u0640]/g, '')]; // harakat and tatweel carry no letter
  let re = '';
  for (let i = 0; i < chars.length; i++) {
    const part = letterPattern(chars, i);
    if (part === null) return null;
    const last = i === chars.length - 1;
    re += part + (last ? '' : '[aeiou]?'); // an unwritten short vowel, or none
  }
  return re ? new RegExp(`^${re}$`) : null;
}

/**
 * The Latin-script names (lowercase) that fit an Arabic-script name of the same gender: for each
 * (name, gender) of `arabic`, every candidate whose labels include that gender and that fits the
 * name's pattern, e.g. matchRomanised([['أحمد', 'male']], new Map([['ahmed', new Set(['male'])]])) → [['ahmed', 'male']].
 */
export function matchRomanised(
  arabic: Iterable<readonly [string, 'male' | 'female']>,
  latin: ReadonlyMap<string, ReadonlySet<string>>,
): [string, 'male' | 'female'][] {
  const candidates = [...latin.keys()].filter((n) => /^[a-z]+$/.test(n));
  const out: [string, 'male' | 'female'][] = [];
  for (const [name, gender] of arabic) {
    const re = arabicPattern(name);
    if (!re) continue;
    for (const c of candidates) if (latin.get(c)?.has(gender) && re.test(c)) out.push([c, gender]);
  }
  return out;
}
