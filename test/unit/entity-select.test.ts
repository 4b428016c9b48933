/**
 * The definitions of entity renaming (Yan et al. 2022 §3; Balasubramanian et al. 2020's SQuAD
 * setting), each with hand-computed cases: PER names of one or two words without titles, GPE only
 * from the place dictionaries, ORG designators kept and rare words left to InDistName/RandStr, one
 * selection for every path, and an InDistName pool that does not depend on question order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { isNonGpePlace, isOrgDesignator, isTitle, placeKind } from '../../src/core/entity/lexicon.ts';
import { buildNamePool, mergePools, renameInstance, selectRenameTarget, type RenameOptions } from '../../src/core/entity/rename.ts';
import { normalizePersonName, perturbableSpans, personSpans, personWords } from '../../src/core/entity/spans.ts';
import { isProperNoun, orgWordKind } from '../../src/core/entity/org-words.ts';
import { findMentions } from '../../src/core/entity/substitute.ts';
import { sweepPlan } from '../../src/core/entity/experiment.ts';
import { answerTypeOf } from '../../src/core/ner/answer-type.ts';

/** An instance whose first answer is the first occurrence of `answer` in the passage (passages written for these tests). */
function inst(id: string, context: string, question: string, answer: string, answerType?: Instance['answerType']): Instance {
  return { id, dataset: 'test', title: '', question, context, answers: [{ text: answer, start: context.indexOf(answer) }], isImpossible: false, lang: 'en', answerType, tags: [] };
}

/** "text:kind" of each span (gender left out: the name lists are another module's). */
const show = (spans: ReturnType<typeof perturbableSpans>) => spans.map((s) => `${s.text}:${s.kind}`);

describe('PER spans, Yan et al. App. B and the released common.py: titles only as a prefix, suffixes only at the end, 1–2 words', () => {
  it.each([
    { text: 'Marie Curie', out: ['Marie:first', 'Curie:last'] },
    { text: 'Curie', out: ['Curie:first'] }, // one word is a first name (App. B)
    // "King" and "Major" are no titles of the released list: the surname stays a surname.
    { text: 'Stephen King', out: ['Stephen:first', 'King:last'] },
    { text: 'John Major', out: ['John:first', 'Major:last'] },
    // Regnal numerals and Jr/PhD are suffixes: removed, the rest renamed.
    { text: 'Louis XIV', out: ['Louis:first'] },
    { text: 'Henry VIII', out: ['Henry:first'] },
    { text: 'John Smith Jr.', out: ['John:first', 'Smith:last'] },
    { text: 'Sammy Davis, Jr.', out: ['Sammy:first', 'Davis:last'] },
    { text: 'Mr. John Smith PhD', out: ['John:first', 'Smith:last'] },
    { text: 'Dr. Helen Shore', out: ['Helen:first', 'Shore:last'] },
    { text: 'Prof Ada Byron', out: ['Ada:first', 'Byron:last'] },
    { text: "Marie Curie's", out: ['Marie:first', 'Curie:last'] },
    // Titles off the list stay words: three words are skipped, two are first + last as tagged.
    { text: 'Sir Isaac Newton', out: 'long-name' },
    { text: 'President Abraham Lincoln', out: 'long-name' },
    { text: 'King George', out: ['King:first', 'George:last'] },
    { text: 'Martin Luther King Jr.', out: 'long-name' },
    { text: 'Johann Sebastian Bach', out: 'long-name' },
    { text: 'Ludwig van Beethoven', out: 'long-name' },
    { text: 'John F. Kennedy', out: 'long-name' },
    // A prefix is only a prefix and a suffix only a suffix.
    { text: 'Ivy Doctorow', out: ['Ivy:first', 'Doctorow:last'] },
    { text: 'Miss Marple', out: ['Marple:first'] },
    { text: 'President', out: [] }, // a lone title is a tagger slip, not a name
  ])('$text → $out', ({ text, out }) => {
    const r = personSpans(text);
    expect(r === 'long-name' ? r : show(r)).toEqual(out);
  });

  it('App. B: normalizes as the released normalize_entity_name, case kept', () => {
    expect(normalizePersonName('the Louis XIV:')).toBe('Louis');
    expect(normalizePersonName('Dr. Mr John')).toBe('Mr John'); // each prefix once, in the list's order
    expect(personWords('Rev. Martin Luther King, Jr.')).toEqual(['Martin', 'Luther', 'King']);
  });

  it('App. B: "John Major" is renamed whole and "Stephen King" keeps no "King"', () => {
    const opts: RenameOptions = { type: 'PER', source: 'db', origin: 'us', seed: 1 };
    for (const name of ['John Major', 'Stephen King']) {
      const r = renameInstance(inst('pm', `${name} wrote the letter. ${name} signed it.`, 'Who wrote the letter?', name, 'PER'), opts);
      if (typeof r === 'string') throw new Error(r);
      expect(r.substitutions.map((x) => x.from)).toEqual(name.split(' '));
      for (const w of name.split(' ')) expect(findMentions(r.perturbed.context, w)).toEqual([]);
    }
  });

  it.each(['King', 'Queen', 'President', 'Sir', 'Dame', 'Dr', 'Dr.', 'Doctor', 'Mr', 'Mrs', 'Ms', 'Lord', 'Lady', 'Duke', 'Duchess', 'Prince', 'Princess', 'Pope', 'Saint', 'St', 'General', 'Captain', 'Emperor', 'Empress', 'Sultan', 'Pharaoh', 'Bishop', 'Cardinal', 'Professor'])('%s is a title (typing and ORG words)', (w) => {
    expect(isTitle(w)).toBe(true);
  });
});

describe('GPE: countries, states and cities of the dictionaries only', () => {
  it.each([
    { text: 'Norway', out: ['Norway:country'] },
    { text: 'Texas', out: ['Texas:state'] },
    { text: 'Lisbon', out: ['Lisbon:city'] },
    { text: 'Buckingham Palace', out: [] },
    { text: 'Baker Street', out: [] },
    { text: 'Windsor Castle', out: [] }, // Windsor alone is a city; the castle is not
    { text: 'Canterbury Cathedral', out: [] },
    { text: 'Trafalgar Square', out: [] },
    { text: 'London Bridge', out: [] },
    { text: 'Hyde Park', out: [] },
    { text: 'Eiffel Tower', out: [] },
    { text: 'Westminster Abbey', out: [] },
    { text: 'Paris Museum', out: [] },
    { text: 'Europe', out: [] },
    { text: 'Africa', out: [] },
    { text: 'Asia', out: [] },
    { text: 'Antarctica', out: [] }, // a "country" in country-state-city, a continent here
    { text: 'Oceania', out: [] },
    { text: 'the Americas', out: [] },
    { text: 'North America', out: [] },
    { text: 'Quellburg', out: [] }, // compromise may call it a place; no dictionary does: not renamed
  ])('$text → $out', ({ text, out }) => {
    expect(show(perturbableSpans({ type: 'GPE', text }))).toEqual(out);
  });

  it('knows continents and sites are not GPE', () => {
    expect(placeKind('Antarctica')).toBeNull();
    expect(placeKind('Windsor')).toBe('city');
    expect(isNonGpePlace('Windsor Castle')).toBe(true);
    expect(isNonGpePlace('the Americas')).toBe(true);
    expect(isNonGpePlace('Oslo')).toBe(false);
  });
});

describe('ORG words, Yan et al. App. B: proper nouns (NNP ≥ 90% in PTB, designator abbreviations included) and rare words are perturbable', () => {
  it.each([
    { w: 'Inc.', kind: 'nnp' },
    { w: 'Corp', kind: 'nnp' },
    { w: 'Co', kind: 'nnp' },
    { w: 'Ltd', kind: 'nnp' },
    { w: 'PLC', kind: 'nnp' },
    { w: 'Fleming', kind: 'nnp' },
    { w: 'Eisenhower', kind: 'nnp' },
    { w: 'Quillan', kind: 'rare' },
    { w: 'Veltra', kind: 'rare' },
    { w: 'Company', kind: 'ordinary' },
    { w: 'University', kind: 'ordinary' },
    { w: 'Academy', kind: 'ordinary' },
    { w: 'American', kind: 'ordinary' }, // a demonym: JJ in PTB
    { w: 'Film', kind: 'ordinary' },
    { w: 'of', kind: 'ordinary' },
  ])('$w → $kind', ({ w, kind }) => {
    expect(orgWordKind(w)).toBe(kind);
    expect(isProperNoun(w)).toBe(kind === 'nnp');
  });

  it.each([
    { text: 'Apple Inc.', out: ['Inc:nnp'] },
    { text: 'Ford Motor Co.', out: ['Ford:nnp', 'Co:nnp'] },
    { text: 'Quillan Holdings PLC', out: ['Quillan:rare', 'PLC:nnp'] },
  ])('designators renamed: $text → $out', ({ text, out }) => {
    expect(show(perturbableSpans({ type: 'ORG', text }))).toEqual(out);
  });
});

describe('ORG: spelled-out designators stay, places and proper nouns are renamed', () => {
  it.each(['University', 'Company', 'Productions', 'Enterprises', 'Union', 'Corporation', 'Inc.', 'Ltd', 'Records', 'Studios', 'Pictures', 'Entertainment', 'Institute', 'Society', 'Foundation', 'Bank', 'Airlines'])('%s is a designator', (w) => {
    expect(isOrgDesignator(w)).toBe(true);
  });
  it.each(['Quillan', 'Oslo', 'Veltra'])('%s is not a designator', (w) => {
    expect(isOrgDesignator(w)).toBe(false);
  });

  it.each([
    { text: 'Quillan Productions', out: ['Quillan:rare'] },
    { text: 'Veltra Enterprises', out: ['Veltra:rare'] },
    { text: 'Oslo Film Company', out: ['Oslo:city'] },
    { text: 'Bank of Norway', out: ['Norway:country'] },
    { text: 'Quillan University of Texas', out: ['Texas:state', 'Quillan:rare'] },
    { text: 'Students Union', out: [] },
  ])('$text → $out', ({ text, out }) => {
    expect(show(perturbableSpans({ type: 'ORG', text }))).toEqual(out);
  });
});

const STUDIO = 'Quillan Productions made the film with the Oslo Film Company. Marta Quist paid for it.';

describe('selectRenameTarget: the one selection', () => {
  it.each([
    { name: 'two-word person', i: inst('a', 'Ann Hollis founded the choir.', 'Who founded the choir?', 'Ann Hollis', 'PER'), o: { type: 'MIX', source: 'db' }, out: ['Ann:first', 'Hollis:last'] },
    { name: 'titled person', i: inst('b', 'Dr. George Hale appointed the composer.', 'Who appointed the composer?', 'Dr. George Hale', 'PER'), o: { type: 'PER', source: 'db' }, out: ['George:first', 'Hale:last'] },
    { name: 'long name is counted', i: inst('c', 'Dr. George Hale appointed Johann Sebastian Bach.', 'Whom did he appoint?', 'Johann Sebastian Bach', 'PER'), o: { type: 'MIX', source: 'db' }, out: 'long-name' },
    { name: 'palace is not a GPE', i: inst('d', 'The treaty was signed at Buckingham Palace.', 'Where was it signed?', 'Buckingham Palace', 'GPE'), o: { type: 'GPE', source: 'db' }, out: 'no-spans' },
    { name: 'App. B: DBName keeps the question of rare ORG words in', i: inst('e', STUDIO, 'Which company made the film?', 'Quillan Productions', 'ORG'), o: { type: 'ORG', source: 'db' }, out: ['Quillan:rare'] },
    { name: 'InDistName renames rare ORG words', i: inst('f', STUDIO, 'Which company made the film?', 'Quillan Productions', 'ORG'), o: { type: 'ORG', source: 'indist' }, out: ['Quillan:rare'] },
    { name: 'RandStr renames rare ORG words', i: inst('g', STUDIO, 'Which company made the film?', 'Quillan Productions', 'ORG'), o: { type: 'ORG', source: 'randstr' }, out: ['Quillan:rare'] },
    { name: 'DBName renames a contained city', i: inst('h', STUDIO, 'Which company helped?', 'Oslo Film Company', 'ORG'), o: { type: 'ORG', source: 'db' }, out: ['Oslo:city'] },
    { name: 'other type', i: inst('i', STUDIO, 'Who paid?', 'Marta Quist', 'PER'), o: { type: 'GPE', source: 'db' }, out: 'other-type' },
    { name: 'answer typed other', i: inst('j', STUDIO, 'Who paid?', 'Marta Quist', 'other'), o: { type: 'MIX', source: 'db' }, out: 'no-entity' },
  ] as { name: string; i: Instance; o: Pick<RenameOptions, 'type' | 'source'>; out: string[] | string }[])('$name', ({ i, o, out }) => {
    const t = selectRenameTarget(i, o);
    expect(typeof t === 'string' ? t : show(t.spans)).toEqual(out);
  });

  it('types an untyped answer the way the app import does', () => {
    const typed = inst('k', 'Ann Hollis founded the choir in Lisbon.', 'Who founded the choir?', 'Ann Hollis');
    expect(answerTypeOf(typed)).toBe('PER');
    expect(answerTypeOf(inst('k2', 'Founded in 1931.', 'When?', '1931'))).toBe('other');
    expect(answerTypeOf({ ...typed, isImpossible: true })).toBe('other');
    const fixed = { ...typed, answerType: answerTypeOf(typed) };
    for (const type of ['MIX', 'PER', 'GPE'] as const) expect(selectRenameTarget(typed, { type, source: 'db' })).toEqual(selectRenameTarget(fixed, { type, source: 'db' }));
  });

  it('renameInstance reports long names by their reason', () => {
    const opts: RenameOptions = { type: 'MIX', source: 'db', origin: 'us', seed: 1 };
    expect(renameInstance(inst('l', 'Sir Isaac Newton opened the hall.', 'Who opened the hall?', 'Sir Isaac Newton', 'PER'), opts)).toBe('long-name');
  });

  it('App. B / §3.2: under DBName an ORG of rare words only is evaluated unchanged; InDistName and RandStr rename it', () => {
    const i = inst('m', STUDIO, 'Which company made the film?', 'Quillan Productions', 'ORG');
    const db = renameInstance(i, { type: 'ORG', source: 'db', origin: 'us', seed: 1 });
    if (typeof db === 'string') throw new Error(db);
    expect(db.substitutions).toEqual([]);
    expect(db.perturbed.context).toBe(STUDIO);
    expect(db.perturbed.answers).toEqual(i.answers);
    const rs = renameInstance(i, { type: 'ORG', source: 'randstr', origin: 'us', seed: 1 });
    if (typeof rs === 'string') throw new Error(rs);
    expect(rs.substitutions.map((x) => x.from)).toEqual(['Quillan']);
    // A proper noun beside a rare word: DBName renames only the proper noun.
    const mixed = inst('m2', 'Quillan Holdings PLC bought the mill.', 'Who bought the mill?', 'Quillan Holdings PLC', 'ORG');
    const r = renameInstance(mixed, { type: 'ORG', source: 'db', origin: 'us', seed: 1 });
    if (typeof r === 'string') throw new Error(r);
    expect(r.substitutions.map((x) => x.from)).toEqual(['PLC']);
  });
});

describe('question-person mode (Balasubramanian et al. 2020, SQuAD)', () => {
  const MARRIAGE = 'Tom Berg married Ann Hollis in Oslo in 1952. Ann Hollis later taught music in Bergen.';
  const opts = (seed: number): RenameOptions => ({ type: 'PER', target: 'question-person', source: 'db', origin: 'us', seed });

  it('renames the person the question names, in question and passage, and keeps the answer', () => {
    const i = inst('q1', MARRIAGE, 'Whom did Tom Berg marry?', 'Ann Hollis', 'PER');
    const t = selectRenameTarget(i, opts(1));
    if (typeof t === 'string') throw new Error(t);
    expect(show(t.spans)).toEqual(['Tom:first', 'Berg:last']);
    expect(t.entity.text).toBe('Tom Berg');
    expect(MARRIAGE.slice(t.entity.start, t.entity.end)).toBe('Tom Berg');
    const r = renameInstance(i, opts(1));
    if (typeof r === 'string') throw new Error(r);
    expect(r.substitutions.map((s) => s.from)).toEqual(['Tom', 'Berg']);
    for (const s of r.substitutions) {
      expect(findMentions(r.perturbed.question, s.from)).toEqual([]);
      expect(findMentions(r.perturbed.context, s.from)).toEqual([]);
      expect(r.perturbed.question).toContain(s.to);
    }
    expect(r.perturbed.answers).toEqual([{ text: 'Ann Hollis', start: r.perturbed.context.indexOf('Ann Hollis') }]);
  });

  it('a sweep of question persons runs PER only, every step marked with its target', () => {
    const plan = sweepPlan({ types: ['ORG', 'GPE', 'MIX'], target: 'question-person', sources: ['db', 'randstr'], seeds: 2, origin: 'us', origins: ['us', 'in'] });
    // 1 type × 2 sources × 2 seeds, plus 2 seeds of the extra origin (PER · DBName · in).
    expect(plan).toHaveLength(6);
    expect(new Set(plan.map((p) => `${p.type}/${p.target}`))).toEqual(new Set(['PER/question-person']));
    expect(sweepPlan({ types: ['ORG'], sources: ['db'], seeds: 1, origin: 'us', origins: [] })).toEqual([{ type: 'ORG', target: 'answer', source: 'db', origin: 'us', seed: 1 }]);
  });

  it.each([
    { name: 'no person in the question', q: 'Where did the wedding take place?', out: 'no-person' },
    { name: 'a person not in the passage', q: 'Did Marta Quist attend the wedding?', out: 'no-person' },
    { name: 'a long name', q: 'Did Johann Sebastian Bach attend the wedding?', ctx: 'Johann Sebastian Bach attended the wedding in Oslo.', out: 'long-name' },
  ])('$name → $out', ({ q, ctx, out }) => {
    expect(selectRenameTarget(inst('q2', ctx ?? MARRIAGE, q, 'Oslo', 'GPE'), opts(1))).toBe(out);
  });
});

describe('InDistName pool', () => {
  const SET = [
    inst('p1', 'Ann Hollis founded the choir in Lisbon.', 'Who founded the choir?', 'Ann Hollis'),
    inst('p2', 'Tom Berg sailed from Norway to Texas.', 'Where did Tom Berg sail from?', 'Norway'),
    inst('p3', 'Marta Quist paid for the film.', 'Who paid?', 'Marta Quist'),
    inst('p4', 'Quillan Productions made the film.', 'Which company made it?', 'Quillan Productions'),
    inst('p5', 'Texas sent delegates.', 'Which state sent delegates?', 'Texas'),
  ];

  it('holds the answer entities spans of every question, each kind sorted', () => {
    const pool = buildNamePool(SET);
    expect(pool.first).toEqual(['Ann', 'Marta']);
    expect(pool.last).toEqual(['Hollis', 'Quist']);
    expect(pool.country).toEqual(['Norway']);
    expect(pool.state).toEqual(['Texas']);
    expect(pool.rare).toEqual(['Quillan']);
    expect(mergePools([buildNamePool(SET.slice(0, 2)), buildNamePool(SET.slice(2))])).toEqual(pool);
  });

  it('property: the pool does not depend on the order questions were read or stored in', () => {
    const pool = buildNamePool(SET);
    fc.assert(fc.property(fc.shuffledSubarray(SET, { minLength: SET.length, maxLength: SET.length }), (xs) => {
        expect(buildNamePool(xs)).toEqual(pool);
      }), { numRuns: 30 });
  });
});
