/**
 * Where new names come from. DBName: real-world lists (faker's person names per locale for name
 * origins, the place dictionaries of lexicon.ts, proper nouns); RandStr: random letters with the
 * original's length and casing; InDistName: a pool harvested from the dataset itself (pool.ts).
 */
import { fakerEN_IN, fakerEN_US, fakerFR, fakerZH_CN } from '@faker-js/faker';
import { pinyin } from 'pinyin-pro';
import { pick } from '../random.ts';
import { lexiconWords, placeLists, titleCase, type PlaceKind } from './lexicon.ts';
import { ARABIC_NAMES } from './names-ar.ts';
import { ORIGINS, type Gender, type Origin } from './options.ts';

export { ORIGINS, ORIGIN_LABELS, type Gender, type Origin } from './options.ts';



/** First names by gender and surnames of one origin. */
export interface PersonNames {
  first: Record<Gender, string[]>;
  last: string[];
}

/** Romanised Chinese name, e.g. romanize('伟') === 'Wei', romanize('上官') === 'Shangguan'. */
export function romanize(hanzi: string, surname = false): string {
  const syl = pinyin(hanzi, { toneType: 'none', type: 'array', surname: surname ? 'head' : 'off' });
  return titleCase(syl.join('').toLowerCase());
}

const plain = (s: string) => /^\p{Lu}[\p{L}'-]*\p{Ll}$/u.test(s);

function split(male: string[], female: string[], generic: string[] = []): Record<Gender, string[]> {
  const m = new Set(male.filter(plain));
  const f = new Set(female.filter(plain));
  const both = [...m].filter((n) => f.has(n));
  return {
    male: [...m].filter((n) => !f.has(n)).sort(),
    female: [...f].filter((n) => !m.has(n)).sort(),
    neutral: [...new Set([...both, ...generic.filter((n) => plain(n) && !m.has(n) && !f.has(n))])].sort(),
  };
}

const cache = new Map<string, PersonNames>();

/**
 * Person names of an origin; for Chinese passages (lang 'zh') Chinese names stay in characters,
 * e.g. personNames('fr').first.female includes 'Amélie'.
 */
export function personNames(origin: Origin, lang: 'en' | 'zh' = 'en'): PersonNames {
  const key = `${origin}:${lang}`;
  let names = cache.get(key);
  if (names) return names;
  if (origin === 'cn') {
    const p = fakerZH_CN.rawDefinitions.person as { first_name: Record<string, string[]>; last_name: Record<string, string[]> };
    if (lang === 'zh') {
      const g = p.first_name;
      names = { first: { male: g.male ?? [], female: g.female ?? [], neutral: g.generic ?? [] }, last: p.last_name.generic ?? [] };
    } else {
      const r = (xs: string[] | undefined) => [...new Set((xs ?? []).map((x) => romanize(x)))];
      names = { first: split(r(p.first_name.male), r(p.first_name.female), r(p.first_name.generic)), last: [...new Set((p.last_name.generic ?? []).map((x) => romanize(x, true)))] };
    }
  } else if (origin === 'ar') {
    names = { first: { male: ARABIC_NAMES.male, female: ARABIC_NAMES.female, neutral: ARABIC_NAMES.neutral }, last: ARABIC_NAMES.last };
  } else {
    const f = origin === 'us' ? fakerEN_US : origin === 'in' ? fakerEN_IN : fakerFR;
    const p = f.rawDefinitions.person as { first_name: Record<string, string[]>; last_name: Record<string, string[] | undefined> | string[] };
    const last = Array.isArray(p.last_name) ? p.last_name : (p.last_name.generic ?? []);
    names = { first: split(p.first_name.male ?? [], p.first_name.female ?? [], p.first_name.generic), last: last.filter(plain) };
  }
  cache.set(key, names);
  return names;
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

/** The DBName list for a span kind, e.g. dbNames({ kind: 'last' }, 'in') is Indian surnames. */
export function dbNames(span: { kind: SpanKind; gender?: Gender }, origin: Origin, lang: 'en' | 'zh' = 'en'): string[] {
  switch (span.kind) {
    case 'first': {
      const f = personNames(origin, lang).first;
      const g = span.gender ?? 'neutral';
      return g === 'neutral' ? [...f.male, ...f.female, ...f.neutral] : f[g].length ? f[g] : [...f.male, ...f.female];
    }
    case 'last':
      return personNames(origin, lang).last;
    case 'country':
    case 'state':
    case 'city':
      return placeLists()[span.kind];
    case 'nnp':
    case 'rare':
      return properNounList();
  }
}

/** What a perturbable span is: a person's first or last name, a place, or an organization word. */
export type SpanKind = 'first' | 'last' | PlaceKind | 'nnp' | 'rare';

/** Canonical (very common) names per span kind for the RESEMBLE defence: the model has seen them often. */
export const CANONICAL: Record<Exclude<SpanKind, 'first'> | `first-${Gender}`, string[]> = {
  'first-male': ['James', 'John', 'Robert'],
  'first-female': ['Mary', 'Elizabeth', 'Sarah'],
  'first-neutral': ['Alex', 'Jordan', 'Taylor'],
  last: ['Smith', 'Johnson', 'Brown'],
  country: ['France', 'Germany', 'Japan'],
  state: ['California', 'Texas', 'Ontario'],
  city: ['London', 'Chicago', 'Berlin'],
  nnp: ['Smith', 'Johnson', 'Miller'],
  rare: ['Smith', 'Johnson', 'Miller'],
};

/** The canonical names for a span, e.g. canonicalNames({ kind: 'first', gender: 'female' })[0] === 'Mary'. */
export function canonicalNames(span: { kind: SpanKind; gender?: Gender }): string[] {
  return span.kind === 'first' ? CANONICAL[`first-${span.gender ?? 'neutral'}`] : CANONICAL[span.kind];
}

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/**
 * Random letters with the same length and casing; other characters kept (RandStr), e.g.
 * randStr('Jean-Luc', r) might be 'Qxob-Wze'. Chinese characters become random common ones.
 */
export function randStr(original: string, rand: () => number): string {
  let out = '';
  for (const ch of original) {
    if (/\p{Script=Han}/u.test(ch)) out += String.fromCharCode(0x4e00 + Math.floor(rand() * (0x9fa5 - 0x4e00)));
    else if (ch !== ch.toLowerCase()) out += pick([...UPPER], rand);
    else if (ch !== ch.toUpperCase()) out += pick([...LOWER], rand);
    else out += ch;
  }
  return out;
}
