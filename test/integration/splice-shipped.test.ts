/**
 * The shipped model's tokenizer (transformers.js, as the app and the CLI load it): a text encoded
 * from a similar text's encoding (src/core/qa/splice.ts) equals the whole text's encoding, over
 * random texts and edits.
 */
import { join } from 'node:path';
import fc from 'fast-check';
import { AutoTokenizer } from '@huggingface/transformers';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureRuntime } from '../../src/core/index.ts';
import { adaptTokenizer } from '../../src/core/runtime/transformers.ts';
import { spliceEncoding } from '../../src/core/qa/splice.ts';
import { encodeText, type QaTokenizer } from '../../src/core/qa/tokenizer.ts';
import { edited } from '../unit/helpers/edited-text.ts';

let tok: QaTokenizer;
beforeAll(async () => {
  configureRuntime({ localModelPath: `${join(import.meta.dirname, '..', '..', 'public', 'models')}/` });
  tok = adaptTokenizer(await AutoTokenizer.from_pretrained('qarx-lexical-qa'));
});

describe('splicing with the shipped tokenizer', () => {
  it('is switched on for it (WordPiece, BertNormalizer, BertPreTokenizer)', () => {
    expect(tok.cutsAtWhitespace).toBe(true);
  });

  it('equals encoding the whole text', () => {
    fc.assert(
      fc.property(edited, ({ base, text }) => {
        const spliced = spliceEncoding({ text: base, encoded: encodeText(tok, base) }, text, (part) => encodeText(tok, part));
        if (spliced) expect(spliced).toEqual(encodeText(tok, text));
      }),
      { numRuns: 600 },
    );
  });
});
