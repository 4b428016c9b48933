/** Universal names: candidates, putting one name in a question, and ranking names by predictions changed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import { findMentions } from '../../src/core/entity/substitute.ts';
import { DEFAULT_UNIVERSAL, describeIneligible, eligibleInstances, qualifiedNote, topNames, inDistNames, nameSubstitutions, putName, rankRows, runUniversal, universalCandidates, updateBeta, weightedSample, type UniversalName, type UniversalRow } from '../../src/core/entity/universal.ts';
import { rng } from '../../src/core/text/random.ts';
import type { QaInput, QaPrediction } from '../../src/core/types.ts';
import { char } from '../../src/core/types.ts';

/** A question whose answer is the person at the start of the passage. */
const person = (id: string, name: string, rest: string, question: string): Instance => ({
  ...makeInstance({ id, dataset: 'd', title: '', question, context: `${name} ${rest}`, answers: [{ text: name, start: 0 }], isImpossible: false, lang: 'en' }),
  answerType: 'PER',
});

const DATA: Instance[] = [
  person('q1', 'Marie Curie', 'won the prize in Paris.', 'Who won the prize in Paris?'),
  person('q2', 'Albert Einstein', 'wrote the paper in Bern.', 'Who wrote the paper in Bern?'),
  person('q3', 'Ada Lovelace', 'wrote the notes in London.', 'Who wrote the notes in London?'),
  { ...makeInstance({ id: 'q4', dataset: 'd', title: '', question: 'Where is the tower?', context: 'The tower is in Paris.', answers: [{ text: 'Paris', start: 16 }], isImpossible: false, lang: 'en' }), answerType: 'GPE' },
  makeInstance({ id: 'q5', dataset: 'd', title: '', question: 'Who is it?', context: 'Nobody knows.', answers: [], isImpossible: true, lang: 'en' }),
];

/** A prediction of one span of a passage. */
const spanPred = (x: QaInput, start: number, end: number): QaPrediction => {
  const s = { text: x.context.slice(start, end), start: char(start), end: char(end), score: 1, startLogit: 0.5, endLogit: 0.5, probability: 1 };
  return { id: x.id, text: s.text, best: s, nbest: [s], nullScoreDiff: null, windows: 1 };
};

/** Answers the first two words (the person), or the passage's last word when it contains `trigger`. */
const triggerPredictor = (trigger: string) => async (inputs: QaInput[]) => ({
  predictions: inputs.map((x) => {
    if (findMentions(x.context, trigger).length) {
      const m = /(\w+)\.$/.exec(x.context);
      return spanPred(x, m?.index ?? 0, (m?.index ?? 0) + (m?.[1]?.length ?? 0));
    }
    const two = /^\S+ \S+/.exec(x.context)?.[0] ?? '';
    return spanPred(x, 0, two.length);
  }),
  cancelled: false,
});

const N = (first: string, last: string): UniversalName => ({ name: `${first} ${last}`, first, last });

describe('putting one name in a question', () => {
  const item = { inst: DATA[0] as Instance, spans: [{ text: 'Marie', kind: 'first' as const, entity: 'PER' as const, gender: 'female' as const }, { text: 'Curie', kind: 'last' as const, entity: 'PER' as const }] };
  it.each([
    { name: 'first and last name', cand: N('Jane', 'Doe'), subs: [{ from: 'Marie', to: 'Jane' }, { from: 'Curie', to: 'Doe' }] },
    { name: 'a part equal to the original is left alone', cand: N('Jane', 'Curie'), subs: [{ from: 'Marie', to: 'Jane' }] },
    { name: 'the same name changes nothing', cand: N('Marie', 'Curie'), subs: [] },
  ])('$name', ({ cand, subs }) => expect(nameSubstitutions(item.spans, cand)).toEqual(subs));

  it('one place per entity: a second place span keeps its name', () => {
    const spans = [{ text: 'Paris', kind: 'city' as const, entity: 'GPE' as const }, { text: 'France', kind: 'country' as const, entity: 'GPE' as const }];
    expect(nameSubstitutions(spans, { name: 'Lima', place: 'Lima' })).toEqual([{ from: 'Paris', to: 'Lima' }]);
  });

  it('renames passage, question and answer with exact offsets', () => {
    const r = putName(item, N('Jane', 'Doe'));
    if (typeof r === 'string') throw new Error(r);
    expect(r.perturbed.context).toBe('Jane Doe won the prize in Paris.');
    expect(r.perturbed.answers).toEqual([{ text: 'Jane Doe', start: 0 }]);
  });

  it.each([
    { name: 'same name', cand: N('Marie', 'Curie'), why: 'same-name' },
    { name: 'a name already in the passage would merge two entities', cand: N('Jane', 'Paris'), why: 'name-present' },
  ])('skips: $name', ({ cand, why }) => expect(putName(item, cand)).toBe(why));
});

describe('candidates', () => {
  it('draws K distinct DBName person names, the same for the same seed', () => {
    const a = universalCandidates(DATA, { ...DEFAULT_UNIVERSAL, candidates: 12, seed: 4 });
    expect(a).toHaveLength(12);
    expect(new Set(a.map((n) => n.name)).size).toBe(12);
    for (const n of a) expect(n.name).toBe(`${n.first} ${n.last}`);
    expect(universalCandidates(DATA, { ...DEFAULT_UNIVERSAL, candidates: 12, seed: 4 })).toEqual(a);
    expect(universalCandidates(DATA, { ...DEFAULT_UNIVERSAL, candidates: 12, seed: 5 })).not.toEqual(a);
  });

  it('InDistName candidates are the data\'s own whole answer names (fewer than K when the data has fewer)', () => {
    expect(inDistNames(DATA, 'PER').map((n) => n.name)).toEqual(['Ada Lovelace', 'Albert Einstein', 'Marie Curie']);
    const c = universalCandidates(DATA, { ...DEFAULT_UNIVERSAL, source: 'indist', candidates: 10 });
    expect(c.map((n) => n.name).sort()).toEqual(['Ada Lovelace', 'Albert Einstein', 'Marie Curie']);
  });

  it('GPE candidates are places', () => {
    const c = universalCandidates(DATA, { ...DEFAULT_UNIVERSAL, type: 'GPE', candidates: 5 });
    expect(c).toHaveLength(5);
    for (const n of c) expect(n.place).toBe(n.name);
  });
});

describe('eligibility', () => {
  it('counts each left-out question once, per reason', () => {
    const { items, ineligible } = eligibleInstances(DATA, 'PER');
    expect(items.map((i) => i.inst.id)).toEqual(['q1', 'q2', 'q3']);
    expect(ineligible).toEqual({ 'other-type': 1, unanswerable: 1 });
    expect(describeIneligible(ineligible)).toBe('1 answer of another type, 1 unanswerable');
  });

  it('question-person target (the paper\'s SQuAD setting): the person the question names is replaced, in question and passage', () => {
    const q = makeInstance({ id: 'p1', dataset: 'd', title: '', question: 'Whom did Tom Berg marry?', context: 'Tom Berg married Ann Hollis in Oslo.', answers: [{ text: 'Ann Hollis', start: 17 }], isImpossible: false, lang: 'en' });
    // The answer-entity target picks Ann Hollis; the question-person target picks Tom Berg.
    const answer = eligibleInstances([q], 'PER', 'answer').items[0];
    const asked = eligibleInstances([q], 'PER', 'question-person').items[0];
    expect(answer?.spans.map((x) => x.text)).toEqual(['Ann', 'Hollis']);
    expect(asked?.spans.map((x) => x.text)).toEqual(['Tom', 'Berg']);
    const put = asked && putName(asked, N('Jane', 'Doe'));
    if (!put || typeof put === 'string') throw new Error(String(put));
    expect(put.perturbed.question).toBe('Whom did Jane Doe marry?');
    expect(put.perturbed.context).toBe('Jane Doe married Ann Hollis in Oslo.');
    expect(put.perturbed.answers).toEqual([{ text: 'Ann Hollis', start: 17 }]);
    // A question naming nobody is left out under its own reason.
    const none = makeInstance({ id: 'p2', dataset: 'd', title: '', question: 'Who married in Oslo?', context: 'Tom Berg married in Oslo.', answers: [{ text: 'Tom Berg', start: 0 }], isImpossible: false, lang: 'en' });
    expect(eligibleInstances([none], 'PER', 'question-person').ineligible).toEqual({ 'no-person': 1 });
  });
});

/** One iteration with B ≥ K and B ≥ the eligible questions: every name on every question once. */
const ONE = { ...DEFAULT_UNIVERSAL, iterations: 1, sample: 10 };

describe('Balasubramanian et al. 2020 App. A.1, Algorithm 2: Beta weights', () => {
  it('the paper\'s example: 20% of B = 10 worsened, 10% improved → α += 0.1B, β += 0.9B (hand-computed)', () => {
    expect(updateBeta({ alpha: 1, beta: 1 }, 10, 2, 1)).toEqual({ alpha: 2, beta: 10, weight: 2 / 12 });
    // More improved than worsened: α falls, the weight (P(worsen) − P(improve)) goes negative.
    expect(updateBeta({ alpha: 1, beta: 1 }, 4, 0, 3)).toEqual({ alpha: -2, beta: 8, weight: -2 / 6 });
  });

  it('V_s is drawn by weight: a weight ≤ 0 never while enough are positive; about 1:3 for weights 1 and 3', () => {
    const rand = rng(7);
    const hits = [0, 0, 0];
    for (let k = 0; k < 4000; k++) for (const i of weightedSample([0, 1, 3], 1, rand)) hits[i] = (hits[i] ?? 0) + 1;
    expect(hits[0]).toBe(0);
    expect((hits[2] ?? 0) / 4000).toBeGreaterThan(0.72);
    expect((hits[2] ?? 0) / 4000).toBeLessThan(0.78);
    expect(weightedSample([0, 1, 3], 3, rng(1)).at(-1)).toBe(0);
    // Too few positive (α ≤ 0 for four names): the one positive first, the rest uniformly among the non-positive, not by list order.
    const rest = [0, 0, 0, 0, 0];
    const r2 = rng(11);
    for (let k = 0; k < 4000; k++) {
      const s = weightedSample([1, 0, 0, -0.5, 0], 3, r2);
      expect(s[0]).toBe(0);
      for (const i of s.slice(1)) rest[i] = (rest[i] ?? 0) + 1;
    }
    // Each of the four non-positive names fills one of the two places half the time.
    for (const i of [1, 2, 3, 4]) expect((rest[i] ?? 0) / 4000).toBeGreaterThan(0.45);
    for (const i of [1, 2, 3, 4]) expect((rest[i] ?? 0) / 4000).toBeLessThan(0.55);
    expect(weightedSample([5, 1, 3, 2], 2, rng(3))).toEqual(weightedSample([5, 1, 3, 2], 2, rng(3)));
  });

  it('ranks by P(worsen) − P(improve), not by answers changed: a name that fixes answers ranks last (N = 2, B = 3, hand-computed)', async () => {
    // Originals: q1 (the only passage with "prize") right, q2 and q3 wrong. "Bad" breaks every answer, "Good" fixes every answer.
    const predictor = async (inputs: QaInput[]) => ({
      predictions: inputs.map((x) => {
        const right = findMentions(x.context, 'Bad').length ? false : findMentions(x.context, 'Good').length ? true : x.context.includes('prize');
        const m = right ? /^\S+ \S+/.exec(x.context) : /(\w+)\.$/.exec(x.context);
        const start = m?.index ?? 0;
        return spanPred(x, start, start + (right ? (m?.[0].length ?? 0) : (m?.[1]?.length ?? 0)));
      }),
      cancelled: false,
    });
    const r = await runUniversal(DATA, { ...DEFAULT_UNIVERSAL, iterations: 2, sample: 3 }, predictor, { names: [N('Good', 'Doe'), N('Bad', 'Doe'), N('Jane', 'Doe')] });
    // Per iteration (3 questions each): Bad worsens q1 → α += 1, β += 2; Good improves q2, q3 → α −= 2, β += 5; Jane: β += 3.
    expect(r.rows.map((x) => [x.name, x.alpha, x.beta, x.weight])).toEqual([
      ['Bad Doe', 3, 5, 3 / 8],
      ['Jane Doe', 1, 7, 1 / 8],
      ['Good Doe', -3, 11, -3 / 8],
    ]);
    expect(r.rows.find((x) => x.name === 'Good Doe')).toMatchObject({ draws: 2, tried: 6, changed: 4, worsened: 0, improved: 4 });
    expect(r).toMatchObject({ iterations: 2, plannedIterations: 2 });
  });

  it('N iterations of B names, each on B questions: one model call per drawn name, originals once', async () => {
    const calls: number[] = [];
    const inner = triggerPredictor('Haddad');
    const names = [N('Jane', 'Doe'), N('Omar', 'Haddad'), N('Wei', 'Zhang'), N('Ana', 'Silva')];
    const r = await runUniversal(DATA, { ...DEFAULT_UNIVERSAL, iterations: 3, sample: 2 }, async (inputs) => (calls.push(inputs.length), inner(inputs)), { names });
    expect(calls).toEqual([3, 2, 2, 2, 2, 2, 2]);
    expect(r.rows.reduce((a, x) => a + (x.draws ?? 0), 0)).toBe(6);
    // The same seed draws the same V_s and D_s.
    const again = await runUniversal(DATA, { ...DEFAULT_UNIVERSAL, iterations: 3, sample: 2 }, inner, { names });
    expect(again.rows).toEqual(r.rows);
  });
});

describe('ranking names (one iteration: every name on every question)', () => {
  const names = [N('Jane', 'Doe'), N('Omar', 'Haddad'), N('Wei', 'Zhang'), N('Ana', 'Silva')];

  it('the name that flips the model ranks first with the right weight, count, share and F1 drop', async () => {
    const r = await runUniversal(DATA, { ...ONE, top: 2 }, triggerPredictor('Haddad'), { names });
    expect(r.eligible).toBe(3);
    expect(r.tried).toBe(4);
    expect(r.cancelled).toBe(false);
    expect(r.original).toEqual({ em: 100, f1: 100 });
    const [first, ...rest] = r.rows;
    // Haddad: every question's answer becomes the city (F1 0): 3 of 3 worsened → α = 4, β = 1.
    expect(first).toMatchObject({ name: 'Omar Haddad', weight: 0.8, tried: 3, changed: 3, share: 1, meanF1Drop: 100, f1Dropped: 3, examples: ['q1', 'q2', 'q3'] });
    // The other names keep the answer (the renamed person, mapped back, is the original span): α = 1, β = 4.
    for (const row of rest) expect(row).toMatchObject({ weight: 0.2, tried: 3, changed: 0, share: 0, meanF1Drop: 0 });
    // Ties keep alphabetical order.
    expect(rest.map((x) => x.name)).toEqual(['Ana Silva', 'Jane Doe', 'Wei Zhang']);
  });

  it('hands the failure gallery one C2W case per question the flipping name broke, with its passage', async () => {
    const got: { id: string; name?: string; passage: string; answer: string }[] = [];
    await runUniversal(DATA, ONE, triggerPredictor('Haddad'), { names, onCase: (c) => got.push({ id: c.id, name: c.name, passage: c.perturbed.passage, answer: c.perturbed.answer }) });
    expect(got.map((c) => `${c.id}:${c.name}`).sort()).toEqual(['q1:Omar Haddad', 'q2:Omar Haddad', 'q3:Omar Haddad']);
    for (const c of got) expect(c.passage).toContain('Haddad');
  });

  it('a name that some questions already hold is tried on the others only', async () => {
    const r = await runUniversal(DATA, ONE, triggerPredictor('Bern'), { names: [N('Marie', 'Curie'), N('Pat', 'Bern')] });
    const curie = r.rows.find((x) => x.name === 'Marie Curie');
    expect(curie).toMatchObject({ tried: 2, skipped: { 'same-name': 1 }, changed: 0 });
    // "Bern" is already a place in q2's passage; in q1 and q3 it flips the answer to the city.
    const bern = r.rows.find((x) => x.name === 'Pat Bern');
    expect(bern).toMatchObject({ tried: 2, changed: 2, skipped: { 'name-present': 1 } });
    expect(r.rows[0]?.name).toBe('Pat Bern');
  });

  it('reports name draws i/(N·B) and keeps finished names when cancelled', async () => {
    const ac = new AbortController();
    const inner = triggerPredictor('Haddad');
    let n = 0;
    const progress: string[] = [];
    const r = await runUniversal(DATA, ONE, async (inputs) => {
      if (++n === 3) ac.abort(); // during the second name
      const res = await inner(inputs);
      return n === 3 ? { predictions: res.predictions.slice(0, 1), cancelled: true } : res;
    }, { names, signal: ac.signal, onProgress: (p) => progress.push(`${p.done}/${p.total}`) });
    expect(r.cancelled).toBe(true);
    expect(r.tried).toBe(1);
    expect(r.rows).toHaveLength(1);
    expect(r.candidates).toBe(4);
    expect(r.iterations).toBe(0);
    expect(progress).toEqual(['0/4', '0/4', '1/4', '1/4']);
  });

  it('nothing eligible: no model call, an empty result', async () => {
    let called = false;
    const r = await runUniversal(DATA.slice(3), ONE, async () => ((called = true), { predictions: [], cancelled: false }), { names });
    expect(called).toBe(false);
    expect(r).toMatchObject({ eligible: 0, tried: 0, rows: [] });
  });
});

describe('invariants (property)', () => {
  const row = fc.record({ name: fc.string({ maxLength: 4 }), weight: fc.double({ min: -1, max: 1, noNaN: true }), tried: fc.nat(10) });
  it('ranking: the weight never increases down the list; ties by trials, then name', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rs) => {
        const ranked = rankRows(rs.map((r) => ({ ...r, changed: 0, share: 0, meanF1Drop: 0, f1Dropped: 0, skipped: {}, examples: [] }) as UniversalRow));
        expect(ranked).toHaveLength(rs.length);
        for (let k = 1; k < ranked.length; k++) {
          const a = ranked[k - 1] as UniversalRow;
          const b = ranked[k] as UniversalRow;
          expect(a.weight).toBeGreaterThanOrEqual(b.weight as number);
          if (a.weight === b.weight) expect(a.tried).toBeGreaterThanOrEqual(b.tried);
        }
      }),
    );
  });

  it('for any predictor: changed ≤ tried, tried + skipped = eligible, shares in 0..1, ranked', async () => {
    const pool = [N('Jane', 'Doe'), N('Omar', 'Haddad'), N('Marie', 'Curie'), N('Pat', 'Bern'), N('Ada', 'Paris'), N('Li', 'Lovelace')];
    await fc.assert(
      fc.asyncProperty(fc.subarray(pool, { minLength: 1 }), fc.subarray(DATA), fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (names, data, salt) => {
        // A predictor that answers some word of the passage, chosen by a hash of passage and salt.
        const predictor = async (inputs: QaInput[]) => ({
          predictions: inputs.map((x) => {
            const words = [...x.context.matchAll(/\w+/g)];
            let h = salt;
            for (const ch of x.context) h = (h * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
            const w = words[h % Math.max(1, words.length)];
            return spanPred(x, w?.index ?? 0, (w?.index ?? 0) + (w?.[0].length ?? 0));
          }),
          cancelled: false,
        });
        const r = await runUniversal(data, ONE, predictor, { names });
        expect(r.rows).toEqual(rankRows(r.rows));
        expect(r.tried).toBe(r.eligible ? names.length : 0);
        for (const x of r.rows) {
          expect(x.changed).toBeLessThanOrEqual(x.tried);
          expect(x.tried + Object.values(x.skipped).reduce((a, b) => a + (b ?? 0), 0)).toBe(r.eligible);
          if (x.tried) expect(x.share).toBeGreaterThanOrEqual(0);
          if (x.tried) expect(x.share).toBeLessThanOrEqual(1);
          expect(x.f1Dropped).toBeLessThanOrEqual(x.tried);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('Balasubramanian et al. 2020 App. A.1: only names that worsen more answers than they improve are listed', () => {
  // weight = α/(α+β) = (1 + worse − better)/(2 + tried), as updateBeta gives it.
  const row = (name: string, worsened: number, improved: number, tried = 4, changed = worsened + improved, meanF1Drop = 10 * (worsened - improved)): UniversalRow => ({ name, weight: (1 + worsened - improved) / (2 + tried), worsened, improved, tried, changed, share: changed / tried, meanF1Drop, f1Dropped: worsened, skipped: {}, examples: [] });
  it.each([
    {
      name: 'a name with weight ≤ 0 (better 2 > worse 0) and one as good as bad (1/1) are left out',
      rows: [row('A', 2, 0), row('B', 1, 1), row('C', 0, 2)],
      top: 10, shown: ['A'], qualified: 1,
      note: '1 of 3 names drawn worsens more answers than it improves (worse > better): 1 listed (top 10); the other 2, improving as many as they worsen or more, are not.',
    },
    {
      // Never tried (all its questions skipped): weight 1/2 outranks A's 3/6, yet it worsened nothing, so A is the top 1.
      name: 'a name ranked first that worsened nothing does not take the top place from one that did',
      rows: [row('Idle', 0, 0, 0), row('A', 2, 0)],
      top: 1, shown: ['A'], qualified: 1,
      note: '1 of 2 names drawn worsens more answers than it improves (worse > better): 1 listed (top 1); the other 1, improving as many as it worsens or more, is not.',
    },
    {
      name: 'a large mean F1 drop does not qualify a name that improved as many answers as it worsened',
      rows: [row('A', 3, 1), row('B', 2, 2, 4, 4, 25), row('D', 2, 1)],
      top: 10, shown: ['A', 'D'], qualified: 2,
      note: '2 of 3 names drawn worsen more answers than they improve (worse > better): 2 listed (top 10); the other 1, improving as many as it worsens or more, is not.',
    },
    {
      name: 'more qualify than are listed',
      rows: [row('A', 3, 0), row('B', 2, 0), row('C', 1, 0)],
      top: 2, shown: ['A', 'B'], qualified: 3,
      note: '3 of 3 names drawn worsen more answers than they improve (worse > better): 2 listed (top 2).',
    },
    { name: 'none qualifies', rows: [row('A', 0, 0)], top: 10, shown: [], qualified: 0, note: '0 of 1 name drawn worsen more answers than they improve (worse > better): 0 listed (top 10); the other 1, improving as many as it worsens or more, is not.' },
  ])('$name', ({ rows, top, shown, qualified, note }) => {
    const t = topNames({ rows, top });
    expect(t.rows.map((r) => r.name)).toEqual(shown);
    expect(t.qualified).toBe(qualified);
    expect(t.drawn).toBe(rows.length);
    expect(qualifiedNote(t.rows.length, top, t.qualified, t.drawn)).toBe(note);
  });

  it('property: every listed name worsened more than it improved, in ranking order, at most top of them', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(5), fc.nat(5)), { maxLength: 12 }), fc.integer({ min: 1, max: 12 }), (counts, top) => {
        const rows = rankRows(counts.map(([w, b], i) => row(`n${i}`, w, b)));
        const t = topNames({ rows, top });
        const ok = rows.filter((r) => (r.worsened ?? 0) > (r.improved ?? 0));
        return t.qualified === ok.length && JSON.stringify(t.rows) === JSON.stringify(ok.slice(0, top));
      }),
    );
  });
});

describe('a name\'s drop: each tried question once (the unit its CI resamples, issue 38 §7)', () => {
  it('is original − renamed F1 over the questions, a question drawn in several iterations weighing once', async () => {
    // Haddad breaks q1 only (its answer becomes the city, F1 100 → 0); the others keep the person.
    const predict = async (inputs: QaInput[]) => ({
      predictions: inputs.map((x) => {
        const m = /(\w+)\.$/.exec(x.context);
        const two = /^\S+ \S+/.exec(x.context)?.[0] ?? '';
        return x.id.startsWith('q1') && findMentions(x.context, 'Haddad').length ? spanPred(x, m?.index ?? 0, (m?.index ?? 0) + (m?.[1]?.length ?? 0)) : spanPred(x, 0, two.length);
      }),
      cancelled: false,
    });
    const r = await runUniversal(DATA, { ...DEFAULT_UNIVERSAL, iterations: 5, sample: 2, seed: 1 }, predict, { names: [N('Omar', 'Haddad'), N('Jane', 'Doe')] });
    const row = r.rows.find((x) => x.name === 'Omar Haddad') as UniversalRow;
    const trials = row.questions ?? [];
    const ids = [...new Set(trials.map((q) => q.id))];
    // q1 drawn in a share of the trials other than 1 / ids.length: over trials the drop would differ.
    expect(ids).toContain('q1');
    expect(trials.filter((q) => q.id === 'q1').length * ids.length).not.toBe(trials.length);
    // Hand count: 1 of ids.length questions loses its F1 of 100.
    expect(row.meanF1Drop).toBeCloseTo(100 / ids.length, 9);
    expect(row.renamed?.f1).toBeCloseTo(100 - 100 / ids.length, 9);
  });
});
