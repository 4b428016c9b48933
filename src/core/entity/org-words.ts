/**
 * What an organization word is, after Yan et al. 2022 App. B: a proper noun (<NNP>, a word the Penn
 * Treebank tags NNP/NNPS ≥ 90% of the time; renamed by every source), a rare word (<Rare>, outside
 * the treebank; left alone by DBName) or an ordinary word (kept). The treebank is not shipped; this
 * test stands in for its lists, and `scripts/ptb-agreement.ts` measures how often they agree.
 */
import { isCommonWord, isOrgDesignator, lexiconTags } from './lexicon.ts';
import { isFirstName, isKnownSurname } from './names.ts';
import properNouns from './proper-nouns.json' with { type: 'json' };

/** An ORG word's class: `nnp` and `rare` are perturbable spans, `ordinary` stays. */
export type OrgWordKind = 'nnp' | 'rare' | 'ordinary';

/**
 * Designator abbreviations the treebank tags NNP (its released `ptb_nnp.txt` lists inc, corp, co,
 * ltd, plc, ag, bros, cos, …): proper nouns, so renamed. The spelled-out designators (*Company*,
 * *University*, *Bank*) are ordinary PTB words and stay.
 */
const NNP_DESIGNATORS = new Set('inc corp co cos ltd plc ag bros sa nv bv spa kk pty'.split(' '));

/** compromise lexicon tags that mark a name (person, place, organization) rather than a common word. */
const NAME_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'LastName', 'Person', 'Place', 'City', 'Country', 'Region', 'Organization', 'SportsTeam', 'ProperNoun']);

/** Words SUBTLEX-US saw mostly capitalised (scripts/make-entity-lexicon.ts), lower case. */
const SUBTLEX_NAMES = new Set<string>(properNouns as string[]);

/**
 * The proper-noun test standing in for PTB's NNP list: a designator abbreviation, or a capitalised
 * word that is not an ordinary English word (mostly lower case in SUBTLEX-US's 20,000 most frequent)
 * and that a name list knows (first names, surnames, compromise's names, places and organizations),
 * e.g. isProperNoun('Inc.') === true, isProperNoun('Fleming') === true, isProperNoun('Company') === false.
 */
export function isProperNoun(word: string): boolean {
  const bare = word.replace(/\.$/, '');
  const lower = bare.toLowerCase();
  if (NNP_DESIGNATORS.has(lower)) return true;
  if (!/^\p{Lu}/u.test(bare) || isCommonWord(lower) || isOrgDesignator(lower)) return false;
  const tags = lexiconTags(lower);
  // Demonyms and adjectives ("American", "Soviet") are mostly JJ in the treebank, not NNP.
  if (tags.includes('Demonym')) return false;
  return SUBTLEX_NAMES.has(lower) || isFirstName(bare) || isKnownSurname(bare) || tags.some((t) => NAME_TAGS.has(t));
}

/**
 * An ORG word's class (App. B): `nnp` by isProperNoun, `ordinary` for an English word (the
 * 20,000 common words, function words, or any lower-case word), else `rare`, e.g.
 * orgWordKind('Quillan') === 'rare', orgWordKind('Film') === 'ordinary', orgWordKind('Corp') === 'nnp'.
 */
export function orgWordKind(word: string): OrgWordKind {
  if (isProperNoun(word)) return 'nnp';
  const bare = word.replace(/\.$/, '');
  if (!/^\p{Lu}/u.test(bare) || isCommonWord(bare) || isOrgDesignator(bare)) return 'ordinary';
  // A plural of an ordinary word ("Cardinals") and a word compromise knows as such are English words.
  if (/s$/i.test(bare) && isCommonWord(bare.slice(0, -1))) return 'ordinary';
  return lexiconTags(bare.toLowerCase()).length ? 'ordinary' : 'rare';
}
