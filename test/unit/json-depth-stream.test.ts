/**
 * One depth limit for every JSON reader (issue 40.8): the streamed SQuAD reader of `qarx predict`
 * refuses a file nested deeper than MAX_JSON_DEPTH — even in a field nobody reads — exactly as the
 * app's importer (parseJson) does, with the same message, instead of reading what the app refuses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { readPredictInput } from '../../src/cli/predict-input.ts';
import { importFile } from '../../src/core/formats/index.ts';
import { DepthScan, MAX_JSON_DEPTH, tooDeepAt } from '../../src/core/formats/json.ts';

const tmp = mkdtempSync(join(tmpdir(), 'qarx-depth-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const enc = (s: string) => new TextEncoder().encode(s);
const nest = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
/** A SQuAD file whose article carries an unread field nested `n` deep (the root and article add 3 levels). */
const squad = (n: number) => JSON.stringify({ version: '1.1', data: [{ title: 't', unused: JSON.parse(nest(n)) as unknown, paragraphs: [{ context: 'Ada was born in London.', qas: [{ id: 'q1', question: 'Where?', answers: [{ text: 'London', answer_start: 16 }] }] }] }] });

/** DepthScan over `text` cut into pieces at `cuts`. */
function scan(text: string, cuts: number[]): boolean {
  const bytes = enc(text);
  const s = new DepthScan();
  let from = 0;
  let deep = false;
  for (const at of [...cuts.filter((c) => c < bytes.length).sort((a, b) => a - b), bytes.length]) {
    deep ||= s.push(bytes.subarray(from, at));
    from = at;
  }
  return deep;
}

describe('DepthScan = tooDeepAt, however the text is cut', () => {
  it.each([
    { name: 'at the limit', text: nest(MAX_JSON_DEPTH) },
    { name: 'one past it', text: nest(MAX_JSON_DEPTH + 1) },
    { name: 'brackets in a string', text: JSON.stringify({ a: '['.repeat(600) }) },
    { name: 'escaped quote before brackets', text: `["\\"${'['.repeat(600)}"]` },
    { name: 'escaped backslash then deep', text: `["\\\\", ${nest(MAX_JSON_DEPTH)}]` },
    { name: 'multi-byte text', text: `["été ✓", ${nest(MAX_JSON_DEPTH)}]` },
  ])('$name', ({ text }) => {
    for (const cuts of [[], [1], [2, 3, 4], Array.from({ length: 40 }, (_, k) => k * 17)]) expect(scan(text, cuts)).toBe(tooDeepAt(text) >= 0);
  });

  it('property: random bracket/string texts, random cuts', () => {
    const piece = fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ',', 'é', nest(200));
    fc.assert(fc.property(fc.array(piece, { maxLength: 60 }), fc.array(fc.nat(5000), { maxLength: 8 }), (parts, cuts) => {
        expect(scan(parts.join(''), cuts)).toBe(tooDeepAt(parts.join('')) >= 0);
      }),
    );
  });
});

describe('the streamed reader refuses what the app refuses', () => {
  it.each([MAX_JSON_DEPTH - 3, MAX_JSON_DEPTH - 2])('an unread field nested %i deep: both refuse or both read', async (n) => {
    const file = join(tmp, `d${n}.json`);
    writeFileSync(file, squad(n));
    const app = await importFile(file, enc(squad(n)), { dataset: 'd' }).then(
      (r) => ({ ids: r.instances.map((i) => i.id), error: null }),
      (e: Error) => ({ ids: [], error: e.message }),
    );
    const cli = await readPredictInput(file).then(
      (r) => ({ ids: r.ids, error: null }),
      (e: Error) => ({ ids: [], error: e.message }),
    );
    expect(cli).toEqual(app);
    expect(app.error === null).toBe(n + 3 <= MAX_JSON_DEPTH);
    if (app.error) expect(app.error).toMatch(/JSON nested too deeply: more than 512 levels/);
  });
});
