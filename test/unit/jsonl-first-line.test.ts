/** A bad first line in a JSON Lines file costs that line only, as any other bad line does. */
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectFormat, importFile } from '../../src/core/formats/index.ts';
import { firstObjectLine, looksLikeJsonLines } from '../../src/core/formats/jsonl.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const CTX = 'Ada Lovelace was born in London in 1815.';
const row = (id: string) => JSON.stringify({ id, title: 't', context: CTX, question: `Where ${id}?`, answers: { text: ['London'], answer_start: [25] } });
const rows = ['q1', 'q2', 'q3', 'q4'].map(row).join('\n');
const mrqaLine = (qid: string) => JSON.stringify({ context: CTX, qas: [{ qid, question: 'Where?', answers: ['London'], detected_answers: [{ text: 'London', char_spans: [[25, 30]] }] }] });

describe('a bad first line', () => {
  it.each([
    { first: 'oops, not JSON', name: 'rows.json', kind: 'malformed-line' },
    { first: 'oops, not JSON', name: 'rows.jsonl', kind: 'malformed-line' },
    { first: '[1, 2', name: 'rows.json', kind: 'malformed-line' },
    { first: '[1, 2', name: 'rows.jsonl', kind: 'malformed-line' },
    { first: '"a string"', name: 'rows.json', kind: 'schema' },
    { first: '{"id": "q0", "context": "Ada', name: 'rows.json', kind: 'malformed-line' },
    { first: '{"id": "q0", "context": "Ada', name: 'rows.jsonl.gz', kind: 'malformed-line', gzip: true },
  ])('$first in $name: the four rows after it are kept, one issue at line 1', async ({ first, name, kind, gzip }) => {
    const text = `${first}\n${rows}\n`;
    const bytes = gzip ? gzipSync(enc(text)) : enc(text);
    expect(detectFormat(name, bytes)).toBe('squad-flat');
    const r = await importFile(name, bytes, { dataset: 'x' });
    expect(r.instances.map((i) => i.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({ path: 'line 1', kind, skipped: true });
  });

  it.each([
    { name: 'rows.jsonl', size: 5_000 },
    { name: 'rows.jsonl.gz', size: 5_000, gzip: true },
    { name: 'rows.jsonl', size: 70_000 },
    { name: 'ROWS.JSONL.GZ', size: 70_000, gzip: true },
  ])('"[1, 2" first in $name with rows of $size characters: the name decides, rows kept (issue 25.4)', async ({ name, size, gzip }) => {
    const long = `${'Filler words about the harbour. '.repeat(Math.ceil(size / 32))}${CTX}`;
    const big = (id: string) => JSON.stringify({ id, title: 't', context: long, question: `Where ${id}?`, answers: { text: ['London'], answer_start: [long.indexOf('London')] } });
    const text = `[1, 2\n${['q1', 'q2', 'q3'].map(big).join('\n')}\n`;
    const bytes = gzip ? gzipSync(enc(text)) : enc(text);
    expect(detectFormat(name, bytes.subarray(0, 65536))).toBe('squad-flat');
    const r = await importFile(name, bytes, { dataset: 'x' });
    expect(r.instances.map((i) => i.id)).toEqual(['q1', 'q2', 'q3']);
    expect(r.issues.map((i) => [i.path, i.kind])).toEqual([['line 1', 'malformed-line']]);
  });

  it('of an MRQA file (its header) costs that line; the passages are read', async () => {
    const text = ['{"header": oops', mrqaLine('m1'), mrqaLine('m2')].join('\n');
    expect(detectFormat('dev.jsonl', enc(text))).toBe('mrqa');
    expect(detectFormat('dev.txt', enc(`oops\n${mrqaLine('m1')}\n${mrqaLine('m2')}\n`))).toBe('mrqa');
    const r = await importFile('dev.jsonl', enc(text), { dataset: 'x' });
    expect(r.instances.map((i) => i.id)).toEqual(['m1', 'm2']);
    expect(r.issues.filter((i) => i.skipped).map((i) => i.path)).toEqual(['line 1']);
  });
});

describe('what still is not JSON Lines', () => {
  it.each([
    { name: 'one row per line in an array', text: `[\n${row('a')}\n]\n`, ids: ['a'] },
    { name: 'two rows per line in an array', text: `[\n${row('a')},\n${row('b')}\n]\n`, ids: ['a', 'b'] },
    { name: 'a compact array', text: `[${row('a')}, ${row('b')}]`, ids: ['a', 'b'] },
  ])('$name is read as one array', async ({ text, ids }) => {
    expect(looksLikeJsonLines(text, 'x.json')).toBe(false);
    const r = await importFile('x.json', enc(text), { dataset: 'x' });
    expect(r.instances.map((i) => i.id)).toEqual(ids);
    expect(r.issues).toEqual([]);
  });

  it('pretty-printed SQuAD is not JSON Lines', () => {
    const squad = JSON.stringify({ version: 'v1.1', data: [{ title: 't', paragraphs: [{ context: CTX, qas: [] }] }] }, null, 2);
    expect(looksLikeJsonLines(`${squad}\n`, 'dev.json')).toBe(false);
    expect(detectFormat('dev.json', enc(squad))).toBe('squad');
  });
});

describe('firstObjectLine', () => {
  it.each([
    { head: 'oops\n{"a": 1}\n{"b": 2}\n', line: '{"a": 1}' },
    { head: '{"a": 1}\n{"b": 2}\n', line: '{"a": 1}' },
    { head: '[1,\n[2]\n', line: null },
    { head: '{"a": 1, "b": "cut off', line: '{"a": 1, "b": "cut off' },
  ])('$head → $line', ({ head, line }) => {
    expect(firstObjectLine(head)).toBe(line);
  });
});
