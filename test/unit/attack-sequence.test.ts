/**
 * Issue 38.6, what `qarx attack` reports: the share broken over the correct answers a family could
 * edit ("applicable"), consecutive renamings of one entity counted as one edit, and edits whose
 * code-point changes rebuild the edited question and passage from the original.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { attackRows, composeRenames, describeBreak, editCandidates, findBreakingEdit, mergeRenames, runAttack, textChanges, DEFAULT_SEARCH, type AttackQuestion, type BreakingEdit, type EditStep, type ExplainPredictor, type RenameDetail, type SearchOutcome } from '../../src/core/explain/index.ts';
import { char, type QaInput } from '../../src/core/types.ts';
import { applyEdits } from '../support/apply-edits.ts';
import { applyEdits as applyFoundEdits } from '../../src/core/explain/sequence.ts';

// An astral character before every edit, so code points (Python) and UTF-16 (JavaScript) differ.
const PASSAGE = '😀 Marie Curie was born in Warsaw in 1867. She moved to Paris in 1891. She liked tea.';
const inst: Instance = { id: 'q1', dataset: 'test', title: 'Curie', question: 'Where was Marie Curie born?', context: PASSAGE, answers: [{ text: 'Warsaw', start: PASSAGE.indexOf('Warsaw') }], isImpossible: false, lang: 'en', tags: [] };
// The answer is a year: no answer entity, so no renaming applies.
const year: Instance = { ...inst, id: 'q2', question: 'When was Marie Curie born?', answers: [{ text: '1867', start: PASSAGE.indexOf('1867') }] };

/** A fake model answering by a lookup from the passage (else `fallback`), with probability 0.9. */
function lookup(answerOf: (i: QaInput) => string): ExplainPredictor {
  return async (inputs) => ({
    predictions: inputs.map((i) => {
      const text = answerOf(i);
      const start = Math.max(0, i.context.indexOf(text));
      const best = { text, start: char(start), end: char(start + text.length), startLogit: 0, endLogit: 0, score: 0, probability: 0.9 };
      return { id: i.id, text, best, nbest: [best], nullScoreDiff: null, windows: 1 };
    }),
    cancelled: false,
    stats: { windows: inputs.length, computed: inputs.length, cached: 0 },
  });
}

describe('textChanges: code-point offsets of the text before the edit', () => {
  it.each([
    ['a renamed mention after an emoji (UTF-16 would say 9)', 'I 😀 met Ann.', 'I 😀 met Beth.', [[8, 11, 'Ann', 'Beth']]],
    ['an inserted sentence', '😀 A b. C d.', '😀 A b. X y. C d.', [[7, 7, '', 'X y. ']]],
    ['an added word', 'Who 😀 was born?', 'Who 😀 really was born?', [[6, 6, '', 'really ']]],
    ['a reordering', 'In 1867, who was born?', 'Who was born in 1867?', [[0, 21, 'In 1867, who was born', 'Who was born in 1867']]],
    ['every mention of a renamed name', 'Ann met Bo. 😀 Ann left.', 'Cy met Bo. 😀 Cy left.', [[0, 3, 'Ann', 'Cy'], [14, 17, 'Ann', 'Cy']]],
    ['nothing', 'same', 'same', []],
  ] as [string, string, string, [number, number, string, string][]][])('%s', (_, before, after, want) => {
    const got = textChanges('context', before, after);
    expect(got.map((c) => [c.start, c.end, c.from, c.to])).toEqual(want);
    expect(applyEdits({ question: '', context: before }, [{ changes: got }]).context).toBe(after);
  });

  it('property: the changes rebuild any edited text from the original, counting code points', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), (a, b) => {
      expect(applyEdits({ question: a, context: '' }, [{ changes: textChanges('question', a, b) }]).question).toBe(b);
    }));
  });
});

describe('the app replays a found edit from its changes (core applyEdits)', () => {
  it('property: it rebuilds what the Python-style oracle rebuilds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 40 }), (a, b) => {
        const edits = [{ changes: textChanges('context', a, b) }];
        expect(applyFoundEdits({ question: 'q', context: a }, edits)).toEqual(applyEdits({ question: 'q', context: a }, edits));
      }),
    );
  });

  it.each([
    ['a trap sentence inserted after an astral character', { question: 'Who?', context: '😀 Ann ran.' }, [{ field: 'context', start: 2, end: 2, from: '', to: 'Bo sat. ' }], { question: 'Who?', context: '😀 Bo sat. Ann ran.' }],
    ['a paraphrased question', { question: 'Who ran?', context: 'Ann ran.' }, [{ field: 'question', start: 0, end: 3, from: 'Who', to: 'Which person' }], { question: 'Which person ran?', context: 'Ann ran.' }],
    ['a renaming found on another passage', { question: 'Who?', context: 'Bo ran.' }, [{ field: 'context', start: 0, end: 3, from: 'Ann', to: 'Cy' }], null],
    ['a change past the end', { question: 'Who?', context: 'Ann' }, [{ field: 'context', start: 2, end: 9, from: 'nn', to: 'x' }], null],
  ] as const)('%s', (_, original, changes, want) => {
    expect(applyFoundEdits(original, [{ changes: [...changes] }])).toEqual(want);
  });
});

describe('consecutive renamings of one entity are one edit', () => {
  const r = (note: string, ...subs: [string, string][]): RenameDetail => ({ substitutions: subs.map(([from, to]) => ({ from, to })), note });
  const text = (s: string): Instance => ({ ...inst, context: s });
  const step = (family: EditStep['family'], rename: RenameDetail | undefined, before: string, after: string): EditStep => ({ family, label: family, ...(rename ? { rename } : {}), before: text(before), after: text(after) });
  const W = 'born in Warsaw';
  it.each([
    ['two renamings of Warsaw in a row', [step('rename', r('DBName, seed 1', ['Warsaw', 'Lodz']), W, 'born in Lodz'), step('rename', r('DBName, seed 3', ['Lodz', 'Gdansk']), 'born in Lodz', 'born in Gdansk')], ['renamed Warsaw → Gdansk (DBName, seed 1; then DBName, seed 3)']],
    ['three in a row', [step('rename', r('s1', ['Warsaw', 'A']), W, 'born in A'), step('rename', r('s2', ['A', 'B']), 'born in A', 'born in B'), step('rename', r('s3', ['B', 'C']), 'born in B', 'born in C')], ['renamed Warsaw → C (s1; then s2; then s3)']],
    ['a person: both names renamed twice', [step('rename', r('s1', ['Marie', 'Ada'], ['Curie', 'Byron']), 'Marie Curie', 'Ada Byron'), step('rename', r('s2', ['Ada', 'Eve'], ['Byron', 'Stone']), 'Ada Byron', 'Eve Stone')], ['renamed Marie → Eve, Curie → Stone (s1; then s2)']],
    ['a trap between two renamings: three edits', [step('rename', r('s1', ['Warsaw', 'A']), W, 'born in A'), step('trap', undefined, 'born in A', 'X. born in A'), step('rename', r('s2', ['A', 'B']), 'X. born in A', 'X. born in B')], ['renamed Warsaw → A (s1)', 'trap', 'renamed A → B (s2)']],
    ['renamings of two different entities: two edits', [step('rename', r('s1', ['Warsaw', 'A']), W, 'born in A'), step('rename', r('s2', ['Marie', 'Ada']), 'born in A', 'born in A')], ['renamed Warsaw → A (s1)', 'renamed Marie → Ada (s2)']],
  ] as [string, EditStep[], string[]][])('%s', (_, steps, labels) => {
    const merged = mergeRenames(steps.map((s) => (s.rename ? { ...s, label: `renamed ${s.rename.substitutions.map((x) => `${x.from} → ${x.to}`).join(', ')} (${s.rename.note})` } : s)));
    expect(merged.map((s) => s.label)).toEqual(labels);
    // The merged edit spans from the first renaming's input to the last one's output.
    expect(merged[0]?.before.context).toBe(steps[0]?.before.context);
    expect(merged[merged.length - 1]?.after.context).toBe(steps[steps.length - 1]?.after.context);
  });
  it('a name renamed back is no substitution', () => expect(composeRenames(r('s1', ['Warsaw', 'A']), r('s2', ['A', 'Warsaw'])).substitutions).toEqual([]));

  it('a search that renames the renamed answer again reports one renaming, and its changes rebuild the texts', async () => {
    // Right on the original and on every single renaming (answering the renamed city), wrong after any second edit.
    const once = new Map(editCandidates(inst, 'rename').map((c) => [c.instance.context, c.instance.answers[0]?.text ?? '']));
    const model = lookup((i) => (i.context === PASSAGE ? 'Warsaw' : (once.get(i.context) ?? 'Paris')));
    const r = await findBreakingEdit(inst, model, { ...DEFAULT_SEARCH, families: ['rename'], budget: 200 });
    expect(r.outcome).toBe('broken');
    expect(r.edits).toHaveLength(1);
    expect(r.edits[0]?.label).toMatch(/^renamed Warsaw → [^,]+ \(DBName, seed \d+; then DBName, seed \d+\)$/);
    expect(applyEdits(inst, r.edits)).toEqual({ question: r.perturbed?.question, context: r.perturbed?.context });
  });
});

describe('applicable: correct answers a family could edit at all', () => {
  /** A finished search with this outcome and number of single edits of the original. */
  const search = (outcome: SearchOutcome, singleEdits: number, calls = 5): BreakingEdit => ({ outcome, originalAnswer: 'x', edits: [], perturbed: null, newAnswer: null, calls, budget: 50, untried: 0, singleEdits, stats: { windows: 0, computed: 0, cached: 0 } });
  const q = (correct: boolean, rename: BreakingEdit): AttackQuestion => ({ id: 'q', correct, results: { rename } });
  const times = (n: number, x: AttackQuestion) => Array.from({ length: n }, () => x);
  it.each([
    // Issue 38.6: 56 correct, 9 with a renamable entity, 7 broken: 12.5% of the correct, 77.8% of the applicable.
    ['the issue’s demo run', [...times(7, q(true, search('broken', 10))), ...times(2, q(true, search('none-found', 10))), ...times(47, q(true, search('none-found', 0, 1)))], [56, 9, 7, 7 / 9, 7 / 56]],
    ['wrong answers count nowhere', [q(true, search('broken', 3)), q(false, search('not-correct', 0, 1))], [1, 1, 1, 1, 1]],
    ['nothing applicable: no share', [q(true, search('none-found', 0, 1))], [1, 0, 0, NaN, 0]],
    ['a budget spent on the original still counts its single edits', [q(true, search('none-found', 4, 1))], [1, 1, 0, 0, 0]],
  ] as [string, AttackQuestion[], [number, number, number, number, number]][])('%s', (_, questions, [correct, applicable, broken, ofApplicable, ofCorrect]) => {
    const [row] = attackRows(questions, ['rename']);
    expect([row?.correct, row?.applicable, row?.broken]).toEqual([correct, applicable, broken]);
    const r10 = (x: number | undefined) => Number((x ?? -1).toFixed(10)); // NaN stays NaN, and toEqual takes NaN as NaN
    expect([r10(row?.shareOfApplicable), r10(row?.shareOfCorrect)]).toEqual([r10(ofApplicable), r10(ofCorrect)]);
  });

  it('an attack counts a question with no renamable answer as correct but not applicable to renaming', async () => {
    const model = lookup((i) => (i.question.startsWith('When') ? '1867' : i.context.includes('Warsaw') ? 'Warsaw' : 'Paris'));
    const r = await runAttack([inst, year], model, { ...DEFAULT_SEARCH, families: ['rename', 'trap'], budget: 30 });
    const rows = Object.fromEntries(r.rows.map((x) => [x.key, [x.correct, x.applicable, x.broken, x.shareOfApplicable, x.shareOfCorrect]]));
    expect(rows.rename).toEqual([2, 1, 1, 1, 0.5]);
    expect(rows.all?.[1]).toBe(2); // a trap sentence applies to both
    expect(describeBreak(r.questions[1]?.results.rename as BreakingEdit)).toBe('not applicable: no edit of these families applies to this question (1 of 30 calls)');
  });
});
