/**
 * A file's own entity annotations take precedence over the built-in tagger (Yan et al. 2022 §3.1
 * step 1 tags with spaCy: a file tagged that way renames as the paper did): an `answer_type` per
 * answer, and spaCy-style passage spans (`entities` as [start, end, label], `ents` as Doc.to_json
 * writes them), in code points.
 */
import { describe, expect, it } from 'vitest';
import { importFile } from '../../src/core/formats/index.ts';
import { selectRenameTarget } from '../../src/core/entity/rename.ts';
import { answerTypeOf } from '../../src/core/ner/answer-type.ts';
import { answerTypeOfLabel, entityTypeOfLabel, fileEntities, spanAnswerType } from '../../src/core/ner/file-entities.ts';

const enc = (x: unknown) => new TextEncoder().encode(JSON.stringify(x));
const CTX = 'Quillan Vaskor founded Veltra in Oslo.';

/** A SQuAD v1.1 file of one passage; `par` and `qa` add keys. */
function squad(qa: Record<string, unknown>, par: Record<string, unknown> = {}) {
  return { version: '1.1', data: [{ title: 't', paragraphs: [{ context: CTX, ...par, qas: [{ id: 'q1', question: 'Who founded Veltra?', answers: [{ text: 'Quillan Vaskor', answer_start: 0 }], ...qa }] }] }] };
}

async function one(file: unknown) {
  const r = await importFile('f.json', enc(file), { dataset: 'f' });
  const inst = r.instances[0];
  if (!inst) throw new Error('no instance');
  return { inst, issues: r.issues };
}

describe('labels (spaCy and CoNLL)', () => {
  it.each([
    ['PERSON', 'PER'],
    ['B-PER', 'PER'],
    ['I-ORG', 'ORG'],
    ['GPE', 'GPE'],
    ['LOC', null],
    ['DATE', null],
  ])('%s → %s', (label, want) => expect(entityTypeOfLabel(label)).toBe(want));
  it.each([
    ['PERSON', 'PER'],
    ['other', 'other'],
    ['DATE', 'other'],
    ['', null],
    [3, null],
  ] as [unknown, string | null][])('answer_type %s → %s', (label, want) => expect(answerTypeOfLabel(label)).toBe(want));
});

describe('§3.1: a file’s own annotations decide the answer entity', () => {
  it('spaCy spans in code points map to UTF-16 offsets', () => {
    const ctx = '𝒜 Ann ran.';
    expect(fileEntities({ entities: [[2, 5, 'PERSON'], [7, 99, 'ORG'], 'x'] }, ctx)).toEqual({ spans: [{ type: 'PER', start: 3, end: 6 }], problems: 2 });
    expect(spanAnswerType([{ type: 'PER', start: 3, end: 6 }], { text: 'Ann', start: 3 })).toBe('PER');
    expect(spanAnswerType([{ type: 'PER', start: 3, end: 6 }], { text: 'ran', start: 7 })).toBe('other');
  });

  it('an answer_type per answer is the question’s type', async () => {
    const { inst } = await one(squad({ answers: [{ text: 'Quillan Vaskor', answer_start: 0, answer_type: 'ORG' }] }));
    expect(inst.answerType).toBe('ORG');
    expect(answerTypeOf(inst)).toBe('ORG');
  });

  it('paragraph spans (spaCy training format) type and cut the answer entity', async () => {
    const { inst } = await one(squad({}, { entities: [[0, 14, 'PERSON'], [23, 29, 'ORG'], [33, 37, 'GPE']] }));
    expect(inst.entities).toEqual([{ type: 'PER', start: 0, end: 14 }, { type: 'ORG', start: 23, end: 29 }, { type: 'GPE', start: 33, end: 37 }]);
    expect(answerTypeOf(inst)).toBe('PER');
    const t = selectRenameTarget(inst, { type: 'MIX', source: 'randstr' });
    if (typeof t === 'string') throw new Error(t);
    expect(t.entity).toMatchObject({ type: 'PER', text: 'Quillan Vaskor', confidence: 1 });
  });

  it('question spans (Doc.to_json `ents`) win over the paragraph’s; no span over the answer → not an entity', async () => {
    const { inst } = await one(squad({ ents: [{ start: 23, end: 29, label: 'ORG' }] }, { entities: [[0, 14, 'PERSON']] }));
    expect(inst.entities).toEqual([{ type: 'ORG', start: 23, end: 29 }]);
    expect(answerTypeOf(inst)).toBe('other');
    expect(selectRenameTarget(inst, { type: 'MIX', source: 'db' })).toBe('no-entity');
  });

  it('bad spans are reported, the valid ones kept', async () => {
    const { inst, issues } = await one(squad({}, { entities: [[0, 14, 'PERSON'], [40, 50, 'ORG'], { start: 'x' }] }));
    expect(inst.entities).toHaveLength(1);
    expect(issues.some((i) => /2 entity span\(s\)/.test(i.message) && /paragraphs\[0\]\.entities$/.test(i.path))).toBe(true);
  });
});

describe('§3.1: the flat (HF) and MRQA readers read the same annotations', () => {
  const lines = (...xs: unknown[]) => new TextEncoder().encode(xs.map((x) => JSON.stringify(x)).join('\n') + '\n');
  const flatRow = (extra: Record<string, unknown>) => ({ id: 'q1', title: 't', context: CTX, question: 'Who founded Veltra?', answers: { text: ['Quillan Vaskor'], answer_start: [0] }, ...extra });
  const mrqa = (qa: Record<string, unknown>, passage: Record<string, unknown> = {}) => [
    { header: { dataset: 'SQuAD', split: 'dev' } },
    { id: 'p1', context: CTX, context_tokens: [['Quillan', 0], ['Vaskor', 8]], ...passage, qas: [{ qid: 'q1', question: 'Who founded Veltra?', question_tokens: [['Who', 0]], answers: ['Quillan Vaskor'], detected_answers: [{ text: 'Quillan Vaskor', char_spans: [[0, 13]], token_spans: [[0, 1]] }], ...qa }] },
  ];

  it.each([
    ['flat: a row’s answer_type column (spaCy label)', 'f.jsonl', () => lines(flatRow({ answer_type: 'ORG' })), 'ORG', undefined],
    ['flat: the answers column’s answer_type list', 'f.jsonl', () => lines(flatRow({ answers: { text: ['Quillan Vaskor'], answer_start: [0], answer_type: ['GPE'] } })), 'GPE', undefined],
    ['flat: a row’s spaCy spans', 'f.jsonl', () => lines(flatRow({ entities: [[0, 14, 'PERSON'], [23, 29, 'ORG']] })), undefined, 'PER'],
    ['MRQA: a question’s answer_type', 'm.jsonl', () => lines(...mrqa({ answer_type: 'ORG' })), 'ORG', undefined],
    ['MRQA: the first detected answer’s answer_type', 'm.jsonl', () => lines(...mrqa({ detected_answers: [{ text: 'Quillan Vaskor', char_spans: [[0, 13]], answer_type: 'PERSON' }] })), 'PER', undefined],
    ['MRQA: a passage line’s spaCy spans (Doc.to_json ents)', 'm.jsonl', () => lines(...mrqa({}, { ents: [{ start: 23, end: 29, label: 'ORG' }] })), undefined, 'other'],
  ] as [string, string, () => Uint8Array, string | undefined, string | undefined][])('%s', async (_, name, bytes, answerType, fromSpans) => {
    const r = await importFile(name, bytes(), { dataset: 'f' });
    const inst = r.instances[0];
    if (!inst) throw new Error(JSON.stringify(r.issues));
    expect(r.format).toBe(name.startsWith('m') ? 'mrqa' : 'squad-flat');
    expect(inst.answerType).toBe(answerType);
    if (fromSpans) expect(answerTypeOf(inst)).toBe(fromSpans);
    else expect(inst.entities).toBeUndefined();
  });

  it('a flat row’s bad spans are reported with the row’s path, the valid ones kept', async () => {
    const r = await importFile('f.jsonl', lines(flatRow({ entities: [[0, 14, 'PERSON'], [40, 50, 'ORG']] })), { dataset: 'f' });
    expect(r.instances[0]?.entities).toHaveLength(1);
    expect(r.issues.some((i) => /1 entity span\(s\)/.test(i.message) && /entities$/.test(i.path))).toBe(true);
  });
});
