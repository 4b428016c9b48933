/**
 * A question id repeated in an evaluation file is scored as each official script scores it:
 * evaluate-v1.1.py loops over every question (each copy counts), evaluate-v2.0.py and
 * DuReader-robust's evaluate.py read the questions into a dict (one entry per id, at the first
 * copy's place, with the last copy's answers). Hand-computed cases.
 */
import { describe, expect, it } from 'vitest';
import { evaluateZh } from '../../src/core/metrics/dureader.ts';
import { readEvalData } from '../../src/core/metrics/eval-data.ts';
import { evaluateV1, evaluateV2 } from '../../src/core/metrics/squad.ts';

const qa = (id: string, answers: string[]) => ({ id, question: 'Q?', answers: answers.map((text) => ({ text, answer_start: 0 })) });
const file = (version: string, qas: object[]) => ({ version, data: [{ title: 'T', paragraphs: [{ context: 'Paris Lyon 北京 上海', qas }] }] });

describe('a repeated question id', () => {
  // q1 twice: gold Paris, then gold Lyon; the prediction Lyon is right only for the second copy.
  const qas = [qa('q1', ['Paris']), qa('q2', ['Paris']), qa('q1', ['Lyon'])];
  const preds = { q1: 'Lyon', q2: 'Paris' };

  it('is kept for scoring, with a warning that names it, and counted once among the ids', () => {
    const d = readEvalData(file('1.1', qas), 'dup.json');
    expect(d.ids).toEqual(['q1', 'q2']);
    expect(d.issues).toEqual([{ path: 'data[0].paragraphs[0].qas[2].id', kind: 'duplicate-id', skipped: false, message: expect.stringMatching(/^duplicate id "q1": scored as the official script does/) as unknown }]);
  });

  it.each([
    // v1.1: 3 questions, EM 0 + 1 + 1 → 66.67
    ['v1.1 counts every copy', () => evaluateV1(readEvalData(file('1.1', qas), 'd').dataset, preds).result, { exact_match: 200 / 3, f1: 200 / 3 }],
    // v2.0: q1 → last copy (Lyon): EM 1; q2 EM 1; total 2
    ['v2.0 keeps the last copy', () => evaluateV2(readEvalData(file('v2.0', qas), 'd').dataset, preds).result, { exact: 100, f1: 100, total: 2, HasAns_exact: 100, HasAns_f1: 100, HasAns_total: 2 }],
  ])('%s', (_, run, expected) => expect(run()).toEqual(expected));

  it('DuReader-robust keeps the last copy: one entry per id', () => {
    // q1: gold 上海 (the last copy), prediction 上海 → F1 1; q2: gold 北京, prediction 北京上海 → P ½, R 1, F1 ⅔.
    const zh = [qa('q1', ['北京']), qa('q2', ['北京']), qa('q1', ['上海'])];
    const r = evaluateZh(readEvalData(file('1.0', zh), 'd').dataset, { q1: '上海', q2: '北京上海' });
    expect(r.result).toEqual({ F1: '83.333', EM: '50.000', TOTAL: 2, SKIP: 0 });
  });
});

describe('a numeric question id', () => {
  it('is scored under its string, with a warning that the official script would score it 0', () => {
    const d = readEvalData(file('1.1', [{ ...qa('x', ['Paris']), id: 7 }]), 'num.json');
    expect(d.ids).toEqual(['7']);
    expect(evaluateV1(d.dataset, { 7: 'Paris' }).result).toEqual({ exact_match: 100, f1: 100 });
    expect(d.issues).toEqual([{ path: 'data[0].paragraphs[0].qas[0].id', kind: 'schema', skipped: false, message: expect.stringMatching(/^a number, not a string: .*official script would not find it and score 0/) as unknown }]);
  });
});

