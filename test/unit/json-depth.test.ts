/** Deeply nested JSON is refused with the file's name and "too deep", never a stack overflow. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { importFile } from '../../src/core/formats/index.ts';
import { InputError, MAX_JSON_DEPTH, parseJson, tooDeepAt } from '../../src/core/formats/json.ts';
import { parseLine } from '../../src/core/formats/jsonl.ts';
import { readPredictions, readSquad } from '../../src/core/formats/squad.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const nest = (n: number, closed = true) => `${'['.repeat(n)}${closed ? ']'.repeat(n) : ''}`;

describe('tooDeepAt', () => {
  it.each([
    { text: '[[1]]', limit: 2, at: -1 },
    { text: '[[1]]', limit: 1, at: 1 },
    { text: '{"a": {"b": [1]}}', limit: 2, at: 12 },
    { text: '["[[[[", "\\"[[["]', limit: 1, at: -1 },
    { text: '[[], [], []]', limit: 2, at: -1 },
    { text: '{"k\\\\": [[]]}', limit: 2, at: 9 },
  ])('$text (limit $limit) → $at', ({ text, limit, at }) => {
    expect(tooDeepAt(text, limit)).toBe(at);
  });

  /** The scan written as one loop over every character (a backslash in a string skips the next one). */
  function referenceDeepAt(text: string, limit: number): number {
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '"') {
        for (i++; i < text.length; i++) {
          if (text[i] === '\\') i++;
          else if (text[i] === '"') break;
        }
      } else if (c === '[' || c === '{') {
        if (++depth > limit) return i;
      } else if (c === ']' || c === '}') depth--;
    }
    return -1;
  }

  it('jumping from quote to quote finds what a scan of every character finds (issue 29: eval start-up)', () => {
    const piece = fc.constantFrom('[', ']', '{', '}', '"', '\\', '\\\\', '\\"', 'ab', ' ', ':', ',');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 0, max: 6 }), (xs, limit) => {
        const text = xs.join('');
        expect(tooDeepAt(text, limit)).toBe(referenceDeepAt(text, limit));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('tooDeepAt on whole files (native passes for balanced, shallow text; the scan for the rest)', () => {
  it.each([
    { name: 'a SQuAD-shaped file', text: JSON.stringify({ data: [{ paragraphs: [{ context: 'a [b] {c}', qas: [{ id: 'x', answers: [{ text: '"]]]"', answer_start: 0 }] }] }] }] }), at: -1 },
    { name: '100 levels (more than the passes peel)', text: nest(100), at: -1 },
    { name: `${MAX_JSON_DEPTH + 1} levels`, text: nest(MAX_JSON_DEPTH + 1), at: MAX_JSON_DEPTH },
    { name: 'a string never closed hiding brackets', text: `[["a]]]]", "${'['.repeat(600)}`, at: -1 },
    // The scan counts a stray closing bracket as a level less (as before), so one more level is needed here.
    { name: 'a closing bracket too many, then deep', text: `]${nest(MAX_JSON_DEPTH + 2)}`, at: MAX_JSON_DEPTH + 2 },
    // A quote then escaped quotes to the end: one string never closed, read once (a regex that failed and retried there would take quadratic time).
    { name: 'escaped quotes to the end', text: `["${'\\"['.repeat(200_000)}`, at: -1 },
    // Over 5 million characters: the scan alone (the native passes' garbage grows with the brackets).
    { name: 'a long text', text: `[${'"x", '.repeat(1_000_000)}1]`, at: -1 },
    { name: 'a long text nested too deeply', text: `[${'"x", '.repeat(1_000_000)}${nest(MAX_JSON_DEPTH)}]`, at: 5_000_001 + MAX_JSON_DEPTH - 1 },
  ])('$name', ({ text, at }) => {
    expect(tooDeepAt(text)).toBe(at);
  });
});

describe('parseJson and parseLine', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more, naming the file and where`, () => {
    expect(parseJson(nest(MAX_JSON_DEPTH), 'ok.json')).toBeInstanceOf(Array);
    expect(() => parseJson(nest(MAX_JSON_DEPTH + 1), 'deep.json')).toThrow(`deep.json: JSON nested too deeply: more than ${MAX_JSON_DEPTH} levels at line 1, column ${MAX_JSON_DEPTH + 1}.`);
  });

  it.each([
    { name: 'well-formed', text: `{"version": "v1.1", "data": ${nest(200_000)}}` },
    { name: 'unterminated (the error path used to recurse)', text: `{"version": "v1.1",\n "data": ${nest(200_000, false)}` },
  ])('200,000 levels, $name: an InputError, not a RangeError', ({ text }) => {
    let caught: unknown;
    try {
      readSquad(text, 'dev.json');
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(InputError);
    expect((caught as Error).message).toMatch(/^dev\.json: JSON nested too deeply: more than 512 levels at line \d+, column \d+\.$/);
  });

  it('a predictions file that nests too deeply names itself', () => {
    expect(() => readPredictions(`{"q1": ${nest(100_000, false)}`, 'preds.json')).toThrow(/^preds\.json: JSON nested too deeply/);
  });

  it('a deep line in JSON Lines is one malformed line; the others are kept', async () => {
    expect(parseLine(nest(100_000, false), 7)).toEqual(new InputError(`JSON on line 7 nested too deeply: more than ${MAX_JSON_DEPTH} levels at column ${MAX_JSON_DEPTH + 1}`));
    const row = JSON.stringify({ id: 'q1', title: 't', context: 'Ada was born in London.', question: 'Where?', answers: { text: ['London'], answer_start: [16] } });
    const r = await importFile('rows.jsonl', enc(`${row}\n{"id": ${nest(100_000, false)}\n`), { dataset: 'x' });
    expect(r.instances.map((i) => i.id)).toEqual(['q1']);
    expect(r.issues).toMatchObject([{ path: 'line 2', kind: 'malformed-line', message: expect.stringMatching(/nested too deeply/) }]);
  });
});
