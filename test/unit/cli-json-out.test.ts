/** qarx's streamed JSON writers give exactly the bytes of the one-string writers they replace. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { writeOutputs } from '../../src/cli/commands/predict.ts';
import { writeJsonFile, writePyJsonMap } from '../../src/cli/json-out.ts';
import { nbestJson, type QaPrediction } from '../../src/core/index.ts';
import { pyJsonDumps } from '../../src/core/metrics/pyjson.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-json-out-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const file = join(tmp, 'out.json');

/** What writeJsonFile writes, read back as text. */
const streamed = (v: unknown, indent: number) => {
  writeJsonFile(file, v, indent);
  return readFileSync(file, 'utf8');
};

describe('writeJsonFile = JSON.stringify(value, null, indent) + "\\n"', () => {
  it.each([
    { name: 'empty containers', value: { a: [], b: {}, c: [[]], d: [{}] } },
    { name: 'undefined and functions', value: { a: undefined, b: [undefined, () => 1], c: 1, f: () => 2 } },
    { name: 'toJSON', value: { when: new Date(0), nested: { toJSON: () => 'x' } } },
    { name: 'strings with newlines and quotes', value: { 'a\nb': 'line\none "q" \\ \u2028', list: ['x\ny'] } },
    { name: 'deep SQuAD shape', value: { version: 'v2.0', data: [{ title: 't', paragraphs: [{ context: 'c', qas: [{ id: 'q', answers: [{ text: 'a', answer_start: 0 }], perturbation: { substitutions: [{ from: 'A', to: 'B' }] } }] }] }], perturbation: { kind: 'synthetic', seed: 1 } } },
    { name: 'sparse array', value: [1, , 3] },
    { name: 'a scalar', value: 'just a string' },
    { name: 'numbers', value: { a: -0, b: 1e21, c: NaN, d: 0.1 } },
  ])('$name', ({ value }) => {
    for (const indent of [0, 1, 2]) expect(streamed(value, indent)).toBe(`${JSON.stringify(value, null, indent)}\n`);
  });

  it('any JSON value, any indent (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 7 }), fc.integer({ min: 0, max: 4 }), (v, indent) => {
        expect(streamed(v, indent)).toBe(`${JSON.stringify(v, null, indent)}\n`);
      }),
      { numRuns: 150 },
    );
  });
});

describe('writePyJsonMap = pyJsonDumps(map, indent) + "\\n"', () => {
  it.each([
    { name: 'empty', map: new Map<string, unknown>() },
    { name: 'answer texts', map: new Map<string, unknown>([['q1', 'Paris'], ['10', ''], ['é"', 'naïve \n "x"']]) },
    { name: 'n-best lists', map: new Map<string, unknown>([['q1', [{ start_logit: 1.5, end_logit: -2, text: 'a', probability: 0.25 }, { text: '', start_logit: 0, end_logit: 0, probability: 1e-7 }]], ['q2', []]]) },
    { name: 'null odds', map: new Map<string, unknown>([['q1', -1.25], ['q2', 0], ['q3', 3]]) },
  ])('$name', ({ map }) => {
    writePyJsonMap(file, map, 4);
    expect(readFileSync(file, 'utf8')).toBe(`${pyJsonDumps(map, 4)}\n`);
  });

  it('any string-keyed map of JSON values (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string(), fc.jsonValue({ maxDepth: 4 }))), (entries) => {
        const map = new Map(entries);
        writePyJsonMap(file, map, 4);
        expect(readFileSync(file, 'utf8')).toBe(`${pyJsonDumps(map, 4)}\n`);
      }),
      { numRuns: 150 },
    );
  });
});

describe("predict's writeOutputs", () => {
  const span = (text: string, k: number) => ({ text, start: k, end: k + text.length, startLogit: 2.5 - k, endLogit: 1.25 - k / 4, score: 3.75 - k, probability: 1 / (k + 2), tokenStart: k, tokenEnd: k + 1 });
  const pred = (id: string, text: string, odds: number | null): QaPrediction => ({ id, text, best: null, nbest: [span(text, 0), span('', 0), span('Ada "x"', 3)], nullScoreDiff: odds, windows: 1 }) as unknown as QaPrediction;

  it('writes what the one-string writer wrote, a repeated id included (first place, last value, as a Map)', () => {
    const preds = [pred('q1', 'London', -1.5), pred('10', '', 2), pred('q1', 'Paris', 0.25), pred('é', 'naïve', null)];
    const dir = join(tmp, 'pred');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
    writeOutputs(dir, preds, true);
    // The writer before streaming, verbatim.
    const old = {
      'predictions.json': pyJsonDumps(new Map(preds.map((p) => [p.id, p.text])), 4) + '\n',
      'nbest_predictions.json': pyJsonDumps(new Map(preds.map((p) => [p.id, p.nbest.map(nbestJson)])), 4) + '\n',
      'null_odds.json': pyJsonDumps(new Map(preds.map((p) => [p.id, p.nullScoreDiff ?? 0])), 4) + '\n',
    };
    for (const [name, text] of Object.entries(old)) expect(readFileSync(join(dir, name), 'utf8')).toBe(text);
    expect(readFileSync(join(dir, 'predictions.json'), 'utf8')).toBe('{\n    "q1": "Paris",\n    "10": "",\n    "\\u00e9": "na\\u00efve"\n}\n');
  });
});
