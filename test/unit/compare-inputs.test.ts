/** The live comparison's cards categorise and score as every other panel does: the category rule and the Scoring choice (issue 38.3). */
import { describe, expect, it } from 'vitest';
import { answerCategory, compareInputs } from '../../src/app/results/compare-inputs.ts';
import { scoringLangOf } from '../../src/core/data/score.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import type { ModelAnswer, ModelSide } from '../../src/worker/multi-protocol.ts';
import type { AppState } from '../../src/app/store/index.ts';

const inst = makeInstance({ id: 'q1', dataset: 'demo', title: '', question: 'Where did Ann Hollis move in 1990?', context: 'Ann Hollis moved to Leeds in 1990 and later to York.', answers: [{ text: 'Leeds', start: 20 }], isImpossible: false, lang: 'en' });
const side = (text: string): ModelSide => ({ prediction: { id: 'x', text, best: null, nbest: [], nullScoreDiff: null, windows: 1 }, view: { tokens: [], nullStart: 0, nullEnd: 0 } as unknown as ModelSide['view'], nbest: [] });
const state = (o: Partial<AppState> = {}) => ({ instance: inst, passage: `${inst.context} It rained.`, question: inst.question, rename: null, renameOpen: false, scoringLang: 'auto', ...o }) as Pick<AppState, 'passage' | 'question' | 'instance' | 'rename' | 'renameOpen' | 'scoringLang'>;

describe('compare card', () => {
  it.each([
    // "Leeds in" against gold "Leeds": EM 0, F1 2/3 — partial under the released script's rule, wrong under the EM rule.
    { rule: 'script' as const, after: 'Leeds in', want: 'partial' },
    { rule: 'em' as const, after: 'Leeds in', want: 'C2W' },
    { rule: 'script' as const, after: 'York', want: 'C2W' },
  ])('$after after an edit under the $rule rule → $want', ({ rule, after, want }) => {
    const a: ModelAnswer = { key: 'A', before: side('Leeds'), after: side(after), windowsPerSecond: null };
    expect(answerCategory(a, compareInputs(state()), rule)).toBe(want);
  });
  it('an edited unanswerable question is categorised (its gold is no answer), as Live scores it; an edit that removed the gold leaves none', () => {
    const una = { ...inst, answers: [], isImpossible: true };
    const a: ModelAnswer = { key: 'A', before: side(''), after: side('York'), windowsPerSecond: null };
    expect(answerCategory(a, compareInputs(state({ instance: una })), 'script')).toBe('C2W');
    const gone = compareInputs(state({ passage: inst.context.replace('Leeds', 'Hull') }));
    expect(gone.goldAfter?.tags).toEqual(['free-text']);
    expect(answerCategory({ key: 'A', before: side('Leeds'), after: side('Hull'), windowsPerSecond: null }, gone, 'script')).toBeNull();
  });
  it('the golds carry the Scoring choice (Chinese scoring forced), as the score line does', () => {
    const c = compareInputs(state({ scoringLang: 'zh' }));
    expect(scoringLangOf(c.goldBefore!)).toBe('zh');
    expect(scoringLangOf(c.goldAfter!)).toBe('zh');
    expect(scoringLangOf(compareInputs(state()).goldBefore!)).toBe('en');
  });
});
