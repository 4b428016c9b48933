/** eval reads the data as the official scripts do: malformed fields they never read cost a warning, not the question. */
import { describe, expect, it } from 'vitest';
import { evaluateV1, evaluateV2 } from '../../src/core/metrics/index.ts';
import { readEvalData } from '../../src/core/metrics/eval-data.ts';
import { InputError } from '../../src/core/formats/json.ts';

const CTX = 'Ada Lovelace was born in London.';
const good = { id: 'ok', question: 'Where?', answers: [{ text: 'London', answer_start: 25 }] };
const file = (qa: unknown, over: Record<string, unknown> = {}) => ({ version: 'v2.0', data: [{ title: 't', paragraphs: [{ context: CTX, qas: [good, qa] }], ...over }] });

describe('readEvalData', () => {
  it.each([
    { name: 'answer_start as a string', qa: { id: 'x', question: 'Who?', answers: [{ text: 'Ada', answer_start: '0' }] }, warning: /answers\[0\]\.answer_start: expected an integer, got the string "0"/ },
    { name: 'no question', qa: { id: 'x', answers: [{ text: 'Ada', answer_start: 0 }] }, warning: /question: expected a string, got nothing/ },
    { name: 'is_impossible as a string', qa: { id: 'x', question: 'Who?', is_impossible: 'no', answers: [{ text: 'Ada', answer_start: 0 }] }, warning: /is_impossible: expected true or false \(or the string "true"\/"false"\), got the string "no"/ },
    // The challenge sets write "true"/"false" as strings: read as booleans, no warning.
    { name: 'is_impossible as the string "false"', qa: { id: 'x', question: 'Who?', is_impossible: 'false', answers: [{ text: 'Ada', answer_start: 0 }] }, warning: null },
  ])('$name: scored, with a warning naming the field', ({ qa, warning }) => {
    const d = readEvalData(file(qa), 'dev.json');
    expect(d.ids).toHaveLength(2);
    const notes = d.issues.filter((i) => !i.skipped);
    if (warning) {
      expect(notes).toHaveLength(1);
      expect(notes[0]?.path).toBe('data[0].paragraphs[0].qas[1]');
      expect(notes[0]?.message).toMatch(warning);
      expect(notes[0]?.message).toMatch(/not read by the official script; scored/);
    } else expect(notes).toEqual([]);
    expect(d.issues.filter((i) => i.skipped)).toEqual([]);
  });

  it.each([
    { name: 'no id', qa: { question: 'Who?', answers: [] }, message: /^id: expected a string, got nothing; not scored$/ },
    { name: 'answers not a list', qa: { id: 'x', question: 'Who?', answers: 'Ada' }, message: /^answers: expected a list/ },
    { name: 'an answer text that is a number', qa: { id: 'x', question: 'Who?', answers: [{ text: 5, answer_start: 0 }] }, message: /^answers\[0\]\.text: expected a string, got number 5/ },
  ])('$name: what the script cannot score is left out, with its path', ({ qa, message }) => {
    const d = readEvalData(file(qa), 'dev.json');
    expect(d.ids).toEqual(['ok']);
    expect(d.issues).toHaveLength(1);
    expect(d.issues[0]).toMatchObject({ path: 'data[0].paragraphs[0].qas[1]', skipped: true });
    expect(d.issues[0]?.message).toMatch(message);
  });

  it('a paragraph whose context is not a string still has its questions scored', () => {
    const d = readEvalData({ version: 'v1.1', data: [{ title: 5, paragraphs: [{ context: 42, qas: [good] }] }] }, 'dev.json');
    expect(d.ids).toEqual(['ok']);
    expect(d.issues.map((i) => i.path)).toEqual(['data[0].title', 'data[0].paragraphs[0].qas[0]']);
    expect(d.issues[1]?.message).toMatch(/^context: expected a string, got number 42/);
  });

  it('scores the malformed question as the official script would (v2.0: 2 questions, both right → 100)', () => {
    const d = readEvalData(file({ id: 'x', question: 'Who?', answers: [{ text: 'Ada', answer_start: '0' }] }), 'dev.json');
    const r = evaluateV2(d.dataset, { ok: 'London', x: 'Ada' }).result;
    expect(r).toMatchObject({ exact: 100, total: 2, HasAns_total: 2 });
    const wrong = evaluateV2(d.dataset, { ok: 'London', x: 'Byron' }).result;
    expect(wrong).toMatchObject({ exact: 50, total: 2 });
  });

  it('v1.1: the version comes from the file; unanswerable flags make it v2.0', () => {
    const v1 = readEvalData({ version: '1.1', data: [{ title: 't', paragraphs: [{ context: CTX, qas: [{ ...good, answers: [{ text: 'London', answer_start: 'x' }] }] }] }] }, 'dev.json');
    expect(v1.version).toBe('v1.1');
    expect(evaluateV1(v1.dataset, { ok: 'London' }).result).toEqual({ exact_match: 100, f1: 100 });
    expect(readEvalData({ data: [{ paragraphs: [{ context: CTX, qas: [{ ...good, is_impossible: true }] }] }] }, 'x').version).toBe('v2.0');
  });

  it('a root without data is not a SQuAD file', () => {
    expect(() => readEvalData({ rows: [] }, 'x.json')).toThrow(InputError);
    expect(() => readEvalData({ rows: [] }, 'x.json')).toThrow(/^x\.json: not a SQuAD file \(data: /);
  });

  it('keeps every copy of a duplicate id for the scripts (test/unit/eval-duplicates.test.ts), listing the id once', () => {
    const d = readEvalData(file({ ...good }), 'dev.json');
    expect(d.ids).toEqual(['ok']);
    expect(d.dataset.data[0]?.paragraphs[0]?.qas).toHaveLength(2);
    expect(d.issues).toMatchObject([{ kind: 'duplicate-id', skipped: false }]);
  });

  it('uses a well-formed question as it is and copies one that needs a fix; both score as the script does', () => {
    const plain = { id: 'p', question: 'Where?', answers: [{ text: 'London', answer_start: 25, extra: 1 }], is_impossible: false, plausible_answers: [] };
    const fixed = { id: 'f', question: 'Where?', answers: [{ text: 'London', answer_start: '25' }], is_impossible: 'false' };
    const raw = { version: 'v2.0', data: [{ title: 't', paragraphs: [{ context: CTX, qas: [plain, fixed] }] }] };
    const qas = readEvalData(raw, 'dev.json').dataset.data[0]?.paragraphs[0]?.qas ?? [];
    expect(qas[0]).toBe(plain);
    expect(qas[1]).not.toBe(fixed);
    expect(qas[1]).toEqual({ id: 'f', question: 'Where?', answers: [{ text: 'London', answer_start: -1 }], is_impossible: false });
    const r = evaluateV2(readEvalData(raw, 'dev.json').dataset, { p: 'London', f: 'London' }).result;
    expect(r).toMatchObject({ exact: 100, total: 2 });
  });
});
