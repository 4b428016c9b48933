import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { addNoise, NOISE_KINDS, synonymOf } from '../../src/core/natural/noise.ts';
import { rng } from '../../src/core/random.ts';

// A passage written for these tests.
const CONTEXT = 'The Marl estuary bridge opened in 1931 after four years of careful work. Its engineer, Ruth Ashby, quickly became famous for the elegant steel arches that still carry the coast road today.';
const inst = (answer: string, id = 'q'): Instance => ({ id, dataset: 't', title: '', question: 'Who was the engineer?', context: CONTEXT, answers: [{ text: answer, start: CONTEXT.indexOf(answer) }], isImpossible: false, lang: 'en', tags: [] });

describe('synthetic noise', () => {
  it.each(NOISE_KINDS.map((kind) => ({ kind })))('$kind changes the passage and keeps the answer', ({ kind }) => {
    const r = addNoise(inst('Ruth Ashby'), { kind, rate: 0.3, seed: 3 });
    expect(r).not.toBeNull();
    expect(r?.perturbed.context).not.toBe(CONTEXT);
    expect(r?.changed).toBeGreaterThan(0);
    const a = r?.perturbed.answers[0];
    expect(r?.perturbed.context.slice(a?.start, (a?.start ?? 0) + (a?.text.length ?? 0))).toBe('Ruth Ashby');
  });

  it('changes about the requested share of words', () => {
    const words = CONTEXT.split(/\s+/).length - 2;
    for (const rate of [0.1, 0.3, 0.6]) expect(addNoise(inst('Ruth Ashby'), { kind: 'char-delete', rate, seed: 1 })?.changed).toBe(Math.round(rate * words));
  });

  it('finds synonyms of the same part of speech only for content words', () => {
    expect(synonymOf('quickly', ['r'], rng(1))).toMatch(/^(rapidly|speedily|apace|chop-chop)$/);
    expect(synonymOf('in', ['n'], rng(1))).toBeNull();
    expect(synonymOf('quickly', [], rng(1))).toBeNull();
  });

  it('property: answers stay exact at their recomputed offsets; same seed, same output', () => {
    const answers = ['Ruth Ashby', '1931', 'the coast road', 'careful work', 'The Marl estuary bridge'];
    fc.assert(
      fc.property(fc.constantFrom(...NOISE_KINDS), fc.constantFrom(...answers), fc.double({ min: 0.05, max: 1, noNaN: true }), fc.nat(), (kind, answer, rate, seed) => {
        const r = addNoise(inst(answer), { kind, rate, seed });
        if (!r) return;
        for (const a of r.perturbed.answers) expect(r.perturbed.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
        expect(addNoise(inst(answer), { kind, rate, seed })).toEqual(r);
      }),
      { numRuns: 200 },
    );
  });
});
