/**
 * The pairs CSV export against spreadsheet formula injection (OWASP: a leading single quote on
 * cells starting with = + - @ tab or CR, and the cell quoted), and the importer reading it back.
 */
import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../src/core/data/types.ts';
import { importPairsCsv, pairsToCsv, restoreCell } from '../../src/core/formats/pairs-csv.ts';

const inst = (f: { id: string; title: string; question: string; context: string; answer: string; edited: string; intent: string }): Instance => ({
  id: f.id,
  dataset: 'd',
  title: f.title,
  question: f.question,
  context: f.context,
  answers: [{ text: f.answer, start: f.context.indexOf(f.answer) }],
  isImpossible: false,
  lang: 'en',
  tags: [],
  revision: { context: f.edited, answers: [{ text: f.answer, start: f.edited.indexOf(f.answer) }], intent: f.intent },
});
const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

describe('pairs CSV export neutralises formulas', () => {
  it('puts a single quote before each formula-like cell and quotes it (hand-written expected file)', () => {
    const q = inst({ id: '@q1', title: "'=already", question: '=HYPERLINK("http://x.test","click")', context: '-5 °C was the low.', answer: '-5 °C', edited: '+Low: -5 °C.', intent: 'other' });
    expect(pairsToCsv([q]).split('\n')).toEqual([
      'id,title,question,answer,answer_start,original_context,perturbed_context,perturbed_answer,intent',
      `"'@q1","''=already","'=HYPERLINK(""http://x.test"",""click"")","'-5 °C",0,"'-5 °C was the low.","'+Low: -5 °C.","'-5 °C",other`,
    ]);
  });

  it.each([
    // cell as read, text restored
    ["'=1+1", '=1+1'],
    ["''=1+1", "'=1+1"],
    ["'-5", '-5'],
    ["'@x", '@x'],
    ["'\tx", '\tx'],
    ["'tis the season", "'tis the season"],
    ["'", "'"],
    ['=1+1', '=1+1'],
    ['plain', 'plain'],
  ])('restoreCell(%j) → %j', (cell, text) => {
    expect(restoreCell(cell)).toBe(text);
  });

  it('property: no exported cell starts a formula, and the importer reads back the original texts', async () => {
    const lead = fc.constantFrom('', "'", "''", ...TRIGGERS, ...TRIGGERS.map((t) => `'${t}`));
    const visible = fc.constantFrom('', "'", '=', '+', '-', '@', "'-", "''@");
    const text = fc.string({ maxLength: 12 });
    const row = fc.record({ idLead: visible, titleLead: lead, title: text, qLead: lead, q: text, cLead: lead, c: text, answerLead: visible, eLead: lead, intentLead: visible });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 4 }), async (rows) => {
        const list = rows.map((r, k) => {
          const answer = `${r.answerLead}ans${k}`;
          return inst({ id: `${r.idLead}id${k}`, title: r.titleLead + r.title, question: `${r.qLead}q${r.q}`, context: `${r.cLead}${r.c} ${answer} end`, answer, edited: `${r.eLead} ${answer}`, intent: `${r.intentLead}intent` });
        });
        const csv = pairsToCsv(list);
        for (const cells of Papa.parse<string[]>(csv).data) for (const cell of cells) expect(TRIGGERS).not.toContain(cell[0]);
        const back = await importPairsCsv(csv, { file: 'pairs.csv', dataset: 'd' });
        expect(back.issues).toEqual([]);
        const view = (i: Instance) => [i.id, i.title, i.question, i.context, i.answers, i.revision?.context, i.revision?.answers, i.revision?.intent];
        expect(back.instances.map(view)).toEqual(list.map(view));
      }),
      { numRuns: 300 },
    );
  });
});
