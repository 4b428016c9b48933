/**
 * qarx predict streams JSON Lines (MRQA and the flat Hugging Face rows, plain and gzip): the
 * questions, version and problems (at their line numbers) are those of the file read whole, and
 * a big file prints reading progress before its end — a file read whole prints none.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { runQarx } from '../support/run-qarx.ts';
import { readPredictInput } from '../../src/cli/predict-input.ts';
import { readData } from '../../src/cli/data.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const MODEL = join(ROOT, 'public', 'models', 'qarx-lexical-qa');
const FORMATS = join(ROOT, 'test', 'fixtures', 'formats');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-jsonl-stream-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The MRQA fixture's passages three times (ids suffixed), with a malformed line, a schema error, a duplicate id, CRLF endings and no final newline. */
function mrqa(): string {
  const [header, ...lines] = readFileSync(join(FORMATS, 'mrqa.jsonl'), 'utf8').trim().split('\n');
  const copy = (k: number) => lines.map((l) => l.replace(/"qid": "([^"]+)"/g, `"qid": "$1-${k}"`));
  const dup = (copy(1)[0] as string).replace(/"id": "ctx-wm"/, '"id": "ctx-dup"');
  return [header, ...copy(1), '{"id": "broken", "context": "no end', '', ...copy(2), '{"context": 7, "qas": []}', dup, ...copy(3)].join('\r\n');
}

/** The flat fixture's rows twice (ids suffixed), a bad line between them, and a row without an id. */
function flat(): string {
  const lines = readFileSync(join(FORMATS, 'squad-flat.jsonl'), 'utf8').trim().split('\n');
  const copy = (k: number) => lines.map((l) => l.replace(/"id": "([^"]+)"/, `"id": "$1-${k}"`));
  return [...copy(1), 'not json at all', '{"title": "x", "context": "c", "question": "q"}', ...copy(2)].join('\n') + '\n';
}

/** The flat fixture's rows over 3 MB (ids suffixed): lines cross the 1 MB steps a file is read in. */
function many(): string {
  const lines = readFileSync(join(FORMATS, 'squad-flat.jsonl'), 'utf8').trim().split('\n');
  const out: string[] = [];
  for (let k = 0, size = 0; size < 3e6; k++) {
    const l = (lines[k % lines.length] as string).replace(/"id": "([^"]+)"/, `"id": "$1-${k}"`);
    out.push(l);
    size += l.length + 1;
  }
  return `${out.join('\n')}\n`;
}

describe('qarx predict, JSON Lines streamed', () => {
  const files = { mrqa: join(tmp, 'set.jsonl'), mrqaGz: join(tmp, 'set.jsonl.gz'), flat: join(tmp, 'rows.jsonl'), flatGz: join(tmp, 'rows.jsonl.gz'), many: join(tmp, 'many.jsonl'), manyGz: join(tmp, 'many.jsonl.gz') };
  writeFileSync(files.mrqa, mrqa());
  writeFileSync(files.mrqaGz, gzipSync(readFileSync(files.mrqa)));
  writeFileSync(files.flat, flat());
  writeFileSync(files.flatGz, gzipSync(readFileSync(files.flat)));
  writeFileSync(files.many, many());
  writeFileSync(files.manyGz, gzipSync(readFileSync(files.many)));

  it.each(Object.entries(files))('streams %s with the questions, version and line-numbered problems of the file read whole', async (_, file) => {
    const streamed = await readPredictInput(file);
    const whole = await readData(file);
    expect(streamed.streamed).toBe(true);
    expect(streamed.version).toBe(whole.version);
    expect(streamed.ids).toEqual(whole.items.map((i) => i.id));
    expect([...streamed.chunks(4)].flat()).toEqual(whole.items);
    expect(streamed.issues).toEqual(whole.issues);
    // Bad lines are named by line number, and the valid rows around them are kept.
    if (!file.includes('many')) expect(streamed.issues.some((i) => i.kind === 'malformed-line' && /^line \d+$/.test(i.path))).toBe(true);
    expect(streamed.ids.length).toBeGreaterThan(6);
  });

  it('names the bad lines of the MRQA file at their numbers (CRLF endings counted once)', async () => {
    const d = await readPredictInput(files.mrqa);
    // Lines 4, 9 and 14: the fixture's passage without questions, in each copy.
    expect(d.issues.filter((i) => i.skipped).map((i) => [i.kind, i.path])).toEqual([
      ['schema', 'line 4.qas'],
      ['malformed-line', 'line 5'],
      ['schema', 'line 9.qas'],
      ['schema', 'line 10.context'],
      ['duplicate-id', 'line 11.qas[0].qid'],
      ['duplicate-id', 'line 11.qas[1].qid'],
      ['schema', 'line 14.qas'],
    ]);
  });

  it('prints reading progress before the end of a big file (a file read whole prints none) and predicts its questions', { timeout: 240_000 }, async () => {
    // Over predict's 32 MB "big file" mark: two questions, then blank lines (skipped silently, as the importer skips them).
    const big = join(tmp, 'big.jsonl');
    const rows = readFileSync(join(FORMATS, 'squad-flat.jsonl'), 'utf8').trim().split('\n').slice(0, 2).join('\n');
    const pad = `${' '.repeat(1023)}\n`.repeat(34 * 1024);
    writeFileSync(big, `${rows}\n${pad}`);
    const out = join(tmp, 'out-big');
    const r = await runQarx(join(tmp, 'cache'), 'predict', '--model', MODEL, '--data', big, '--out', out);
    expect(r.code, r.stderr).toBe(0);
    const reading = [...r.stderr.matchAll(/predict: reading .*big\.jsonl: ([\d.]+) MB of ([\d.]+) MB/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(reading.length, r.stderr).toBeGreaterThan(0);
    const [done, total] = reading[0] as [number, number];
    expect(done).toBeLessThan(total);
    expect(Object.keys(JSON.parse(readFileSync(join(out, 'predictions.json'), 'utf8')) as object)).toEqual(['gw-1', 'gw-2']);
  });
});
