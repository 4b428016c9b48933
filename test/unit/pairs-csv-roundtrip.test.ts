/**
 * Pairs CSV round trip (issue 25.7): an id or answer cell that starts (or ends) with TAB, CR, LF,
 * space or a BOM reads back exactly as exported; the importer no longer trims it away.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { importPairsCsv, pairsToCsv } from '../../src/core/formats/pairs-csv.ts';

const inst = (id: string, answer: string, editedAnswer: string, k: number): Instance => {
  // Only digits and '#' around the answers, so each answer occurs once in each passage.
  const context = `#${k}#${answer}#`;
  const edited = `#${k}:${editedAnswer}#`;
  return {
    id,
    dataset: 'd',
    title: `T${k}`,
    question: `What does passage ${k} hold?`,
    context,
    answers: [{ text: answer, start: context.indexOf(answer) }],
    isImpossible: false,
    lang: 'en',
    tags: [],
    revision: { context: edited, answers: [{ text: editedAnswer, start: edited.indexOf(editedAnswer) }] },
  };
};

const EDGE = ['\t', '\r', '\n', ' ', '\ufeff', '\r\n'];

describe('pairs CSV: exported ids and answers read back identically', () => {
  it.each(EDGE.map((c) => [JSON.stringify(c), c]))('a leading and trailing %s', async (_, c) => {
    const list = [inst(`${c}q1${c}`, `${c}Ada${c}`, `${c}Ada`, 0)];
    const back = await importPairsCsv(pairsToCsv(list), { file: 'pairs.csv', dataset: 'd' });
    expect(back.issues).toEqual([]);
    expect(back.instances.map((i) => [i.id, i.answers, i.revision?.answers])).toEqual(list.map((i) => [i.id, i.answers, i.revision?.answers]));
  });

  it('property: any mix of TAB, CR, LF, space and BOM around ids and answers survives export → import', async () => {
    const edge = fc.array(fc.constantFrom(...EDGE, "'", '='), { maxLength: 3 }).map((a) => a.join(''));
    const word = fc.stringMatching(/^[a-z]{1,6}$/);
    const row = fc.record({ idLead: edge, id: word, idTail: edge, aLead: edge, a: word, aTail: edge, eLead: edge });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 4 }), async (rows) => {
        const list = rows.map((r, k) => inst(`${r.idLead}${r.id}${k}${r.idTail}`, `${r.aLead}${r.a}${r.aTail}`, `${r.eLead}${r.a}`, k));
        const back = await importPairsCsv(pairsToCsv(list), { file: 'pairs.csv', dataset: 'd' });
        expect(back.issues).toEqual([]);
        const view = (i: Instance) => [i.id, i.context, i.answers, i.revision?.context, i.revision?.answers];
        expect(back.instances.map(view)).toEqual(list.map(view));
      }),
      { numRuns: 300 },
    );
  });

  it('hand-written cells padded after a comma: ids as Python\'s csv reads them, answers trimmed when the padded text is not in the passage', async () => {
    const csv = 'question, id, answer, original_context, perturbed_context\nWho?, q1, Ada ,Ada wrote it., Ada wrote this.\n';
    const r = await importPairsCsv(csv, { file: 'hand.csv', dataset: 'd' });
    expect(r.issues).toEqual([]);
    expect(r.instances.map((i) => [i.id, i.answers, i.revision?.answers])).toEqual([[' q1', [{ text: 'Ada', start: 0 }], [{ text: 'Ada', start: 1 }]]]);
  });
});
