/** Every importer against a hand-written fixture and its expected parse (instances and issues). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '../../src/core/data/types.ts';
import { detectFormat, importFile, importPairFiles, SNIFF_BYTES, summarizeIssues } from '../../src/core/formats/index.ts';

const FIX = join(import.meta.dirname, '..', 'fixtures', 'formats');
const bytes = (f: string) => new Uint8Array(readFileSync(join(FIX, f)));
const expected = (f: string) => JSON.parse(readFileSync(join(FIX, f), 'utf8')) as ImportResult;

/** The invariant every view relies on: each answer is where it says it is. */
function expectAnswersAt(r: ImportResult): void {
  for (const i of r.instances) {
    for (const a of i.answers) expect(i.context.slice(a.start, a.start + a.text.length), `${i.id} answer`).toBe(a.text);
    for (const a of i.revision?.answers ?? []) expect(i.revision?.context.slice(a.start, a.start + a.text.length), `${i.id} revision answer`).toBe(a.text);
  }
}

describe('fixtures parse to their expected result', () => {
  it.each([
    { file: 'squad-v2.json', want: 'squad-v2.expected.json', summary: '4 skipped: 1 invalid entry, 1 duplicate id, 1 empty context, 1 answer not in its passage; kept, noted: 1 answer offset fixed, 1 answer not in its passage' },
    { file: 'squad-v1.json', want: 'squad-v1.expected.json', summary: 'no problems' },
    { file: 'squad-flat.jsonl', want: 'squad-flat.expected.json', summary: '1 skipped: 1 malformed line; kept, noted: 1 answer offset fixed' },
    { file: 'squad-flat-array.json', want: 'squad-flat-array.expected.json', summary: '1 skipped: 1 invalid entry' },
    { file: 'mrqa.jsonl', want: 'mrqa.expected.json', summary: '1 skipped: 1 invalid entry; kept, noted: 1 answer offset fixed' },
    { file: 'mrqa.jsonl.gz', want: 'mrqa.expected.json', summary: '1 skipped: 1 invalid entry; kept, noted: 1 answer offset fixed' },
    { file: 'dureader.json', want: 'dureader.expected.json', summary: '1 skipped: 1 answer not in its passage; kept, noted: 2 answer offsets fixed' },
    { file: 'pairs.csv', want: 'pairs-csv.expected.json', summary: '2 skipped: 1 malformed row, 1 duplicate id; kept, noted: 1 kept without a revision' },
    // The natural-perturbation challenge sets write is_impossible as a string.
    { file: 'squad-string-bools.json', want: 'squad-string-bools.expected.json', summary: '1 skipped: 1 invalid entry' },
    // transformers' SQuAD sample layout: {"version": 2.0, "data": [flat rows]}.
    { file: 'squad-flat-document.json', want: 'squad-flat-document.expected.json', summary: '1 skipped: 1 invalid entry' },
    // Every answer_start -1: one summary line, not a note per answer.
    { file: 'dureader-unplaced.json', want: 'dureader-unplaced.expected.json', summary: '1 skipped: 1 answer not in its passage; kept, noted: 4 answer offsets fixed' },
  ])('$file', async ({ file, want, summary }) => {
    const r = await importFile(file, bytes(file), { dataset: 'fixture' });
    expect(r).toEqual(expected(want));
    expectAnswersAt(r);
    expect(summarizeIssues(r.issues)).toBe(summary);
  });

  it('pairs-original.json + pairs-perturbed.json', async () => {
    const r = await importPairFiles('pairs-original.json', bytes('pairs-original.json'), 'pairs-perturbed.json', bytes('pairs-perturbed.json'), { dataset: 'fixture' });
    expect(r).toEqual(expected('pairs-squad.expected.json'));
    expectAnswersAt(r);
    expect(summarizeIssues(r.issues)).toBe('1 skipped: 1 unpaired question; kept, noted: 2 kept without a revision, 1 question differing between files');
  });
});

describe('detectFormat', () => {
  it.each([
    { file: 'squad-v2.json', format: 'squad' },
    { file: 'squad-v1.json', format: 'squad' },
    { file: 'squad-flat.jsonl', format: 'squad-flat' },
    { file: 'squad-flat-array.json', format: 'squad-flat' },
    { file: 'mrqa.jsonl', format: 'mrqa' },
    { file: 'mrqa.jsonl.gz', format: 'mrqa' },
    { file: 'dureader.json', format: 'dureader' },
    { file: 'pairs.csv', format: 'pairs-csv' },
    { file: 'squad-string-bools.json', format: 'squad' },
    { file: 'squad-flat-document.json', format: 'squad-flat' },
    { file: 'dureader-unplaced.json', format: 'dureader' },
  ])('$file → $format, by name and by content alone', ({ file, format }) => {
    const head = bytes(file).subarray(0, SNIFF_BYTES);
    expect(detectFormat(file, head)).toBe(format);
    expect(detectFormat('upload', head)).toBe(format);
  });

  it.each([
    { name: 'Parquet magic', file: 'x', text: 'PAR1....', format: 'hf-parquet' },
    { name: '.parquet name', file: 'train-00000.parquet', text: '', format: 'hf-parquet' },
    { name: 'pretty-printed SQuAD', file: 'dev', text: '{\n  "version": "v2.0",\n  "data": [\n    {"title": "x", "paragraphs": [', format: 'squad' },
    { name: 'DuReader by name', file: 'dureader_robust-dev.json', text: '{"data": [{"paragraphs": [{"context": "abc"', format: 'dureader' },
    { name: 'MRQA header cut off by the sample', file: 'x', text: '{"header": {"dataset": "SQuAD", "split": "dev"', format: 'mrqa' },
    { name: 'headerless MRQA line', file: 'x', text: '{"context": "abc", "qas": []}\n', format: 'mrqa' },
    { name: 'TSV pairs by header', file: 'x', text: 'original\tperturbed\tquestion\tanswer\n', format: 'pairs-csv' },
    { name: 'a stray object (readSquad names what is missing)', file: 'x', text: '{"rows": []}', format: 'squad' },
    { name: '.jsonl with unparseable lines', file: 'x.jsonl', text: '{"id": 1\n{"id": 2\n', format: 'squad-flat' },
    { name: 'unnamed JSON Lines of unknown rows', file: 'x', text: '{"a": 1}\n{"a": 2}\n', format: 'squad-flat' },
    { name: 'plain text', file: 'notes.txt', text: 'hello there', format: null },
    // By the shape of the rows, not by the presence of version/data.
    { name: 'HF flat document, pretty-printed', file: 'x', text: '{\n    "version": 2.0,\n    "data": [\n        {\n            "id": "a",\n            "question": "q?",\n            "context": "c', format: 'squad-flat' },
    { name: 'HF flat document on one line', file: 'x.json', text: '{"version": 2.0, "data": [{"id": "a", "question": "q?", "context": "c", "answers": {"text": [], "answer_start": []}}]}', format: 'squad-flat' },
    { name: 'nested SQuAD on one line, numeric version', file: 'x', text: '{"version": 1.1, "data": [{"title": "t", "paragraphs": []}]}', format: 'squad' },
    { name: 'nested SQuAD without version', file: 'x', text: '{"data": [{"title": "t", "paragraphs": [{"context": "c", "qas": []}]}]}', format: 'squad' },
  ])('$name → $format', ({ file, text, format }) => {
    expect(detectFormat(file, new TextEncoder().encode(text))).toBe(format);
  });
});

describe('fields as published files write them', () => {
  const squad = (isImpossible: unknown, version: unknown = 'v2.0') =>
    JSON.stringify({ version, data: [{ title: 't', paragraphs: [{ context: 'Ada lives in Paris.', qas: [{ id: 'q', question: 'Where?', answers: isImpossible === true || isImpossible === 'true' ? [] : [{ text: 'Paris', answer_start: 13 }], is_impossible: isImpossible }] }] }] });

  it.each([
    { value: true, impossible: true },
    { value: 'true', impossible: true },
    { value: 'True', impossible: true },
    { value: false, impossible: false },
    { value: 'false', impossible: false },
    { value: 'FALSE', impossible: false },
  ])('is_impossible $value is read as $impossible', async ({ value, impossible }) => {
    const r = await importFile('x.json', new TextEncoder().encode(squad(value)), { dataset: 'd' });
    expect(r.issues).toEqual([]);
    expect(r.instances[0]?.isImpossible).toBe(impossible);
  });

  it.each(['yes', '1', '', 'null'])('is_impossible "%s" is a field error naming the field; the file still loads', async (value) => {
    const text = JSON.stringify({ data: [{ title: 't', paragraphs: [{ context: 'Ada lives in Paris.', qas: [
      { id: 'ok', question: 'Where?', answers: [{ text: 'Paris', answer_start: 13 }] },
      { id: 'bad', question: 'Who?', answers: [{ text: 'Ada', answer_start: 0 }], is_impossible: value },
    ] }] }] });
    const r = await importFile('x.json', new TextEncoder().encode(text), { dataset: 'd' });
    expect(r.instances.map((i) => i.id)).toEqual(['ok']);
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]?.path).toBe('data[0].paragraphs[0].qas[1]');
    expect(r.issues[0]?.message).toContain('is_impossible');
    expect(r.issues[0]?.message).toContain(JSON.stringify(value));
  });

  it.each([
    { version: 2.0, v2: true },
    { version: 1.1, v2: false },
    { version: 'v2.0', v2: true },
    { version: '1.1', v2: false },
  ])('version $version (string or number) is read', async ({ version, v2 }) => {
    const r = await importFile('x.json', new TextEncoder().encode(squad(false, version)), { dataset: 'd' });
    expect(r.instances).toHaveLength(1);
    expect(r.issues).toEqual([]);
    const { readSquad } = await import('../../src/core/formats/squad.ts');
    expect(readSquad(squad(false, version), 'x.json').version).toBe(v2 ? 'v2.0' : 'v1.1');
  });

  it('a DuReader file with some answer_start -1 keeps a note per answer (only an all -1 file is summarized)', async () => {
    const text = JSON.stringify({ data: [{ paragraphs: [{ context: '北京是中国的首都。', qas: [
      { id: 'a', question: '中国的首都是哪里？', answers: [{ text: '北京', answer_start: -1 }] },
      { id: 'b', question: '北京是哪国的首都？', answers: [{ text: '中国', answer_start: 3 }] },
    ] }] }] });
    const r = await importFile('dureader.json', new TextEncoder().encode(text), { dataset: 'd' });
    expect(r.instances).toHaveLength(2);
    expect(r.issues.map((i) => [i.path, i.kind])).toEqual([['data[0].paragraphs[0].qas[0].answers[0]', 'answer-offset']]);
  });
});
