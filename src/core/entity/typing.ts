/**
 * Second opinion on compromise's entity types. compromise tags by lexicon: "Sydney" and "Cheyenne"
 * are female first names to it, "Africa" and "Eiffel Tower" places. Continents, landmarks,
 * buildings and works are never people or GPEs here: they are not renamed at all. A one-word
 * "person" that the place dictionaries know is the place, unless the passage names that person in full.
 */
import { isNonGpePlace, isTitle, placeKind } from './lexicon.ts';
import type { EntityType } from './options.ts';

/** What a capitalised name is when it is not a person, organization or GPE. */
export type NonEntityKind = 'continent' | 'landmark' | 'building' | 'work';

/** Continents and world regions, with the directions that make regions of them ("North Africa"). */
const CONTINENT = /^(?:(?:North|South|East|West|Central|Northern|Southern|Eastern|Western|Sub-Saharan|Latin)\s+)?(?:Africa|Europe|Asia|Antarctica|Oceania|Australasia|Americas?|Eurasia|Arctic|Antarctic|Middle East|Far East|Scandinavia|Balkans|Caribbean)$/;

/** Landmarks and natural features the place dictionaries lack or list as a region ("Kilimanjaro" is a Tanzanian region). */
const LANDMARKS = new Set(
  'Kilimanjaro Everest Sahara Gobi Kalahari Himalaya Himalayas Alps Andes Rockies Pyrenees Urals Appalachians Nile Amazon Danube Rhine Thames Seine Volga Yangtze Ganges Mekong Zambezi Stonehenge Colosseum Parthenon Acropolis Louvre Kremlin Alhambra Versailles Pompeii Machu Picchu Petra Angkor Wat Taj Mahal Big Ben Uluru Serengeti Matterhorn Vesuvius Etna Fuji'
    .split(' '),
);
const LANDMARK_PHRASES = ['Machu Picchu', 'Angkor Wat', 'Taj Mahal', 'Big Ben', 'Mount Fuji', 'Notre-Dame', 'Notre Dame de Paris', 'Statue of Liberty', 'Great Wall', 'Great Wall of China', 'Golden Gate', 'Sagrada Familia', 'Burj Khalifa', 'Mona Lisa'];

/** Words that name a building or site inside a name (besides lexicon.ts's street/castle/tower words). */
const BUILDING_WORDS = /\b(Building|Tower|Towers|Centre|Center|Stadium|Arena|Hall|Cathedral|Abbey|Palace|Castle|Bridge|Monument|Memorial|Statue|Temple|Mosque|Church|Chapel|Basilica|Museum|Gallery|Theatre|Theater|Opera House|Airport|Station|Dam|Wall|Gate|Square)\b/;

/** Nouns that, naming what something is, make it a work ("the TV series Cheyenne", "Cheyenne is a western television series"). */
const WORK_NOUNS = 'series|show|sitcom|programme|program|film|movie|documentary|novel|book|novella|poem|play|musical|opera|album|single|song|painting|sculpture|symphony|game|video game|magazine|newspaper|comic|manga|anime|episode|soap opera|miniseries';
/** Nouns that make it a landmark or natural feature ("Kilimanjaro, the highest mountain in Africa"). */
const FEATURE_NOUNS = 'mountain|volcano|peak|summit|river|lake|desert|glacier|waterfall|falls|canyon|island|sea|ocean|bay|forest|range|monument|landmark|building|skyscraper|tower|bridge|cathedral|church|palace|castle|temple|stadium|museum|statue|continent';

const TITLED_WORK = new RegExp(`(?:\\b(?:TV|television|radio|web)\\s+)?\\b(?:${WORK_NOUNS})\\s+["“‘']?$`, 'i');
/** A feature's word before its name: "Mount Kenya", and in running text "the river Deabolis", "renamed the fort San Mateo". */
const FEATURE_BEFORE = /\b(?:Mount|Mt\.?|Lake|River|Cape|Mont|Monte|(?:the|a)\s+(?:river|lake|mountain|mount|fort|fortress|canal|valley|island))\s+$/;
/** Water's verbs before a name: a river or sea ("the Rhine flows … through the Waal", "merging with the Meuse"). */
const WATER_BEFORE = /\b(?:flows?|flowing|flowed|merg(?:es|ing|ed)|empt(?:ies|ying|ied)|drains?|draining)\s+(?:[\p{L}-]+,?\s+){0,2}?(?:into|through|with|to)\s+the\s+$/u;
/** A feature's common noun right after its name: "the Tien Shan mountains", "the Colorado river". */
const FEATURE_AFTER = /^\s+(?:mountains?|range|river|valley|desert|fort|fortress|glacier|plateau|basin|canyon|peninsula|hills|massif)\b/;
let lastForts: { context: string; names: Set<string> } | null = null;
/** Whether the passage names "Fort X" / "X Fort" for the bare name X; the passage's fort names are gathered once while it stays the same (spans.ts asks per entity). */
function fortNamed(context: string, name: string): boolean {
  if (lastForts?.context !== context) {
    const names = new Set<string>();
    for (const m of context.matchAll(/\b(?:Fort|Fortress|Forte|Fortaleza)\s+((?:\p{Lu}[\p{L}'’-]*\s?){1,3})/gu)) names.add((m[1] ?? '').trim());
    for (const m of context.matchAll(/((?:\p{Lu}[\p{L}'’-]*\s){1,3})(?:Fort|Fortress)\b/gu)) names.add((m[1] ?? '').trim());
    lastForts = { context, names };
  }
  return lastForts.names.has(name);
}
const SAINT_BEFORE = /\b(?:St\.?|Saint|Ste\.?)\s+$/;

/** Cities and countries named after saints: "St. Louis" is a city, "St Mary's" a church or college. */
const SAINT_PLACES = new Set(['Louis', 'Petersburg', 'Paul', 'Helens', 'Albans', 'Andrews', 'Davids', 'Kitts', 'Lucia', 'Helena', 'Vincent', 'Johns', "John's", 'Augustine', 'Moritz', 'Tropez', 'Gallen', 'Malo', 'Denis', 'Etienne', 'Catharines', 'Pierre']);
/** Whether a "St …"/"Saint …" name is a place (a city, island or country), e.g. isSaintPlace('St. Louis') === true. */
function isSaintPlace(name: string): boolean {
  return placeKind(name) !== null || SAINT_PLACES.has(name.replace(/^(?:St\.?|Saint|Ste\.?)\s+/, ''));
}

/** "X is a/the … noun" or "X, the … noun" right after a name: what the passage says it is (within 6 words). */
function describedAs(after: string, nouns: string): boolean {
  const re = new RegExp(`^['’]?s?\\s*(?:,|\\(|\\s+(?:is|was|are|were|became)\\b)\\s*(?:(?:a|an|the|one of the)\\s+)?(?:[\\p{L}\\d'’-]+\\s+){0,5}?(?:${nouns})s?\\b`, 'iu');
  return re.test(after.slice(0, 90));
}

/** Whether the name stands in quotation marks in the passage, as titles of works do. */
function quoted(context: string, start: number, end: number): boolean {
  const before = context.slice(Math.max(0, start - 1), start);
  const after = context.slice(end, end + 1);
  return /["“]/.test(before) && /["”]/.test(after);
}

/**
 * What a name is when it is a continent, landmark, building or work rather than a person,
 * organization or GPE; null when nothing says so. Without a passage only the name itself counts,
 * e.g. nonEntityKind('Eiffel Tower') === 'building', nonEntityKind('Africa') === 'continent'.
 */
export function nonEntityKind(name: string, context?: string, start = 0, end = start + name.length): NonEntityKind | null {
  const text = name.replace(/^the\s+/i, '').replace(/['’]s$/, '').trim();
  if (CONTINENT.test(text)) return 'continent';
  if (LANDMARKS.has(text) || LANDMARK_PHRASES.includes(text)) return 'landmark';
  if (/^(?:St\.?|Saint|Ste\.?)\s+\p{Lu}/u.test(text)) return isSaintPlace(text) ? null : 'building';
  if (BUILDING_WORDS.test(text) || isNonGpePlace(text)) return 'building';
  if (!context) return null;
  const before = context.slice(Math.max(0, start - 40), start);
  const after = context.slice(end);
  // A tagger that cuts a building's name short ("Eiffel" of "Eiffel Tower" as a person) is told by the next word.
  if (BUILDING_WORDS.test(after.slice(0, 40).match(/^(?:\s+\p{Lu}\p{L}*){1,3}/u)?.[0] ?? '')) return 'building';
  const saint = SAINT_BEFORE.exec(before);
  if (saint) return isSaintPlace(saint[0].trim() + ' ' + text) ? null : 'building';
  if (FEATURE_BEFORE.test(before) || WATER_BEFORE.test(before) || FEATURE_AFTER.test(after)) return 'landmark';
  // A fort the passage names in full elsewhere ("Fort Duquesne … the French at Duquesne"): the bare name is the fort (OntoNotes FAC).
  if (fortNamed(context, text)) return 'building';
  if (TITLED_WORK.test(before) || quoted(context, start, end) || describedAs(after, WORK_NOUNS)) return 'work';
  if (describedAs(after, FEATURE_NOUNS)) return 'landmark';
  return null;
}

/** A tagged name with its place in the passage, as typeEntity reads it. */
export interface TaggedName {
  type: EntityType;
  text: string;
  start: number;
  end: number;
}

/**
 * The type a tagged name really has, or null when it is no PER/ORG/GPE at all (a continent,
 * landmark, building or work). A one-word PER the place dictionaries know becomes a GPE unless a
 * title precedes it or the passage has it as part of a longer person name ("Florence Nightingale …
 * Florence"), e.g. typeEntity({ type: 'PER', text: 'Sydney', … }, 'Sydney is a city.', []) === 'GPE'.
 * `people` may be a function: it is then called only when the answer depends on it.
 */
export function typeEntity(e: TaggedName, context: string, people: readonly string[] | (() => readonly string[])): EntityType | null {
  if (nonEntityKind(e.text, context, e.start, e.end)) return null;
  if (e.type !== 'PER') return e.type;
  const words = e.text.split(/\s+/);
  const word = words[0] ?? '';
  if (words.length !== 1 || !placeKind(word)) return 'PER';
  const titled = isTitle(context.slice(Math.max(0, e.start - 12), e.start).trim().split(/\s+/).pop() ?? '');
  if (titled) return 'PER';
  // Asked for only here: typing an answer tags its whole passage just for a lone place-like first name (issue 40.2).
  const named = typeof people === 'function' ? people() : people;
  return named.some((p) => p !== e.text && p.split(/\s+/).includes(word)) ? 'PER' : 'GPE';
}
