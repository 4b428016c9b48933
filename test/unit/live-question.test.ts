/** One live question for every live panel: an edited stored question keeps its golds; typed text takes the model's answer as the reference. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { liveQuestion } from '../../src/core/data/live-question.ts';
import { makeInstance } from '../../src/core/formats/common.ts';
import { scorePrediction } from '../../src/core/data/score.ts';

const open = makeInstance({ id: 'q1', dataset: 'demo', title: 'T', question: 'Where did Ann Hollis move in 1990?', context: 'Ann Hollis moved to Leeds in 1990 and later to York.', answers: [{ text: 'Leeds', start: 20 }], isImpossible: false, lang: 'en' });
const ref = { text: 'York', start: 47 };

describe('liveQuestion', () => {
  it('unedited: the stored question itself', () => {
    expect(liveQuestion(open, open.context, open.question, ref)).toBe(open);
  });
  it.each([
    { name: 'an edit after the answer keeps its offset', passage: `${open.context} It rained.`, answers: [{ text: 'Leeds', start: 20 }], tags: ['edited'] },
    { name: 'an edit before the answer moves it', passage: `In short, ${open.context}`, answers: [{ text: 'Leeds', start: 30 }], tags: ['edited'] },
    { name: 'a gold only inside another word is not found: the model answer is the reference', passage: 'Ann Hollis moved to Leedsville in 1990 and later to York.', answers: [{ text: 'York', start: 47 }], tags: ['free-text'] },
    { name: 'the answer deleted: the model answer is the reference', passage: 'Ann Hollis moved in 1990 and later to York.', answers: [{ text: 'York', start: 47 }], tags: ['free-text'] },
  ])('$name', ({ passage, answers, tags }) => {
    const q = liveQuestion(open, passage, open.question, ref);
    expect(q.answers).toEqual(answers);
    expect(q.tags).toEqual(tags);
    expect(q.id).toBe('live');
    for (const a of q.answers) if (tags[0] === 'edited') expect(passage.slice(a.start, a.start + a.text.length)).toBe(a.text);
  });
  it('a one-word edit away from the answer scores the model as the score line does: against the gold, not its own answer', () => {
    // The model answers "York" on the edited passage: wrong against the gold "Leeds" (once, the rename panel called it correct).
    const q = liveQuestion(open, `${open.context} It rained.`, open.question, ref);
    expect(scorePrediction('York', q)).toEqual(scorePrediction('York', open));
    expect(scorePrediction('York', q).em).toBe(0);
  });
  it('an unanswerable question stays unanswerable when edited', () => {
    const una = { ...open, answers: [], isImpossible: true };
    expect(liveQuestion(una, `${una.context} More.`, una.question, ref)).toMatchObject({ answers: [], isImpossible: true, tags: ['edited'] });
  });
  it('typed text: the model answer is the reference, the language guessed from the text', () => {
    expect(liveQuestion(null, 'Ann lives in Leeds.', 'Where?', { text: 'Leeds', start: 13 })).toMatchObject({ id: 'live', answers: [{ text: 'Leeds', start: 13 }], lang: 'en', tags: ['free-text'] });
    // One Chinese name in an English passage does not make it Chinese (the metric follows guessLang).
    expect(liveQuestion(null, 'The writer 鲁迅 was born in Shaoxing in 1881 and studied medicine in Japan.', 'Where was he born?', null).lang).toBe('en');
    expect(liveQuestion(null, '鲁迅出生于浙江绍兴。', '鲁迅出生在哪里？', null).lang).toBe('zh');
  });
  it('every kept gold is where it says in the edited passage (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (pre, post) => {
        const passage = `${pre}${open.context}${post}`;
        const q = liveQuestion(open, passage, open.question, null);
        for (const a of q.answers) expect(passage.slice(a.start, a.start + a.text.length)).toBe(a.text);
      }),
    );
  });
});
