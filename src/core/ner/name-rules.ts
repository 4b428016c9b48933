/**
 * The built-in tagger's rules for an English answer (issue 42.1): what a spaCy-style NER would call
 * the whole answer, from the shape of the name, the name and place lists the project ships (SSA and
 * other first names, surnames, country-state-city and city lists), organization cue words and
 * patterns, the words around the answer in its passage and the question's wording. compromise is
 * one signal among these (answer-type.ts); a file's own annotations and a Hub NER model come first.
 */
import type { AnswerEntityType } from '../data/types.ts';
import { isNameStopword, isTitle, lexiconTags, placeKind } from '../entity/lexicon.ts';
import { isFirstName, isKnownSurname } from '../entity/names.ts';
import { nonEntityKind } from '../entity/typing.ts';

/** A type the rules are sure of, or a type they only lean to (compromise or the question decides). */
export interface RuleVerdict {
  type: AnswerEntityType;
  sure: boolean;
}

/** Last words that make a name an organization's (OntoNotes ORG: companies, institutions, teams, parties, bands). */
const ORG_LAST = new Set(
  [
    'company corporation corp co inc incorporated ltd limited llc plc ag gmbh group holdings industries enterprises',
    'productions pictures films studios records entertainment media network networks broadcasting television radio channel communications publishing press',
    'system systems technologies software electronics motors airlines airways railway railways bank oil petroleum steel energy electric foods pharmaceuticals',
    'university college school institute academy conservatory laboratory laboratories',
    'society association federation confederation union alliance coalition league club party movement foundation council committee commission',
    'agency department ministry bureau authority administration parliament congress senate assembly court tribunal',
    'army navy corps orchestra choir band church museum library hospital times post herald tribune',
  ]
    .join(' ')
    .split(' '),
);

/** First words of "X of Y" organization names ("University of Chicago", "Bank of England"). */
const ORG_FIRST = /^(?:University|College|Bank|Church|Institute|Academy|Museum|Department|Ministry|Council|Society|Association|League|Federation|Order|Board|House|Royal Society|National Academy)\s+(?:of|for)\s/;

/** Last words of events, periods, works and laws: OntoNotes EVENT, DATE, WORK_OF_ART and LAW, no renamable entity. */
const NOT_ENTITY_LAST = /\b(?:War|Wars|Battle|Revolution|Rebellion|Uprising|Panic|Crisis|Treaty|Act|Bill|Olympics|Games|Cup|Bowl|Championship|Trophy|Prize|Award|Awards|Festival|Fair|Period|Era|Age|Dynasty|Empire Style|Conjecture|Theorem|Law|Principle|Effect|Syndrome|Disease|Day|Hoppings|Presents|Movie|Show|Magazine|Conference of \p{Lu}\p{L}+|Cycle|Sea|Ocean|River|Lake|Mountains|Street|Road|Avenue)$/u;
const NOT_ENTITY_FIRST = /^(?:Fort|Lake|Mount|Mt\.?|Cape|River|Book|Hymn|Operation|Project|Battle|Siege|Treaty|Act|Gospel|Epistle)\b/;
/** Last words of natural features and areas (OntoNotes LOC), unless the whole name is a known place ("Apple Valley" is a city). */
const LOC_LAST = /\s(?:Basin|Valley|Plain|Plains|Plateau|Desert|Peninsula|Strait|Straits|Gulf|Canyon|Glacier|Range|Moor|Side|Hills|Highlands|Ridge|Massif|Heights|Peaks|Archipelago|Isles|Steppe|Shan|Tagh|Dagh|Dağ|Dağları|District)$/;
/** A region of a country named by an adjective of direction ("Northern United Kingdom"); "North Korea", "East Germany" are countries. */
const REGION_OF = /^(?:Northern|Southern|Eastern|Western|Central)\s+(.+)$/;
/** A part of a city named by a district word ("Downtown Fresno", "Midtown Manhattan"): OntoNotes LOC/FAC, not the city. */
const DISTRICT_OF = /^(?:Downtown|Uptown|Midtown|Inner)\s+(.+)$/;
/** Titles that follow a name in Turkic, Mongol, Persian and South Asian usage ("Hulagu Khan", "Töregene Khatun", "Nur Jahan Begum"). */
const TITLE_AFTER = /^(?:Khan|Khatun|Hatun|Khanum|Begum|Beg|Bek|Khagan|Khaghan|Qaghan|Noyan|Pasha|Bey|Shah|Agha|Effendi|Sahib|Bahadur)$/;
/** Nouns of places a name may be given to ("a town called Abilene"): after any other noun the name is a namesake (a network, ship or horse). */
const PLACE_NOUN = /^(?:city|cities|town|towns|village|hamlet|settlement|country|nation|state|province|region|county|district|capital|place|port|colony|kingdom|empire|republic|municipality|borough|suburb|community|territory|area|township|parish)$/i;
/** People a name may be given to ("a son named Paris"): left to the other rules. */
const PERSON_NOUN = /^(?:son|sons|daughter|daughters|child|boy|girl|man|woman|wife|husband|brother|sister|baby|king|queen|prince|princess|character)$/i;
/** "…, called X" / "… named X": the noun the passage gives the name to (lower case), or null. */
function namedNoun(text: string, start: number): string | null {
  const m = /([\p{L}\d-]+)\s*,?\s+(?:called|named|dubbed|nicknamed|code-?named|christened|known as)\s+(?:the\s+)?$/u.exec(text.slice(Math.max(0, start - 60), start));
  return m?.[1] ? m[1].toLowerCase() : null;
}
/** Whether a place-named answer names something else after the place, per the passage ("the first Internet2 Network, called Abilene"). */
function isNamesake(context: { text: string; start: number } | undefined, start: number): boolean {
  const noun = context ? namedNoun(context.text, start) : null;
  return noun !== null && !PLACE_NOUN.test(noun) && !PERSON_NOUN.test(noun) && !/^(?:is|was|also|be|been|originally|later|now|then|first|often|sometimes|formerly|officially|locally)$/.test(noun);
}

/** Geological and historical periods ("Oligocene", "Pliocene period", "Paleolithic"). */
const PERIOD = /(?:cene|lithic|zoic|ian period)$/i;

/** All-capital abbreviations of countries (places, not organizations). */
const GPE_ACRONYMS = new Set(['UK', 'US', 'USA', 'U.S.', 'U.K.', 'UAE', 'USSR', 'PRC', 'ROC', 'DRC', 'GDR', 'FRG']);

/** Words inside a name that are not capitalised (particles of people, places and organizations). */
const INNER = /^(?:of|the|and|&|for|de|del|della|di|da|do|dos|du|la|le|von|van|der|den|y|bin|ibn|al|el|on|in|at|to)$/i;

/** The answer as a name: its words with a leading article and trailing punctuation or possessive gone. */
export function nameOf(answer: string): string {
  return answer
    .trim()
    .replace(/^(?:the|The)\s+/, '')
    .replace(/[\s,;:!?)"'’]+$/, '')
    .replace(/['’]s$/, '')
    // A full stop ends the name unless it ends an initial or abbreviation ("George B.", "Corp.").
    .replace(/(?<!\b\p{Lu}|Corp|Inc|Co|Ltd|Bros|Jr|Sr)\.$/u, '');
}

/**
 * Whether a text has the shape of a name: one to six words, the first and every word but particles
 * capitalised, no digits but regnal numerals, e.g. isNameShaped('C. J. Anderson') === true,
 * isNameShaped('left Graz') === false, isNameShaped('1867') === false.
 */
export function isNameShaped(name: string): boolean {
  const words = name.split(/\s+/).filter(Boolean);
  if (!words.length || words.length > 6 || !/^\p{Lu}/u.test(name) || /\d/.test(name)) return false;
  return words.every((w) => /^[\p{Lu}\p{Lt}]/u.test(w) || INNER.test(w) || /^[\p{Lu}]\.$/u.test(w));
}

/** Whether a name lists several names ("China, Japan and Korea", "Al-Qaeda and the Taliban"), but not "Houston, Texas". */
function isList(name: string): boolean {
  return /\p{Lu}\S*,?\s+(?:and|&)\s+(?:the\s+)?\p{Lu}/u.test(name) || name.split(',').length > 2;
}

/** Greek-letter society names ("Alpha Phi Omega"): fraternities and sororities, organizations. */
const GREEK = /^(?:(?:Alpha|Beta|Gamma|Delta|Epsilon|Zeta|Eta|Theta|Iota|Kappa|Lambda|Mu|Nu|Xi|Omicron|Pi|Rho|Sigma|Tau|Upsilon|Phi|Chi|Psi|Omega)\s*){2,3}$/;

/** Whether a name has an organization's word before "of"/"for" ("Warsaw University of Technology", "BBC National Orchestra of Wales"). */
function orgOf(words: readonly string[]): boolean {
  return words.some((w, i) => i > 0 && ORG_LAST.has(w.toLowerCase()) && /^(?:of|for)$/.test(words[i + 1] ?? ''));
}

/** Whether every comma-separated part is a known place ("Houston, Texas"). */
function isPlaceChain(name: string): boolean {
  const parts = name.split(/\s*,\s*/);
  return parts.length > 1 && parts.every((p) => placeKind(p) !== null);
}

/** A person's name by its shape: initials and a surname ("C. J. Anderson"), or a first name followed by capitalised words. */
function personShape(words: readonly string[]): boolean {
  const [first, ...rest] = words;
  if (!first || !rest.length || words.length > 4) return false;
  const last = rest[rest.length - 1] ?? '';
  if (!/^\p{Lu}\p{Ll}/u.test(last) || placeKind(last) === 'country') return false;
  const initials = /^(?:\p{Lu}\.\s?)+$/u.test(first) || rest.slice(0, -1).some((w) => /^\p{Lu}\.$/u.test(w));
  return initials || isFirstName(first) || (isTitle(first) && !/^(?:General|Major|Count|Justice)$/.test(first));
}

/** Demonyms and peoples (OntoNotes NORP): "Roman Catholic", "Seljuk Turks", "Anglo-Saxons". */
function isNorp(words: readonly string[]): boolean {
  const last = (words[words.length - 1] ?? '').toLowerCase();
  // compromise's lexicon has "Philippines" as a demonym too.
  if (placeKind(words.join(' ')) === 'country') return false;
  const tags = lexiconTags(last);
  if (tags.includes('Demonym') || /^(?:catholics?|protestants?|muslims?|christians?|jews|hindus|buddhists|islamists?|turks|arabs|saxons|normans|franks|goths|huns|mongols|rebels)$/.test(last)) return true;
  return words.length === 1 && /(?:ist|ic|ian|ish|ese)$/.test(last) && !placeKind(words[0] ?? '');
}

/** Whether the passage continues a name that ends at `end` with another capitalised word of it (same sentence, no punctuation between), e.g. 'Orange| Counties'. */
function cutShort(text: string, end: number): boolean {
  return /^ \p{Lu}\p{Ll}/u.test(text.slice(end, end + 3));
}

/**
 * The rules' verdict on an answer, before compromise and the question are heard: 'other' when the
 * answer is no name or a name of something renaming leaves alone; ORG, GPE or PER when a cue says
 * so; null when nothing decides, e.g. ruleType('Warsaw University of Technology')?.type === 'ORG',
 * ruleType('Eiffel Tower')?.type === 'other', ruleType('Houston, Texas')?.type === 'GPE'.
 */
export function ruleType(answer: string, context?: { text: string; start: number }): RuleVerdict | null {
  const name = nameOf(answer);
  if (!isNameShaped(name)) return { type: 'other', sure: true };
  const words = name.split(/\s+/);
  const last = (words[words.length - 1] ?? '').replace(/\.$/, '');
  if (isPlaceChain(name)) return { type: 'GPE', sure: true };
  if (ORG_FIRST.test(name) || orgOf(words) || GREEK.test(name)) return { type: 'ORG', sure: true };
  if (isList(name)) return { type: 'other', sure: true };
  if (words.length > 1 && ORG_LAST.has(last.toLowerCase())) return { type: 'ORG', sure: true };
  if (NOT_ENTITY_LAST.test(name) || NOT_ENTITY_FIRST.test(name) || PERIOD.test(name) || isNorp(words)) return { type: 'other', sure: true };
  if ((LOC_LAST.test(name) || placeKind(REGION_OF.exec(name)?.[1] ?? '') === 'country' || placeKind(DISTRICT_OF.exec(name)?.[1] ?? '') !== null) && placeKind(name) === null) return { type: 'other', sure: true };
  const start = context ? context.start + Math.max(0, answer.indexOf(name)) : 0;
  if (nonEntityKind(name, context?.text, start, start + name.length)) return { type: 'other', sure: true };
  // A name the passage goes on with ("Orange" of "Orange Counties", "Sunnyside" of "Sunnyside Country Club"): the answer is a piece of a longer name, no entity of its own.
  if (context && cutShort(context.text, start + name.length)) return { type: 'other', sure: true };
  if (GPE_ACRONYMS.has(name)) return { type: 'GPE', sure: true };
  // An acronym is mostly an organization's ("NASA", "BBC"), but "HD" is a format: the question may say so.
  if (/^\p{Lu}{2,6}$/u.test(name)) return { type: placeKind(name) ? 'GPE' : 'ORG', sure: false };
  // A team is a city and a plural ("Pittsburgh Steelers"); a surname ending in s after a city-named first name is a person ("Elizabeth Thomas").
  if (words.length > 1 && /^\p{Lu}/u.test(last) && /s$/.test(last) && !isKnownSurname(last) && placeKind(words.slice(0, -1).join(' ')) === 'city') return { type: 'ORG', sure: true };
  // "Hulagu Khan", "Töregene Khatun": a name before a ruler's title that follows it.
  if ((words.length === 2 || words.length === 3) && TITLE_AFTER.test(last) && !placeKind(name)) return { type: 'PER', sure: true };
  if (personShape(words)) return { type: 'PER', sure: placeKind(name) === null };
  const place = placeKind(name) ?? (words.length === 2 && /^(?:North|South|East|West|Northern|Southern|Eastern|Western|Upper|Lower)$/.test(words[0] ?? '') ? placeKind(last) : null);
  if (place) return isNamesake(context, start) ? { type: 'other', sure: true } : { type: 'GPE', sure: false };
  if (words.length === 1 && (isFirstName(name) || isKnownSurname(name))) return { type: 'PER', sure: false };
  return null;
}

/** Question words asking for a kind, a title or an event, whose answers are no PER/ORG/GPE ("In which episode …", "What format …"). */
/** "What was the name of the Mongol Empire's legal code?": the name of a law, a code or a work. */
const NAME_OF_OTHER = /\bname of (?:the\s+|an?\s+)?(?:[\p{L}'’-]+\s+){0,4}?(?:code|law|treaty|doctrine|policy|book|film|song|album|ship|operation|war|battle)\b/iu;
const ASKS_OTHER = /\b(?:what|which)\s+(?:\w+\s+)?(?:type|kind|sort|format|genre|style|episode|serial|song|single|hymn|film|movie|book|novel|album|show|series|programme|program|title|war|battle|event|period|era|product|language|religion)s?\b/i;
/** Question words asking for a natural feature or a site (OntoNotes LOC/FAC), whatever the place words later in the question ("What mountain range did he cross to enter the Empire?"). */
const ASKS_FEATURE = /\b(?:what|which)\s+(?:\w+\s+)?(?:mountain|mountains|range|peak|volcano|river|lake|sea|ocean|desert|valley|peninsula|fort|fortress|castle|palace|building|bridge|stadium|airport|street|road)s?\b/i;
/** Question words asking for a kind of person ("Which woman …", "What king …"), before any place word later in the question. */
const ASKS_PERSON_NOUN = /\b(?:what|which) (?:\w+\s+)?(?:person|man|woman|men|women|player|actor|actress|president|king|queen|emperor|empress|khan|ruler|scientist|inventor|writer|author|scholar|alumn\w*|astronaut|paleontologists?)\b/i;
/** Relations of someone named that ask for a person ("… Börte's first son?", "Which of Temüjin's childhood friends …"), not "… with his brothers". */
const ASKS_PERSON = /^(?:what|which)\b[^?]*(?:['’]s|\bof)\s+(?:[\p{L}'’-]+\s+){0,3}?(?:son|sons|daughter|daughters|wife|husband|father|mother|brother|brothers|sister|sisters|friend|friends|successor|heir|ruler|founder|leader|general|poet|composer|painter|philosopher)\b/iu;

/**
 * The type the question's wording expects ('other' when it asks for a kind or a title), e.g.
 * questionCue('Who wrote it?') === 'PER', questionCue('Which company …?') === 'ORG', questionCue('What format …?') === 'other'.
 */
export function questionCue(question: string): AnswerEntityType | null {
  const q = question.trim();
  if (/\b(?:what|which)\s+(?:[\w-]+\s+){0,2}(?:company|companies|firm|corporation|network|organi[sz]ation|team|club|university|college|party|band|group|agency|newspaper|broadcaster|station|studio|school|institution|service)\b/i.test(q)) return 'ORG';
  if (ASKS_OTHER.test(q) || ASKS_FEATURE.test(q) || NAME_OF_OTHER.test(q)) return 'other';
  if (ASKS_PERSON_NOUN.test(q)) return 'PER';
  if (/\b(?:what|which)\b[^?]*?\b(?:city|cities|country|nation|state|capital|province|county|town|borough|kingdom|empire)\b/i.test(q) || /^where\b/i.test(q)) return 'GPE';
  if (ASKS_PERSON.test(q)) return 'PER';
  if (/^(?:who|whom|whose)\b|\b(?:who|whom)\b[^,]*\?$/i.test(q)) return 'PER';
  return null;
}

/** A city only the long lists know (country-state-city), not compromise's lexicon of well-known places, e.g. 'Euclid' (Ohio) but not 'Warsaw'. */
function minorCity(name: string): boolean {
  return placeKind(name) === 'city' && !lexiconTags(name.toLowerCase()).some((t) => t === 'City' || t === 'Place' || t === 'Country' || t === 'Region');
}

/**
 * The answer type from the rules, compromise's reading and the question: a sure rule wins; else a
 * leaning rule or compromise agreeing with the question's wording; else the rule's leaning; else
 * compromise (already retyped by typing.ts); a name-shaped answer to a "Who" question nothing else
 * types is a person when it reads like one (one or two words, no ordinary English word).
 */
export function combineSignals(rule: RuleVerdict | null, fromCompromise: AnswerEntityType, cue: AnswerEntityType | null, name: string): AnswerEntityType {
  if (rule?.sure) return rule.type;
  if (cue === 'other') return 'other';
  if (cue && (rule?.type === cue || fromCompromise === cue)) return cue;
  const words = name.split(/\s+/);
  // "Newton", "Hagen", "Euclid": a place to the lists, a person to a "Who …" question, unless a country, state or well-known city ("Germany", "Warsaw").
  if (cue === 'PER' && words.length === 1 && (isFirstName(name) || isKnownSurname(name) || (rule?.type === 'GPE' && minorCity(name)))) return 'PER';
  // compromise keeps a place-named "person" only when a title precedes it or the passage names them in full ("Queen Victoria").
  if (rule?.type === 'GPE' && fromCompromise === 'PER') return 'PER';
  if (rule) return rule.type;
  if (fromCompromise !== 'other') return fromCompromise;
  const unknown = words.every((w) => /^\p{Lu}\p{Ll}/u.test(w) && !isNameStopword(w) && lexiconTags(w.toLowerCase()).length === 0);
  if (cue === 'PER' && words.length <= 2 && unknown) return 'PER';
  // "Northern Rail", "Hulu": a name where a company, network or team is asked for.
  if (cue === 'ORG') return 'ORG';
  // "Shangdu", "Northern Rhodesia": an unknown name where a place is asked for.
  const directed = words.length === 2 && /^(?:North|South|East|West|Northern|Southern|Eastern|Western|Upper|Lower)$/.test(words[0] ?? '');
  if (cue === 'GPE' && (words.length <= 2 && unknown || directed)) return 'GPE';
  return 'other';
}
