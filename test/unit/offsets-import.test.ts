/**
 * Offsets read from files count Unicode code points, as Python does: every importer keeps a
 * Python-correct answer after an emoji or astral letter where it is, without a relocation note,
 * and the eval reader does not warn about it.
 */
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '../../src/core/data/types.ts';
import { importDuReader, importMrqa, importPairsCsv, importSquad, importSquadFlat } from '../../src/core/formats/index.ts';
import { squadRowToInstance } from '../../src/core/formats/hf-datasets.ts';
import { readSquad } from '../../src/core/formats/squad.ts';

// Hand-counted: 😀 is code point 0 (two UTF-16 units), "Bob" starts at code point 10 (UTF-16 11),
// "𝒜rles" at code point 17 (UTF-16 18: 😀 and 𝒜 each take two units).
const C = '😀 Ann met Bob in 𝒜rles.';
const BOB = { cp: 10, u16: 11 };
const ARLES = { cp: 17, u16: 18 };
// "北京" after a CJK Extension B character: code point 1, UTF-16 2.
const ZH = '𠀀北京是中国的首都。';

const squad = (answers: { text: string; answer_start: number }[], context = C) =>
  JSON.stringify({ version: 'v1.1', data: [{ title: 't', paragraphs: [{ context, qas: [{ id: 'q1', question: 'Who?', answers }] }] }] });
const flatRow = (text: string, start: number) => ({ id: 'q1', title: 't', context: C, question: 'Who?', answers: { text: [text], answer_start: [start] } });
const mrqa = (spans: [number, number][], text: string) =>
  `${JSON.stringify({ header: { dataset: 'x', split: 'dev' } })}\n${JSON.stringify({ context: C, qas: [{ qid: 'q1', question: 'Who?', answers: [text], detected_answers: [{ text, char_spans: spans }] }] })}\n`;
const csv = (start: number) => `id,question,answer,answer_start,original_context,perturbed_context\nq1,Who?,Bob,${start},${C},"${C.replace('met', 'saw')}"\n`;
const opts = (file: string) => ({ file, dataset: 'd' });
const firstAnswers = (r: ImportResult) => r.instances[0]?.answers;

describe('importers read Python (code-point) offsets', () => {
  it.each([
    { name: 'SQuAD', run: () => importSquad(squad([{ text: 'Bob', answer_start: BOB.cp }, { text: '𝒜rles', answer_start: ARLES.cp }]), opts('a.json')) },
    { name: 'HF flat JSON Lines', run: () => importSquadFlat(`${JSON.stringify({ ...flatRow('Bob', BOB.cp), answers: { text: ['Bob', '𝒜rles'], answer_start: [BOB.cp, ARLES.cp] } })}\n`, opts('a.jsonl')) },
    { name: 'HF flat array (SQuAD-style answer list)', run: () => importSquadFlat(JSON.stringify([{ ...flatRow('Bob', 0), answers: [{ text: 'Bob', answer_start: BOB.cp }, { text: '𝒜rles', answer_start: ARLES.cp }] }]), opts('a.json')) },
    { name: 'MRQA char_spans (end inclusive)', run: () => importMrqa(mrqa([[BOB.cp, BOB.cp + 2]], 'Bob') + JSON.stringify({ context: C, qas: [{ qid: 'q2', question: 'Where?', detected_answers: [{ text: '𝒜rles', char_spans: [[ARLES.cp, ARLES.cp + 4]] }] }] }), opts('a.jsonl')) },
  ])('$name: answers kept at the offset, no note', async ({ run }) => {
    const r = await run();
    expect(r.issues).toEqual([]);
    const all = r.instances.flatMap((i) => i.answers);
    expect(all).toEqual([{ text: 'Bob', start: BOB.u16 }, { text: '𝒜rles', start: ARLES.u16 }]);
  });

  it('pairs CSV: the answer_start column is a code point', async () => {
    const r = await importPairsCsv(csv(BOB.cp), opts('p.csv'));
    expect(r.issues).toEqual([]);
    expect(firstAnswers(r)).toEqual([{ text: 'Bob', start: BOB.u16 }]);
    expect(r.instances[0]?.revision?.answers).toEqual([{ text: 'Bob', start: BOB.u16 }]);
  });

  it('Hub parquet rows: answer_start is a code point', () => {
    const r = squadRowToInstance({ id: 'q1', title: 't', context: C, question: 'Who?', answers: { text: ['Bob', '𝒜rles'], answer_start: [BOB.cp, ARLES.cp] } }, 0, 'hf:x/y/dev');
    expect(r.issues).toEqual([]);
    expect(r.instance?.answers).toEqual([{ text: 'Bob', start: BOB.u16 }, { text: '𝒜rles', start: ARLES.u16 }]);
  });

  it('DuReader: a Python offset after an astral CJK character is kept; -1 is located and reported in code points', async () => {
    const ok = await importDuReader(squad([{ text: '北京', answer_start: 1 }], ZH), opts('d.json'));
    expect(ok.issues).toEqual([]);
    expect(firstAnswers(ok)).toEqual([{ text: '北京', start: 2 }]);
    // One placed answer beside the -1 keeps the per-answer note (an all -1 file gets one summary line).
    const located = await importDuReader(squad([{ text: '首都', answer_start: -1 }, { text: '北京', answer_start: 1 }], ZH), opts('d.json'));
    // 首都 is at code point 7 (UTF-16 8).
    expect(firstAnswers(located)).toEqual([{ text: '首都', start: 8 }, { text: '北京', start: 2 }]);
    expect(located.issues.map((i) => i.message)).toEqual(['answer_start is -1; found at 7 (used)']);
  });

  it.each([
    // A JavaScript (UTF-16) offset in a file is wrong by one per astral character before it:
    // relocated, and the message gives the position a Python user would write.
    { name: 'SQuAD', run: () => importSquad(squad([{ text: 'Bob', answer_start: BOB.u16 }]), opts('a.json')), message: 'answer "Bob" is not at answer_start 11; found at 10 (used)' },
    { name: 'HF flat', run: () => importSquadFlat(`${JSON.stringify(flatRow('Bob', BOB.u16))}\n`, opts('a.jsonl')), message: 'answer "Bob" is not at answer_start 11; found at 10 (used)' },
    { name: 'MRQA', run: () => importMrqa(mrqa([[BOB.u16, BOB.u16 + 2]], 'Bob'), opts('a.jsonl')), message: 'span [11, 13] is "ob ", not "Bob"; found the text at 10 (used)' },
    { name: 'pairs CSV', run: () => importPairsCsv(csv(BOB.u16), opts('p.csv')), message: 'answer "Bob" is not at answer_start 11; found at 10 (used)' },
  ])('$name: a UTF-16 offset is relocated with a code-point note', async ({ run, message }) => {
    const r = await run();
    expect(firstAnswers(r)).toEqual([{ text: 'Bob', start: BOB.u16 }]);
    expect(r.issues.map((i) => i.message)).toEqual([message]);
  });

  it('MRQA: a span past the last code point is outside the passage', async () => {
    // C has 23 code points (25 UTF-16 units): [23, 24] would have been "s." in UTF-16.
    const r = await importMrqa(mrqa([[23, 24]], 'Bob'), opts('a.jsonl'));
    expect(r.issues.map((i) => i.message)).toEqual(['span [23, 24] is outside the passage; found the text at 10 (used)']);
  });
});

describe('the eval reader (qarx eval) checks answer_start in code points', () => {
  it.each([
    { start: BOB.cp, warnings: [] },
    { start: BOB.u16, warnings: ['answer "Bob" is not at answer_start 11 (kept for scoring, which uses the text)'] },
    // Every answer_start of this one-answer file is -1: one summary line.
    { start: -1, warnings: ['every answer_start is -1 (1 answer, as DuReader-robust writes them); answers are scored by their text'] },
    { start: 99, warnings: ['answer "Bob" is not at answer_start 99 (kept for scoring, which uses the text)'] },
  ])('answer_start $start', ({ start, warnings }) => {
    const r = readSquad(squad([{ text: 'Bob', answer_start: start }]), 'dev.json');
    expect(r.issues.map((i) => i.message)).toEqual(warnings);
    // Offsets read for scoring stay as the file has them.
    expect(r.dataset.data[0]?.paragraphs[0]?.qas[0]?.answers).toEqual([{ text: 'Bob', answer_start: start }]);
  });
});
