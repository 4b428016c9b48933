import { describe, expect, it } from 'vitest';
import { canonicalProbes, chooseCanonical, splitValidation, VALIDATION_SHARE } from '../../src/core/entity/canonical.ts';
import { runBudget } from '../../src/core/entity/experiment.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import { char, type QaPrediction } from '../../src/core/types.ts';

const FIRST = ['Peter', 'George', 'Thomas', 'Henry', 'Edward', 'Brian', 'Paul', 'Mark', 'Steven', 'Kevin'];
const inst = (first: string, i: number) =>
  ({ ...makeInstance({ id: `q${i}`, dataset: 'd', title: '', question: 'Who founded the firm in 1990?', context: `${first} Hollis founded the firm in 1990.`, answers: [{ text: `${first} Hollis`, start: 0 }], isImpossible: false, lang: 'en' }), answerType: 'PER' as const });
const questions = FIRST.map(inst);

/** A prediction answering one span of the passage. */
const answer = (id: string, context: string, start: number, end: number): QaPrediction => {
  const s = { text: context.slice(start, end), start: char(start), end: char(end), score: 1 };
  return { id, text: s.text, best: s, nbest: [s, { text: '', start: char(0), end: char(0), score: -5 }] } as QaPrediction;
};
/** A fake model that finds the founder only when his first name is Michael or David; otherwise it answers "the firm". */
const fussy = (seen: string[] = []) => async (inputs: { id: string; context: string }[]) => ({
  predictions: inputs.map((x) => {
    seen.push(`${x.id}\t${x.context}`);
    if (/^(Michael|David) /.test(x.context)) return answer(x.id, x.context, 0, x.context.indexOf(' founded'));
    const f = x.context.indexOf('the firm');
    return answer(x.id, x.context, f, f + 8);
  }),
  cancelled: false,
});

describe('RESEMBLE canonical names chosen on a validation split (Balasubramanian et al. 2020, §4.2)', () => {
  it('§4.2 split: round(0.3·n) validation questions by the seed, disjoint, same seed same split', () => {
    const a = splitValidation(questions, 1);
    expect(VALIDATION_SHARE).toBe(0.3);
    expect(a.validation).toHaveLength(3); // round(0.3 · 10)
    expect(a.test).toHaveLength(7);
    expect(new Set([...a.validation, ...a.test].map((q) => q.id)).size).toBe(10);
    expect(splitValidation(questions, 1)).toEqual(a);
    const seeds = [2, 3, 4, 5].map((s) => splitValidation(questions, s).validation.map((q) => q.id).join());
    expect(seeds.some((ids) => ids !== a.validation.map((q) => q.id).join())).toBe(true);
    expect(splitValidation(questions.slice(0, 1), 1).validation).toHaveLength(0); // one question: all test
    expect(splitValidation(questions.slice(0, 2), 1).validation).toHaveLength(1); // at least one each
  });

  it('§4.2 selection: the candidates the model answers right on (Michael, David) win, ties in pool order', async () => {
    const probes = canonicalProbes(questions.slice(0, 2), 'PER');
    // Per question: 6 male first-name candidates and 6 last-name candidates.
    expect(probes.filter((p) => p.key === 'first-male').map((p) => p.instance.context.split(' ')[0])).toEqual(['James', 'John', 'Robert', 'Michael', 'William', 'David', 'James', 'John', 'Robert', 'Michael', 'William', 'David']);
    const preds = await fussy()(probes.map((p) => ({ id: p.instance.id, context: p.instance.context })));
    const byId = new Map(preds.predictions.map((p) => [p.id, p.text]));
    // Michael / David: the gold answer renamed ("Michael Hollis") → F1 100; others "the firm" vs "James Hollis" → 0.
    const scored = probes.map((p) => ({ key: p.key, name: p.name, score: byId.get(p.instance.id) === p.instance.answers[0]?.text ? { em: 1, f1: 1 } : { em: 0, f1: 0 } }));
    const three = chooseCanonical(scored, 3);
    expect(three.names['first-male']).toEqual(['Michael', 'David', 'James']);
    expect(three.scores['first-male']?.slice(0, 2)).toEqual([{ name: 'Michael', f1: 100, em: 100, n: 2 }, { name: 'David', f1: 100, em: 100, n: 2 }]);
    // Every last-name candidate scores 0: pool order. No probe for women's names: the pool's first M.
    expect(three.names.last).toEqual(['Smith', 'Johnson', 'Brown']);
    expect(three.names['first-female']).toEqual(['Mary', 'Elizabeth', 'Sarah']);
    expect(chooseCanonical(scored, 1).names['first-male']).toEqual(['Michael']);
  });

  it('§4.2 in a budget run: names chosen on the validation part, every figure on the test part', async () => {
    const seen: string[] = [];
    const r = await runBudget(questions, { type: 'PER', source: 'randstr', origin: 'us', budget: 2, resemble: { m: 1, temperature: 2, type: 'PER', seed: 1 }, versionTwo: false }, fussy(seen));
    const split = r.resembleSplit;
    expect(split?.validationIds).toEqual(splitValidation(questions, 1).validation.map((q) => q.id));
    expect(split?.names['first-male']).toEqual(['Michael']);
    expect(r.n).toBe(7);
    expect(r.perInstance.map((p) => p.id).sort()).toEqual(splitValidation(questions, 1).test.map((q) => q.id).sort());
    // No validation question is scored by the budget; the defended variants use the chosen name.
    const val = new Set(split?.validationIds);
    expect(seen.filter((s) => /#(orig|\d)\t/.test(s)).every((s) => !val.has(s.split('#')[0] as string))).toBe(true);
    const variants = seen.filter((s) => s.includes('#resemble0'));
    expect(variants.length).toBeGreaterThan(0);
    expect(variants.every((s) => s.split('\t')[1]?.startsWith('Michael '))).toBe(true);
  });
});
