/**
 * Issue 43.1/43.4: the seeded stratified sampler (strata = categories or broken/not), its allocation,
 * the note on what a size can show, and the builders of cases from a gallery failure and from an
 * original/perturbed pair (edits in code points).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, populationOf, sampleSizeNote, stratifiedSample } from '../../src/core/validation/sample.ts';
import { caseFromFailure, caseFromPair, editSpans } from '../../src/core/validation/build.ts';
import { codePointSlice } from '../../src/core/text/codepoints.ts';
import type { FailureCase } from '../../src/core/results/gallery.ts';

const rows = (counts: Record<string, number>) => Object.entries(counts).flatMap(([stratum, n]) => Array.from({ length: n }, (_, i) => ({ id: `${stratum}${i}`, stratum })));

describe('allocation', () => {
  it.each([
    // population, size, allocation, expected
    [{ C2W: 10, C2C: 90 }, 20, 'proportional', { C2W: 2, C2C: 18 }],
    [{ C2W: 1, C2C: 99 }, 10, 'proportional', { C2W: 1, C2C: 9 }], // at least one from each stratum
    [{ C2W: 10, C2C: 90 }, 20, 'equal', { C2W: 10, C2C: 10 }],
    [{ C2W: 3, C2C: 90 }, 20, 'equal', { C2W: 3, C2C: 17 }], // a small stratum is taken whole, the rest goes on
    [{ C2W: 3, C2C: 4 }, 50, 'proportional', { C2W: 3, C2C: 4 }], // never more than there is
  ] as const)('%o, size %i, %s → %o', (pop, size, how, want) => {
    expect(allocate(pop, size, how)).toEqual(want);
  });

  it('adds up to min(size, population) (fast-check)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('C2W', 'C2C', 'W2C', 'W2W'), fc.integer({ min: 0, max: 50 })), fc.integer({ min: 0, max: 120 }), fc.constantFrom('proportional', 'equal'), (pop, size, how) => {
        const a = allocate(pop, size, how as 'proportional' | 'equal');
        const total = Object.values(pop).reduce((s, n) => s + n, 0);
        expect(Object.values(a).reduce((s, n) => s + n, 0)).toBe(Math.min(size, total));
        for (const [h, n] of Object.entries(a)) expect(n).toBeLessThanOrEqual(pop[h] ?? 0);
      }),
    );
  });
});

describe('stratifiedSample', () => {
  const items = rows({ C2W: 10, C2C: 90 });
  it('is seeded: the same seed gives the same batch, another seed another', () => {
    const a = stratifiedSample(items, 20, 1);
    expect(stratifiedSample(items, 20, 1)).toEqual(a);
    expect(stratifiedSample(items, 20, 2)).not.toEqual(a);
    expect(populationOf(a)).toEqual({ C2W: 2, C2C: 18 });
    expect(new Set(a.map((x) => x.id)).size).toBe(20);
  });
  it('shuffles the order, so the failures do not come first', () => {
    const a = stratifiedSample(rows({ broken: 10, not: 10 }), 20, 1);
    expect(a.slice(0, 10).every((x) => x.stratum === 'broken')).toBe(false);
  });
  it('says what a size can show (Wilson half-width at 50% and 10%)', () => {
    expect(sampleSizeNote(100)).toBe('with 100 cases, a share near 50% (e.g. the valid share) is known to ±9.6 points and one near 10% to ±6.0 points (95% Wilson CI); 400 cases halve that');
  });
});

describe('editSpans (code points)', () => {
  it.each([
    ['a word replaced', 'Paris is big.', 'Lyon is big.', [{ start: 0, end: 4 }]],
    ['a word inserted', 'Paris is big.', 'Paris is very big.', [{ start: 9, end: 14 }]],
    ['a word deleted: an empty span where it was', 'Paris is very big.', 'Paris is big.', [{ start: 9, end: 9 }]],
    ['after an emoji, code points not UTF-16 units', '😀 Paris is big.', '😀 Lyon is big.', [{ start: 2, end: 6 }]],
    ['nothing changed', 'same', 'same', []],
  ])('%s', (_, a, b, spans) => expect(editSpans(a, b)).toEqual(spans));

  it('every span lies inside the perturbed passage (fast-check)', () => {
    const word = fc.constantFrom('Paris', 'is', 'big', '😀', '北京', 'a', '.');
    const text = fc.array(word, { maxLength: 12 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(text, text, (a, b) => {
        for (const s of editSpans(a, b)) {
          expect(s.start).toBeLessThanOrEqual(s.end);
          expect(codePointSlice(b, s.start, s.end).length).toBeLessThanOrEqual(b.length);
          expect(s.end).toBeLessThanOrEqual([...b].length);
        }
      }),
    );
  });
});

describe('builders', () => {
  const failure: FailureCase = {
    key: 'rename|qarx-lexical-qa|demo|q1|PER|answer|db|us|3',
    kind: 'rename',
    perturbation: 'entity renaming: PER, DBName (US names), seed 3',
    model: 'qarx-lexical-qa',
    dataset: 'demo',
    id: 'q1',
    question: 'Who wrote Hamlet?',
    gold: ['Shakespeare'],
    perturbedGold: ['Miller'],
    original: { passage: 'Hamlet was written by Shakespeare.', answer: 'Shakespeare' },
    perturbed: { passage: 'Hamlet was written by Miller.', answer: 'Hamlet' },
    link: null,
    starred: false,
    found: '2026-12-02T08:00:00Z',
  };

  it('a gallery failure: the key without the model, the perturbed gold, no model answer, stratum broken', () => {
    const c = caseFromFailure(failure);
    expect(c).toEqual({
      id: 'rename|demo|q1|PER|answer|db|us|3',
      family: 'rename',
      perturbation: failure.perturbation,
      dataset: 'demo',
      questionId: 'q1',
      question: 'Who wrote Hamlet?',
      passage: 'Hamlet was written by Miller.',
      originalPassage: 'Hamlet was written by Shakespeare.',
      edits: [{ start: 22, end: 28 }],
      gold: ['Miller'],
      stratum: 'broken',
    });
    expect(JSON.stringify(c)).not.toContain('"Hamlet"');
  });

  it('a failure whose passage is only made again live has no case', () => {
    expect(caseFromFailure({ ...failure, perturbed: { passage: null, answer: '' } })).toBeNull();
  });

  it('a paraphrase keeps the original question beside the perturbed one', () => {
    const c = caseFromFailure({ ...failure, kind: 'paraphrase', perturbedQuestion: 'Hamlet was written by whom?', perturbedGold: undefined, perturbed: { passage: failure.original.passage, answer: '' } });
    expect(c).toMatchObject({ question: 'Hamlet was written by whom?', originalQuestion: 'Who wrote Hamlet?', edits: [], gold: ['Shakespeare'] });
  });

  it('an instance pair: the perturbed side gold (none when unanswerable) and the edit spans', () => {
    const original = { question: 'Q?', context: 'It is in Paris.' };
    const perturbed = { id: 'q9', dataset: 'd', question: 'Q?', context: 'It is in Pariss.', answers: [{ text: 'Pariss', start: 9 }], isImpossible: false };
    expect(caseFromPair(original, perturbed, { family: 'noise', perturbation: 'keyboard 10%', stratum: 'C2W', settings: 'keyboard|0.1|1' })).toEqual({
      id: 'noise|d|q9|keyboard|0.1|1',
      family: 'noise',
      perturbation: 'keyboard 10%',
      dataset: 'd',
      questionId: 'q9',
      question: 'Q?',
      passage: 'It is in Pariss.',
      originalPassage: 'It is in Paris.',
      edits: [{ start: 9, end: 15 }],
      gold: ['Pariss'],
      stratum: 'C2W',
    });
    expect(caseFromPair(original, { ...perturbed, isImpossible: true }, { family: 'noise', perturbation: '', stratum: 'all' }).gold).toEqual([]);
  });
});

describe('makeBatch', () => {
  it('names the batch after the file, draw, seed and the case ids: the same cases give the same id', async () => {
    const { makeBatch } = await import('../../src/core/validation/build.ts');
    const source = { kind: 'synthetic', date: 'd', model: 'm', datasets: ['demo'], draw: 'sample' as const, size: 1, seed: 7, population: { all: 3 } };
    const c = caseFromPair({ question: 'Q?', context: 'a b' }, { id: 'q', dataset: 'demo', question: 'Q?', context: 'a c', answers: [], isImpossible: true }, { family: 'noise', perturbation: 'p', stratum: 'all' });
    const a = makeBatch('noisy', [c], source, 't');
    expect(a).toMatchObject({ format: 'qarx-validation-batch', version: 1, created: 't', source, cases: [c] });
    expect(a.batchId).toMatch(/^noisy-sample-7-[0-9a-f]+$/);
    expect(makeBatch('noisy', [c], source, 'later').batchId).toBe(a.batchId);
    expect(makeBatch('noisy', [{ ...c, id: 'other' }], source, 't').batchId).not.toBe(a.batchId);
  });
});
