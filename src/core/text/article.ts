/** The indefinite article by the sound a word starts with, for every message that puts "a"/"an" before a type, name or number. */

/** Capital letters whose spoken name starts with a vowel sound ("an ORG", "an NER tag", "an F1"). */
const VOWEL_LETTERS = new Set('AEFHILMNORSX');
/** Capitalised names read as a word, not letter by letter ("a MIX" of entity types). */
const READ_AS_WORD = new Set(['MIX']);
/** Lower-case words that start with a vowel letter but a consonant sound ("a unit", "a one-word", "a euro"). */
const CONSONANT_SOUND = /^(uni|use|usu|uti|ure|one|once|eu|ewe)/;
/** Lower-case words that start with a silent h ("an hour", "an honest"). */
const SILENT_H = /^(hour|honest|honou?r|heir)/;

/** "a" or "an" for `word` as read aloud, e.g. aOrAn('ORG') === 'an', aOrAn('PER') === 'a', aOrAn('8-token') === 'an', aOrAn('audit') === 'an'. */
export function aOrAn(word: string): 'a' | 'an' {
  const w = word.trim();
  const digits = /^\d[\d,]*/.exec(w)?.[0].replace(/,/g, '');
  if (digits) return anNumber(digits) ? 'an' : 'a';
  // An initialism (two or more capitals, or one capital alone) is read letter by letter.
  const head = READ_AS_WORD.has(w) ? null : /^[A-Z](?=[A-Z\d]|$|[^a-z])/.exec(w);
  if (head) return VOWEL_LETTERS.has(head[0]) ? 'an' : 'a';
  const lower = w.toLowerCase();
  if (SILENT_H.test(lower)) return 'an';
  if (CONSONANT_SOUND.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

/** `word` after its indefinite article, e.g. withArticle('ORG') === 'an ORG'. */
export function withArticle(word: string): string {
  return `${aOrAn(word)} ${word}`;
}

/** Whether a number is read starting with a vowel sound: 8, 11, 18, 80–89, 800…, 8,000…, 11,000…, 18,000…. */
function anNumber(digits: string): boolean {
  if (digits.startsWith('8')) return true;
  // 11 and 18 (and 11,000 / 18,000 / 11,000,000…) are read "eleven", "eighteen": groups of three after them.
  return /^1[18]$/.test(digits.slice(0, 2)) && (digits.length - 2) % 3 === 0;
}
