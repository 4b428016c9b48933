import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { answerDelay, BULK_EDIT_CHARS, editSize, isBulkEdit, shownAnswerIs, TYPING_PAUSE_MS, type AnswerTrigger } from '../../src/app/live/answer-delay.ts';

const ready = (modelId: string | undefined): AnswerTrigger => ({ status: 'ready', modelId });

describe('answerDelay: the Live view waits for a typing pause only while a model it already answered with stays ready (issue 29.2)', () => {
  it.each<[string, AnswerTrigger | null, AnswerTrigger, number]>([
    ['the first answer after the start-up model is ready', null, ready('qarx-lexical-qa'), 0],
    ['an edit on the model that answered last', ready('qarx-lexical-qa'), ready('qarx-lexical-qa'), TYPING_PAUSE_MS],
    ['a switch to another model', ready('qarx-lexical-qa'), ready('distilbert-squad'), 0],
    ['the model id not known yet, then known', ready(undefined), ready('qarx-lexical-qa'), 0],
    ['a model that was loading when last asked', { status: 'loading', modelId: 'qarx-lexical-qa' }, ready('qarx-lexical-qa'), 0],
  ])('%s', (_name, prev, next, want) => {
    expect(answerDelay(prev, next)).toBe(want);
  });

  it('the typing pause is a quarter second, as before', () => {
    expect(TYPING_PAUSE_MS).toBe(250);
  });
});

describe('a bulk edit (a paste, a drop, a passage picked or cleared) is answered at once; typing waits for the pause (issue 44)', () => {
  const passage = 'Ada Lovelace wrote the first program for the Analytical Engine.';
  it.each<[string, string, string, number]>([
    ['one character typed', passage, passage.replace('first', 'firsts'), 1],
    ['one character deleted', passage, passage.replace('first ', 'first'), 1],
    ['a word replaced by an input method ("fir" → "earlie": the common "st" is not counted)', passage, passage.replace('first', 'earliest'), 6],
    ['a passage pasted into an empty field', '', passage, passage.length],
    ['the passage cleared', passage, '', passage.length],
    ['the same text', passage, passage, 0],
    ['a repeated letter typed (the common end is not counted twice)', 'aa', 'aaa', 1],
  ])('editSize: %s', (_name, a, b, want) => {
    expect(editSize(a, b)).toBe(want);
  });

  it.each<[string, { passage: string; question: string }, { passage: string; question: string }, boolean]>([
    ['typing a letter of the question', { passage, question: 'Who wrote' }, { passage, question: 'Who wrote ' }, false],
    ['pasting the passage', { passage: '', question: 'Who wrote it?' }, { passage, question: 'Who wrote it?' }, true],
    ['another question picked', { passage, question: 'Who wrote the first program?' }, { passage, question: 'What did Ada Lovelace write for the engine?' }, true],
    [`${BULK_EDIT_CHARS} characters in one step is still typing`, { passage, question: '' }, { passage, question: 'x'.repeat(BULK_EDIT_CHARS) }, false],
  ])('isBulkEdit: %s', (_name, before, after, want) => {
    expect(isBulkEdit(before, after)).toBe(want);
  });

  it('on the model that answered last, a bulk edit waits 0 ms and typing the pause; a model just ready answers at once either way', () => {
    expect(answerDelay(ready('m'), ready('m'), true)).toBe(0);
    expect(answerDelay(ready('m'), ready('m'), false)).toBe(TYPING_PAUSE_MS);
    expect(answerDelay(null, ready('m'), false)).toBe(0);
  });

  it('editSize is the number of characters between the common start and the common end (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (pre, mid1, mid2, post) => {
        const n = editSize(pre + mid1 + post, pre + mid2 + post);
        expect(n).toBeLessThanOrEqual(Math.max(mid1.length, mid2.length));
        expect(n).toBe(editSize(pre + mid2 + post, pre + mid1 + post));
        expect(n === 0).toBe(mid1 === mid2);
      }),
    );
  });
});

describe('shownAnswerIs: the answer card says whether its answer is for the fields as they are (issue 44)', () => {
  const now = { question: 'Who wrote it?', passage: 'Ada wrote it.' };
  it.each<[string, boolean, { question: string; passage: string } | null, 'current' | 'previous' | null]>([
    ['no answer shown', false, now, null],
    ['answered with these texts', true, { ...now }, 'current'],
    ['a letter typed since', true, { ...now, question: 'Who wrote it' }, 'previous'],
    ['the passage edited since', true, { ...now, passage: 'Ada wrote it!' }, 'previous'],
    ['shown, but what it answered is not known', true, null, 'previous'],
  ])('%s', (_name, shown, answeredFor, want) => {
    expect(shownAnswerIs(shown, answeredFor, now)).toBe(want);
  });
});

