/**
 * How DBName's first-name lists get their genders: Yan et al.'s 2× rule where a source has counts
 * per sex, the sources' own labels elsewhere. Shared by the list generator
 * (scripts/make-name-lists.ts) and the tests; the app only reads the generated lists.
 */
import type { Gender } from './options.ts';

/** One origin's lists as stored in name-data/<origin>.json: names joined by single spaces (compact; split on first use). */
export interface NameData {
  male: string;
  female: string;
  neutral: string;
  last: string;
  /** Chinese only: the same kinds in characters, for Chinese passages. */
  zh?: { male: string; female: string; neutral: string; last: string };
}

/**
 * A plain person name: a capital then small letters, parts joined by an apostrophe or hyphen, a small
 * letter last, e.g. 'Amélie', 'Jean-Luc', "O'Neil"; not 'DJ', 'KrishnaVrinda' or 'Mary Ann'.
 */
export const PLAIN_NAME = /^(?=.*\p{Ll}$)\p{Lu}\p{Ll}*(?:['-]\p{Lu}?\p{Ll}+)*$/u;

/** Whether a string is a plain person name (PLAIN_NAME), e.g. isPlainName("O'Neil") === true. */
export function isPlainName(s: string): boolean {
  return PLAIN_NAME.test(s);
}

/**
 * The paper's rule on counts per sex (Yan et al. 2022 §3.2, "two times larger"), with the released
 * code's strict `>`: male when the male count is more than twice the female count, female in the
 * reverse case, otherwise neutral — exactly twice is neutral — e.g. genderByCounts(201, 100) ===
 * 'male', genderByCounts(200, 100) === 'neutral'; a name with no count at all is neutral.
 */
export function genderByCounts(male: number, female: number): Gender {
  if (male <= 0 && female <= 0) return 'neutral';
  if (male > 2 * female) return 'male';
  if (female > 2 * male) return 'female';
  return 'neutral';
}

/** Per-gender lists from count tables: each name's gender by genderByCounts, lists sorted, e.g. byCounts(new Map([['Ann', [1, 90]]])).female → ['Ann']. */
export function byCounts(counts: ReadonlyMap<string, readonly [male: number, female: number]>): Record<Gender, string[]> {
  const out: Record<Gender, string[]> = { male: [], female: [], neutral: [] };
  for (const [name, [m, f]] of counts) out[genderByCounts(m, f)].push(name);
  for (const g of ['male', 'female', 'neutral'] as const) out[g].sort();
  return out;
}

/**
 * Per-gender lists from sources that label names without counts: a name labelled both male and
 * female (by one source or two) is neutral, and so is one labelled only neutral; each name appears
 * once, e.g. byLabels([['Kim', 'male'], ['Kim', 'female']]).neutral → ['Kim'].
 */
export function byLabels(labelled: Iterable<readonly [name: string, gender: Gender]>): Record<Gender, string[]> {
  const seen = new Map<string, Set<Gender>>();
  for (const [name, g] of labelled) {
    const s = seen.get(name) ?? new Set<Gender>();
    s.add(g);
    seen.set(name, s);
  }
  const out: Record<Gender, string[]> = { male: [], female: [], neutral: [] };
  for (const [name, s] of seen) {
    const only = s.size === 1 ? [...s][0] : undefined;
    out[only ?? 'neutral'].push(name);
  }
  for (const g of ['male', 'female', 'neutral'] as const) out[g].sort();
  return out;
}
