/**
 * AddSent-like trap sentences (Jia & Liang 2017): the question's names and numbers are swapped for
 * others of the same type, a fake answer of the answer's type is made up, and the question is
 * rewritten as a statement holding it. The sentence shares many words with the question, answers
 * it wrongly, and never contains a gold answer. AddSent also swapped nouns for WordNet antonyms
 * and had crowd workers fix the grammar; neither is done here. Seeded: the same question, answers
 * and seed give the same sentence.
 */
import { answerEntityType } from '../ner/answer-type.ts';
import { normalizeAnswer } from '../metrics/squad.ts';
import { hashString, mixSeed, pick, rng } from '../text/random.ts';
import { isCommonWord, isOrgDesignator, placeKind, placeLists } from '../entity/lexicon.ts';
import { genderOf, isFirstName, personNames, properNounList } from '../entity/names.ts';
import { detectEntities, nameWords } from '../entity/spans.ts';
import { toDeclarative } from './declarative.ts';

/** A generated trap: the sentence, its fake answer and the swaps made in the question. */
export interface GeneratedTrap {
  sentence: string;
  fake: string;
  swaps: { from: string; to: string }[];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** Stand-in answers for phrases that are not names, places or numbers (written for this project). */
const FAKE_THINGS = ['the copper lantern', 'a silver kettle', 'the violet banner', 'green glass', 'the northern canal', 'a wooden compass', 'the iron gate', 'salt water', 'the marble fountain', 'a paper kite'];

/** A different number with the same digit count (a year moves by 1–40 years), e.g. otherNumber('1867', r) might be '1881'. */
export function otherNumber(digits: string, rand: () => number): string {
  const n = Number(digits);
  if (/^\d{4}$/.test(digits) && n >= 1000 && n < 2100) {
    const shift = 1 + Math.floor(rand() * 40);
    const year = n + (rand() < 0.5 && n - shift >= 1000 ? -shift : shift);
    return String(year);
  }
  for (let k = 0; k < 10; k++) {
    let out = '';
    for (let j = 0; j < digits.length; j++) out += String(j === 0 && digits.length > 1 ? 1 + Math.floor(rand() * 9) : Math.floor(rand() * 10));
    if (out !== digits) return out;
  }
  return String(n + 1);
}

/** A person's name: first (same gender as `like`'s first word) and last, or one surname for a one-word name. */
function personName(like: string, rand: () => number): string {
  const words = like.split(/\s+/).filter(Boolean);
  const names = personNames('us');
  const last = pick(names.last, rand);
  if (words.length < 2 && !isFirstName(words[0] ?? '')) return last;
  const g = genderOf(words[0] ?? '');
  const firsts = g === 'neutral' ? [...names.first.male, ...names.first.female] : names.first[g];
  return words.length < 2 ? pick(firsts, rand) : `${pick(firsts, rand)} ${last}`;
}

/** Place names of one to three plain capitalised words ("Hadjer-Lamis" and "Chiclana de la Frontera" read badly in a sentence). */
const PLAIN_PLACE = /^\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+){0,2}$/u;
const plainPlaces = new Map<string, string[]>();

/** A place of the same kind as `like` (a city when unknown). */
function placeName(like: string, rand: () => number): string {
  const kind = placeKind(like) ?? 'city';
  let list = plainPlaces.get(kind);
  if (!list) plainPlaces.set(kind, (list = placeLists()[kind].filter((p) => PLAIN_PLACE.test(p))));
  return pick(list, rand);
}

/** What the wh-phrase's noun asks for ("which company" → ORG, "which city" → GPE), or null. */
function askedType(question: string): 'ORG' | 'GPE' | 'PER' | null {
  const m = /\b(?:which|what)\s+(?:\w+\s+)?(\w+)/i.exec(question);
  const noun = (m?.[1] ?? '').toLowerCase();
  if (/^(company|companies|organisation|organization|institute|institution|club|label|body|team|university|firm|band|agency|party|group)$/.test(noun)) return 'ORG';
  if (/^(city|country|state|town|region|province|capital|nation|island|village)$/.test(noun)) return 'GPE';
  if (/^(person|man|woman|king|queen|president|player|scientist|author|writer|composer|painter)$/.test(noun)) return 'PER';
  return null;
}

/** Replaces each digit run and month name of a phrase, e.g. '12 March 1904' → '27 October 1931'. */
function swapNumbers(text: string, rand: () => number): string {
  return text.replace(/\d+/g, (d) => otherNumber(d, rand)).replace(new RegExp(`\\b(${MONTHS.join('|')})\\b`, 'g'), (m) => pick(MONTHS.filter((x) => x !== m), rand));
}

/**
 * A made-up answer of the gold answer's type (number, date, person, place, organization, or a
 * thing), e.g. fakeAnswer('Warsaw', 'where', r) is another city.
 */
export function fakeAnswer(gold: string, wh: string, rand: () => number, asked: 'ORG' | 'GPE' | 'PER' | null = null): string {
  const g = gold.trim();
  if (/\d/.test(g) || MONTHS.some((m) => g.includes(m))) return swapNumbers(g, rand);
  const found = answerEntityType(g);
  const type = found === 'other' && asked ? asked : found;
  if (type === 'PER' || (type === 'other' && wh === 'who')) return personName(type === 'PER' ? g : 'Ann Lee', rand);
  if (type === 'GPE' || (type === 'other' && wh === 'where')) return placeName(g, rand);
  if (type === 'ORG') {
    const designator = g.split(/\s+/).find(isOrgDesignator) ?? 'Institute';
    return `${pick(properNounList(), rand)} ${designator[0]?.toUpperCase()}${designator.slice(1)}`;
  }
  if (wh === 'when') return otherNumber('1900', rand);
  if (wh === 'how-many') return String(2 + Math.floor(rand() * 97));
  return pick(FAKE_THINGS, rand);
}

/** The question with its names and numbers swapped (the same name always gets the same new one). */
export function swapQuestion(question: string, rand: () => number): { text: string; swaps: { from: string; to: string }[] } {
  const map = new Map<string, string>();
  const edits: { start: number; end: number; to: string }[] = [];
  const swap = (start: number, text: string, make: () => string) => {
    if (edits.some((e) => start < e.end && e.start < start + text.length)) return;
    let to = map.get(text);
    for (let k = 0; to === undefined && k < 5; k++) {
      const c = make();
      if (c !== text) to = c;
    }
    if (to === undefined) return;
    map.set(text, to);
    edits.push({ start, end: start + text.length, to });
  };
  for (const e of detectEntities(question)) {
    if (e.type === 'PER') swap(e.start, e.text, () => personName(e.text, rand));
    else if (e.type === 'GPE') swap(e.start, e.text, () => placeName(e.text, rand));
    else for (const w of nameWords(e.text)) if (!isOrgDesignator(w.text) && /^\p{Lu}/u.test(w.text)) swap(e.start + w.start, w.text, () => pick(properNounList(), rand));
  }
  for (const m of question.matchAll(/\d+/g)) swap(m.index, m[0], () => otherNumber(m[0], rand));
  // Other proper nouns (capitalised, not the first word, not ordinary words): AddSent's named entities.
  for (const m of question.matchAll(/(?<![\p{L}'’])\p{Lu}\p{Ll}+(?![\p{L}'’])/gu)) {
    if (m.index === 0 || isCommonWord(m[0])) continue;
    swap(m.index, m[0], () => (placeKind(m[0]) ? placeName(m[0], rand) : pick(properNounList(), rand)));
  }
  edits.sort((a, b) => a.start - b.start);
  let text = '';
  let pos = 0;
  for (const e of edits) {
    text += question.slice(pos, e.start) + e.to;
    pos = e.end;
  }
  text += question.slice(pos);
  return { text, swaps: [...map].map(([from, to]) => ({ from, to })) };
}

/** Whether `sentence` holds `gold` as whole normalised words, e.g. containsAnswer('Paris is big.', 'paris') === true. */
export function containsAnswer(sentence: string, gold: string): boolean {
  const g = normalizeAnswer(gold);
  if (!g) return false;
  return ` ${normalizeAnswer(sentence)} `.includes(` ${g} `);
}

/** The question word that decides the fake answer's type, e.g. 'how-many' for "How many …". */
function questionWord(question: string): string {
  const m = /\b(who|whom|whose|what|which|when|where|why|how many|how much|how)\b/i.exec(question);
  const w = (m?.[1] ?? '').toLowerCase();
  return w === 'how many' || w === 'how much' ? 'how-many' : w;
}

/**
 * An AddSent-like trap for a question, or null when no rewriting rule fits the question or every
 * try (5) held a gold answer, e.g. generateTrap('Who founded Acme in 1901?', ['Jo Kent'], 1) →
 * { sentence: 'Rosa Adams founded Crane in 1917.', … } (names vary with the seed).
 */
export function generateTrap(question: string, golds: readonly string[], seed: number): GeneratedTrap | null {
  const rand = rng(mixSeed(seed, hashString(question)));
  const wh = questionWord(question);
  const gold = golds.find((g) => g.trim() !== '') ?? '';
  for (let attempt = 0; attempt < 5; attempt++) {
    const q = swapQuestion(question, rand);
    const fake = fakeAnswer(gold || 'thing', wh, rand, askedType(question));
    const sentence = toDeclarative(q.text, fake);
    if (sentence === null) return null;
    if (!golds.some((g) => containsAnswer(sentence, g) || containsAnswer(fake, g))) return { sentence, fake, swaps: q.swaps };
  }
  return null;
}
