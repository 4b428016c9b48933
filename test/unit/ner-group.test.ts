/** Grouping a token-classification model's B-/I- labels into entity spans (the Hub NER tagger), hand-computed. */
import { describe, expect, it } from 'vitest';
import { groupLabels, taggedSpans, type LabelledToken } from '../../src/core/runtime/ner-tagger.ts';

/** Tokens of `text` split at the given piece boundaries, each with a label. */
function toks(text: string, pieces: [string, string][]): LabelledToken[] {
  let at = 0;
  return pieces.map(([p, label]) => {
    const start = text.indexOf(p, at);
    at = start + p.length;
    return { label, score: 0.9, start, end: at };
  });
}

describe('groupLabels (HF "first" aggregation)', () => {
  it.each([
    { text: 'Ada Lovelace met Bob.', pieces: [['Ada', 'B-PER'], ['Love', 'I-PER'], ['lace', 'O'], ['met', 'O'], ['Bob', 'B-PER'], ['.', 'O']], want: ['PER:Ada Lovelace', 'PER:Bob'] },
    { text: 'Paris, France', pieces: [['Paris', 'B-LOC'], [',', 'O'], ['France', 'B-LOC']], want: ['LOC:Paris', 'LOC:France'] },
    { text: 'Paris.', pieces: [['Paris', 'B-LOC'], ['.', 'O']], want: ['LOC:Paris'] }, // a full stop is no subword of Paris
    { text: 'Ann Bob', pieces: [['Ann', 'B-PER'], ['Bob', 'B-PER']], want: ['PER:Ann', 'PER:Bob'] },
    { text: 'Bank of Oslo', pieces: [['Bank', 'B-ORG'], ['of', 'I-ORG'], ['Oslo', 'I-ORG']], want: ['ORG:Bank of Oslo'] },
  ] as { text: string; pieces: [string, string][]; want: string[] }[])('$text → $want', ({ text, pieces, want }) => {
    expect(groupLabels(toks(text, pieces), text).map((s) => `${s.type}:${text.slice(s.start, s.end)}`)).toEqual(want);
  });

  it('types spans for renaming: LOC is a GPE candidate, MISC dropped, known slips dropped by typing.ts', () => {
    const text = 'The Eiffel Tower in Paris hosted a French fair.';
    const spans = [
      { type: 'PER', start: 4, end: 10, score: 0.8 }, // "Eiffel": the known slip
      { type: 'LOC', start: 20, end: 25, score: 0.9 },
      { type: 'MISC', start: 35, end: 41, score: 0.9 },
    ];
    expect(taggedSpans(text, spans)).toEqual([{ type: 'GPE', start: 20, end: 25, score: 0.9 }]);
  });
});
