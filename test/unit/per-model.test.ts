import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tableByModel, type ModelTable } from '../../src/core/results/per-model.ts';
import type { ResultTable } from '../../src/core/results/table.ts';

const sweep = (rows: [string, string, number, number][]): ResultTable => ({
  title: 'Entity-renaming sweep',
  columns: ['type', 'source', 'n', 'orig_f1', 'drop_f1'],
  key: ['type', 'source'],
  headline: ['orig_f1', 'drop_f1'],
  rows: rows.map(([t, s, o, d]) => [t, s, 4, o, d]),
});
const m = (letter: string, model: string, table: ResultTable, partial = false): ModelTable => ({ letter, model, runtime: 'wasm · fp32', table, partial });

describe('tableByModel', () => {
  it.each([
    {
      name: 'two models joined on the key; non-headline columns (n) dropped; a key only A has is null for B',
      tables: [m('A', 'lex', sweep([['PER', 'db', 80, 10], ['ORG', 'db', 80, 5]])), m('B', 'bert', sweep([['PER', 'db', 90, 2]]))],
      columns: ['type', 'source', 'A orig_f1', 'B orig_f1', 'A drop_f1', 'B drop_f1'],
      rows: [
        ['PER', 'db', 80, 90, 10, 2],
        ['ORG', 'db', 80, null, 5, null],
      ],
    },
    {
      name: 'a key only B has comes after A’s keys; a cancelled run’s columns say partial',
      tables: [m('A', 'lex', sweep([['PER', 'db', 80, 10]])), m('B', 'bert', sweep([['GPE', 'db', 70, 1]]), true)],
      columns: ['type', 'source', 'A orig_f1', 'B orig_f1 (partial)', 'A drop_f1', 'B drop_f1 (partial)'],
      rows: [
        ['PER', 'db', 80, null, 10, null],
        ['GPE', 'db', null, 70, null, 1],
      ],
    },
    {
      name: 'pairs tables whose set names differ: each model has only its own set',
      tables: [
        m('A', 'lex', { title: 't', columns: ['measure', 'natural edits'], key: ['measure'], headline: ['natural edits'], rows: [['C2W', 3]] }),
        m('B', 'bert', { title: 't', columns: ['measure', 'keyboard'], key: ['measure'], headline: ['keyboard'], rows: [['C2W', 1]] }),
      ],
      columns: ['measure', 'A natural edits', 'B natural edits', 'A keyboard', 'B keyboard'],
      rows: [['C2W', 3, null, null, 1]],
    },
    { name: 'no model: an empty table', tables: [], columns: [], rows: [] },
  ])('$name', ({ tables, columns, rows }) => {
    const t = tableByModel('By model', tables);
    expect(t.columns).toEqual(columns);
    expect(t.rows).toEqual(rows);
    expect(t.key.length + t.headline.length).toBe(columns.length);
  });

  it('every model’s headline value lands in its own column of its key’s row (property)', () => {
    const row = fc.tuple(fc.constantFrom('PER', 'ORG', 'GPE'), fc.constantFrom('db', 'indist'), fc.integer({ min: 0, max: 100 }), fc.integer({ min: -100, max: 100 }));
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(row, { maxLength: 6, selector: ([t, s]) => `${t}/${s}` }), { minLength: 1, maxLength: 4 }), (perModel) => {
        const tables = perModel.map((rs, i) => m(String.fromCharCode(65 + i), `m${i}`, sweep(rs)));
        const t = tableByModel('x', tables);
        const keys = new Set(perModel.flat().map(([ty, so]) => `${ty}/${so}`));
        expect(t.rows.length).toBe(keys.size);
        perModel.forEach((rs, i) =>
          rs.forEach(([ty, so, o, d]) => {
            const r = t.rows.find((x) => x[0] === ty && x[1] === so);
            expect(r?.[t.columns.indexOf(`${String.fromCharCode(65 + i)} orig_f1`)]).toBe(o);
            expect(r?.[t.columns.indexOf(`${String.fromCharCode(65 + i)} drop_f1`)]).toBe(d);
          }),
        );
      }),
    );
  });
});
