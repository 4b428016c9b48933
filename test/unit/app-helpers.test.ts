import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segments } from '../../src/app/live/highlight.ts';
import { missingModelFiles, modelPathOf } from '../../src/app/data/local-files.ts';
import { datasetLabel, formatProb, formatScore, quotedAnswer } from '../../src/app/shell/format.ts';

describe('segments', () => {
  it.each([
    { name: 'no marks', text: 'abc', marks: [], want: [{ text: 'abc', kinds: [] }] },
    { name: 'mark at start', text: 'Paris is big', marks: [{ start: 0, end: 5, kind: 'answer' }], want: [{ text: 'Paris', kinds: ['answer'] }, { text: ' is big', kinds: [] }] },
    { name: 'overlapping marks', text: 'abcdef', marks: [{ start: 1, end: 4, kind: 'answer' }, { start: 3, end: 5, kind: 'gold' }], want: [{ text: 'a', kinds: [] }, { text: 'bc', kinds: ['answer'] }, { text: 'd', kinds: ['answer', 'gold'] }, { text: 'e', kinds: ['gold'] }, { text: 'f', kinds: [] }] },
    { name: 'out-of-range mark ignored', text: 'abc', marks: [{ start: 2, end: 9, kind: 'x' }], want: [{ text: 'abc', kinds: [] }] },
    { name: 'empty mark ignored', text: 'abc', marks: [{ start: 1, end: 1, kind: 'x' }], want: [{ text: 'abc', kinds: [] }] },
  ])('$name', ({ text, marks, want }) => {
    expect(segments(text, marks)).toEqual(want);
  });

  it('always reassembles the original text', () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.record({ start: fc.nat(40), end: fc.nat(40), kind: fc.constantFrom('a', 'b') })), (text, marks) => {
        expect(segments(text, marks).map((s) => s.text).join('')).toBe(text);
      }),
    );
  });
});

describe('local model files', () => {
  it.each([
    { name: 'folder pick', rel: 'my-model/config.json', file: 'config.json', want: 'config.json' },
    { name: 'folder pick, onnx subfolder', rel: 'my-model/onnx/model_quantized.onnx', file: 'model_quantized.onnx', want: 'onnx/model_quantized.onnx' },
    { name: 'loose onnx file', rel: '', file: 'model.onnx', want: 'onnx/model.onnx' },
    { name: 'loose tokenizer', rel: '', file: 'tokenizer.json', want: 'tokenizer.json' },
  ])('$name', ({ rel, file, want }) => {
    expect(modelPathOf(rel, file)).toBe(want);
  });

  it('names every missing file', () => {
    expect(missingModelFiles(['config.json'])).toEqual(['tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx (or another .onnx file)']);
    expect(missingModelFiles(['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model_quantized.onnx'])).toEqual([]);
  });
});

describe('formatProb and formatScore', () => {
  it.each([
    { p: 0.1234, want: '12.3%' },
    { p: 0, want: '0.0%' },
    { p: 0.994, want: '99.4%' },
    { p: 0.995, want: '100%' },
    { p: 1, want: '100%' },
  ])('formatProb($p) = $want', ({ p, want }) => {
    expect(formatProb(p)).toBe(want);
  });

  it.each([
    { s: { em: 1, f1: 1 }, want: 'EM 100 · F1 100.0' },
    { s: { em: 0, f1: 0.5 }, want: 'EM 0 · F1 50.0' },
    { s: { em: 0, f1: 2 / 3 }, want: 'EM 0 · F1 66.7' },
  ])('formatScore($s) = $want', ({ s, want }) => {
    expect(formatScore(s)).toBe(want);
  });
});

describe('datasetLabel: a dataset by its name, never its internal id (issue 26.1)', () => {
  const datasets = [{ id: 'demo', name: 'Demo set (built in)' }, { id: 'ds-mwz0n74q-9-bb6vnc', name: 'addsent-mini.json' }];
  it.each([
    ['demo', 'Demo set (built in)'],
    ['ds-mwz0n74q-9-bb6vnc', 'addsent-mini.json'],
    ['ds-gone', 'ds-gone'],
  ])('%s → %s', (id, name) => expect(datasetLabel(datasets, id)).toBe(name));
});

describe('quotedAnswer: an answer in a sentence, the empty answer named (no “”)', () => {
  it.each([
    { text: 'London', want: '“London”' },
    { text: '', want: 'no answer' },
    { text: ' ', want: '“ ”' },
  ])('quotedAnswer($text) = $want', ({ text, want }) => {
    expect(quotedAnswer(text)).toBe(want);
  });
});
