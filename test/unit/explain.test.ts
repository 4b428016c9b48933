/**
 * Occlusion, input reduction (Feng et al. 2018, §3) and the smallest-breaking-edit search with fake
 * models whose behaviour is fixed in the test, so which unit matters and which edit breaks the
 * answer is known before anything runs.
 */
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import type { NameSource } from '../../src/core/entity/options.ts';
import type { NamePool } from '../../src/core/entity/rename.ts';
import { char, type QaInput, type QaPrediction } from '../../src/core/types.ts';
import { attackRows, byEffect, editCandidates, findBreakingEdit, DEFAULT_SEARCH, describeBreak, occlude, occlusionUnits, reduceInput, removeUnits, runAttack, sentenceUnits, wordUnits, type ExplainPredictor } from '../../src/core/explain/index.ts';

const PASSAGE = 'Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891. She liked tea.';
const QUESTION = 'Where was Marie Curie born?';
const inst: Instance = { id: 'q1', dataset: 'test', title: 'Curie', question: QUESTION, context: PASSAGE, answers: [{ text: 'Warsaw', start: PASSAGE.indexOf('Warsaw') }], isImpossible: false, lang: 'en', tags: [] };

/** A prediction with these (text, probability) candidates, best first. */
function pred(id: string, context: string, cands: [string, number][]): QaPrediction {
  const nbest = cands.map(([text, probability]) => {
    const start = Math.max(0, context.indexOf(text));
    return { text, start: char(start), end: char(start + text.length), startLogit: 0, endLogit: 0, score: 0, probability };
  });
  return { id, text: nbest[0]?.text ?? '', best: nbest[0] ?? null, nbest, nullScoreDiff: null, windows: 1 };
}

/** A fake model from a rule over one input; counts the inputs it answered. */
function fake(rule: (i: QaInput) => [string, number][]): ExplainPredictor & { answered: number } {
  const f = (async (inputs: QaInput[]) => {
    f.answered += inputs.length;
    return { predictions: inputs.map((i) => pred(i.id, i.context, rule(i))), cancelled: false, stats: { windows: inputs.length, computed: inputs.length, cached: 0 } };
  }) as ExplainPredictor & { answered: number };
  f.answered = 0;
  return f;
}

/** Answers "Warsaw" while the passage says so (less sure when Paris is there too); else "Paris". */
const warsawModel = () => fake((i) => (i.context.includes('born in Warsaw') ? (i.context.includes('Paris') ? [['Warsaw', 0.8], ['Paris', 0.2]] : [['Warsaw', 0.95], ['1867', 0.05]]) : [['Paris', 0.7], ['1891', 0.3]]));

describe('occlusion units', () => {
  it.each([
    ['A b. C d.', ['A b.', 'C d.']],
    ['One. Two three! Four?', ['One.', 'Two three!', 'Four?']],
  ])('sentences of %j', (text, want) => expect(sentenceUnits(text).map((u) => u.text)).toEqual(want));
  it('words leave punctuation out and keep inner apostrophes', () => expect(wordUnits("Who's the king, then?").map((u) => u.text)).toEqual(["Who's", 'the', 'king', 'then']));
  it.each([
    ['Marie was born', [6, 9], 'Marie born'],
    ['Marie was born', [10, 14], 'Marie was'],
    ['A b. C d.', [0, 4], 'C d.'],
  ])('removing a unit from %j takes one space with it', (text, [start, end], want) => expect(removeUnits(text, [{ start: start as number, end: end as number }])).toBe(want));
});

describe('occlusion with a fake model', () => {
  it('the sentence holding the answer matters, the competing one lowers it, the third does nothing', async () => {
    const input = { id: 'x', question: QUESTION, context: PASSAGE };
    const occ = await occlude(input, occlusionUnits(input, 'context', 'sentence'), 'context', 'sentence', warsawModel());
    expect(occ.answer).toBe('Warsaw');
    expect(occ.probability).toBe(0.8);
    expect(occ.calls).toBe(4); // the whole passage and one per sentence, in one batch
    expect(occ.rows.map((r) => [r.unit.text, r.answer, r.changed, Number(r.delta.toFixed(2))])).toEqual([
      ['Marie Curie was born in Warsaw in 1867.', 'Paris', true, -0.8],
      ['She moved to Paris in 1891.', 'Warsaw', false, 0.15],
      ['She liked tea.', 'Warsaw', false, 0],
    ]);
    expect(byEffect(occ.rows)[0]?.unit.index).toBe(0);
  });

  it('words of one chosen sentence', async () => {
    const input = { id: 'x', question: QUESTION, context: PASSAGE };
    const units = occlusionUnits(input, 'context', 'word', 1);
    expect(units.map((u) => u.text)).toEqual(['She', 'moved', 'to', 'Paris', 'in', '1891']);
    const occ = await occlude(input, units, 'context', 'word', warsawModel());
    expect(occ.rows.filter((r) => r.delta !== 0).map((r) => r.unit.text)).toEqual(['Paris']);
  });
});

describe('input reduction (Feng et al. 2018, §3) with a fake model', () => {
  // "Warsaw" whenever the question says "born"; each of Where, Marie, Curie adds 0.1 of confidence.
  const model = () => fake((i) => (/\bborn\b/.test(i.question) ? [['Warsaw', 0.5 + 0.1 * ['Where', 'Marie', 'Curie'].filter((w) => i.question.includes(w)).length], ['1867', 0.1]] : [['1867', 0.6], ['Warsaw', 0.4]]));
  it('removes the least important word first while the answer stays, down to "born?"', async () => {
    const r = await reduceInput({ id: 'x', question: QUESTION, context: PASSAGE }, 'question', model());
    expect(r.answer).toBe('Warsaw');
    expect(r.steps.map((s) => s.removed)).toEqual(['was', 'Where', 'Marie', 'Curie']);
    expect(r.reduced).toBe('born?');
    expect([r.before, r.after]).toEqual([5, 1]);
    // Steps of 5, 4, 3, 2 units, each one batch with the current question: 6 + 5 + 4 + 3 + 1 inputs.
    expect(r.calls).toBe(19);
  });
  it('the passage variant keeps the sentence the answer needs', async () => {
    const r = await reduceInput({ id: 'x', question: QUESTION, context: PASSAGE }, 'context', warsawModel());
    expect(r.reduced).toBe('Marie Curie was born in Warsaw in 1867.');
  });
});

describe('smallest breaking edit with a fake model', () => {
  // Right while "Warsaw" is in the passage: only renaming the answer entity can break it.
  const renameOnly = () => fake((i) => (i.context.includes('Warsaw') ? [['Warsaw', 0.9], ['Paris', 0.1]] : [['Paris', 0.6], ['1891', 0.4]]));
  it('finds the renaming, tried after one edit of each other family (one call per input)', async () => {
    const m = renameOnly();
    const r = await findBreakingEdit(inst, m, { ...DEFAULT_SEARCH, families: ['trap', 'paraphrase', 'noise', 'rename'], batch: 1, budget: 50 });
    expect(r.outcome).toBe('broken');
    expect(r.edits.map((e) => e.family)).toEqual(['rename']);
    expect(r.edits[0]?.label).toMatch(/^renamed Warsaw → /);
    expect(r.newAnswer).toBe('Paris');
    expect(r.perturbed?.context).not.toContain('Warsaw');
    expect(r.calls).toBe(5); // the original, one trap, one paraphrase, one noise edit, the renaming
    expect(m.answered).toBe(r.calls);
  });
  it('"none found within N calls" when the budget runs out first', async () => {
    const r = await findBreakingEdit(inst, renameOnly(), { ...DEFAULT_SEARCH, families: ['trap', 'paraphrase', 'noise', 'rename'], batch: 1, budget: 3 });
    expect(r.outcome).toBe('none-found');
    expect(r.calls).toBe(3);
    expect(describeBreak(r)).toBe('none found within 3 calls');
  });
  it('a wrong answer is reported, not searched', async () => {
    const r = await findBreakingEdit(inst, fake(() => [['Paris', 1]]), DEFAULT_SEARCH);
    expect([r.outcome, r.calls]).toEqual(['not-correct', 1]);
  });
  it('the beam finds a break that needs two edits (question and passage both changed)', async () => {
    const both = fake((i) => (i.question !== QUESTION && i.context !== PASSAGE ? [['1867', 0.9]] : [['Warsaw', i.question === QUESTION && i.context === PASSAGE ? 0.9 : 0.5]]));
    const r = await findBreakingEdit(inst, both, { ...DEFAULT_SEARCH, families: ['paraphrase', 'trap'], budget: 200 });
    expect(r.outcome).toBe('broken');
    expect(r.edits.map((e) => e.family).sort()).toEqual(['paraphrase', 'trap']);
  });
  it('an attack counts breaks per family over correct answers only', async () => {
    const wrong: Instance = { ...inst, id: 'q2', answers: [{ text: '1891', start: PASSAGE.indexOf('1891') }] };
    const r = await runAttack([inst, wrong], renameOnly(), { ...DEFAULT_SEARCH, families: ['rename', 'trap'], budget: 30 });
    expect(r.done).toBe(2);
    const rows = Object.fromEntries(r.rows.map((x) => [x.key, [x.correct, x.applicable, x.broken, x.shareOfApplicable]]));
    expect(rows).toEqual({ rename: [1, 1, 1, 1], trap: [1, 1, 0, 0], all: [1, 1, 1, 1] });
    expect(attackRows(r.questions, ['rename'])[0]?.callsPerBreak).toBe(r.questions[0]?.results.rename?.calls);
  });
});

describe('renaming edits take the name source and pool (Yan et al. §3.2)', () => {
  const opts = { seed: 1, renames: 3 };
  it.each([
    ['db', undefined, /^renamed Warsaw → .+ \(DBName, seed [123]\)$/, 3],
    // A pool of one name: every seed gives the same renaming, kept once.
    ['indist', { city: ['Zorbatown'] }, /^renamed Warsaw → Zorbatown \(InDistName, seed 1\)$/, 1],
    // A pool without a city: DBName fills in, and the label says so.
    ['indist', { first: ['Ada'] }, /^renamed Warsaw → .+ \(InDistName: no pool name of this kind, so DBName, seed [123]\)$/, 3],
    ['randstr', undefined, /^renamed Warsaw → [A-Z][a-z]+ \(RandStr, seed [123]\)$/, 3],
  ] as [NameSource, NamePool | undefined, RegExp, number][])('source %s with pool %j', (source, pool, label, count) => {
    const c = editCandidates(inst, 'rename', { ...opts, source, ...(pool ? { pool } : {}) });
    expect(c).toHaveLength(count);
    for (const x of c) {
      expect(x.label).toMatch(label);
      expect(x.instance.context).not.toContain('Warsaw');
    }
  });
});
