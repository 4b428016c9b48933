/**
 * Finding what to rename: named entities in a text (compromise, offline), the entity a gold answer
 * is, and the perturbable spans inside it (first/last names, places, organization words).
 */
import nlp from 'compromise';
import { char } from '../types.ts';
import { isCommonWord, isNameStopword, isNonGpePlace, isOrgDesignator, isTitle, placeKind, type PlaceKind } from './lexicon.ts';
import { orgWordKind } from './org-words.ts';
import type { EntityType } from './options.ts';
import type { TaggedSpan } from '../ner/file-entities.ts';
import { typeEntity } from './typing.ts';
import { genderOf, isFirstName, type Gender, type SpanKind } from './names.ts';
import { storedEntities, storeEntities } from './tag-store.ts';


/** The entity vocabulary (Entity: a named entity with its UTF-16 span), re-exported for this module's readers. */
export { ENTITY_TYPES, type EntityType, type Entity } from './options.ts';
import type { Entity } from './options.ts';

/** A part of an entity that renaming replaces, e.g. { text: 'Curie', kind: 'last', entity: 'PER' }. */
export interface PerturbableSpan {
  text: string;
  kind: SpanKind;
  entity: EntityType;
  gender?: Gender;
}

interface Term {
  text: string;
  offset: { start: number; length: number };
}

// Questions share passages and budgets rename one passage B times: the last few taggings are kept.
const recent = new Map<string, readonly Entity[]>();
// A sweep walks every question once per cell: keep enough taggings that each passage is tagged once.
const RECENT = 1024;

/** Entities compromise finds, each trimmed of punctuation and a leading "the", e.g. detectEntities('Ann met Bob in Paris.') has PER 'Ann', PER 'Bob', GPE 'Paris'. */
export function detectEntities(text: string): Entity[] {
  // A dataset's store (tag-store.ts) first: each passage is tagged once per dataset, whatever the cache size.
  let found = storedEntities(text);
  if (!found) {
    found = recent.get(text);
    if (!found) {
      found = tagEntities(text);
      if (recent.size >= RECENT) recent.delete(recent.keys().next().value as string);
      recent.set(text, found);
    }
    storeEntities(text, found);
  }
  return found.map((e) => ({ ...e }));
}

const otherCaches: (() => void)[] = [];

/** Registers the clearing of another module's recent taggings (answer-type.ts's answer texts) with forgetRecentEntities. */
export function forgetAlso(clear: () => void): void {
  otherCaches.push(clear);
}

/** Forgets the recent taggings kept outside any tag store (a test then sees what a fresh process tags). */
export function forgetRecentEntities(): void {
  recent.clear();
  for (const clear of otherCaches) clear();
}

/** compromise's people, organizations and places of a text, retyped by typing.ts, in text order (uncached). */
function tagEntities(text: string): Entity[] {
  const doc = nlp(text);
  const out: { type: EntityType; text: string; start: number; end: number }[] = [];
  // Units some kept name covers: an overlap check looks at the new name's units only, not at every name kept (a 1 MB passage has tens of thousands; issue 40.2).
  const taken = new Uint8Array(text.length);
  const add = (type: EntityType, matches: { json(o: object): { terms: Term[] }[] }) => {
    // Offsets once per kind: json({ offset: true }) recomputes every term's offset in the text once per name found (quadratic in a long passage).
    doc.compute('offset');
    for (const m of matches.json({ offset: false, terms: { offset: true } })) {
      let terms = m.terms.filter((t) => t.text !== '');
      while (terms.length && /^the$/i.test(terms[0]?.text ?? '')) terms = terms.slice(1);
      const first = terms[0];
      const last = terms[terms.length - 1];
      if (!first || !last) continue;
      const start = first.offset.start;
      let end = last.offset.start + last.text.length;
      // compromise's term text drops trailing possessives but keeps inner punctuation; trust the source text.
      while (end > start && /[\s.,;:!?)"'’]/.test(text[end - 1] ?? '')) end--;
      const surface = text.slice(start, end);
      if (!/\p{Lu}/u.test(surface)) continue; // lowercase "mother" is not a name
      if (surface.replace(/[^\p{L}]/gu, '').length < 3) continue; // "St", "Mr": abbreviations, not names
      if (taken.subarray(start, end).includes(1)) continue; // people first, then orgs, then places
      taken.fill(1, start, end);
      out.push({ type, text: surface, start, end });
    }
  };
  add('PER', doc.people());
  add('ORG', doc.organizations());
  add('GPE', doc.places());
  // A name dropped here (a landmark, a work) keeps its span: no later tag re-adds part of it.
  const people = out.filter((e) => e.type === 'PER').map((e) => e.text);
  const typed: Entity[] = [];
  for (const e of out) {
    const type = typeEntity(e, text, people);
    if (type) typed.push({ type, text: e.text, start: char(e.start), end: char(e.end), confidence: confidenceOf(type, e.text) });
  }
  return typed.sort((a, b) => a.start - b.start);
}

/** Tagger confidence: names and places our dictionaries confirm are likelier right, e.g. confidenceOf('GPE', 'France') === 0.95. */
export function confidenceOf(type: EntityType, text: string): number {
  const words = text.split(/\s+/);
  if (type === 'GPE') return placeKind(text) ? 0.95 : 0.6;
  if (type === 'PER') return isFirstName(words[0] ?? '') ? 0.9 : 0.7;
  return words.some(isOrgDesignator) ? 0.85 : 0.6;
}

/** A file's or a loaded tagger's spans as entities (they take precedence over compromise; a file's own span is sure: confidence 1). */
export function spansAsEntities(context: string, spans: readonly TaggedSpan[]): Entity[] {
  return spans.map((s) => ({ type: s.type, text: context.slice(s.start, s.end), start: char(s.start), end: char(s.end), confidence: s.score ?? 1 }));
}

const WORD = /[\p{L}\p{M}][\p{L}\p{M}'’.-]*[\p{L}\p{M}]|[\p{L}\p{M}]/gu;

/** The words of a name with their offsets, possessive "'s" dropped, e.g. nameWords("Curie's lab")[0].text === 'Curie'. */
export function nameWords(text: string): { text: string; start: number }[] {
  return [...text.matchAll(WORD)].map((m) => ({ text: m[0].replace(/['’]s$/, '').replace(/\.$/, ''), start: m.index }));
}

/**
 * The released code's person-name titles (`perturb/common.py`, `person_prefix_lst`), removed only
 * as a prefix, with or without a full stop: "Dr. Helen Shore" → "Helen Shore", but "Stephen King"
 * and "John Major" keep their last names. "King", "Sir", "President" are not on it.
 */
const PERSON_PREFIXES = ['Adm', 'Atty', 'Brother', 'Capt', 'Chief', 'Cmdr', 'Col', 'Dean', 'Dr', 'Elder', 'Father', 'Gen', 'Gov', 'Hon', 'Lt Col', 'Maj', 'MSgt', 'Mr', 'Mrs', 'Ms', 'Prince', 'Prof', 'Professor', 'Rabbi', 'Rev', 'Sister', 'Miss'];
const ROMAN_SUFFIXES = 'I II III IV V VI VII VIII IX X XI XII XIII XIV XV XVI XVII XVIII XIX XX XXI XXII XXIII XXIV XXV XXVI XXVII XXVIII XXIX XXX'.split(' ');
/** The released suffixes (`person_suffix_lst`): regnal numerals I–XXX and Jr, Sr, PhD, MD, …, removed only at the end. */
const PERSON_SUFFIXES = [...ROMAN_SUFFIXES, 'CPA', 'DDS', 'Esq', 'JD', 'Jr', 'LLD', 'MD', 'PhD', 'Ret', 'RN', 'Sr', 'DO'];
// In the released order: every bare form, then every form with a full stop; each is tried once.
const PREFIX_FORMS = [...PERSON_PREFIXES.map((p) => `${p.toLowerCase()} `), ...PERSON_PREFIXES.map((p) => `${p.toLowerCase()}. `)];
const SUFFIX_FORMS = [...PERSON_SUFFIXES.map((p) => ` ${p.toLowerCase()}`), ...PERSON_SUFFIXES.map((p) => ` ${p.toLowerCase()}.`)];

/**
 * A person name as the released `normalize_entity_name(name, 'PERSON')` leaves it, case kept:
 * a leading "the", a trailing "'", "'s" or ":", then each listed title at the start and each listed
 * suffix at the end removed (case-insensitive), e.g. normalizePersonName('Louis XIV') === 'Louis',
 * normalizePersonName('Dr. Helen Shore') === 'Helen Shore', normalizePersonName('Stephen King') === 'Stephen King'.
 */
export function normalizePersonName(text: string): string {
  let s = text.replace(/\s+/g, ' ').trim();
  const cut = (start: number, end: number) => (s = s.slice(start, s.length - end).trim());
  if (s.toLowerCase().startsWith('the ')) cut(4, 0);
  for (const outer of ["'", "'s", ':', '’', '’s']) if (s.toLowerCase().endsWith(outer)) cut(0, outer.length);
  for (const p of PREFIX_FORMS) if (s.toLowerCase().startsWith(p)) cut(p.length, 0);
  for (const x of SUFFIX_FORMS) if (s.toLowerCase().endsWith(x)) cut(0, x.length);
  // "John Smith, Jr." leaves "John Smith,": the comma is no part of the surname.
  return s.replace(/[\s,;]+$/, '');
}

/** The words of a person name after normalizePersonName, split on spaces as the released code does, e.g. personWords('Prof. Ada Byron') → ['Ada', 'Byron']. */
export function personWords(text: string): string[] {
  const s = normalizePersonName(text);
  return s ? s.split(' ') : [];
}

/**
 * A person name's perturbable spans (Yan et al. 2022 App. B; released `person/get_subset_with_info.py`):
 * after normalizePersonName, a name of one word is a first name and one of two words first + last
 * name (gender from the name data); longer names are 'long-name' and left alone. "Louis XIV" →
 * Louis (first); "Sir Isaac Newton" → 'long-name'; a lone title ("President", a tagger slip) → none.
 */
export function personSpans(text: string): PerturbableSpan[] | 'long-name' {
  const words = personWords(text);
  if (words.length > 2) return 'long-name';
  const [first, last] = words;
  if (!first || !/^\p{Lu}/u.test(first) || (last !== undefined && !/^\p{Lu}/u.test(last))) return [];
  if (last === undefined && isTitle(first)) return [];
  const spans: PerturbableSpan[] = [{ text: first, kind: 'first', entity: 'PER', gender: genderOf(first) }];
  if (last !== undefined) spans.push({ text: last, kind: 'last', entity: 'PER' });
  return spans;
}

/**
 * The perturbable spans of an entity (the paper's span types), e.g. perturbableSpans({ type: 'PER',
 * text: 'Marie Curie' }) → [{ text: 'Marie', kind: 'first', gender: 'female' }, { text: 'Curie', kind: 'last' }].
 * A person name of more than two words has none (see personSpans); a GPE has only the countries,
 * states and cities of the place dictionaries, and none when it names a site or continent.
 */
export function perturbableSpans(entity: Pick<Entity, 'type' | 'text'>): PerturbableSpan[] {
  if (entity.type === 'PER') {
    const spans = personSpans(entity.text);
    return spans === 'long-name' ? [] : spans;
  }
  const words = nameWords(entity.text).filter((w) => /^\p{Lu}/u.test(w.text));
  if (entity.type === 'GPE') {
    // "Buckingham Palace" or "Africa" is a place but not a GPE; no fallback to compromise's place tag.
    if (isNonGpePlace(entity.text)) return [];
    return containedPlaces(entity.text, words).map((p) => ({ ...p, entity: 'GPE' as const }));
  }
  // ORG (App. B): contained places first, then proper nouns (designator abbreviations "Inc", "Corp"
  // among them) and rare words; ordinary words ("Company", "Film") stay.
  const places = containedPlaces(entity.text, words);
  const inPlace = (w: { text: string }) => places.some((p) => p.text.split(/\s+/).includes(w.text));
  const spans: PerturbableSpan[] = places.map((p) => ({ ...p, entity: 'ORG' as const }));
  for (const w of words) {
    const kind = inPlace(w) ? 'ordinary' : orgWordKind(w.text);
    if (kind !== 'ordinary') spans.push({ text: w.text, kind, entity: 'ORG' });
  }
  return dedupe(spans);
}

const DIRECTIONS = /^(North|South|East|West|Central|Eastern|Western|Northern|Southern|Upper|Lower|Middle|Greater)$/;

/** Dictionary places inside a name, longest first, e.g. containedPlaces('Bank of New Zealand') → New Zealand (country). */
function containedPlaces(text: string, words: { text: string; start: number }[]): { text: string; kind: PlaceKind }[] {
  const out: { text: string; kind: PlaceKind }[] = [];
  for (let i = 0; i < words.length; ) {
    let matched = 0;
    for (let j = Math.min(words.length, i + 4); j > i; j--) {
      const first = words[i];
      const last = words[j - 1];
      if (!first || !last) continue;
      const name = text.slice(first.start, last.start + last.text.length);
      const kind = isNonGpePlace(name) ? null : placeKind(name);
      // A lone ordinary word or designator ("Reading", "University") is not taken for a place.
      if (kind && !(j - i === 1 && kind !== 'country' && (isCommonWord(name) || isOrgDesignator(name) || DIRECTIONS.test(name)))) {
        out.push({ text: name, kind });
        matched = j - i;
        break;
      }
    }
    i += matched || 1;
  }
  return out;
}

function dedupe(spans: PerturbableSpan[]): PerturbableSpan[] {
  const seen = new Set<string>();
  return spans.filter((s) => (seen.has(s.text) ? false : (seen.add(s.text), true)));
}

/**
 * The answer's entity, cut to the answer ("coast of Queensland" → "Queensland"). `hint` is the
 * dataset's answer type: 'other' means no entity; PER/ORG/GPE lets the whole answer stand in when
 * compromise misses it. E.g. answerEntity('Ann met Bob.', { text: 'Bob', start: 8 })?.type === 'PER'.
 */
export function answerEntity(
  context: string,
  answer: { text: string; start: number } | undefined,
  hint?: EntityType | 'other',
  given?: readonly Entity[],
): Entity | null {
  // Checked before tagging: a passage whose answer is no entity is never tagged.
  if (!answer || !answer.text.trim() || hint === 'other') return null;
  const entities = given ?? detectEntities(context);
  const a0 = answer.start;
  const a1 = answer.start + answer.text.length;
  let best: Entity | null = null;
  let bestOverlap = 0;
  for (const e of entities) {
    const overlap = Math.min(e.end, a1) - Math.max(e.start, a0);
    if (overlap > bestOverlap && (!hint || e.type === hint)) {
      best = e;
      bestOverlap = overlap;
    }
  }
  // An answer made only of capitalised words is the name itself, even where compromise saw part of it.
  const wholeName = hint !== undefined && /^\p{Lu}/u.test(answer.text) && nameWords(answer.text).every((w) => /^\p{Lu}/u.test(w.text) || isNameStopword(w.text));
  if (wholeName) return { type: hint, text: answer.text, start: char(a0), end: char(a1), confidence: best?.confidence ?? 0.5 };
  if (best && bestOverlap >= Math.min(best.end - best.start, (a1 - a0) * 0.5)) {
    const start = Math.max(best.start, a0);
    const end = Math.min(best.end, a1);
    const text = context.slice(start, end);
    return { ...best, text, start: char(start), end: char(end) };
  }
  if (hint) return { type: hint, text: answer.text, start: char(a0), end: char(a1), confidence: 0.5 };
  const own = detectEntities(answer.text).find((e) => e.end - e.start >= answer.text.trim().length * 0.8);
  return own ? { ...own, start: char(a0 + own.start), end: char(a0 + own.end) } : null;
}
