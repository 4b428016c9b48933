/** Universal names: candidates, putting one name in a question, and ranking names by predictions changed. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import { findMentions } from '../../src/core/entity/substitute.ts';
import { DEFAULT_UNIVERSAL, describeIneligible, eligibleInstances, idleNote, topNames, inDistNames, nameSubstitutions, putName, rankRows, runUniversal, universalCandidates, type UniversalName, type UniversalRow } from '../../src/core/entity/universal.ts';
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

describe('ranking names by predictions changed', () => {
  const names = [N('Jane', 'Doe'), N('Omar', 'Haddad'), N('Wei', 'Zhang'), N('Ana', 'Silva')];

  it('the name that flips the model ranks first with the right count, share and F1 drop', async () => {
    const r = await runUniversal(DATA, { ...DEFAULT_UNIVERSAL, top: 2 }, triggerPredictor('Haddad'), { names });
    expect(r.eligible).toBe(3);
    expect(r.tried).toBe(4);
    expect(r.cancelled).toBe(false);
    expect(r.original).toEqual({ em: 100, f1: 100 });
    const [first, ...rest] = r.rows;
    // Haddad: every question's answer becomes the city (F1 0): 3 of 3 changed, F1 −100 points each.
    expect(first).toMatchObject({ name: 'Omar Haddad', tried: 3, changed: 3, share: 1, meanF1Drop: 100, f1Dropped: 3, examples: ['q1', 'q2', 'q3'] });
    // The other names keep the answer (the renamed person, mapped back, is the original span).
    for (const row of rest) expect(row).toMatchObject({ tried: 3, changed: 0, share: 0, meanF1Drop: 0 });
    // Ties keep alphabetical order.
    expect(rest.map((x) => x.name)).toEqual(['Ana Silva', 'Jane Doe', 'Wei Zhang']);
  });

  it('hands the failure gallery one C2W case per question the flipping name broke, with its passage', async () => {
    const got: { id: string; name?: string; passage: string; answer: string }[] = [];
    await runUniversal(DATA, DEFAULT_UNIVERSAL, triggerPredictor('Haddad'), { names, onCase: (c) => got.push({ id: c.id, name: c.name, passage: c.perturbed.passage, answer: c.perturbed.answer }) });
    expect(got.map((c) => `${c.id}:${c.name}`)).toEqual(['q1:Omar Haddad', 'q2:Omar Haddad', 'q3:Omar Haddad']);
    for (const c of got) expect(c.passage).toContain('Haddad');
  });

  it('a name that some questions already hold is tried on the others only', async () => {
    const r = await runUniversal(DATA, DEFAULT_UNIVERSAL, triggerPredictor('Bern'), { names: [N('Marie', 'Curie'), N('Pat', 'Bern')] });
    const curie = r.rows.find((x) => x.name === 'Marie Curie');
    expect(curie).toMatchObject({ tried: 2, skipped: { 'same-name': 1 }, changed: 0 });
    // "Bern" is already a place in q2's passage; in q1 and q3 it flips the answer to the city.
    const bern = r.rows.find((x) => x.name === 'Pat Bern');
    expect(bern).toMatchObject({ tried: 2, changed: 2, skipped: { 'name-present': 1 } });
    expect(r.rows[0]?.name).toBe('Pat Bern');
  });

  it('one model call per name, originals once, all instances of a name in that call', async () => {
    const calls: number[] = [];
    const inner = triggerPredictor('Haddad');
    await runUniversal(DATA, DEFAULT_UNIVERSAL, async (inputs) => (calls.push(inputs.length), inner(inputs)), { names });
    expect(calls).toEqual([3, 3, 3, 3, 3]);
  });

  it('reports names tried i/K and keeps finished names when cancelled', async () => {
    const ac = new AbortController();
    const inner = triggerPredictor('Haddad');
    let n = 0;
    const progress: string[] = [];
    const r = await runUniversal(DATA, DEFAULT_UNIVERSAL, async (inputs) => {
      if (++n === 3) ac.abort(); // during the second name
      const res = await inner(inputs);
      return n === 3 ? { predictions: res.predictions.slice(0, 1), cancelled: true } : res;
    }, { names, signal: ac.signal, onProgress: (p) => progress.push(`${p.done}/${p.total}`) });
    expect(r.cancelled).toBe(true);
    expect(r.tried).toBe(1);
    expect(r.rows.map((x) => x.name)).toEqual(['Jane Doe']);
    expect(r.candidates).toBe(4);
    expect(progress).toEqual(['0/4', '0/4', '1/4', '1/4']);
  });

  it('nothing eligible: no model call, an empty result', async () => {
    let called = false;
    const r = await runUniversal(DATA.slice(3), DEFAULT_UNIVERSAL, async () => ((called = true), { predictions: [], cancelled: false }), { names });
    expect(called).toBe(false);
    expect(r).toMatchObject({ eligible: 0, tried: 0, rows: [] });
  });
});

describe('invariants (property)', () => {
  const row = fc.record({ name: fc.string({ maxLength: 4 }), changed: fc.nat(10), share: fc.double({ min: 0, max: 1, noNaN: true }), meanF1Drop: fc.double({ min: -100, max: 100, noNaN: true }) });
  it('ranking: changed never increases down the list; ties by share, F1 drop, name', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rs) => {
        const ranked = rankRows(rs.map((r) => ({ ...r, tried: 10, f1Dropped: 0, skipped: {}, examples: [] }) as UniversalRow));
        expect(ranked).toHaveLength(rs.length);
        for (let k = 1; k < ranked.length; k++) {
          const a = ranked[k - 1] as UniversalRow;
          const b = ranked[k] as UniversalRow;
          expect(a.changed).toBeGreaterThanOrEqual(b.changed);
          if (a.changed === b.changed) expect(a.share).toBeGreaterThanOrEqual(b.share);
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
        const r = await runUniversal(data, DEFAULT_UNIVERSAL, predictor, { names });
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

describe('the top list never fills with names that changed nothing (issue 23 §2)', () => {
  const row = (name: string, changed: number, meanF1Drop: number): UniversalRow => ({ name, tried: 4, changed, share: changed / 4, meanF1Drop, f1Dropped: 0, skipped: {}, examples: [] });
  it.each([
    { rows: [row('A', 2, 10), row('B', 0, 0), row('C', 0, 0)], top: 10, shown: ['A'], idle: 2, note: 'Only 1 name changed an answer or cost F1: 2 names of the top 10 changed nothing and are not listed.' },
    { rows: [row('A', 2, 10), row('B', 0, 5), row('C', 0, 0)], top: 2, shown: ['A', 'B'], idle: 0, note: '' },
    { rows: [row('A', 0, 0)], top: 10, shown: [], idle: 1, note: 'Only 0 names changed an answer or cost F1: 1 name of the top 10 changed nothing and is not listed.' },
  ])('$shown of top $top, $idle left out', ({ rows, top, shown, idle, note }) => {
    const t = topNames({ rows, top });
    expect(t.rows.map((r) => r.name)).toEqual(shown);
    expect(t.idle).toBe(idle);
    expect(idleNote(t.rows.length, top, t.idle)).toBe(note);
  });
});
