/**
 * Issue 43.2/43.5: batch and annotation files are read with a message for every problem (file, case
 * id, field); a hostile annotation file (wrong ids, duplicates, another batch, newer version, a span
 * that is not in the passage) loses nothing valid.
 */
import { describe, expect, it } from 'vitest';
import { annotationFileToJson, batchToJson, problemText, readAnnotationFile, readBatch } from '../../src/core/validation/files.ts';
import { collectJudgements } from '../../src/core/validation/judgements.ts';
import { ann, vbatch, vcase, vfile } from '../support/validation-fixtures.ts';

const batch = vbatch([vcase('q1'), vcase('q2'), vcase('q3')]);

describe('readBatch', () => {
  it('reads back what batchToJson writes', () => {
    expect(readBatch(batchToJson(batch), 'b.json')).toEqual({ value: batch, problems: [] });
  });

  it.each([
    ['not JSON', '{"format": ', /b\.json: invalid JSON at line 1/],
    ['an array', '[]', /expected a JSON object/],
    ['another format', JSON.stringify({ format: 'qarx-annotations', version: 1 }), /its format is "qarx-annotations", expected "qarx-validation-batch"/],
    ['a newer version', JSON.stringify({ ...batch, version: 2 }), /version 2 is newer than this qarx reads \(1\)/],
    ['no cases field', JSON.stringify({ ...batch, cases: undefined }), /cases: missing/],
  ])('refuses %s with a message', (_, text, message) => {
    const r = readBatch(text, 'b.json');
    expect(r.value).toBeNull();
    expect(problemText(r.problems[0]!)).toMatch(message);
  });

  it('drops a bad case, an edit outside the passage and a repeated id, keeps the rest, and names file, case and field', () => {
    const raw = { ...batch, cases: [vcase('q1'), { ...vcase('q2'), family: 'magic' }, vcase('q3', { edits: [{ start: 0, end: 999 }] }), vcase('q1'), vcase('q4')] };
    const r = readBatch(JSON.stringify(raw), 'b.json');
    expect(r.value?.cases.map((c) => c.id)).toEqual(['q1', 'q4']);
    expect(r.problems.map(problemText)).toEqual([
      expect.stringMatching(/^b\.json, case q2: family: .*case left out$/),
      'b.json, case q3, edits[0]: [0, 999) is not a span of the passage (31 code points); case left out',
      'b.json, case q1, id: a second case with this id; the first is kept',
    ]);
  });
});

describe('readAnnotationFile against its batch', () => {
  it('reads back a clean file', () => {
    const f = vfile('ann', [ann('q1', true), ann('q2', false, false)]);
    expect(readAnnotationFile(annotationFileToJson(f), 'a.json', batch)).toEqual({ value: f, problems: [] });
  });

  it('refuses a file of another batch, another format or a newer version, whole', () => {
    for (const [f, msg] of [
      [vfile('ann', [ann('q1', true)], 'other'), /judgements are of batch "other", not of this batch "b1"; file left out/],
      [{ ...vfile('ann', []), format: 'qarx-validation-batch' }, /its format is "qarx-validation-batch"/],
      [{ ...vfile('ann', []), version: 9 }, /version 9 is newer/],
    ] as const) {
      const r = readAnnotationFile(JSON.stringify(f), 'a.json', batch);
      expect(r.value).toBeNull();
      expect(r.problems[0]?.message).toMatch(msg);
    }
  });

  it('a hostile file: wrong ids, a bad field, a span not in the passage, a duplicate — every valid judgement is kept', () => {
    const hostile = {
      ...vfile('mallory', []),
      annotations: [
        ann('q1', true),
        ann('nope', true),
        { ...ann('q2', true), meaningKept: 'yes' },
        { ...ann('q3', true), answer: { text: 'Berlin', start: 0 } },
        { ...ann('q3', true), answer: { text: 'Paris', start: 40 } },
        ann('q2', false, true, '2026-12-02T09:00:00Z'),
        ann('q2', true, true, '2026-12-02T10:00:00Z'),
        '<script>',
      ],
    };
    const r = readAnnotationFile(JSON.stringify(hostile), 'm.json', batch);
    expect(r.value?.annotations.map((a) => [a.caseId, a.answer?.text ?? null])).toEqual([
      ['q1', 'Paris'],
      ['q2', 'Paris'],
    ]);
    expect(r.problems.map(problemText)).toEqual([
      'm.json, case nope, caseId: no case with this id in batch "b1"; judgement left out',
      expect.stringMatching(/^m\.json, case q2: meaningKept: expected boolean, got "yes"; judgement left out$/),
      'm.json, case q3, answer: the passage has "Paris " at 0, not the answer "Berlin"; judgement left out',
      "m.json, case q3, answer: the answer [40, 45) runs past the passage's end (31 code points); judgement left out",
      'm.json, case q2: judged twice; the later judgement is kept',
      expect.stringMatching(/^m\.json, case #8: .*judgement left out$/),
    ]);
    expect(r.problems.filter((p) => !p.dropped)).toHaveLength(1);
  });

  it('answer offsets are code points: an answer after an emoji is found where it is', () => {
    const b = vbatch([vcase('e', { passage: '😀 Paris is the capital.', edits: [] })]);
    const good = vfile('a', [{ caseId: 'e', answer: { text: 'Paris', start: 2 }, meaningKept: true, at: 'x' }]);
    expect(readAnnotationFile(JSON.stringify(good), 'a.json', b).problems).toEqual([]);
    const utf16 = vfile('a', [{ caseId: 'e', answer: { text: 'Paris', start: 3 }, meaningKept: true, at: 'x' }]);
    expect(readAnnotationFile(JSON.stringify(utf16), 'a.json', b).value?.annotations).toEqual([]);
  });

  it('an empty annotator name is named after the file, with a note', () => {
    const r = readAnnotationFile(JSON.stringify(vfile('  ', [ann('q1', true)])), 'dir/student-7.json', batch);
    expect(r.value?.annotator).toBe('student-7');
    expect(r.problems).toEqual([{ file: 'dir/student-7.json', field: 'annotator', message: 'no annotator name; named "student-7" after the file', dropped: false }]);
  });
});

describe('collectJudgements', () => {
  it('joins two files of one annotator (the later judgement of a case wins) and leaves out another batch', () => {
    const files = [
      { ...vfile('ann', [ann('q1', true, true, '2026-12-02T09:00:00Z')]), file: 'a1.json' },
      { ...vfile('ann', [ann('q1', false, true, '2026-12-02T10:00:00Z'), ann('q2', true)]), file: 'a2.json' },
      { ...vfile('bob', [ann('q1', true)], 'zzz'), file: 'bob.json' },
    ];
    const { judgements, problems } = collectJudgements(batch, files);
    expect(judgements.annotators).toEqual(['ann']);
    expect(judgements.byCase.get('q1')?.get('ann')?.correct).toBe(false);
    expect(judgements.byCase.get('q2')?.get('ann')?.correct).toBe(true);
    expect(problems.map((p) => [p.file, p.dropped])).toEqual([
      ['a2.json', false],
      ['a2.json', false],
      ['bob.json', true],
    ]);
  });
});
