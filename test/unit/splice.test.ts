/**
 * Encoding a text from a similar text's encoding (src/core/qa/splice.ts): where the changed part
 * is cut, that the spliced encoding equals the whole text's for the BERT fixture tokenizers over
 * random texts and edits, and that the engine tokenizes only what an occlusion changed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedPart, spliceEncoding } from '../../src/core/qa/splice.ts';
import { encodeText, whitespaceCuts, type QaTokenizer } from '../../src/core/qa/tokenizer.ts';
import { QaEngine, type Logits, type ModelRunner } from '../../src/core/qa/engine.ts';
import { occlude, occlusionUnits } from '../../src/core/explain/occlusion.ts';
import { explainPredictor } from '../../src/core/explain/predictor.ts';
import type { Window } from '../../src/core/qa/windows.ts';
import { edited } from './helpers/edited-text.ts';
import { FAMILY_TOKENIZERS, FIXTURE_TOKENIZERS, loadFixtureTokenizer } from './helpers/fixture-tokenizer.ts';

describe('changedPart', () => {
  it.each([
    // [base, text, start, end, baseEnd]
    ['Marie won. She left.', 'She left.', 0, 0, 11],
    ['Marie won. She left. He came.', 'Marie won. He came.', 11, 11, 21],
    ['Marie won. She left.', 'Marie won. She left.', 20, 20, 20],
    ['Paris is big', 'Lyon is big', 0, 4, 5],
    ['the big city', 'the bigger city', 4, 10, 7],
    ['a b', 'a  b', 2, 3, 2], // an added space: only the space is tokenized
    ['x\u000bwon y', 'x\u000bwin y', 0, 5, 5], // \v is no cut: BERT deletes it, "x\vwon" is one word
  ] as const)('%j → %j', (base, text, start, end, baseEnd) => {
    expect(changedPart(base, text)).toEqual({ start, end, baseEnd });
  });
});

describe('whitespaceCuts', () => {
  it('holds for the BERT fixtures, not for SentencePiece or byte-level BPE', () => {
    for (const name of FIXTURE_TOKENIZERS) expect([name, whitespaceCuts(loadFixtureTokenizer(name).json)]).toEqual([name, name.startsWith('bert')]);
    for (const name of FAMILY_TOKENIZERS) expect([name, whitespaceCuts(loadFixtureTokenizer(name).json)]).toEqual([name, name.startsWith('bert')]);
  });
});

describe('spliceEncoding equals encoding the whole text', () => {
  for (const name of ['bert-cased-mini', 'bert-uncased-mini', 'bert-chinese-mini'] as const) {
    it(`${name}: random texts and edits`, () => {
      const tok = loadFixtureTokenizer(name);
      fc.assert(
        fc.property(edited, ({ base, text: t }) => {
          const spliced = spliceEncoding({ text: base, encoded: encodeText(tok, base) }, t, (part) => encodeText(tok, part));
          if (spliced) expect(spliced).toEqual(encodeText(tok, t));
        }),
        { numRuns: 400 },
      );
    });
  }

  it('a removed sentence is spliced, nothing tokenized', () => {
    const tok = loadFixtureTokenizer('bert-cased-mini');
    const base = 'Paris is the capital. Zola was playing.\nHello world city.';
    const t = 'Paris is the capital. Hello world city.';
    const parts: string[] = [];
    const spliced = spliceEncoding({ text: base, encoded: encodeText(tok, base) }, t, (part) => (parts.push(part), encodeText(tok, part)));
    expect(spliced).toEqual(encodeText(tok, t));
    expect(parts).toEqual([]);
  });
});

/** A fake model whose logits depend only on the token ids. */
const runner: ModelRunner = {
  async run(rows: readonly Window[]): Promise<Logits[]> {
    return rows.map((w) => ({ start: Float32Array.from(w.inputIds, (id, j) => ((id * 31) % 17) - j / 50), end: Float32Array.from(w.inputIds, (id, j) => ((id * 13) % 19) - j / 40) }));
  },
};

describe('the engine encodes an occlusion from the passage', () => {
  const base = loadFixtureTokenizer('bert-cased-mini');
  const passage = 'Paris is the capital of France. Zola was playing in the city. Hello world, the river is big. Émile played café music. The city of Paris is a capital.';
  const input = { id: 'q', question: 'Who was playing in the city?', context: passage };

  it('tokenizes each passage without a sentence only where it changed, with the same answers', async () => {
    const tokenized: string[] = [];
    const counting: QaTokenizer = { ...base, tokenize: (t) => (tokenized.push(t), base.tokenize(t)) };
    const engine = new QaEngine(counting, runner);
    const plain = new QaEngine({ ...base, cutsAtWhitespace: false }, runner);
    const units = occlusionUnits(input, 'context', 'sentence');
    const a = await occlude(input, units, 'context', 'sentence', explainPredictor(engine, { versionTwo: false }));
    const b = await occlude(input, units, 'context', 'sentence', explainPredictor(plain, { versionTwo: false }));
    expect(a.rows).toEqual(b.rows);
    expect(units.length).toBe(5);
    // The question and the passage once; no passage without a sentence is tokenized again.
    expect(tokenized).toEqual([input.question, passage]);
  });
});
