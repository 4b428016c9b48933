import { describe, expect, it } from 'vitest';
import { scorePrediction } from '../../src/core/data/score.ts';

const en = (answers: string[], isImpossible = false) => ({ answers: answers.map((text) => ({ text, start: 0 })), isImpossible, lang: 'en' as const });
const zh = (answers: string[]) => ({ answers: answers.map((text) => ({ text, start: 0 })), isImpossible: false, lang: 'zh' as const });

describe('scorePrediction', () => {
  it.each([
    { name: 'exact', pred: 'Warsaw', inst: en(['Warsaw']), em: 1, f1: 1 },
    { name: 'article and case ignored', pred: 'the warsaw', inst: en(['Warsaw']), em: 1, f1: 1 },
    { name: 'partial overlap', pred: 'Warsaw in 1867', inst: en(['Warsaw']), em: 0, f1: 0.5 },
    { name: 'best of several golds', pred: 'Curie', inst: en(['Marie Curie', 'Curie']), em: 1, f1: 1 },
    { name: 'unanswerable, abstained', pred: '', inst: en([], true), em: 1, f1: 1 },
    { name: 'unanswerable, answered', pred: 'Paris', inst: en([], true), em: 0, f1: 0 },
    { name: 'Chinese exact', pred: '北京', inst: zh(['北京']), em: 1, f1: 1 },
    { name: 'Chinese partial (characters)', pred: '北京市', inst: zh(['北京']), em: 0, f1: 0.8 },
  ])('$name', ({ pred, inst, em, f1 }) => {
    const s = scorePrediction(pred, inst);
    expect(s.em).toBe(em);
    expect(s.f1).toBeCloseTo(f1, 6);
  });
});
