import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tableByModel, type ModelTable } from '../../src/core/per-model.ts';
import type { ResultTable } from '../../src/core/result-table.ts';

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
      name: 'two models, rows kept model by model; non-headline columns (n) dropped',
      tables: [m('A', 'lex', sweep([['PER', 'db', 80, 10], ['ORG', 'db', 80, 5]])), m('B', 'bert', sweep([['PER', 'db', 90, 2]]))],
      columns: ['letter', 'model', 'runtime', 'type', 'source', 'orig_f1', 'drop_f1'],
      rows: [
        ['A', 'lex', 'wasm · fp32', 'PER', 'db', 80, 10],
        ['A', 'lex', 'wasm · fp32', 'ORG', 'db', 80, 5],
        ['B', 'bert', 'wasm · fp32', 'PER', 'db', 90, 2],
      ],
    },
    {
      name: 'a cancelled run adds a partial column',
      tables: [m('A', 'lex', sweep([['PER', 'db', 80, 10]])), m('B', 'bert', sweep([['PER', 'db', 70, 1]]), true)],
      columns: ['letter', 'model', 'runtime', 'type', 'source', 'orig_f1', 'drop_f1', 'partial'],
      rows: [
        ['A', 'lex', 'wasm · fp32', 'PER', 'db', 80, 10, false],
        ['B', 'bert', 'wasm · fp32', 'PER', 'db', 70, 1, true],
      ],
    },
    {
      name: 'pairs tables whose set names differ: a missing column is null',
      tables: [
        m('A', 'lex', { title: 't', columns: ['measure', 'natural edits'], key: ['measure'], headline: ['natural edits'], rows: [['C2W', 3]] }),
        m('B', 'bert', { title: 't', columns: ['measure', 'keyboard'], key: ['measure'], headline: ['keyboard'], rows: [['C2W', 1]] }),
      ],
      columns: ['letter', 'model', 'runtime', 'measure', 'natural edits', 'keyboard'],
      rows: [
        ['A', 'lex', 'wasm · fp32', 'C2W', 3, null],
        ['B', 'bert', 'wasm · fp32', 'C2W', null, 1],
      ],
    },
    { name: 'no model: an empty table', tables: [], columns: ['letter', 'model', 'runtime'], rows: [] },
  ])('$name', ({ tables, columns, rows }) => {
    const t = tableByModel('By model', tables);
    expect(t.columns).toEqual(columns);
    expect(t.rows).toEqual(rows);
    expect(t.title).toBe('By model');
  });

  it('keys are the model and the source tables’ keys; headline the rest', () => {
    const t = tableByModel('x', [m('A', 'lex', sweep([['PER', 'db', 1, 2]]))]);
    expect(t.key).toEqual(['letter', 'model', 'runtime', 'type', 'source']);
    expect(t.headline).toEqual(['orig_f1', 'drop_f1']);
  });

  it('every model row carries its own values (property)', () => {
    const row = fc.tuple(fc.constantFrom('PER', 'ORG', 'GPE'), fc.constantFrom('db', 'indist'), fc.integer({ min: 0, max: 100 }), fc.integer({ min: -100, max: 100 }));
    fc.assert(
      fc.property(fc.array(fc.array(row, { maxLength: 5 }), { maxLength: 4 }), (perModel) => {
        const tables = perModel.map((rs, i) => m(String.fromCharCode(65 + i), `m${i}`, sweep(rs)));
        const t = tableByModel('x', tables);
        expect(t.rows.length).toBe(perModel.reduce((a, rs) => a + rs.length, 0));
        let k = 0;
        perModel.forEach((rs, i) =>
          rs.forEach(([ty, so, o, d]) => {
            expect(t.rows[k++]).toEqual([String.fromCharCode(65 + i), `m${i}`, 'wasm · fp32', ty, so, o, d]);
          }),
        );
      }),
    );
  });
});
