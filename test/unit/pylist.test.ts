/** Answer cells written as Python lists ("['Paris']", as pandas writes the published DROP pair CSVs) are lists. */
import { describe, expect, it } from 'vitest';
import { importPairsCsv } from '../../src/core/formats/index.ts';
import { answerTexts } from '../../src/core/formats/pairs-csv.ts';
import { parsePyLiteral, pyStringList } from '../../src/core/formats/pylist.ts';

describe('answerTexts', () => {
  it.each([
    { cell: "['Paris']", texts: ['Paris'] },
    { cell: "['Paris', 'the French capital']", texts: ['Paris', 'the French capital'] },
    { cell: `["Ada's house", 'x']`, texts: ["Ada's house", 'x'] },
    { cell: "['it\\'s', 'a\\\\b']", texts: ["it's", 'a\\b'] },
    { cell: "['caf\\xe9', '\\u4e2d']", texts: ['café', '中'] },
    { cell: "[]", texts: [] },
    { cell: "['', ' 1915 ']", texts: ['1915'] },
    { cell: "{'text': ['Paris'], 'answer_start': [12]}", texts: ['Paris'] },
    { cell: '["Paris", "Lyon"]', texts: ['Paris', 'Lyon'] },
    { cell: 'Paris', texts: ['Paris'] },
    { cell: '[citation needed]', texts: ['[citation needed]'] },
    { cell: "['unterminated", texts: ["['unterminated"] },
    { cell: "[1, 2]", texts: ['[1, 2]'] },
  ])('$cell → $texts', ({ cell, texts }) => {
    expect(answerTexts(cell)).toEqual(texts);
  });
});

describe('parsePyLiteral', () => {
  it.each([
    { text: "('a', 2, True, None, -1.5e3)", value: ['a', 2, true, null, -1500] },
    { text: "[['a'], []]", value: [['a'], []] },
    { text: "['a',]", value: ['a'] },
    { text: "['a'] trailing", value: null },
    { text: "['\\q']", value: ['\\q'] },
  ])('$text', ({ text, value }) => {
    expect(parsePyLiteral(text)).toEqual(value);
  });

  it('reads a dict into a Map', () => {
    expect(pyStringList("{'text': ['a', 'b']}")).toEqual(['a', 'b']);
    expect(pyStringList("{'answer_start': [1]}")).toBeNull();
  });
});

describe('a pairs CSV with Python-list answers', () => {
  it('locates each listed answer in both passages, as with JSON lists', async () => {
    const csv = [
      'id,question,answer,original_context,perturbed_context',
      `d1,Where was Ada born?,"['London', 'in London']",Ada was born in London.,Ada was born in central London.`,
      `d2,Who?,"[""Ada's father""]",Ada's father was Byron.,Ada's father was Lord Byron.`,
    ].join('\n');
    const r = await importPairsCsv(csv, { file: 'drop.csv', dataset: 'drop' });
    expect(r.issues).toEqual([]);
    expect(r.instances.map((i) => i.answers)).toEqual([
      [
        { text: 'London', start: 16 },
        { text: 'in London', start: 13 },
      ],
      [{ text: "Ada's father", start: 0 }],
    ]);
    expect(r.instances.map((i) => i.revision?.answers[0])).toEqual([
      { text: 'London', start: 24 },
      { text: "Ada's father", start: 0 },
    ]);
  });
});
