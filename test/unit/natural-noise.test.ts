import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { codePointLength, codePointSlice } from '../../src/core/codepoints.ts';
import { instancesToSquad } from '../../src/core/formats/squad-export.ts';
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

  // Astral letters (mathematical script, Deseret) take two UTF-16 units; combining marks one.
  const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
  const on = (context: string, answer: string): Instance => ({ ...inst(answer), context, answers: [{ text: answer, start: context.lastIndexOf(answer) }] });

  it.each([
    // word, kind, every possible output (hand-listed: changes are whole code points)
    { kind: 'word-split', word: '𝒜𝓃𝓃𝒶', outputs: ['𝒜 𝓃𝓃𝒶', '𝒜𝓃 𝓃𝒶'] },
    { kind: 'char-delete', word: '𝒜𝓃𝓃', outputs: ['𝓃𝓃', '𝒜𝓃'] },
    { kind: 'char-swap', word: '𝒜𝓃𝐨', outputs: ['𝓃𝒜𝐨', '𝒜𝐨𝓃'] },
  ] as const)('$kind on "$word" works on code points (seeds 0–39)', ({ kind, word, outputs }) => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const r = addNoise(on(`${word} 1931`, '1931'), { kind, rate: 1, seed });
      seen.add(r?.perturbed.context.replace(/ 1931$/, '') ?? '');
    }
    expect([...seen].sort()).toEqual([...outputs].sort());
  });

  it('property: noise on astral text never leaves a lone surrogate, and exported offsets are Python-correct', () => {
    const word = fc.array(fc.constantFrom('𝒜', '𝓃', '𐐷', '𝕆', 'a', 'n', 'o', 'r', 'e\u0301', 'ß'), { minLength: 1, maxLength: 8 }).map((l) => l.join(''));
    const gap = fc.constantFrom(' ', ' 😀 ', ' 👩‍👩‍👧 ', ', ');
    const text = fc.array(fc.tuple(word, gap), { minLength: 2, maxLength: 12 }).map((ws) => ws.map(([w, g]) => w + g).join(''));
    fc.assert(
      fc.property(text, word, fc.constantFrom(...NOISE_KINDS), fc.double({ min: 0.1, max: 1, noNaN: true }), fc.nat(), (before, answer, kind, rate, seed) => {
        const r = addNoise(on(`${before}${answer}.`, answer), { kind, rate, seed });
        if (!r) return;
        expect(r.perturbed.context).not.toMatch(LONE);
        const a = r.perturbed.answers[0];
        expect(r.perturbed.context.slice(a?.start, (a?.start ?? 0) + answer.length)).toBe(answer);
        for (const p of instancesToSquad([r.perturbed]).data[0]?.paragraphs ?? []) {
          for (const x of p.qas[0]?.answers ?? []) expect(codePointSlice(p.context, x.answer_start, x.answer_start + codePointLength(x.text))).toBe(answer);
        }
      }),
      { numRuns: 500 },
    );
  });
});
