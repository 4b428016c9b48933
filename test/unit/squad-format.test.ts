import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError, parseJson } from '../../src/core/formats/json.ts';
import { readNaProbs, readPredictions, readSquad } from '../../src/core/formats/squad.ts';

const FIX = join(import.meta.dirname, '..', 'fixtures');
const squad = (qas: unknown[], context = 'Ada was born in London.') => JSON.stringify({ version: 'v2.0', data: [{ title: 't', paragraphs: [{ context, qas }] }] });

describe('readSquad', () => {
  it('reads the CLI fixture with its expected parse', () => {
    const f = readSquad(readFileSync(join(FIX, 'cli', 'squad2-mini.json'), 'utf8'), 'squad2-mini.json');
    expect(f.version).toBe('v2.0');
    expect(f.issues).toEqual([]);
    expect(f.items.map((i) => [i.id, i.isImpossible, i.answers.map((a) => a.text)])).toEqual([
      ['lh-1', false, ['Elspeth Moray']],
      ['lh-2', false, ['1852']],
      ['lh-3', false, ['Kirkwall']],
      ['lh-4', true, []],
    ]);
  });

  it.each([
    { name: 'question not a string', qas: [{ id: 'a', question: 7, answers: [] }, { id: 'b', question: 'ok?', answers: [] }], path: 'data[0].paragraphs[0].qas[0]', msg: /question/ },
    { name: 'duplicate id', qas: [{ id: 'a', question: 'x?', answers: [] }, { id: 'a', question: 'y?', answers: [] }], path: 'data[0].paragraphs[0].qas[1].id', msg: /duplicate id "a"/ },
    { name: 'answer not at answer_start', qas: [{ id: 'a', question: 'x?', answers: [{ text: 'London', answer_start: 3 }] }], path: 'data[0].paragraphs[0].qas[0].answers[0]', msg: /not at answer_start 3/ },
  ])('$name: kept valid entries, named the field', ({ qas, path, msg }) => {
    const f = readSquad(squad(qas), 'f.json');
    expect(f.items.length).toBeGreaterThanOrEqual(1);
    expect(f.issues[0]?.path).toBe(path);
    expect(f.issues[0]?.message).toMatch(msg);
  });

  it.each([
    { name: 'not SQuAD', text: '{"rows": []}', msg: /f\.json: not a SQuAD file/ },
    { name: 'no usable questions', text: squad([{ id: 1 }]), msg: /f\.json: no usable questions/ },
    { name: 'empty context', text: squad([{ id: 'a', question: 'q?', answers: [] }], '  '), msg: /empty context/ },
    { name: 'malformed JSON', text: '{"data": [1,]}', msg: /f\.json: invalid JSON at line 1, column 13/ },
  ])('$name → InputError', ({ text, msg }) => {
    expect(() => readSquad(text, 'f.json')).toThrow(InputError);
    expect(() => readSquad(text, 'f.json')).toThrow(msg);
  });

  it('never throws anything but InputError on arbitrary text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        try {
          readSquad(text, 'fuzz.json');
        } catch (e) {
          expect(e).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('readPredictions', () => {
  it('keeps file order for numeric-looking ids', () => {
    expect([...readPredictions('{"10": "a", "2": "b", "x": "c"}', 'p.json').keys()]).toEqual(['10', '2', 'x']);
  });
  it('rejects non-string answers naming the id', () => {
    expect(() => readPredictions('{"q1": 3}', 'p.json')).toThrow(/p\.json: the prediction for "q1" is number/);
  });
  // The usual flat file is parsed without the depth scan (predictions.ts flatObject): the same reading.
  it.each([
    { name: 'a BOM', text: '\ufeff{"q1": "a", "q2": ""}', want: [['q1', 'a'], ['q2', '']] },
    { name: 'a repeated id: first place, last value (as a Python dict)', text: '{"q1": "a", "q2": "b", "q1": "c"}', want: [['q1', 'c'], ['q2', 'b']] },
    { name: 'escapes', text: '{"q\\u0031": "caf\\u00e9 \\"x\\""}', want: [['q1', 'café "x"']] },
    { name: 'an empty object', text: '{}', want: [] },
  ])('reads a flat file with $name', ({ text, want }) => {
    expect([...readPredictions(text, 'p.json')]).toEqual(want);
  });
  it.each([
    { text: '[]', error: /p\.json: expected an object mapping question ids to answer strings/ },
    { text: '{"q1": "a",}', error: /p\.json: invalid JSON at line 1, column 12/ },
    { text: '{"q1": ["a"]}', error: /p\.json: the prediction for "q1" is object/ },
  ])('still names the problem of $text', ({ text, error }) => {
    expect(() => readPredictions(text, 'p.json')).toThrow(error);
  });
});

describe('readNaProbs', () => {
  it('reads numbers in file order, numeric-looking ids included', () => {
    expect([...readNaProbs('{"10": 0.5, "2": 1e-3, "x": -0, "y": 2}', 'n.json')]).toEqual([['10', 0.5], ['2', 0.001], ['x', -0], ['y', 2]]);
  });
  it('rejects a value that is not a number, naming the id', () => {
    expect(() => readNaProbs('{"q1": 0.5, "q2": "0.5"}', 'n.json')).toThrow(/n\.json: the value for "q2" is string, expected a number/);
  });
});

describe('parseJson', () => {
  it.each([
    { name: 'unterminated', text: '{"a":', where: 'line 1, column 6' },
    { name: 'trailing comma', text: '[1,\n2,\n]', where: 'line 3, column 1' },
    { name: 'BOM is fine', text: '\ufeff{"a": 1}', where: null },
  ])('$name', ({ text, where }) => {
    if (where === null) expect(parseJson(text, 'x.json')).toEqual({ a: 1 });
    else expect(() => parseJson(text, 'x.json')).toThrow(`x.json: invalid JSON at ${where}`);
  });
});
