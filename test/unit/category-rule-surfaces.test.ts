/**
 * Issue 38.3: one category rule on every surface that categorises a perturbed question. Under the
 * released script's rule (Wu et al. 2025, "Error Analysis"; wrong = F1 < 0.4) a renamed answer
 * that is partly right (F1 0.67) is partial — never C2W, never a gallery case, never a break —
 * while the EM rule calls it C2W everywhere alike.
 */
import { describe, expect, it } from 'vitest';
import { scorePrediction } from '../../src/core/data/score.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { runBudget, runSweep } from '../../src/core/entity/experiment.ts';
import { liveRename } from '../../src/core/entity/live.ts';
import { findBreakingEdit, DEFAULT_SEARCH, type ExplainPredictor } from '../../src/core/explain/index.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import { answerVerdict, pairCategory, recategorizeLive, type CategoryRule } from '../../src/core/natural/categories.ts';
import { casesFromAdversarial, casesFromTraps } from '../../src/core/results/gallery.ts';
import type { FoundCase } from '../../src/core/results/found-case.ts';
import type { TrapRow } from '../../src/core/trap/summary.ts';
import { char, type QaInput, type QaPrediction } from '../../src/core/types.ts';

const CONTEXT = 'Ann Hollis moved to Leeds in 1990 and later to York.';
const inst: Instance = { ...makeInstance({ id: 'g1', dataset: 'd', title: '', question: 'Where did Ann Hollis move in 1990?', context: CONTEXT, answers: [{ text: 'Leeds', start: 20 }], isImpossible: false, lang: 'en' }), answerType: 'GPE' };

/** A prediction of `text`, found in the context. */
function answer(id: string, context: string, text: string): QaPrediction {
  const start = Math.max(0, context.indexOf(text));
  const best = { text, start: char(start), end: char(start + text.length), startLogit: 0, endLogit: 0, score: 0, probability: 1 };
  return { id, text, best, nbest: [best], nullScoreDiff: null, windows: 1 };
}

/** Right on the original ("Leeds"); on a renamed passage the new name plus "in" (one extra token: EM 0, F1 2/3 for a one-word name). */
const partlyRight = (x: { context: string }): string => (x.context.includes('Leeds') ? 'Leeds' : x.context.slice(20, x.context.indexOf(' 1990')));
const predictor = async (inputs: QaInput[]) => ({ predictions: inputs.map((x) => answer(x.id, x.context, partlyRight(x))), cancelled: false });

const RULES: { rule: CategoryRule; category: 'partial' | 'C2W'; cases: number }[] = [
  { rule: 'script', category: 'partial', cases: 0 },
  { rule: 'em', category: 'C2W', cases: 1 },
];

describe('a partly right renamed answer is categorised by the one rule (Wu et al. 2025 script rule: wrong = F1 < 0.4)', () => {
  it('the fixture is the issue’s case: EM 0 and F1 0.67 on the renamed passage', async () => {
    const r = await liveRename(inst, { type: 'GPE', source: 'randstr', origin: 'us', seed: 1 }, null, predictor, false, null);
    expect(r?.originalScore).toEqual({ em: 1, f1: 1 });
    expect(r?.perturbedScore?.em).toBe(0);
    expect(r?.perturbedScore?.f1).toBeCloseTo(2 / 3, 10);
  });

  it.each(RULES)('Live renaming panel under the $rule rule → $category', async ({ rule, category }) => {
    const r = await liveRename(inst, { type: 'GPE', source: 'randstr', origin: 'us', seed: 1 }, null, predictor, false, null, rule);
    expect(r?.category).toBe(category);
    // The same answer as every other surface gives it.
    expect(r?.category).toBe(pairCategory(r!.originalScore!, r!.perturbedScore!, rule));
  });

  it('Live renaming defaults to the script rule (partial) and switching the rule re-categorises it without a model call', async () => {
    const r = await liveRename(inst, { type: 'GPE', source: 'randstr', origin: 'us', seed: 1 }, null, predictor, false, null);
    expect(r?.category).toBe('partial');
    expect(recategorizeLive(r!, 'em').category).toBe('C2W');
    expect(recategorizeLive(recategorizeLive(r!, 'em'), 'script').category).toBe('partial');
  });

  it.each(RULES)('entity sweep under the $rule rule: cell category $category, $cases gallery case(s)', async ({ rule, category, cases }) => {
    const got: FoundCase[] = [];
    const r = await runSweep([inst], { types: ['GPE'], sources: ['randstr'], seeds: 1, origin: 'us', origins: [] }, predictor, { onCase: (c) => got.push(c), rule });
    expect(r.cells[0]?.categories[category]).toBe(1);
    expect(got).toHaveLength(cases);
  });

  it('entity sweep by default (script rule) counts the partial and no C2W', async () => {
    const got: FoundCase[] = [];
    const r = await runSweep([inst], { types: ['GPE'], sources: ['randstr'], seeds: 2, origin: 'us', origins: [] }, predictor, { onCase: (c) => got.push(c) });
    expect(r.cells.map((c) => [c.categories.C2W, c.categories.partial])).toEqual([[0, 1], [0, 1]]);
    expect(got).toEqual([]);
  });

  it.each(RULES)('worst-case budget under the $rule rule → $cases gallery case(s)', async ({ rule, cases }) => {
    const got: FoundCase[] = [];
    await runBudget([inst], { type: 'GPE', source: 'randstr', origin: 'us', budget: 2, resemble: null, versionTwo: false }, predictor, { onCase: (c) => got.push(c), rule });
    expect(got).toHaveLength(cases);
  });
});

describe('gallery cases of trap and Adversarial SQuAD runs follow the rule', () => {
  const model = { kind: 'local' as const, id: 'm' };
  const trapRow: TrapRow = { id: 'g1', dataset: 'd', question: inst.question, sentence: 'Bob moved to Rome.', similarity: 0.5, original: { text: 'Leeds', span: null, em: 1, f1: 1 }, trapped: { text: 'Leeds in', span: null, hit: false, em: 0, f1: 2 / 3 }, trap: { start: 0, end: 18 } };
  it.each(RULES)('a trap row answered with F1 0.67 under the $rule rule → $cases case(s)', ({ rule, cases }) => {
    const opts = { allowNull: false, found: '2026-12-01', perturbation: 'trap', trapped: () => CONTEXT, rule };
    expect(casesFromTraps([trapRow], [inst], model, { kind: 'trap', source: 'generated', position: 'after', seed: 1, sentence: '' }, opts)).toHaveLength(cases);
  });
  it('a trap row is not a case by default (script rule) when partly right', () => {
    const opts = { allowNull: false, found: '2026-12-01', perturbation: 'trap', trapped: () => CONTEXT };
    expect(casesFromTraps([trapRow], [inst], model, { kind: 'trap', source: 'generated', position: 'after', seed: 1, sentence: '' }, opts)).toHaveLength(0);
  });

  const variant: Instance = { ...inst, id: 'g1-turk0', context: `${CONTEXT} Bob moved to Rome.`, adversarial: { originalId: 'g1', originalContext: CONTEXT, inserted: { start: 53, end: 71 } } } as Instance;
  const run = { output: { rows: [{ originalId: 'g1', variants: ['g1-turk0'], original: { em: 1, f1: 1 }, worstId: 'g1-turk0', adversarial: { em: 0, f1: 2 / 3 } }] }, predictions: { g1: 'Leeds', 'g1-turk0': 'Leeds in' } };
  it.each([
    { rule: undefined, cases: 0 },
    { rule: 'script' as const, cases: 0 },
    { rule: 'em' as const, cases: 1 },
  ])('an Adversarial SQuAD variant answered with F1 0.67 under the $rule rule → $cases case(s)', ({ rule, cases }) => {
    expect(casesFromAdversarial(run, [inst, variant], model, { allowNull: false, found: '2026-12-01', ...(rule ? { rule } : {}) })).toHaveLength(cases);
  });
});

describe('the smallest breaking edit (qarx attack, Explain) breaks only what the rule calls C2W', () => {
  const P = 'Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891.';
  const curie: Instance = { id: 'q1', dataset: 't', title: 'Curie', question: 'Where was Marie Curie born?', context: P, answers: [{ text: 'Warsaw', start: P.indexOf('Warsaw') }], isImpossible: false, lang: 'en', tags: [] };
  /** Exact while "Warsaw" is there; on a renamed passage the new name plus "in" (partly right). */
  const model: ExplainPredictor = async (inputs) => ({
    predictions: inputs.map((i) => answer(i.id, i.context, i.context.includes('Warsaw') ? 'Warsaw' : i.context.slice(P.indexOf('Warsaw'), i.context.indexOf(' 1867')))),
    cancelled: false,
    stats: { windows: inputs.length, computed: inputs.length, cached: 0 },
  });
  it.each([
    { rule: undefined, outcome: 'none-found' },
    { rule: 'script' as const, outcome: 'none-found' },
    { rule: 'em' as const, outcome: 'broken' },
  ])('a renaming answered partly right under the $rule rule → $outcome', async ({ rule, outcome }) => {
    const r = await findBreakingEdit(curie, model, { ...DEFAULT_SEARCH, families: ['rename'], budget: 5, depth: 1, ...(rule ? { rule } : {}) });
    expect(r.outcome).toBe(outcome);
    if (r.perturbed && r.newAnswer !== null) expect(scorePrediction(r.newAnswer, r.perturbed).f1).toBeGreaterThanOrEqual(0.4);
  });
});

describe("Live's score line says what the category rule says of one answer (Wu et al. 2025, Error Analysis: wrong = F1 < 0.4)", () => {
  it.each([
    { s: { em: 1, f1: 1 }, script: 'correct', em: 'correct' },
    { s: { em: 0, f1: 2 / 3 }, script: 'partly right', em: 'wrong' },
    { s: { em: 0, f1: 0.4 }, script: 'partly right', em: 'wrong' },
    // F1 0.33 is wrong under the script rule: the score line once called it "partly right" while the category lines counted it W.
    { s: { em: 0, f1: 1 / 3 }, script: 'wrong', em: 'wrong' },
    { s: { em: 0, f1: 0 }, script: 'wrong', em: 'wrong' },
  ])('EM $s.em, F1 $s.f1 → script: $script, EM rule: $em', ({ s, script, em }) => {
    expect(answerVerdict(s, 'script')).toBe(script);
    expect(answerVerdict(s, 'em')).toBe(em);
    // The same side as the pair's category: correct ↔ C, wrong ↔ W, partly right ↔ partial.
    for (const rule of ['script', 'em'] as const) {
      const c = pairCategory(s, { em: 1, f1: 1 }, rule);
      expect(c === 'partial' ? 'partly right' : c.startsWith('C') ? 'correct' : 'wrong').toBe(answerVerdict(s, rule));
    }
  });
});
