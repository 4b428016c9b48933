/**
 * Issue 38.4, one count per run: every question of a renaming run's scope is renamed or left out
 * under exactly one reason ("unanswerable", "no answer entity", …), and the tagger coverage line,
 * the sweep's cells (left-out table) and qarx's coverage output count with the one rule
 * (partitionScope over selectRenameTarget), so they add up to the scope and agree with each other.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { runSweep, runSweepStream, type Predictor, type SweepCell } from '../../src/core/entity/index.ts';
import { leftOutText, leftOutTotal, type EntityType } from '../../src/core/entity/options.ts';
import { partitionScope } from '../../src/core/entity/partition.ts';
import { coverageFromParts, coverageText, type CoveragePart } from '../../src/core/ner/coverage.ts';
import { coverageParts, taggerCoverage } from '../../src/core/ner/coverage-of.ts';

const SENTENCES = ['Marie Curie was born in Warsaw in 1867.', 'The Eiffel Tower is in Paris.', 'Microsoft hired Alan Turing in Redmond.', 'Google was founded in California by Larry Page.', 'The river is long and green.'];

/** An English question on `context` whose gold answer is `answer` at its first offset, or unanswerable. */
function q(id: string, context: string, answer: string | null, extra: Partial<Instance> = {}): Instance {
  const answers = answer === null ? [] : [{ text: answer, start: context.indexOf(answer) }];
  return { id, dataset: 'd', title: 't', question: 'Who or where?', context, answers, isImpossible: answer === null, lang: 'en', tags: [], ...extra };
}

/** A fake model: the passage's first capitalised word, so renamed passages are answered too. */
const fakeModel: Predictor = async (inputs) => ({
  predictions: inputs.map((x) => {
    const text = /[A-Z][a-z]+/.exec(x.context)?.[0] ?? '';
    return { id: x.id, text, best: null, nbest: [], nullScoreDiff: null, windows: 1 };
  }),
  cancelled: false,
});

const C = SENTENCES.slice(0, 4).join(' ');

describe('partitionScope: renamed + one reason per question = the scope (hand-counted)', () => {
  // Hand-counted: Marie Curie → PER, Warsaw → GPE, 1867 → no entity, Eiffel Tower → no entity (a landmark), two unanswerable.
  const six = [q('a', C, 'Marie Curie'), q('b', C, 'Warsaw'), q('c', C, '1867'), q('d', C, 'Eiffel Tower'), q('e', C, null), q('f', C, null)];
  it.each([
    { name: 'MIX (the coverage selection)', type: 'MIX' as const, renamed: 2, byType: { PER: 1, ORG: 0, GPE: 1 }, leftOut: { unanswerable: 2, 'no-entity': 2 } },
    { name: 'PER only: the city is of another type', type: 'PER' as const, renamed: 1, byType: { PER: 1, ORG: 0, GPE: 0 }, leftOut: { unanswerable: 2, 'no-entity': 2, 'other-type': 1 } },
    { name: 'ORG only: nothing renamed', type: 'ORG' as const, renamed: 0, byType: { PER: 0, ORG: 0, GPE: 0 }, leftOut: { unanswerable: 2, 'no-entity': 2, 'other-type': 2 } },
  ])('$name', ({ type, renamed, byType, leftOut }) => {
    expect(partitionScope(six, { type, source: 'db' })).toEqual({ scope: 6, renamed, byType, leftOut });
  });

  it('the coverage line says the same counts and adds up to the scope', () => {
    const c = taggerCoverage(six);
    expect(c).toEqual({ scope: 6, answerable: 4, withEntity: 2, byType: { PER: 1, ORG: 0, GPE: 1 }, leftOut: { unanswerable: 2, 'no-entity': 2 }, bySource: { builtin: 2 } });
    expect(coverageText(c)).toBe('renamable answer entity for 2 of 4 answerable questions (50.0%: PER 1, ORG 0, GPE 1); left out of 6: 2 unanswerable, 2 no answer entity; tags: built-in tagger 2');
  });

  it("a loaded tagger's spans decide (none over Marie Curie: no answer entity)", () => {
    const warsaw = { type: 'GPE' as const, start: C.indexOf('Warsaw'), end: C.indexOf('Warsaw') + 6 };
    expect(taggerCoverage([q('a', C, 'Marie Curie', { entities: [warsaw] }), q('b', C, 'Warsaw', { entities: [warsaw] })])).toMatchObject({ withEntity: 1, byType: { PER: 0, ORG: 0, GPE: 1 }, leftOut: { 'no-entity': 1 } });
  });

  it('an empty scope', () => {
    expect(coverageText(taggerCoverage([]))).toBe('renamable answer entity for 0 of 0 answerable questions (–: PER 0, ORG 0, GPE 0); left out of 0: none');
  });

  it('leftOutText and leftOutTotal', () => {
    expect(leftOutText({ 'no-spans': 6, unanswerable: 8, 'no-entity': 38 })).toBe('8 unanswerable, 38 no answer entity, 6 nothing renamable in the answer');
    expect(leftOutTotal({ 'no-spans': 6, unanswerable: 8, 'no-entity': 38 })).toBe(52);
  });

  it('a sweep cell of the six counts its unanswerable questions too: 2 renamed MIX + 4 left out = 6', async () => {
    const r = await runSweep(six, { types: ['MIX'], sources: ['db'], seeds: 1, origin: 'us', origins: [] }, fakeModel);
    expect(r.cells.map((c) => [c.n, c.skipped])).toEqual([[2, { unanswerable: 2, 'no-entity': 2 }]]);
  });
});

/** Any small dataset: passages of the sentences above, answers any of their words or names, some unanswerable. */
const dataset = fc
  .array(
    fc.record({
      sentences: fc.subarray(SENTENCES, { minLength: 1 }),
      pick: fc.nat(),
      impossible: fc.boolean(),
    }),
    { maxLength: 8 },
  )
  .map((xs) =>
    xs.map(({ sentences, pick, impossible }, k) => {
      const context = sentences.join(' ');
      const spans = context.match(/[A-Z][a-z]+(?: [A-Z][a-z]+)*|\d+|[a-z]+/g) ?? [];
      return q(`q${k}`, context, impossible ? null : (spans[pick % spans.length] ?? null));
    }),
  );

/** A cell's renamed and left-out counts together. */
const total = (c: SweepCell) => c.n + leftOutTotal(c.skipped);

describe('the partition of any dataset (property)', () => {
  it('every question is renamed or in exactly one reason; coverage, sweep cells and streamed cells agree', async () => {
    await fc.assert(
      fc.asyncProperty(dataset, async (qs) => {
        const cov = taggerCoverage(qs);
        expect(cov.withEntity + leftOutTotal(cov.leftOut)).toBe(qs.length);
        expect(cov.answerable).toBe(qs.filter((x) => !x.isImpossible).length);
        const config = { types: ['MIX', 'PER', 'ORG', 'GPE'] as ('MIX' | EntityType)[], sources: ['db' as const], seeds: 1, origin: 'us' as const, origins: [] };
        const plain = await runSweep(qs, config, fakeModel);
        const streamed = await runSweepStream(qs, config, fakeModel, { blockSize: 3 });
        for (const cells of [plain.cells, streamed.cells]) {
          for (const c of cells) {
            expect(total(c)).toBe(qs.length);
            expect(c.skipped.unanswerable ?? 0).toBe(qs.length - cov.answerable);
            // The coverage line's figure is the cell's renamed ones plus any whose renaming would cut a gold answer.
            const want = c.type === 'MIX' ? cov.withEntity : cov.byType[c.type];
            expect(c.n + (c.skipped['answer-lost'] ?? 0)).toBe(want);
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 60_000);
});

describe('the coverage line before a run adds up whatever the tags come from (issue 42.3, property)', () => {
  /** What a question's tag may come from: nothing (built-in), the file's type, a correction, the import's built-in guess. */
  const EXTRAS: Partial<Instance>[] = [{}, { answerType: 'PER' }, { answerType: 'GPE', meta: { answer_type: 'GPE' } }, { answerType: 'other', answerTypeBy: 'builtin' }, { answerType: 'ORG', answerTypeBy: 'builtin' }];
  it('renamable + every left-out reason = the scope; by type and by source each sum to the renamable', () => {
    fc.assert(
      fc.property(dataset, fc.array(fc.nat(EXTRAS.length - 1), { minLength: 8, maxLength: 8 }), (qs, picks) => {
        const tagged = qs.map((x, k) => ({ ...x, ...EXTRAS[picks[k] ?? 0] }));
        const c = taggerCoverage(tagged);
        expect(c.withEntity + leftOutTotal(c.leftOut)).toBe(tagged.length);
        expect(c.byType.PER + c.byType.ORG + c.byType.GPE).toBe(c.withEntity);
        expect(Object.values(c.bySource ?? {}).reduce((a, n) => a + n, 0)).toBe(c.withEntity);
        expect(c.answerable + (c.leftOut.unanswerable ?? 0)).toBe(tagged.length);
      }),
      { numRuns: 50 },
    );
  });

  it('the line names the sources (hand-counted: a file PER and a built-in GPE)', () => {
    const c = taggerCoverage([q('a', C, 'Marie Curie', { answerType: 'PER' }), q('b', C, 'Warsaw'), q('c', C, '1867')]);
    expect(c.bySource).toEqual({ file: 1, builtin: 1 });
    expect(coverageText(c)).toBe('renamable answer entity for 2 of 3 answerable questions (66.7%: PER 1, ORG 0, GPE 1); left out of 3: 1 no answer entity; tags: file annotation 1, built-in tagger 1');
  });
});

describe('coverageFromParts: one question\'s part each, added up (issue 38.4; the shipped demo parts, issue 44)', () => {
  const cases: { name: string; parts: CoveragePart[]; answerable: number; withEntity: number; byType: Record<EntityType, number>; leftOut: Record<string, number>; bySource: Record<string, number> }[] = [
    { name: 'nothing', parts: [], answerable: 0, withEntity: 0, byType: { PER: 0, ORG: 0, GPE: 0 }, leftOut: {}, bySource: {} },
    { name: 'an unanswerable question is neither answerable nor renamable', parts: [{ leftOut: 'unanswerable' }], answerable: 0, withEntity: 0, byType: { PER: 0, ORG: 0, GPE: 0 }, leftOut: { unanswerable: 1 }, bySource: {} },
    {
      name: 'two renamable (PER from a file, GPE built-in), one without an entity, one unanswerable',
      parts: [{ type: 'PER', source: 'file' }, { leftOut: 'no-entity' }, { type: 'GPE', source: 'builtin' }, { leftOut: 'unanswerable' }],
      answerable: 3, withEntity: 2, byType: { PER: 1, ORG: 0, GPE: 1 }, leftOut: { 'no-entity': 1, unanswerable: 1 }, bySource: { file: 1, builtin: 1 },
    },
  ];
  it.each(cases)('$name', ({ parts, answerable, withEntity, byType, leftOut, bySource }) => {
    expect(coverageFromParts(parts)).toEqual({ scope: parts.length, answerable, withEntity, byType, leftOut, bySource });
  });

  it('taggerCoverage is the sum of coverageParts, in scope order, for any scope', () => {
    const pool = SENTENCES.flatMap((c, i) => [q(`a${i}`, c, c.split(' ')[0]!), q(`u${i}`, c, null), q(`y${i}`, c, '1867')]);
    fc.assert(
      fc.property(fc.subarray(pool), (scope) => {
        const parts = coverageParts(scope);
        expect(parts).toHaveLength(scope.length);
        expect(coverageFromParts(parts)).toEqual(taggerCoverage(scope));
        const p = partitionScope(scope);
        expect(parts.filter((x) => 'type' in x)).toHaveLength(p.renamed);
      }),
      { numRuns: 30 },
    );
  });
});

