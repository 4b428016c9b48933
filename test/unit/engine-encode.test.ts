/**
 * The engine encodes a passage from whichever of its last 64 long texts shares most of it, and
 * questions from a cache of their own (issue 44): whatever base is taken, every encoding must be
 * the whole text's. A stream of texts, each an edit of one of the earlier ones, through one engine.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QaEngine, type ModelRunner } from '../../src/core/qa/engine.ts';
import { encodeText } from '../../src/core/qa/tokenizer.ts';
import { edited } from './helpers/edited-text.ts';
import { loadFixtureTokenizer } from './helpers/fixture-tokenizer.ts';

const noRunner: ModelRunner = { run: () => Promise.reject(new Error('not used')) };
const padded = (s: string) => `${s} Paris is the capital of France and the city of light. ${s}`;

describe('QaEngine.encode with 64 splice bases', () => {
  for (const name of ['bert-cased-mini', 'bert-uncased-mini'] as const) {
    it(`${name}: edits of earlier texts encode as the whole text`, () => {
      const tok = loadFixtureTokenizer(name);
      fc.assert(
        fc.property(fc.array(fc.tuple(edited, fc.nat()), { minLength: 2, maxLength: 40 }), (steps) => {
          const engine = new QaEngine(tok, noRunner);
          const seen: string[] = [];
          for (const [{ base, text }, pick] of steps) {
            // Edit an earlier long text now and then, so bases far back in the list are the best ones.
            const from = seen.length > 0 && pick % 2 === 0 ? (seen[pick % seen.length] as string) : padded(base);
            const next = pick % 3 === 0 ? padded(text) : from.slice(0, pick % from.length) + text + from.slice(pick % from.length);
            for (const t of [from, next]) {
              expect(engine.encode(t)).toEqual(encodeText(tok, t));
              seen.push(t);
            }
          }
        }),
        { numRuns: 60 },
      );
    });
  }

  it('a question stays cached while 300 passages go through', () => {
    const tok = loadFixtureTokenizer('bert-cased-mini');
    let calls = 0;
    const counting = { ...tok, tokenize: (t: string) => (calls++, tok.tokenize(t)) };
    const engine = new QaEngine(counting, noRunner);
    const question = 'Who founded the city?';
    for (let i = 0; i < 300; i++) engine.windowsFor({ id: `q${i}`, question, context: `Passage number ${i} about Paris.` });
    expect(calls).toBe(301);
  });
});
