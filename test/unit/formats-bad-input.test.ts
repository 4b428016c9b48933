/** Every kind of bad input, per format: valid entries are kept and each problem names its field or line. */
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { DatasetFormat } from '../../src/core/data/types.ts';
import { importFile, importPairs, InputError, summarizeIssues, type IssueKind } from '../../src/core/formats/index.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const CTX = 'Ada Lovelace was born in London in 1815.';
const flatRow = (id: string, over: Record<string, unknown> = {}) => JSON.stringify({ id, title: 't', context: CTX, question: `Question ${id}?`, answers: { text: ['London'], answer_start: [25] }, ...over });
const flatLines = (n: number, bad: Record<number, string>) => Array.from({ length: n }, (_, i) => bad[i + 1] ?? flatRow(`q${i + 1}`)).join('\n');
const squad = (qas: unknown[], context = CTX) => JSON.stringify({ version: 'v2.0', data: [{ title: 't', paragraphs: [{ context, qas }, { context: CTX, qas: [{ id: 'ok', question: 'Who?', answers: [{ text: 'Ada Lovelace', answer_start: 0 }] }] }] }] });
const mrqaQa = (qid: string, over: Record<string, unknown> = {}) => ({ qid, question: `q ${qid}?`, answers: ['London'], detected_answers: [{ text: 'London', char_spans: [[25, 30]] }], ...over });
const mrqa = (...lines: unknown[]) => [JSON.stringify({ header: { dataset: 'X', split: 'dev' } }), ...lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l)))].join('\n');
const csv = (...rows: string[]) => ['original,perturbed,question,answer,id', ...rows].join('\n');

interface IssueCase {
  name: string;
  file: string;
  text: string | Uint8Array;
  format?: DatasetFormat;
  /** Issue expected (first issue matching `kind`). */
  kind: IssueKind;
  path: string | RegExp;
  message: RegExp;
  skipped: boolean;
  /** Ids that must survive. */
  kept: string[];
}

const cases: IssueCase[] = [
  // malformed lines / documents
  { name: 'jsonl: malformed line 17', file: 'd.jsonl', text: flatLines(20, { 17: '{"id": "q17", "context": ' }), kind: 'malformed-line', path: 'line 17', message: /invalid JSON on line 17 at column \d+/, skipped: true, kept: ['q1', 'q16', 'q18', 'q20'] },
  { name: 'jsonl: a line that is not an object', file: 'd.jsonl', text: flatLines(3, { 2: '[1, 2]' }), kind: 'schema', path: 'line 2', message: /expected a row object \{id, title, context, question, answers\}, got an array/, skipped: true, kept: ['q1', 'q3'] },
  { name: 'mrqa: malformed line', file: 'm.jsonl', text: mrqa({ context: CTX, qas: [mrqaQa('a')] }, '{"context": "x", qas: []}', { context: CTX, qas: [mrqaQa('b')] }), kind: 'malformed-line', path: 'line 3', message: /invalid JSON on line 3 at column 18: unexpected character/, skipped: true, kept: ['a', 'b'] },
  { name: 'csv: unterminated quote', file: 'p.csv', text: csv(`${CTX},${CTX},Where?,London,a`, `"${CTX},${CTX},Where?,London,b`), kind: 'malformed-row', path: 'line 3', message: /Quoted field unterminated/, skipped: true, kept: ['a'] },
  { name: 'csv: wrong field count', file: 'p.csv', text: csv(`${CTX},${CTX},Where?,London,a,extra`, `${CTX},${CTX},Where?,London,b`), kind: 'malformed-row', path: 'line 2', message: /has 6 fields, the header has 5/, skipped: true, kept: ['b'] },
  // wrong schema
  { name: 'squad: question not a string', file: 's.json', text: squad([{ id: 'a', question: 7, answers: [] }]), kind: 'schema', path: 'data[0].paragraphs[0].qas[0]', message: /question: expected string, got 7/, skipped: true, kept: ['ok'] },
  { name: 'squad: answers not a list', file: 's.json', text: squad([{ id: 'a', question: 'x?', answers: 'London' }]), kind: 'schema', path: 'data[0].paragraphs[0].qas[0]', message: /answers/, skipped: true, kept: ['ok'] },
  { name: 'flat: question missing', file: 'd.jsonl', text: flatLines(3, { 2: JSON.stringify({ id: 'q2', context: CTX, answers: { text: [], answer_start: [] } }) }), kind: 'schema', path: 'line 2.question', message: /^question: missing$/, skipped: true, kept: ['q1', 'q3'] },
  { name: 'flat: answer_start not integers', file: 'd.jsonl', text: flatLines(2, { 1: flatRow('q1', { answers: { text: ['London'], answer_start: ['25'] } }) }), kind: 'schema', path: 'line 1.answers', message: /answers/, skipped: true, kept: ['q2'] },
  { name: 'flat: text/answer_start lengths differ', file: 'd.jsonl', text: flatLines(2, { 2: flatRow('q2', { answers: { text: ['London', 'Ada'], answer_start: [25] } }) }), kind: 'schema', path: 'line 2.answers', message: /2 entries but answers.answer_start has 1/, skipped: true, kept: ['q1'] },
  { name: 'flat array: bad row', file: 'd.json', text: `[${flatRow('a')}, {"id": "b"}, ${flatRow('c')}]`, kind: 'schema', path: '[1].context', message: /context/, skipped: true, kept: ['a', 'c'] },
  { name: 'mrqa: qas not a list', file: 'm.jsonl', text: mrqa({ context: CTX, qas: 'none' }, { context: CTX, qas: [mrqaQa('b')] }), kind: 'schema', path: 'line 2.qas', message: /qas: expected Array, got "none"/, skipped: true, kept: ['b'] },
  { name: 'mrqa: bad char_spans', file: 'm.jsonl', text: mrqa({ context: CTX, qas: [mrqaQa('a', { detected_answers: [{ text: 'London', char_spans: [[25]] }] }), mrqaQa('b')] }), kind: 'schema', path: 'line 2.qas[0].detected_answers[0].char_spans[0][1]', message: /char_spans/, skipped: true, kept: ['b'] },
  { name: 'mrqa: no qid', file: 'm.jsonl', text: mrqa({ context: CTX, qas: [{ question: 'q?', answers: ['London'] }, mrqaQa('b')] }), kind: 'schema', path: 'line 2.qas[0].qid', message: /no qid/, skipped: true, kept: ['b'] },
  { name: 'mrqa: no header', file: 'm.jsonl', text: [JSON.stringify({ context: CTX, qas: [mrqaQa('a')] })].join('\n'), format: 'mrqa', kind: 'header', path: 'line 1', message: /no MRQA header/, skipped: false, kept: ['a'] },
  { name: 'csv: empty question', file: 'p.csv', text: csv(`${CTX},${CTX},,London,a`, `${CTX},${CTX},Where?,London,b`), kind: 'schema', path: 'line 2.question', message: /empty question/, skipped: true, kept: ['b'] },
  // answers
  { name: 'squad: answer not at answer_start → moved', file: 's.json', text: squad([{ id: 'a', question: 'x?', answers: [{ text: 'London', answer_start: 3 }] }]), kind: 'answer-offset', path: 'data[0].paragraphs[0].qas[0].answers[0]', message: /not at answer_start 3; found at 25/, skipped: false, kept: ['a', 'ok'] },
  { name: 'squad: answer nowhere → question skipped', file: 's.json', text: squad([{ id: 'a', question: 'x?', answers: [{ text: 'Paris', answer_start: 3 }] }]), kind: 'answer-missing', path: 'data[0].paragraphs[0].qas[0].answers', message: /"Paris" does not occur in the passage; question skipped/, skipped: true, kept: ['ok'] },
  { name: 'dureader: answer_start -1 and not found', file: 'dureader.json', text: squad([{ id: 'a', question: '哪里？', answers: [{ text: '巴黎', answer_start: -1 }] }]), kind: 'answer-missing', path: 'data[0].paragraphs[0].qas[0].answers', message: /"巴黎" does not occur/, skipped: true, kept: ['ok'] },
  { name: 'flat: answer moved', file: 'd.jsonl', text: flatLines(2, { 2: flatRow('q2', { answers: { text: ['London'], answer_start: [0] } }) }), kind: 'answer-offset', path: 'line 2.answers.text[0]', message: /found at 25/, skipped: false, kept: ['q1', 'q2'] },
  { name: 'mrqa: span holds other text', file: 'm.jsonl', text: mrqa({ context: CTX, qas: [mrqaQa('a', { detected_answers: [{ text: 'London', char_spans: [[0, 5]] }] })] }), kind: 'answer-offset', path: 'line 2.qas[0].detected_answers[0].char_spans[0]', message: /span \[0, 5\] is "Ada Lo", not "London"; found the text at 25/, skipped: false, kept: ['a'] },
  { name: 'mrqa: span outside the passage, text absent', file: 'm.jsonl', text: mrqa({ context: CTX, qas: [mrqaQa('a', { detected_answers: [{ text: 'Paris', char_spans: [[500, 504]] }] }), mrqaQa('b')] }), kind: 'answer-missing', path: 'line 2.qas[0].detected_answers', message: /no answer \(e\.g\. "Paris"\) occurs in the passage/, skipped: true, kept: ['b'] },
  { name: 'mrqa: no answers at all', file: 'm.jsonl', text: mrqa({ context: CTX, qas: [mrqaQa('a', { answers: [], detected_answers: [] }), mrqaQa('b')] }), kind: 'no-answers', path: 'line 2.qas[0].answers', message: /MRQA questions are all answerable/, skipped: true, kept: ['b'] },
  { name: 'csv: answer not in the original', file: 'p.csv', text: csv(`${CTX},${CTX},Where?,Paris,a`, `${CTX},${CTX},Where?,London,b`), kind: 'answer-missing', path: 'line 2.answer', message: /"Paris" does not occur in the passage; question skipped/, skipped: true, kept: ['b'] },
  { name: 'csv: answer not in the perturbed passage → kept without revision', file: 'p.csv', text: csv(`${CTX},Ada was born in Paris.,Where?,London,a`), kind: 'no-revision', path: 'line 2.perturbed', message: /kept without a revision/, skipped: false, kept: ['a'] },
  // duplicate ids
  { name: 'squad: duplicate id', file: 's.json', text: squad([{ id: 'ok', question: 'x?', answers: [] }]), kind: 'duplicate-id', path: 'data[0].paragraphs[1].qas[0].id', message: /duplicate id "ok"; the first one is kept/, skipped: true, kept: ['ok'] },
  { name: 'flat: duplicate id', file: 'd.jsonl', text: flatLines(3, { 3: flatRow('q1') }), kind: 'duplicate-id', path: 'line 3.id', message: /duplicate id "q1"/, skipped: true, kept: ['q1', 'q2'] },
  { name: 'mrqa: duplicate qid across lines', file: 'm.jsonl', text: mrqa({ context: CTX, qas: [mrqaQa('a')] }, { context: CTX, qas: [mrqaQa('a'), mrqaQa('b')] }), kind: 'duplicate-id', path: 'line 3.qas[0].qid', message: /duplicate id "a"/, skipped: true, kept: ['a', 'b'] },
  { name: 'csv: duplicate id', file: 'p.csv', text: csv(`${CTX},${CTX},Where?,London,a`, `${CTX},${CTX},Who?,Ada,a`), kind: 'duplicate-id', path: 'line 3.id', message: /duplicate id "a"/, skipped: true, kept: ['a'] },
  // empty contexts
  { name: 'squad: empty context', file: 's.json', text: squad([{ id: 'a', question: 'x?', answers: [] }], ' \n '), kind: 'empty-context', path: 'data[0].paragraphs[0].context', message: /empty context/, skipped: true, kept: ['ok'] },
  { name: 'flat: empty context', file: 'd.jsonl', text: flatLines(2, { 1: flatRow('q1', { context: '' }) }), kind: 'empty-context', path: 'line 1.context', message: /empty context/, skipped: true, kept: ['q2'] },
  { name: 'mrqa: empty context', file: 'm.jsonl', text: mrqa({ context: '  ', qas: [mrqaQa('a')] }, { context: CTX, qas: [mrqaQa('b')] }), kind: 'empty-context', path: 'line 2.context', message: /its 1 questions are skipped/, skipped: true, kept: ['b'] },
  { name: 'csv: empty original context', file: 'p.csv', text: csv(`"",${CTX},Where?,London,a`, `${CTX},${CTX},Where?,London,b`), kind: 'empty-context', path: 'line 2.original', message: /empty original context/, skipped: true, kept: ['b'] },
  { name: 'csv: empty perturbed context', file: 'p.csv', text: csv(`${CTX},,Where?,London,a`), kind: 'no-revision', path: 'line 2.perturbed', message: /empty perturbed context; kept without a revision/, skipped: false, kept: ['a'] },
  // encoding and gzip
  { name: 'jsonl: invalid UTF-8 in a line', file: 'd.jsonl', text: new Uint8Array([...enc(`${flatRow('q1')}\n`), ...enc(flatRow('q2', { title: 'AB' })).map((b) => (b === 0x41 ? 0xff : b))]), kind: 'encoding', path: 'line 2', message: /not valid UTF-8/, skipped: false, kept: ['q1', 'q2'] },
  { name: 'gzip: truncated after some lines', file: 'd.jsonl.gz', text: truncatedGzip(), kind: 'gzip', path: /^line \d+$/, message: /d\.jsonl\.gz: corrupt gzip data near byte \d+: the data ends early \(truncated download\?\); the \d+ lines before this point were read/, skipped: false, kept: ['q1', 'q1000'] },
  { name: 'gzip: checksum mismatch', file: 'd.jsonl.gz', text: badChecksumGzip(), kind: 'gzip', path: 'gzip trailer', message: /gzip checksum mismatch: the file is corrupt or truncated; all 3 lines were read, but may be damaged/, skipped: false, kept: ['q1', 'q3'] },
];

function gz(text: string): Uint8Array {
  return gzipSync(enc(text), { mtime: 0 });
}
function truncatedGzip(): Uint8Array {
  // Varied questions so the compressed stream is long enough to cut in the middle.
  const lines = Array.from({ length: 6000 }, (_, i) => flatRow(`q${i + 1}`, { question: `Question ${i} ${((i * 2654435761) >>> 0).toString(36)}?` }));
  const full = gz(lines.join('\n'));
  return full.subarray(0, Math.floor(full.length * 0.6));
}
function badChecksumGzip(): Uint8Array {
  const b = gz(flatLines(3, {})).slice();
  b[b.length - 8] = ((b[b.length - 8] as number) ^ 0xff) & 0xff;
  return b;
}

describe('bad input: valid entries kept, the problem named', () => {
  it.each(cases)('$name', async ({ file, text, format, kind, path, message, skipped, kept }) => {
    const bytes = typeof text === 'string' ? enc(text) : text;
    const r = await importFile(file, bytes, { dataset: 't', ...(format ? { format } : {}) });
    const issue = r.issues.find((i) => i.kind === kind);
    expect(issue, JSON.stringify(r.issues)).toBeDefined();
    if (typeof path === 'string') expect(issue?.path).toBe(path);
    else expect(issue?.path).toMatch(path);
    expect(issue?.message).toMatch(message);
    expect(issue?.skipped).toBe(skipped);
    const ids = r.instances.map((i) => i.id);
    for (const id of kept) expect(ids).toContain(id);
    for (const i of r.instances) for (const a of i.answers) expect(i.context.slice(a.start, a.start + a.text.length)).toBe(a.text);
    expect(summarizeIssues(r.issues)).not.toBe('no problems');
  });
});

describe('bad files: one InputError naming the file', () => {
  it.each([
    { name: 'malformed JSON document (line and column)', file: 's.json', text: '{"data": [\n  {"title": "x", "paragraphs": [}\n]}', message: /^s\.json: invalid JSON at line 2, column 33: a value was expected$/ },
    { name: 'malformed JSON array', file: 'rows.json', text: '[{"id": 1},\n{"id": 2,,}]', message: /^rows\.json: invalid JSON at line 2, column 10/ },
    { name: 'not SQuAD', file: 's.json', text: '{"rows": []}', message: /^s\.json: not a SQuAD file \(data: / },
    { name: 'a missing key is named, never "received undefined"', file: 's.json', text: '{"rows": []}', message: /^s\.json: not a SQuAD file \(data: missing\)\./ },
    { name: 'a predictions file says what it is', file: 'predictions.json', text: '{"q1": "Paris", "q2": ""}', message: /^predictions\.json: this looks like a predictions file \(\{"question id": "answer"\}\), not a dataset; score it against its dataset with: qarx eval <dataset> predictions\.json$/ },
    { name: 'a null-odds file says what it is', file: 'null_odds.json', text: '{"q1": 0.3, "q2": -1.5}', message: /^null_odds\.json: this looks like a null-odds file \(\{"question id": number\}\), not a dataset; pass it to: qarx eval <dataset> <predictions> --na-prob-file null_odds\.json$/ },
    { name: 'empty file', file: 's.json', text: '', message: /s\.json: the file is empty/ },
    { name: 'blank file', file: 's.json', text: ' \n ', format: 'squad' as const, message: /s\.json: the file is empty/ },
    { name: 'unknown format', file: 'notes.txt', text: 'just some words', message: /notes\.txt: unrecognized format; expected SQuAD/ },
    { name: 'csv without needed columns', file: 'p.csv', text: 'context,question\nabc,q?', message: /p\.csv: not a pairs CSV: missing columns perturbed context .*; answer .*the header has "context", "question"/ },
    { name: 'gzip with a bad header', file: 'd.jsonl.gz', text: new Uint8Array([0x1f, 0x8b, 0x08, 0xff, 0, 0, 0, 0, 0, 3, 1, 2, 3, 4, 5]), message: /d\.jsonl\.gz: corrupt gzip data near byte 0/ },
    { name: 'gzip of a nested JSON that ends early', file: 's.json.gz', text: gz(squad([])).subarray(0, 30), message: /s\.json\.gz: corrupt gzip data/ },
    { name: 'UTF-16 with a BOM (Windows PowerShell\'s >)', file: 's.json', text: new Uint8Array([0xff, 0xfe, ...[...squad([])].flatMap((c) => [c.charCodeAt(0), 0])]), message: /^s\.json: the file looks like UTF-16, .*save it as UTF-8\.$/ },
    { name: 'UTF-16 without a BOM', file: 's.json', text: new Uint8Array([...[...squad([])].flatMap((c) => [c.charCodeAt(0), 0])]), message: /the file looks like UTF-16/ },
    { name: 'parquet goes to the HF importer', file: 'x.parquet', text: 'PAR1', message: /Parquet files are read by the Hugging Face dataset importer/ },
  ])('$name', async ({ file, text, message, ...rest }) => {
    const bytes = typeof text === 'string' ? enc(text) : text;
    const format = 'format' in rest ? rest.format : undefined;
    const p = importFile(file, bytes, { dataset: 't', ...(format ? { format } : {}) });
    await expect(p).rejects.toThrow(InputError);
    await expect(p).rejects.toThrow(message);
  });

  it('a file larger than maxBytes', async () => {
    const p = importFile('big.jsonl', enc(flatLines(50, {})), { dataset: 't', maxBytes: 1000 });
    await expect(p).rejects.toThrow(/^big\.jsonl: the file is \d\.\d kB, more than the 1\.0 kB limit; split it or import a subset\.$/);
  });

  it('a gzip file that inflates past maxBytes keeps what fit', async () => {
    const r = await importFile('big.jsonl.gz', gz(flatLines(200, {})), { dataset: 't', maxBytes: 5000 });
    expect(r.instances.length).toBeGreaterThan(0);
    expect(r.instances.length).toBeLessThan(200);
    expect(r.issues.at(-1)).toMatchObject({ kind: 'gzip', message: expect.stringMatching(/inflates to more than the 5\.0 kB limit/) });
  });

  it('the default limit is 1.5 GB (checked before anything is read)', async () => {
    const fake = { length: 1_600_000_000, subarray: () => new Uint8Array() } as unknown as Uint8Array;
    await expect(importFile('huge.jsonl', fake, { dataset: 't' })).rejects.toThrow(/huge\.jsonl: the file is 1\.6 GB, more than the 1\.5 GB limit/);
  });
});

describe('pairs from two imports', () => {
  const inst = (id: string, context: string, answers: { text: string; start: number }[], question = `q ${id}?`) => ({ id, dataset: 'd', title: '', question, context, answers, isImpossible: answers.length === 0, lang: 'en' as const, tags: [] });
  const res = (instances: ReturnType<typeof inst>[]) => ({ format: 'squad' as const, instances, issues: [] });

  it.each([
    { name: 'perturbed answers are used', o: inst('a', 'Ada in London.', [{ text: 'London', start: 7 }]), p: inst('a', 'Ada lived in Paris.', [{ text: 'Paris', start: 13 }]), revision: [{ text: 'Paris', start: 13 }], issue: null },
    { name: 'original answer carried when the perturbed file has none', o: inst('a', 'Ada in London.', [{ text: 'London', start: 7 }]), p: inst('a', 'Then Ada moved to London.', []), revision: [{ text: 'London', start: 18 }], issue: null },
    { name: 'answer gone from the edit → no revision', o: inst('a', 'Ada in London.', [{ text: 'London', start: 7 }]), p: inst('a', 'Ada in Paris.', []), revision: null, issue: /"London" does not occur in the perturbed passage; kept without a revision/ },
    { name: 'unanswerable in both', o: inst('a', 'Ada in London.', []), p: inst('a', 'Ada in Paris.', []), revision: [], issue: null },
  ])('$name', ({ o, p, revision, issue }) => {
    const r = importPairs(res([o]), res([p]), { original: 'o.json', perturbed: 'p.json' });
    expect(r.instances).toHaveLength(1);
    expect(r.instances[0]?.revision?.answers ?? null).toEqual(revision);
    expect(r.instances[0]?.tags.includes('revision')).toBe(revision !== null);
    if (issue) expect(r.issues).toEqual([{ path: 'p.json: id "a"', message: expect.stringMatching(issue), kind: 'no-revision', skipped: false }]);
    else expect(r.issues).toEqual([]);
  });

  it('a question the perturbed file lacks loses a revision it carried itself (a trapped file never pairs a question with the demo set\'s own edit)', () => {
    const own = { ...inst('b', 'Bo in Rome.', [{ text: 'Rome', start: 6 }]), tags: ['revision'], revision: { context: 'Bo lived in Rome.', answers: [{ text: 'Rome', start: 12 }] } };
    const r = importPairs(res([inst('a', 'Ada in London.', [{ text: 'London', start: 7 }]), own as unknown as ReturnType<typeof inst>]), res([inst('a', 'Ada lived in London.', [])]));
    expect(r.instances.map((i) => [i.id, Boolean(i.revision), i.tags.includes('revision')])).toEqual([['a', true, true], ['b', false, false]]);
  });

  it('prefixes each file’s own issues with its name', () => {
    const r = importPairs({ ...res([]), issues: [{ path: 'line 3', message: 'x', kind: 'malformed-line', skipped: true }] }, res([]), { original: 'o.jsonl', perturbed: 'p.jsonl' });
    expect(r.issues).toEqual([{ path: 'o.jsonl: line 3', message: 'x', kind: 'malformed-line', skipped: true }]);
  });
});

describe('summarizeIssues', () => {
  it.each([
    { name: 'none', issues: [], text: 'no problems' },
    {
      name: 'skips and notes',
      issues: [
        { path: 'line 3', message: '', kind: 'malformed-line' as const, skipped: true },
        { path: 'line 9', message: '', kind: 'malformed-line' as const, skipped: true },
        { path: 'line 4.id', message: '', kind: 'duplicate-id' as const, skipped: true },
        { path: 'line 5', message: '', kind: 'answer-offset' as const, skipped: false },
      ],
      text: '3 skipped: 2 malformed lines, 1 duplicate id; kept, noted: 1 answer offset fixed',
    },
    { name: 'issues from older readers', issues: [{ path: 'a', message: '' }, { path: 'b', message: '' }], text: 'kept, noted: 2 other problems' },
    { name: 'cancelled', issues: [{ path: 'line 2001', message: '', kind: 'cancelled' as const, skipped: true }], text: 'cancelled' },
    // Issue 41.10: "2123 notes" said neither what they were nor grouped the digits.
    { name: 'large counts, grouped and named', issues: [{ path: 'pairing', message: '', kind: 'paired-by-passage' as const, skipped: false, count: 2123 }, { path: 'line 7', message: '', kind: 'malformed-line' as const, skipped: true, count: 1500 }], text: '1,500 skipped: 1,500 malformed lines; kept, noted: 2,123 questions paired by passage and answers (ids differ)' },
  ])('$name', ({ issues, text }) => {
    expect(summarizeIssues(issues)).toBe(text);
  });
});
