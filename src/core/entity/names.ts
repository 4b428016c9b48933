/**
 * Where new names come from. DBName: real-world lists (first names by gender and surnames per
 * origin, generated from licensed packages by scripts/make-name-lists.ts into name-data/, the place
 * dictionaries of lexicon.ts, proper nouns); RandStr: random letters with the original's length and
 * casing; InDistName: a pool harvested from the dataset itself (pool.ts).
 */
import { pick } from '../text/random.ts';
import { lexiconWords, placeLists, titleCase, type PlaceKind } from './lexicon.ts';
import type { NameData } from './name-gender.ts';
import ar from './name-data/ar.json' with { type: 'json' };
import cn from './name-data/cn.json' with { type: 'json' };
import fr from './name-data/fr.json' with { type: 'json' };
import inNames from './name-data/in.json' with { type: 'json' };
import us from './name-data/us.json' with { type: 'json' };
import usSsa from './name-data/us-ssa.json' with { type: 'json' };
import zhPlaces from './name-data/zh-places.json' with { type: 'json' };
import { ORIGINS, type Gender, type Origin } from './options.ts';

export { ORIGINS, ORIGIN_LABELS, type Gender, type Origin } from './options.ts';

/** First names by gender and surnames of one origin. */
export interface PersonNames {
  first: Record<Gender, string[]>;
  last: string[];
}

/** The generated lists; they ship only with the modules that rename (worker, CLI), never the app's first bundle. */
const NAME_DATA: Record<Origin, NameData> = { us, in: inNames, cn, fr, ar };

/** A stored list as names ('' is the empty list). */
const words = (s: string): string[] => (s ? s.split(' ') : []);

const cache = new Map<string, PersonNames>();

/**
 * Person names of an origin, split from the stored lists on first use; for Chinese passages (lang
 * 'zh') Chinese names stay in characters, e.g. personNames('fr').first.female includes 'Amélie'.
 */
export function personNames(origin: Origin, lang: 'en' | 'zh' = 'en'): PersonNames {
  const key = `${origin}:${lang}`;
  let names = cache.get(key);
  if (names) return names;
  const data = NAME_DATA[origin];
  const d = (lang === 'zh' && data.zh) || data;
  names = { first: { male: words(d.male), female: words(d.female), neutral: words(d.neutral) }, last: words(d.last) };
  cache.set(key, names);
  return names;
}

let ssaFirst: Record<Gender, string[]> | null = null;

/**
 * DBName's first names of an origin: for the US every name of the Social Security statistics by the
 * 2× rule (Yan et al. 2022 §3.2; name-data/us-ssa.json, 103k names), for the other origins their own
 * lists. personNames('us') keeps the shorter faker list, which recognises names and genders.
 */
export function dbFirstNames(origin: Origin, lang: 'en' | 'zh' = 'en'): Record<Gender, string[]> {
  if (origin !== 'us' || lang === 'zh') return personNames(origin, lang).first;
  ssaFirst ??= { male: words(usSsa.male), female: words(usSsa.female), neutral: words(usSsa.neutral) };
  return ssaFirst;
}

let genders: Map<string, Gender> | null = null;

/** Gender of a first name from the name data of every origin and compromise's lexicon, e.g. genderOf('Marie') === 'female'; unknown names are 'neutral'. */
export function genderOf(first: string): Gender {
  if (!genders) {
    const male = new Set<string>(lexiconWords('MaleName').map(titleCase));
    const female = new Set<string>(lexiconWords('FemaleName').map(titleCase));
    for (const o of ORIGINS) {
      const n = personNames(o);
      n.first.male.forEach((x) => male.add(x));
      n.first.female.forEach((x) => female.add(x));
    }
    genders = new Map();
    for (const m of male) genders.set(m, female.has(m) ? 'neutral' : 'male');
    for (const f of female) if (!male.has(f)) genders.set(f, 'female');
  }
  return genders.get(first) ?? 'neutral';
}

let firstNames: Set<string> | null = null;

/** Whether a word is a known first name of any origin, e.g. isFirstName('Thomas') === true, isFirstName('Curie') === false. */
export function isFirstName(word: string): boolean {
  if (!firstNames) {
    firstNames = new Set([...lexiconWords('MaleName'), ...lexiconWords('FemaleName'), ...lexiconWords('FirstName')].map(titleCase));
    for (const o of ORIGINS) for (const g of ['male', 'female', 'neutral'] as const) personNames(o).first[g].forEach((x) => firstNames?.add(x));
  }
  return firstNames.has(word);
}

let surnames: Set<string> | null = null;

/** Whether a word is a known surname of any origin, e.g. isKnownSurname('Smith') === true. */
export function isKnownSurname(word: string): boolean {
  surnames ??= new Set([...ORIGINS.flatMap((o) => personNames(o).last), ...lexiconWords('LastName').map(titleCase)]);
  return surnames.has(word);
}

let properNouns: string[] | null = null;

/** DBName's proper nouns for organization words: surnames and city names (what a treebank's NNP list mostly holds). */
export function properNounList(): string[] {
  properNouns ??= [...new Set([...personNames('us').last, ...lexiconWords('LastName').map(titleCase), ...placeLists().city])].filter((w) => /^[A-Z][a-z]+$/.test(w)).sort();
  return properNouns;
}

let zhPlaceCache: Record<PlaceKind, string[]> | null = null;

/** Chinese country, province and city names (scripts/make-zh-places.ts), e.g. zhPlaceLists().state includes '浙江'. */
export function zhPlaceLists(): Record<PlaceKind, string[]> {
  zhPlaceCache ??= { country: words(zhPlaces.country), state: words(zhPlaces.state), city: words(zhPlaces.city) };
  return zhPlaceCache;
}

/**
 * The DBName list for a span kind, e.g. dbNames({ kind: 'last' }, 'in') is Indian surnames and
 * dbNames({ kind: 'first', gender: 'neutral' }, 'us') the SSA's neutral names. For a
 * Chinese passage (lang 'zh') people come from the Chinese list in characters whatever the origin
 * (the other origins have no names in characters) and places from the Chinese place list.
 */
export function dbNames(span: { kind: SpanKind; gender?: Gender }, origin: Origin, lang: 'en' | 'zh' = 'en'): string[] {
  if (lang === 'zh') origin = 'cn';
  switch (span.kind) {
    case 'first': {
      // Each gender draws from its own pool, neutral names too (Yan et al. 2022 §3.2; the released code samples the list of the guessed gender).
      const f = dbFirstNames(origin, lang);
      const g = span.gender ?? 'neutral';
      return f[g].length ? f[g] : [...f.male, ...f.female, ...f.neutral];
    }
    case 'last':
      return personNames(origin, lang).last;
    case 'country':
    case 'state':
    case 'city':
      return (lang === 'zh' ? zhPlaceLists() : placeLists())[span.kind];
    case 'nnp':
    case 'rare':
      return properNounList();
  }
}

/** What a perturbable span is: a person's first or last name, a place, or an organization word. */
export type SpanKind = 'first' | 'last' | PlaceKind | 'nnp' | 'rare';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

let hanChars: string[] | null = null;

/** RandStr's Chinese characters: every character of the Chinese given names of the name data (common, name-like), sorted. */
export function randStrHanChars(): string[] {
  if (!hanChars) {
    const f = personNames('cn', 'zh').first;
    hanChars = [...new Set([...f.male, ...f.female, ...f.neutral].flatMap((n) => [...n]))].filter((c) => /\p{Script=Han}/u.test(c)).sort();
  }
  return hanChars;
}

/**
 * RandStr (Yan et al. 2022 §3.2 and their released code): random letters with the same length and
 * casing, the first letter and a final "s" kept, other characters kept, e.g. randStr('Jean-Luc', r)
 * might be 'Jxob-Wze' and randStr('Williams', r) 'Wqtrzbes'. A Chinese character becomes a random
 * one of randStrHanChars (so 李白 stays two characters; this tool's extension, nothing kept).
 */
export function randStr(original: string, rand: () => number): string {
  // A draw equal to the original renames nothing (e.g. 'Ann' → 'Ann', 1 in 676): draw again, a few
  // times at most, since a name with nothing random in it ('Xs') can only come back as it was.
  let out = randStrOnce(original, rand);
  for (let i = 0; out === original && i < 8; i++) out = randStrOnce(original, rand);
  return out;
}

/** One RandStr draw of `original` (randStr without the redraw). */
function randStrOnce(original: string, rand: () => number): string {
  const chars = [...original];
  const firstLetter = chars.findIndex((c) => /\p{L}/u.test(c) && !/\p{Script=Han}/u.test(c));
  const finalS = chars.length > 1 && chars[chars.length - 1] === 's' ? chars.length - 1 : -1;
  let out = '';
  for (const [i, ch] of chars.entries()) {
    if (i === firstLetter || i === finalS) out += ch;
    else if (/\p{Script=Han}/u.test(ch)) out += pick(randStrHanChars(), rand);
    else if (ch !== ch.toLowerCase()) out += pick([...UPPER], rand);
    else if (ch !== ch.toUpperCase()) out += pick([...LOWER], rand);
    else out += ch;
  }
  return out;
}
