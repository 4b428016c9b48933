/** Trap sentences: rewriting questions as statements, generating AddSent-like traps, inserting them with exact offsets, similarity and trap hits. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { toDeclarative } from '../../src/core/trap/declarative.ts';
import { bucketLabel, similarityBucket } from '../../src/core/sensitivity/dpr.ts';
import { bucketOf, prepareTraps, summarizeTraps, trapFor, type TrapRow } from '../../src/core/trap/experiment.ts';
import { trapsToSquad } from '../../src/core/trap/export.ts';
import { containsAnswer, generateTrap, otherNumber } from '../../src/core/trap/generate.ts';
import { insertionPoint, insertTrap, inTrap, trapSimilarity, TRAP_POSITIONS } from '../../src/core/trap/insert.ts';
import { rng } from '../../src/core/text/random.ts';

// Passages and questions written for these tests.
const CONTEXT = 'Harbour Lights is a small fishing town. Its first lighthouse was lit by Maren Holt in 1887. The lamp still turns every night.';
const inst = (answer = 'Maren Holt', question = 'Who lit the first lighthouse?'): Instance => ({ id: 'q', dataset: 't', title: '', question, context: CONTEXT, answers: [{ text: answer, start: CONTEXT.indexOf(answer) }], isImpossible: false, lang: 'en', tags: [] });

describe('toDeclarative', () => {
  it.each([
    ['Who founded Acme?', 'Jo Kent', 'Jo Kent founded Acme.'],
    ['When was the Eiffel Tower completed?', '1889', 'The Eiffel Tower was completed in 1889.'],
    ['When was Germany formally reunified?', '3 October 1990', 'Germany was formally reunified on 3 October 1990.'],
    ['In which city did Chopin spend most of his life?', 'Paris', 'Chopin spent most of his life in Paris.'],
    ['In which country does the Danube rise?', 'Germany', 'The Danube rises in Germany.'],
    ['How many chambers does the human heart have?', 'four', 'The human heart has four chambers.'],
    ['Who was the first director of the observatory?', 'Ann Lee', 'The first director of the observatory was Ann Lee.'],
    ['Which company built the bridge?', 'Nordvik Company', 'Nordvik Company built the bridge.'],
    ['Who has run the festival since 2010?', 'Ann Lee', 'Ann Lee has run the festival since 2010.'],
    ['Where did the delegations meet?', 'Osnabrück', 'The delegations met in Osnabrück.'],
    ['When was the lighthouse finished?', 'in 1887', 'The lighthouse was finished in 1887.'],
    ['Along the coast of which state does the reef stretch?', 'Queensland', 'The reef stretches along the coast of Queensland.'],
    ['Name the first king.', 'Ann', null],
    ['Toyota began as an offshoot of which company?', 'X', null],
  ])('%s + %s → %s', (q, a, want) => {
    expect(toDeclarative(q, a)).toBe(want);
  });
});

describe('generateTrap', () => {
  it('rewrites the question with other names and a fake answer of the same type, never the gold answer', () => {
    const t = generateTrap('Who lit the first lighthouse of Harbour Lights in 1887?', ['Maren Holt'], 1)!;
    expect(t).not.toBeNull();
    expect(t.sentence).toMatch(/lit the first lighthouse of .+ in \d{4}\.$/);
    expect(t.sentence).not.toContain('Maren Holt');
    expect(t.sentence).not.toContain('1887');
    expect(t.swaps.map((s) => s.from)).toEqual(expect.arrayContaining(['1887']));
    expect(t.fake.split(' ')).toHaveLength(2); // a person's first and last name, as the gold answer
    expect(t.sentence.startsWith(t.fake)).toBe(true);
  });

  it.each([
    ['1887', /^\d{4}$/],
    ['148', /^\d{3}$/],
    ['07', /^\d{2}$/],
  ])('otherNumber(%s) keeps the shape and changes the value', (n, shape) => {
    for (let seed = 0; seed < 20; seed++) {
      const o = otherNumber(n, rng(seed));
      expect(o).toMatch(shape);
      expect(o).not.toBe(n);
    }
  });

  it('is the same for the same seed and differs across seeds (property)', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const a = generateTrap('Who lit the first lighthouse of Harbour Lights in 1887?', ['Maren Holt'], seed);
        expect(generateTrap('Who lit the first lighthouse of Harbour Lights in 1887?', ['Maren Holt'], seed)).toEqual(a);
      }),
      { numRuns: 25 },
    );
    const many = new Set(Array.from({ length: 10 }, (_, s) => generateTrap('Who lit the first lighthouse in 1887?', ['Maren Holt'], s)?.sentence));
    expect(many.size).toBeGreaterThan(5);
  });

  it('never holds a gold answer, over the demo set and several seeds', () => {
    const demo = loadDemoSet().filter((i) => i.lang === 'en' && !i.isImpossible);
    let made = 0;
    for (const i of demo) {
      for (const seed of [1, 2, 3]) {
        const t = generateTrap(i.question, i.answers.map((a) => a.text), seed);
        if (!t) continue;
        made++;
        for (const a of i.answers) expect(containsAnswer(t.sentence, a.text), `${i.id}: ${t.sentence}`).toBe(false);
      }
    }
    expect(made).toBeGreaterThan(demo.length * 2); // most questions fit a rule
  });
});

describe('insertTrap', () => {
  it.each([
    ['start', 'T x. Harbour Lights'],
    ['before', 'town. T x. Its first'],
    ['after', '1887. T x. The lamp'],
    ['end', 'every night. T x.'],
  ] as const)('%s puts the sentence at %s', (position, around) => {
    const v = insertTrap(inst(), 'T x.', position)!;
    expect(v.context).toContain(around);
    expect(v.context.slice(v.trap.start, v.trap.end)).toBe('T x.');
    const a = v.answers[0]!;
    expect(v.context.slice(a.start, a.start + a.text.length)).toBe('Maren Holt');
  });

  it('refuses a point inside an answer and an empty sentence', () => {
    const across = { context: 'A b. C d.', answers: [{ text: 'b. C', start: 2 }] };
    expect(insertionPoint(across.context, across.answers, 'after')).toBeNull();
    expect(insertTrap(across, 'T.', 'after')).toBeNull();
    expect(insertTrap(inst(), '   ', 'start')).toBeNull();
  });

  it('keeps every answer at its offset and the passage around the trap intact (property)', () => {
    const word = fc.stringMatching(/^[A-Za-zé𝒜]{1,8}$/);
    const sentence = fc.array(word, { minLength: 1, maxLength: 6 }).map((ws) => `${ws.join(' ')}.`);
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 5 }), fc.nat(), fc.nat(), sentence, fc.constantFrom(...TRAP_POSITIONS), (sents, si, wi, trap, position) => {
        const context = sents.join(' ');
        const s = sents[si % sents.length]!;
        const words = s.slice(0, -1).split(' ');
        const w = words[wi % words.length]!;
        const start = context.indexOf(s) + s.indexOf(w);
        const v = insertTrap({ context, answers: [{ text: w, start }] }, trap, position)!;
        expect(v).not.toBeNull();
        const a = v.answers[0]!;
        expect(v.context.slice(a.start, a.start + a.text.length)).toBe(w);
        expect(v.context.slice(v.trap.start, v.trap.end)).toBe(trap);
        expect(a.start + a.text.length <= v.trap.start || a.start >= v.trap.end).toBe(true);
        // Taking the trap (and one space) out gives the passage back.
        const before = v.context.slice(0, v.trap.start);
        const after = v.context.slice(v.trap.end);
        expect(v.trap.start === 0 ? after.replace(/^ /, '') : before.replace(/ $/, '') + after).toBe(context);
      }),
      { numRuns: 200 },
    );
  });
});

describe('similarity, hits and buckets', () => {
  it.each([
    ['Who led the army?', 'Ann led the army.', 2 / 3],
    ['Who led the army?', 'Rain fell.', 0],
    ['Who led the army?', 'Who led the army?', 1],
  ])('trapSimilarity(%j, %j) = %d', (q, s, want) => {
    expect(trapSimilarity(q, s)).toBeCloseTo(want, 12);
  });

  it.each([
    [{ start: 0, end: 3 }, false],
    [{ start: 3, end: 5 }, true],
    [{ start: 9, end: 12 }, true],
    [{ start: 10, end: 12 }, false],
    [{ start: 5, end: 5 }, false],
    [null, false],
  ])('inTrap(%j, [4, 10)) is %s', (span, want) => {
    expect(inTrap(span, { start: 4, end: 10 })).toBe(want);
  });

  it.each([
    [0, 0],
    [0.19, 0],
    [0.2, 1],
    [0.6, 3],
    [0.8, 4],
    [1, 4],
  ])('bucketOf(%d) = %d', (s, b) => {
    expect(bucketOf(s)).toBe(b);
  });

  it('the trap chart and the DPR chart bucket every similarity alike, under the same labels (one edge rule)', () => {
    // 0.2 − 5e-10 was bucket 1 for the DPR chart and 0 for the trap chart before they shared the rule.
    for (const s of [0, 0.2 - 5e-10, 0.19999999999999998, 0.2, 0.4 - 1e-10, 0.5, 0.8, 1]) expect(bucketOf(s)).toBe(similarityBucket(s));
    fc.assert(fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (s) => bucketOf(s) === similarityBucket(s)));
    expect(summarizeTraps([]).buckets.map((b) => b.label)).toEqual([0, 1, 2, 3, 4].map(bucketLabel));
  });

  it('summarises rows by bucket (hand-computed)', () => {
    const row = (similarity: number, f1o: number, f1t: number, hit: boolean): TrapRow => ({
      id: 'q', dataset: 't', question: '', sentence: '', similarity, trap: { start: 0, end: 1 },
      original: { text: '', span: null, em: f1o === 1 ? 1 : 0, f1: f1o },
      trapped: { text: '', span: null, hit, em: f1t === 1 ? 1 : 0, f1: f1t },
    });
    const s = summarizeTraps([row(0.1, 1, 1, false), row(0.7, 1, 0, true), row(0.75, 0.5, 0, true)]);
    expect(s.n).toBe(3);
    expect(s.original.f1).toBeCloseTo(250 / 3, 12);
    expect(s.trapped.f1).toBeCloseTo(100 / 3, 12);
    expect(s.hitShare).toBeCloseTo(2 / 3, 12);
    expect(s.buckets.map((b) => b.n)).toEqual([1, 0, 0, 2, 0]);
    expect(s.buckets[3]?.original.f1).toBe(75);
    expect(s.buckets[3]?.trapped.f1).toBe(0);
    expect(s.buckets[3]?.hitShare).toBe(1);
    expect(Number.isNaN(s.buckets[1]?.hitShare)).toBe(true);
  });
});

describe('preparing and exporting traps', () => {
  it('skips what cannot be trapped, with reasons, and uses the dataset\'s trap variants when asked', () => {
    const demo = loadDemoSet();
    const { items, skipped } = prepareTraps(demo, { source: 'generated', position: 'end', seed: 1 });
    expect(items.length).toBeGreaterThan(40);
    expect(skipped.unanswerable?.count).toBe(demo.filter((i) => i.isImpossible).length);
    // Chinese questions get the Chinese generator: none is skipped for its language.
    expect(skipped['not English or Chinese']).toBeUndefined();
    expect(items.filter((t) => t.inst.lang === 'zh').length).toBe(demo.filter((i) => i.lang === 'zh').length);
    const own = prepareTraps(demo, { source: 'dataset', position: 'end', seed: 1 });
    expect(own.items).toHaveLength(demo.filter((i) => i.trap && !i.isImpossible).length);
    expect(trapFor({ ...inst(), adversarial: { originalId: 'x', suffix: 'y', originalContext: null, inserted: null } }, { source: 'generated', position: 'end', seed: 1 })).toBe('adversarial variant');
  });

  it('writes SQuAD JSON whose answers and trap spans hold in code points', () => {
    const emoji = { ...inst(), context: `🌊 ${CONTEXT}`, answers: [{ text: 'Maren Holt', start: '🌊 '.length + CONTEXT.indexOf('Maren Holt') }] };
    const t = trapFor(emoji, { source: 'generated', position: 'before', seed: 4 });
    if (typeof t === 'string') throw new Error(t);
    const out = trapsToSquad([t], { source: 'generated', position: 'before', seed: 4 });
    const p = out.data[0]!.paragraphs[0]!;
    const cps = [...p.context];
    const qa = p.qas[0]! as (typeof p.qas)[0] & { perturbation: { sentence: string; start: number; end: number } };
    const ans = qa.answers[0]!;
    expect(cps.slice(ans.answer_start, ans.answer_start + [...ans.text].length).join('')).toBe('Maren Holt');
    expect(cps.slice(qa.perturbation.start, qa.perturbation.end).join('')).toBe(qa.perturbation.sentence);
    expect(out.perturbation).toEqual({ kind: 'trap', source: 'generated', position: 'before', seed: 4 });
  });
});
