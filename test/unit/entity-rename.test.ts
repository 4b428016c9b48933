import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { buildNamePool, renameInstance, selectRenameTarget, type NameSource, type RenameOptions } from '../../src/core/entity/rename.ts';
import { perturbableSpans, answerEntity } from '../../src/core/entity/spans.ts';
import { findMentions } from '../../src/core/entity/substitute.ts';
import { dbNames, genderOf, personNames, randStr, ORIGINS } from '../../src/core/entity/names.ts';
import { placeKind } from '../../src/core/entity/lexicon.ts';
import { rng } from '../../src/core/text/random.ts';

/** Builds an instance whose first answer is the first occurrence of `answer` in the passage. */
function inst(id: string, context: string, question: string, answer: string, answerType?: Instance['answerType']): Instance {
  return { id, dataset: 'test', title: '', question, context, answers: [{ text: answer, start: context.indexOf(answer) }], isImpossible: false, lang: 'en', answerType, tags: [] };
}

// Passages written for these tests.
const CASES: Instance[] = [
  inst('per', 'Annika Berg founded the Tallvik Rowing Club in 1921. Berg announced the first regatta a year later, and Annika Berg won it.', 'Who founded the Tallvik Rowing Club?', 'Annika Berg', 'PER'),
  inst('per-ann', 'Ann Hollis announced the results. Hollis said Ann would go on.', 'Who announced the results?', 'Ann Hollis', 'PER'),
  inst('gpe', 'The ferry leaves Norway every morning. Travellers to Norway need a ticket bought in Bergen.', 'Which country does the ferry leave?', 'Norway', 'GPE'),
  inst('org', 'The bridge was built by the Quillan Engineering Company. Quillan later built two dams.', 'Which company built the bridge?', 'Quillan Engineering Company', 'ORG'),
  inst('city', 'The orchestra moved from Lyon to Toronto in 1988. In Toronto it found a new hall.', 'Where did the orchestra move to?', 'Toronto', 'GPE'),
];

describe('perturbable spans', () => {
  it.each([
    { name: 'two-word person', type: 'PER' as const, text: 'Marie Curie', spans: ['Marie:first:female', 'Curie:last'] },
    { name: 'one word is a first name', type: 'PER' as const, text: 'Curie', spans: ['Curie:first'] },
    { name: 'one-word first name', type: 'PER' as const, text: 'Thomas', spans: ['Thomas:first:male'] },
    { name: 'title dropped', type: 'PER' as const, text: 'Dr. Helen Shore', spans: ['Helen:first:female', 'Shore:last'] },
    { name: 'country', type: 'GPE' as const, text: 'Norway', spans: ['Norway:country'] },
    { name: 'state', type: 'GPE' as const, text: 'Texas', spans: ['Texas:state'] },
    { name: 'city', type: 'GPE' as const, text: 'Warsaw', spans: ['Warsaw:city'] },
    { name: 'org: rare word, designator kept', type: 'ORG' as const, text: 'Quillan Engineering Company', spans: ['Quillan:rare'] },
    { name: 'org: contained place', type: 'ORG' as const, text: 'Bank of Norway', spans: ['Norway:country'] },
    { name: 'org: only ordinary words', type: 'ORG' as const, text: 'Red Cross', spans: [] },
  ])('$name', ({ type, text, spans }) => {
    expect(perturbableSpans({ type, text }).map((s) => [s.text, s.kind, s.gender].filter((x) => x && x !== 'neutral').join(':'))).toEqual(spans);
  });

  it('cuts the answer entity to the answer and honours the dataset type', () => {
    const c = 'She sailed along the coast of Queensland for a year.';
    expect(answerEntity(c, { text: 'Queensland', start: c.indexOf('Queensland') }, 'GPE')?.text).toBe('Queensland');
    expect(answerEntity(c, { text: 'a year', start: c.indexOf('a year') }, 'other')).toBeNull();
  });

  it('knows places and genders from the name data', () => {
    expect(placeKind('France')).toBe('country');
    expect(placeKind('Ontario')).toBe('state');
    expect(placeKind('table')).toBeNull();
    expect(genderOf('Marie')).toBe('female');
    expect(genderOf('Zzyzx')).toBe('neutral');
    for (const o of ORIGINS) {
      const n = personNames(o);
      expect(n.first.male.length + n.first.female.length, o).toBeGreaterThan(25);
      expect(n.last.length, o).toBeGreaterThan(25);
    }
    expect(dbNames({ kind: 'country' }, 'us')).toContain('Japan');
  });
});

describe('renameInstance', () => {
  const opts = (source: NameSource, seed = 1, type: RenameOptions['type'] = 'MIX'): RenameOptions => ({ type, source, origin: 'us', seed });

  it('renames the answer entity everywhere, on word boundaries', () => {
    const r = renameInstance(CASES[1] as Instance, opts('db'));
    if (typeof r === 'string') throw new Error(r);
    const ann = r.substitutions.find((s) => s.from === 'Ann')?.to as string;
    expect(r.perturbed.context).toContain(`${ann} Hollis`.replace('Hollis', r.substitutions.find((s) => s.from === 'Hollis')?.to as string));
    expect(r.perturbed.context).toContain('announced'); // not "<name>ounced"
    expect(findMentions(r.perturbed.context, 'Ann')).toEqual([]);
    expect(findMentions(r.perturbed.question, 'Hollis')).toEqual([]);
  });

  it('skips instances without an answer entity of the type', () => {
    expect(renameInstance(CASES[0] as Instance, opts('db', 1, 'GPE'))).toBe('other-type');
    expect(selectRenameTarget({ ...(CASES[0] as Instance), answerType: 'other' }, { type: 'MIX', source: 'db' })).toBe('no-entity');
  });

  it('uses InDistName candidates from the pool', () => {
    const pool = buildNamePool(CASES);
    expect(pool.last).toContain('Berg');
    const r = renameInstance(CASES[1] as Instance, opts('indist'), pool);
    if (typeof r === 'string') throw new Error(r);
    expect(r.substitutions.find((s) => s.from === 'Hollis')?.to).toBe('Berg');
  });

  const sources: NameSource[] = ['indist', 'db', 'randstr'];
  const pool = buildNamePool(CASES);

  it('property: answers stay exact substrings at their offsets, every mention is replaced, same seed same output', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CASES), fc.constantFrom(...sources), fc.integer({ min: 0, max: 10_000 }), (c, source, seed) => {
        const r = renameInstance(c, opts(source, seed), pool);
        if (typeof r === 'string') return;
        for (const a of r.perturbed.answers) expect(r.perturbed.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
        for (const s of r.substitutions) {
          expect(findMentions(r.perturbed.context, s.from), s.from).toEqual([]);
          expect(findMentions(r.perturbed.question, s.from), s.from).toEqual([]);
          for (const a of r.perturbed.answers) expect(findMentions(a.text, s.from)).toEqual([]);
        }
        // Consistent: one source name, one new name.
        expect(new Set(r.substitutions.map((s) => s.from)).size).toBe(r.substitutions.length);
        expect(renameInstance(c, opts(source, seed), pool)).toEqual(r);
      }),
      { numRuns: 150 },
    );
  });

  it.each([
    { name: 'Williams', keep: 'W______s' },
    { name: 'Jean-Luc', keep: 'J___-___' },
    { name: 'Rhodes', keep: 'R____s' },
    { name: 'McKinsey', keep: 'M_______' },
    { name: 'Xs', keep: 'Xs' },
  ])('Yan et al. 2022 §3.2, released code: RandStr keeps the first letter and a final "s" — $name → $keep', ({ name, keep }) => {
    for (let seed = 1; seed <= 20; seed++) {
      const out = [...randStr(name, rng(seed))];
      [...keep].forEach((k, i) => (k === '_' ? expect(out[i]).toMatch(/^[A-Za-z]$/) : expect(out[i]).toBe(k)));
    }
    // Everything else is random: over 20 seeds the second letter takes more than one value.
    if (keep[1] === '_') expect(new Set(Array.from({ length: 20 }, (_, s) => randStr(name, rng(s + 1))[1])).size).toBeGreaterThan(1);
  });

  it('RandStr never renames a name to itself when anything in it is random (a draw of "Ann" as "Ann" is drawn again)', () => {
    // 2,000 seeds of a 3-letter name: with 676 outcomes a single draw returns "Ann" a few times.
    for (let seed = 1; seed <= 2000; seed++) expect(randStr('Ann', rng(seed))).not.toBe('Ann');
    for (let seed = 1; seed <= 2000; seed++) expect(randStr('Bo', rng(seed))).not.toBe('Bo');
    expect(randStr('Xs', rng(1))).toBe('Xs');
  });

  it('property: RandStr keeps length and casing', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z][A-Za-z' -]{0,15}$/), fc.nat(), (name, seed) => {
        const out = randStr(name, rng(seed));
        expect(out.length).toBe(name.length);
        expect(out[0]).toBe(name[0]);
        for (let i = 0; i < name.length; i++) {
          const a = name[i] as string;
          const b = out[i] as string;
          if (/[A-Z]/.test(a)) expect(b).toMatch(/[A-Z]/);
          else if (/[a-z]/.test(a)) expect(b).toMatch(/[a-z]/);
          else expect(b).toBe(a);
        }
      }),
    );
  });
});
