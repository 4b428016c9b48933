/**
 * Offsets in every file the tool writes count code points, as Python does: for every export,
 * Python's context[start:start+len(text)] == text (checked here with a code-point slice), and
 * the importers read the exports back unchanged.
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { codePointLength, codePointSlice } from '../../src/core/text/codepoints.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { renamedToSquad } from '../../src/core/entity/export.ts';
import { importPairsCsv, importSquad, instancesToSquad } from '../../src/core/formats/index.ts';
import { pairsToCsv } from '../../src/core/formats/pairs-csv.ts';
import type { SquadDataset } from '../../src/core/metrics/squad.ts';
import { challengeToSquad, type ChallengePair } from '../../src/core/natural/challenge.ts';
import { char } from '../../src/core/types.ts';

// Hand-counted: "Bob" is at code point 10 / UTF-16 11, "𝒜rles" at 17 / 18 (see offsets-import).
const C = '😀 Ann met Bob in 𝒜rles.';
// 👩‍👩‍👧 is 5 code points (three people, two ZWJ) and 8 UTF-16 units: "Bob" at code point 6, UTF-16 9.
const F = '👩‍👩‍👧 Bob left 𝒜rles.';

const inst = (id: string, context: string, answers: Instance['answers'], revision?: Instance['revision']): Instance => ({
  id, dataset: 'd', title: 't', question: `Question ${id}?`, context, answers, isImpossible: answers.length === 0, lang: 'en', tags: [], ...(revision ? { revision } : {}),
});
const renamed = (i: Instance) => ({ perturbed: i, entity: { type: 'PER' as const, text: 'Bob', start: char(0), end: char(3), confidence: 1 }, substitutions: [{ from: 'Ann', to: 'Bob' }] });
const RENAME = { type: 'PER' as const, source: 'db' as const, origin: 'us' as const, seed: 1 };
const pair = (questions: Instance[], reversed: boolean): ChallengePair => ({ reversed, flips: 1, models: ['m'], questions });
const starts = (d: SquadDataset) => d.data.flatMap((a) => a.paragraphs.flatMap((p) => p.qas.flatMap((q) => q.answers.map((x) => x.answer_start))));

describe('exports write code-point answer_start (hand-computed)', () => {
  const q = inst('q1', C, [{ text: 'Bob', start: 11 }, { text: '𝒜rles', start: 18 }], { context: F, answers: [{ text: 'Bob', start: 9 }] });

  it('SQuAD export (instancesToSquad)', () => {
    expect(starts(instancesToSquad([q]))).toEqual([10, 17]);
  });

  it('renamed set (renamedToSquad)', () => {
    expect(starts(renamedToSquad([renamed(q)], RENAME))).toEqual([10, 17]);
  });

  it('challenge set (challengeToSquad), both orientations', () => {
    const fwd = challengeToSquad([pair([q], false)]);
    expect(fwd.data[0]?.paragraphs[0]?.context).toBe(F);
    expect(starts(fwd)).toEqual([6]);
    expect(starts(challengeToSquad([pair([q], true)]))).toEqual([10, 17]);
  });

  it('pairs CSV (answer_start column)', () => {
    const rows = Papa.parse<Record<string, string>>(pairsToCsv([q]), { header: true }).data;
    expect(rows.map((r) => [r.answer, r.answer_start])).toEqual([['Bob', '10']]);
  });
});

// Pieces with astral letters, emoji (with modifiers, flags and ZWJ sequences) and combining marks.
const PIECES = ['😀', '👩‍👩‍👧', '👍🏽', '🇫🇷', 'e\u0301', 'a\u0308\u0301', '𝒜', '𝓃nn', '𠀀', 'Ann', 'é', '中', 'z'];
const word = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 3 }).map((p) => p.join(''));
const filler = fc.oneof(word, fc.constantFrom(' ', ', ', '. '), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }));
const passage = fc.record({ before: fc.array(filler, { maxLength: 6 }), answer: fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')), after: fc.array(filler, { maxLength: 6 }) });
/** An instance whose passage holds its answer after arbitrary astral text, and an edited passage holding it too. */
const instance = (id: string) =>
  fc.tuple(passage, passage).map(([p, e]): Instance => {
    const before = `x ${p.before.join('')} `;
    const context = `${before}${p.answer}${p.after.join('')}`;
    const editedBefore = `y ${e.before.join('')} `;
    const edited = `${editedBefore}${p.answer}${e.after.join('')}`;
    return inst(id, context, [{ text: p.answer, start: before.length }], { context: edited, answers: [{ text: p.answer, start: editedBefore.length }], intent: 'other' });
  });
const instances = fc.tuple(instance('a'), instance('b'), instance('c'));

/** Python's context[start:start+len(text)] == text for every answer of a SQuAD export. */
function expectPythonOffsets(d: SquadDataset): void {
  for (const a of d.data) for (const p of a.paragraphs) for (const q of p.qas) for (const x of q.answers) expect(codePointSlice(p.context, x.answer_start, x.answer_start + codePointLength(x.text))).toBe(x.text);
}

describe('property: every export holds Python offsets and reads back unchanged', () => {
  it('SQuAD export, renamed set and challenge set', () => {
    fc.assert(
      fc.property(instances, (list) => {
        expectPythonOffsets(instancesToSquad(list));
        expectPythonOffsets(renamedToSquad(list.map(renamed), RENAME));
        expectPythonOffsets(challengeToSquad([pair(list, false), pair(list, true)]));
      }),
      { numRuns: 300 },
    );
  });

  it('SQuAD export → importSquad gives the same answers, with no notes', async () => {
    await fc.assert(
      fc.asyncProperty(instances, async (list) => {
        const r = await importSquad(JSON.stringify(instancesToSquad(list)), { file: 'export.json', dataset: 'd' });
        expect(r.issues).toEqual([]);
        expect(r.instances.map((i) => [i.context, i.answers])).toEqual(list.map((i) => [i.context, i.answers]));
      }),
      { numRuns: 200 },
    );
  });

  it('pairs CSV: the answer_start column is Python-correct and reads back unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(instances, async (list) => {
        const csv = pairsToCsv(list);
        for (const row of Papa.parse<Record<string, string>>(csv, { header: true }).data) {
          const start = Number(row.answer_start);
          expect(codePointSlice(row.original_context ?? '', start, start + codePointLength(row.answer ?? ''))).toBe(row.answer);
        }
        const r = await importPairsCsv(csv, { file: 'pairs.csv', dataset: 'd' });
        expect(r.issues).toEqual([]);
        expect(r.instances.map((i) => [i.context, i.answers, i.revision?.context, i.revision?.answers.map((a) => a.text)])).toEqual(
          list.map((i) => [i.context, i.answers, i.revision?.context, i.revision?.answers.map((a) => a.text)]),
        );
      }),
      { numRuns: 200 },
    );
  });
});
