import { describe, expect, it } from 'vitest';
import { answerDelay, TYPING_PAUSE_MS, type AnswerTrigger } from '../../src/app/live/answer-delay.ts';

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
