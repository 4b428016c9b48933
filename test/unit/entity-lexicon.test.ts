import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonWordList, LEXICON_PATH, COMMON_WORDS, PROPER_NOUNS_PATH, properNounList } from '../../scripts/make-entity-lexicon.ts';
import nlp from 'compromise';
import { isCommonWord, lexiconSnapshot, lexiconSnapshotGrew, lexiconTags, lexiconWords, placeKind, placeLists, useLexiconSnapshot } from '../../src/core/entity/lexicon.ts';
import { orgWordKind } from '../../src/core/entity/org-words.ts';

describe('common-word lexicon', () => {
  it('is what scripts/make-entity-lexicon.ts generates', () => {
    const committed = JSON.parse(readFileSync(LEXICON_PATH, 'utf8')) as string[];
    expect(committed).toEqual(commonWordList());
    expect(committed).toHaveLength(COMMON_WORDS);
  });
  it('proper nouns (the PTB NNP stand-in of Yan et al. App. B) are what the script generates', () => {
    const committed = JSON.parse(readFileSync(PROPER_NOUNS_PATH, 'utf8')) as string[];
    expect(committed).toEqual(properNounList());
    // Names SUBTLEX saw capitalised; words capitalised only at a line's start or as adjectives are not.
    for (const w of ['eisenhower', 'pepsi', 'apollo']) expect(committed).toContain(w);
    for (const w of ['what', 'come', 'american']) expect(committed).not.toContain(w);
  });
  it.each([
    { word: 'telephone', common: true },
    { word: 'Company', common: true },
    { word: 'Fleming', common: false },
    { word: 'Quillan', common: false },
  ])('$word → $common', ({ word, common }) => expect(isCommonWord(word)).toBe(common));
});

describe('lexiconWords (indexed once by tag, issue 29)', () => {
  const lexicon = (nlp.model() as { one: { lexicon: Record<string, string | string[]> } }).one.lexicon;
  it.each(['City', 'Country', 'Region', 'MaleName', 'FemaleName', 'FirstName', 'LastName', 'NoSuchTag'])('%s: every entry carrying the tag, once, in lexicon order', (tag) => {
    const direct = Object.entries(lexicon).filter(([, t]) => (Array.isArray(t) ? t.includes(tag) : t === tag)).map(([w]) => w);
    expect(lexiconWords(tag)).toEqual(direct);
  });
  it('place lists are disjoint: no state is a country or a city, no city a country', () => {
    const p = placeLists();
    const country = new Set(p.country);
    const city = new Set(p.city);
    expect(p.state.filter((s) => country.has(s) || city.has(s))).toEqual([]);
    expect(p.city.filter((c) => country.has(c))).toEqual([]);
    expect(p.state.length).toBeGreaterThan(1000);
  });
});

describe('lexicon snapshot (what the CLI caches beside its tags, issue 29)', () => {
  const lexicon = (nlp.model() as { one: { lexicon: Record<string, string | string[]> } }).one.lexicon;
  const words = ['Quillan', 'Cardinals', 'American', 'Fleming', 'Inc.', 'Film', 'Warsaw', 'Constructor'];
  const places = ['Poland', 'Texas', 'Paris', 'Ontario', 'Sydney', 'table'];
  it('a snapshot read back from JSON answers every lookup as compromise and the packages do', () => {
    useLexiconSnapshot({});
    const before = { kinds: words.map(orgWordKind), places: places.map(placeKind), city: lexiconWords('City') };
    expect(lexiconSnapshotGrew()).toBe(true);
    const saved = JSON.parse(JSON.stringify(lexiconSnapshot())) as ReturnType<typeof lexiconSnapshot>;
    expect(Object.keys(saved).sort()).toEqual(['byTag', 'places']);
    useLexiconSnapshot(saved);
    expect(lexiconSnapshotGrew()).toBe(false);
    expect({ kinds: words.map(orgWordKind), places: places.map(placeKind), city: lexiconWords('City') }).toEqual(before);
    expect(placeLists()).toBe(saved.places);
    useLexiconSnapshot({});
  });
  it('lexiconTags: the tags of the lexicon object, each once, whatever their order; a property of Object.prototype counts as known, as the object lookup did', () => {
    const sample = Object.keys(lexicon).filter((_, i) => i % 97 === 0);
    for (const w of [...sample, 'warsaw', 'american', 'quillan', 'constructor', '__proto__', 'tostring']) {
      const t = lexicon[w];
      const direct = t === undefined ? [] : [t].flat();
      expect([...lexiconTags(w)].sort(), w).toEqual(typeof direct[0] === 'string' || direct.length === 0 ? [...new Set(direct)].sort() : ['Object.prototype']);
    }
    expect(lexiconTags('warsaw')).toContain('City');
  });
  it('a snapshot without the place lists computes them and says it grew', () => {
    useLexiconSnapshot({ byTag: { City: ['warsaw'] } });
    expect(lexiconSnapshotGrew()).toBe(false);
    expect(lexiconWords('City')).toEqual(['warsaw']);
    expect(placeKind('Poland')).toBe('country');
    expect(lexiconSnapshotGrew()).toBe(true);
    useLexiconSnapshot({});
  });
});
