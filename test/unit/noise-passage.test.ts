/** Synthetic noise per passage (Wu et al. 2025, App. K: the reading passage is perturbed, once). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GoldAnswer, Instance } from '../../src/core/data/types.ts';
import { mapForward } from '../../src/core/entity/substitute.ts';
import { instancesToSquad } from '../../src/core/formats/squad-export.ts';
import { NOISE_KINDS, noisePassage } from '../../src/core/natural/noise.ts';
import { noisyPairs, passageAnswers, passageNoiser } from '../../src/core/natural/noise-passage.ts';
import { shiftThrough, spanIndex } from '../../src/core/natural/noise-spans.ts';
import { char } from '../../src/core/types.ts';

// A paragraph written for these tests, asked three questions.
const CONTEXT = 'The Marl estuary bridge opened in 1931 after four years of careful work. Its engineer, Ruth Ashby, quickly became famous for the elegant steel arches that still carry the coast road today.';
const ask = (id: string, answer: string, context = CONTEXT): Instance => ({ id, dataset: 't', title: 'Marl', question: `Q ${id}?`, context, answers: [{ text: answer, start: context.indexOf(answer) }], isImpossible: false, lang: 'en', tags: [] });
const THREE = [ask('q1', '1931'), ask('q2', 'Ruth Ashby'), ask('q3', 'steel arches')];

describe('noise perturbs the passage once (Wu et al. App. K)', () => {
  it.each(NOISE_KINDS.map((kind) => ({ kind })))('$kind: a 3-question paragraph gives 1 noisy paragraph with its 3 questions', ({ kind }) => {
    const { instances, dropped } = noisyPairs(THREE, { kind, rate: 0.3, seed: 2 });
    expect(dropped).toBe(0);
    expect(instances.map((i) => i.id)).toEqual(['q1', 'q2', 'q3']);
    expect(new Set(instances.map((i) => i.revision?.context)).size).toBe(1);
    expect(instances[0]?.revision?.context).not.toBe(CONTEXT);
    // As `qarx perturb synthetic` writes it: one paragraph, three questions.
    const file = instancesToSquad(instances.map((i) => ({ ...i, context: i.revision?.context ?? '', answers: i.revision?.answers ?? [], revision: undefined })));
    expect(file.data.map((a) => a.paragraphs.map((p) => p.qas.map((q) => q.id)))).toEqual([[['q1', 'q2', 'q3']]]);
  });

  it('the noise is seeded by the passage, not the question: other ids and order draw the same passage', () => {
    const opts = { kind: 'keyboard' as const, rate: 0.3, seed: 5 };
    const a = noisyPairs(THREE, opts).instances[0]?.revision?.context;
    const renamed = THREE.map((i, k) => ({ ...i, id: `other-${k}`, dataset: 'elsewhere' })).reverse();
    expect(noisyPairs(renamed, opts).instances[0]?.revision?.context).toBe(a);
  });

  it('a subset of the questions (a scope, Live\'s one question) draws the whole file\'s passage when given the passage\'s answers', () => {
    const opts = { kind: 'word-delete' as const, rate: 0.3, seed: 3 };
    const whole = noisyPairs(THREE, opts).instances[1]?.revision?.context;
    // The experiments: the population run, the scope's answers kept.
    expect(noisyPairs([THREE[1] as Instance], opts, THREE).instances[0]?.revision?.context).toBe(whole);
    // Live: the open question with every answer of its passage (the data worker's passageAnswers).
    const answers = passageAnswers(THREE).get(CONTEXT) ?? [];
    expect(noisyPairs([THREE[1] as Instance], opts, [{ ...(THREE[1] as Instance), answers }]).instances[0]?.revision?.context).toBe(whole);
  });

  it('draws each passage once: every question holds the same noise object', () => {
    const noisy = passageNoiser(THREE, { kind: 'ocr', rate: 0.3, seed: 1 });
    const [a, b, c] = THREE.map((i) => noisy(i));
    expect(a?.noise).toBe(b?.noise);
    expect(b?.noise).toBe(c?.noise);
  });

  it('a question outside `among` (free text) adds its own answer to what the noise keeps', () => {
    const free = { ...ask('live', 'estuary bridge'), id: 'live' };
    for (const kind of NOISE_KINDS) {
      const n = passageNoiser(THREE, { kind, rate: 1, seed: 4 })(free);
      if (n) expect(n.noise.context.slice(n.answers[0]?.start, (n.answers[0]?.start ?? 0) + 14), kind).toBe('estuary bridge');
    }
  });

  it('counts the questions of a passage with nothing to change as dropped', () => {
    const context = 'The cat sat on the mat by Ashby';
    const r = noisyPairs([ask('a', 'Ashby', context), ask('b', 'mat', context)], { kind: 'keyboard', rate: 1, seed: 1 });
    expect(r).toEqual({ instances: [], dropped: 2 });
  });
});

// Random passages of words and names, asked 1–6 questions about names (two may share an answer).
const WORDS = ['the', 'river', 'council', 'built', 'a', 'bridge', 'over', 'harbour', 'in', 'spring', 'after', 'long', 'debate.', 'Its', 'tower', 'stands,'];
const passageArb = fc
  .record({ words: fc.array(fc.constantFrom(...WORDS), { minLength: 8, maxLength: 80 }), names: fc.array(fc.nat(79), { minLength: 1, maxLength: 6 }) })
  .map(({ words, names }) => {
    const w = [...words];
    for (const [k, p] of names.entries()) w[p % w.length] = `Name${k}`;
    const context = `${w.join(' ')}.`;
    const found = names.map((_, k) => `Name${k}`).filter((n) => new RegExp(`\\b${n}\\b`).test(context));
    return { context, questions: found.map((n, k) => ask(`q${k}`, n, context)) };
  });

describe('answers keep pointing at their text (property, every kind)', () => {
  it('every question of a passage shares one noisy passage and its answers read the same there', () => {
    fc.assert(
      fc.property(passageArb, fc.constantFrom(...NOISE_KINDS), fc.integer({ min: 0, max: 1000 }), fc.constantFrom(0.1, 0.3, 1), ({ context, questions }, kind, seed, rate) => {
        const { instances, dropped } = noisyPairs(questions, { kind, rate, seed });
        // All or none: the passage changed (every answer was kept intact) or it did not.
        expect(instances.length === questions.length || dropped === questions.length).toBe(true);
        expect(new Set(instances.map((i) => i.revision?.context)).size).toBeLessThanOrEqual(1);
        for (const i of instances) {
          expect(i.revision?.context).not.toBe(context);
          for (const a of i.revision?.answers ?? []) expect(i.revision?.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('linear helpers agree with the direct computations', () => {
  it('spanIndex answers as a scan of every answer does', () => {
    const answerArb = fc.record({ start: fc.nat(60), text: fc.string({ maxLength: 8 }) });
    fc.assert(
      fc.property(fc.array(answerArb, { maxLength: 12 }), fc.nat(70), fc.nat(10), (answers: GoldAnswer[], s, len) => {
        const scan = answers.some((a) => s < a.start + a.text.length && a.start < s + len);
        expect(spanIndex(answers)(s, s + len)).toBe(scan);
      }),
    );
  });

  it.each([
    { offset: 0, want: 0 },
    { offset: 4, want: 4 },
    { offset: 5, want: 4 },
    { offset: 8, want: 9 },
    { offset: 20, want: 19 },
  ])('shiftThrough maps $offset to $want as mapForward does ("Ann"→"Beth" at 4, "xy" deleted at 12)', ({ offset, want }) => {
    const edits = [
      { start: char(4), end: char(7), newStart: char(4), newEnd: char(8), from: 'Ann', to: 'Beth' },
      { start: char(12), end: char(14), newStart: char(13), newEnd: char(13), from: 'xy', to: '' },
    ];
    expect(shiftThrough(edits, offset)).toBe(want);
    expect(shiftThrough(edits, offset)).toBe(mapForward(edits, offset));
  });

  it('noisePassage keeps every protected span of a long passage with many questions', () => {
    const context = Array.from({ length: 400 }, (_, k) => (k % 10 === 0 ? `Name${k}` : 'bridge')).join(' ');
    const protect = Array.from({ length: 40 }, (_, k) => ({ text: `Name${k * 10}`, start: context.indexOf(`Name${k * 10} `) }));
    const n = noisePassage(context, protect, { kind: 'word-delete', rate: 1, seed: 1 });
    for (const a of protect) expect(n?.context).toContain(a.text);
  });
});
