/**
 * One scope rule for every experiment (src/core/experiments/scope.ts): the words a card states before a run,
 * the count it states equals the questions the run then takes, and the CLI's --ids / --pool files.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countsOf, describeScope, populationCount, populationOf, type ScopeKind, type ScopeSpec } from '../../src/core/experiments/scope.ts';
import { keepIds, parseIds, parsePool, selectIds } from '../../src/cli/scope-opts.ts';
import type { Instance } from '../../src/core/data/types.ts';

const spec = (p: Partial<ScopeSpec> = {}): ScopeSpec => ({ dataset: 'Demo set (built in)', answerable: 'all', entity: 'all', revision: 'all', category: 'all', search: '', searchLeftOut: '', ...p });
const KINDS: ScopeKind[] = ['sweep', 'budget', 'universal', 'export', 'natural', 'synthetic', 'paraphrase', 'traps', 'adversarial', 'robustness'];
const q = (id: string, isImpossible: boolean, revision: boolean): Instance => ({ id, dataset: 'd', title: '', question: 'q?', context: 'c', answers: [], isImpossible, lang: 'en', tags: [], ...(revision ? { revision: { context: 'c2', answers: [] } } : {}) });

describe('describeScope: the words a card shows before it runs', () => {
  it.each([
    ['paraphrase', spec(), { total: 76, answerable: 64, paired: 16 }, undefined, '64 questions: Demo set (built in) · no search · answerable only'],
    ['paraphrase', spec({ answerable: 'answerable' }), { total: 64, answerable: 64, paired: 12 }, undefined, '64 questions: Demo set (built in) · answerable only · no search'],
    ['sweep', spec({ dataset: '', search: 'curie' }), { total: 3, answerable: 3, paired: 0 }, undefined, '3 questions: all datasets · search "curie" · each renamed where its answer entity is renamable, else left out with its reason'],
    ['sweep', spec({ searchLeftOut: 'curie' }), { total: 76, answerable: 64, paired: 16 }, undefined, `76 questions: Demo set (built in) · no search (the list's "curie" is not applied) · each renamed where its answer entity is renamable, else left out with its reason`],
    ['natural', spec(), { total: 76, answerable: 64, paired: 16 }, undefined, '16 questions: Demo set (built in) · no search · with a revision pair'],
    ['natural', spec({ revision: 'with-revision' }), { total: 16, answerable: 12, paired: 16 }, undefined, '16 questions: Demo set (built in) · with a revision pair · no search'],
    ['synthetic', spec(), { total: 76, answerable: 64, paired: 16 }, undefined, '16 questions: Demo set (built in) · no search · the revision-pair questions (as the natural edits)'],
    ['synthetic', spec(), { total: 10, answerable: 7, paired: 0 }, undefined, '7 questions: Demo set (built in) · no search · answerable only'],
    ['robustness', spec(), { total: 76, answerable: 64, paired: 16 }, 12, '12 questions: Demo set (built in) · no search · the first 12 of 76'],
    ['traps', spec({ entity: 'PER', category: 'C2W' }), { total: 1, answerable: 1, paired: 1 }, undefined, '1 question: Demo set (built in) · answer type PER · category C2W · no search'],
  ] as [ScopeKind, ScopeSpec, { total: number; answerable: number; paired: number }, number | undefined, string][])('%s: %s', (kind, s, c, limit, text) => {
    expect(describeScope(kind, s, c, limit).text).toBe(text);
  });

  it('states a finished run by its own count', () => {
    expect(describeScope('sweep', spec(), { total: 76, answerable: 64, paired: 16 }, undefined, 70).text).toMatch(/^70 questions: /);
  });
});

describe('populationOf: one rule for the cards and the robustness table', () => {
  it('noise goes on the revision pairs when the scope has any, else on the answerable questions; paraphrases on the answerable ones', () => {
    const qs = [q('a', false, true), q('b', true, true), q('c', false, false), q('d', true, false)];
    expect(populationOf('natural', qs).map((x) => x.id)).toEqual(['a', 'b']);
    expect(populationOf('synthetic', qs).map((x) => x.id)).toEqual(['a', 'b']);
    expect(populationOf('noise', qs)).toEqual(populationOf('synthetic', qs));
    expect(populationOf('synthetic', qs.slice(2)).map((x) => x.id)).toEqual(['c']);
    expect(populationOf('paraphrase', qs).map((x) => x.id)).toEqual(['a', 'c']);
    expect(populationOf('sweep', qs)).toHaveLength(4);
  });

  it('property: the count stated before a run is the number of questions the run takes, for every kind', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.boolean()), { maxLength: 40 }), fc.constantFrom(...KINDS), (flags, kind) => {
        const qs = flags.map(([imp, rev], i) => q(String(i), imp, rev));
        const ran = kind === 'robustness' ? qs : populationOf(kind, qs);
        expect(populationCount(kind, countsOf(qs))).toBe(ran.length);
        expect(describeScope(kind, spec(), countsOf(qs)).n).toBe(ran.length);
      }),
    );
  });
});

describe('qarx --ids and --pool files', () => {
  it.each([
    ['a\nb\r\n\n c \n', ['a', 'b', 'c']],
    ['["x", "y"]', ['x', 'y']],
  ])('reads %j', (text, ids) => {
    expect(parseIds(text, 'ids.txt')).toEqual(ids);
  });

  it('keeps the listed questions in the list order, and names an id the data lacks', () => {
    const qs = [q('a', false, false), q('b', false, false), q('c', false, false)];
    expect(selectIds(qs, ['c', 'a'], 'ids.txt').map((x) => x.id)).toEqual(['c', 'a']);
    expect(() => selectIds(qs, ['a', 'zz'], 'ids.txt')).toThrow('ids.txt: 1 id not in the data (first: "zz").');
    expect(keepIds(qs, ['zz', 'b']).map((x) => x.id)).toEqual(['b']);
  });

  it('refuses a pool that is not lists of names, naming the file and key', () => {
    expect(parsePool('{"PER": ["Ada Lovelace"]}', 'pool.json')).toEqual({ PER: ['Ada Lovelace'] });
    expect(() => parsePool('{"PER": "Ada"}', 'pool.json')).toThrow('pool.json: "PER" must be a list of names.');
    expect(() => parsePool('[1]', 'pool.json')).toThrow(/pool.json: a pool is a JSON object/);
    expect(() => parseIds('[1, 2]', 'ids.json')).toThrow('ids.json: a JSON list of ids must hold strings only.');
  });
});
