/** The reproducing `qarx` command of each run kind, formula-safe CSV of result tables, JSON exports, file names and side-by-side tables. */
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { dataFile, modelArg, noAnswerReason, shellQuote, type RunRecord } from '../../src/core/results/run-record.ts';
import { exportName, partialNote, tableToCsv, type ResultTable } from '../../src/core/results/table.ts';
import { compareRuns } from '../../src/core/results/compare-runs.ts';
import { qarxCommand, resultExport, runCommand } from '../../src/core/experiments/command.ts';
import { budgetTable, sweepTable } from '../../src/core/results/tables.ts';
import { restoreCell } from '../../src/core/formats/pairs-csv.ts';
import type { BudgetResult, SweepRow } from '../../src/core/entity/stats.ts';

const rec = (settings: Record<string, unknown>, over: Partial<RunRecord> = {}): RunRecord => ({
  datasets: ['train-v2.0.json'],
  n: 64,
  selected: 64,
  query: '',
  filters: { dataset: 'all' },
  model: 'qarx-lexical-qa',
  dtype: 'fp32',
  device: 'wasm',
  versionTwo: false,
  versionTwoReason: noAnswerReason(false),
  settings,
  date: '2026-11-23T16:10:42.000Z',
  ...over,
});

describe('the qarx command of a run', () => {
  it.each([
    {
      kind: 'sweep',
      r: rec({ types: ['PER', 'MIX'], sources: ['indist', 'db'], seeds: 5, origin: 'us', origins: ['us', 'cn'] }),
      cmd: 'qarx sweep train-v2.0.json --model public/models/qarx-lexical-qa --dtype fp32 --types PER,MIX --sources indist,db --seeds 5 --origin us --origins us,cn --target answer --json',
    },
    {
      kind: 'budget',
      r: rec({ type: 'GPE', source: 'randstr', origin: 'fr', budget: 10, resemble: { m: 3, temperature: 2, type: 'MIX' }, versionTwo: true }, { versionTwo: true, model: 'Xenova/distilbert-base-cased-distilled-squad', dtype: 'q8' }),
      cmd: 'qarx budget train-v2.0.json --model Xenova/distilbert-base-cased-distilled-squad --dtype q8 --type GPE --source randstr --origin fr --budget 10 --resemble 3 --temperature 2 --seed 1 --target answer --squad2 --json',
    },
    {
      kind: 'budget',
      r: rec({ type: 'MIX', source: 'db', origin: 'us', budget: 4, resemble: null, versionTwo: false }),
      cmd: 'qarx budget train-v2.0.json --model public/models/qarx-lexical-qa --dtype fp32 --type MIX --source db --origin us --budget 4 --target answer --json',
    },
    {
      kind: 'natural',
      r: rec({ rule: 'em' }, { datasets: ['pairs.csv'] }),
      cmd: 'qarx compare original.json edited.json --model public/models/qarx-lexical-qa --dtype fp32 --rule em --json',
    },
    {
      kind: 'synthetic',
      r: rec({ kind: 'keyboard', rate: 0.3, seed: 7, rule: 'script' }, { datasets: ['Demo set (built in)'], device: 'webgpu', dtype: 'fp16' }),
      cmd: 'qarx perturb synthetic --kind keyboard --rate 0.3 --seed 7 Demo_set_built_in.json noisy.json && qarx compare Demo_set_built_in.json noisy.json --model public/models/qarx-lexical-qa --dtype fp16 --rule script --json',
    },
    { kind: 'universal-names', r: rec({}), cmd: null },
  ])('$kind → $cmd', ({ kind, r, cmd }) => {
    const c = qarxCommand(kind, r);
    expect(c.command).toBe(cmd);
    expect(c.note.length).toBeGreaterThan(20);
  });

  it('names the device the app ran on and the narrowed selection in the note', () => {
    const c = qarxCommand('sweep', rec({ types: ['PER'], sources: ['db'], seeds: 1, origin: 'us', origins: [] }, { device: 'webgpu', query: 'curie', filters: { dataset: 'all', answerable: 'answerable' } }));
    expect(c.note).toContain('WEBGPU');
    expect(c.note).toContain('search "curie"');
  });

  it.each([
    ['a.json', 'a.json'],
    ['my data.json', "'my data.json'"],
    ["it's", "'it'\\''s'"],
    ['$(rm -rf ~)', "'$(rm -rf ~)'"],
  ])('shellQuote(%j) === %j', (s, q) => expect(shellQuote(s)).toBe(q));

  it.each([
    ['qarx-lexical-qa', 'public/models/qarx-lexical-qa'],
    ['Xenova/distilbert-base-cased-distilled-squad', 'Xenova/distilbert-base-cased-distilled-squad'],
    ['my model folder', './my_model_folder'],
  ])('modelArg(%j) === %j', (id, arg) => expect(modelArg(id)).toBe(arg));

  it.each([
    [['train.json'], 'train.json'],
    [['dev.jsonl.gz'], 'dev.jsonl.gz'],
    [['Demo set (built in)'], 'Demo_set_built_in.json'],
    [['a.json', 'b.json'], 'questions.json'],
  ])('dataFile(%j) === %j', (ds, f) => expect(dataFile(ds)).toBe(f));
});

const table: ResultTable = {
  title: 't',
  columns: ['name', 'value', 'note'],
  key: ['name'],
  headline: ['value'],
  rows: [
    ['=SUM(A1:A9)', -5.5, 'plain'],
    ['+1', Number.NaN, 'has "quotes", and a comma'],
    ['@cmd', 3, 'line\nbreak'],
    ["'=already", null, '-minus'],
  ],
};

describe('CSV export of a table', () => {
  it('quotes and neutralises formula cells but not numbers; NaN is an empty cell; CRLF rows', () => {
    const csv = tableToCsv(table);
    expect(csv.split('\r\n')[0]).toBe('name,value,note');
    expect(csv).toContain(`"'=SUM(A1:A9)",-5.5,plain`);
    expect(csv).toContain(`"'+1",,"has ""quotes"", and a comma"`);
    expect(csv).toContain(`"'@cmd",3,"line\nbreak"`);
    expect(csv).toContain(`"''=already",,"'-minus"`);
  });

  it('parses back (RFC 4180) to the cells as written, once restored', () => {
    const parsed = Papa.parse<string[]>(tableToCsv(table), { skipEmptyLines: true }).data;
    expect(parsed).toHaveLength(5);
    expect(parsed.slice(1).map((r) => r.map(restoreCell))).toEqual([
      ['=SUM(A1:A9)', '-5.5', 'plain'],
      ['+1', '', 'has "quotes", and a comma'],
      ['@cmd', '3', 'line\nbreak'],
      ["'=already", '', '-minus'],
    ]);
  });
});

describe('JSON export, file names, side by side', () => {
  it('holds the run, its settings, the command and rows by column', () => {
    const r = rec({ kind: 'ocr', rate: 0.3, seed: 1, rule: 'script' });
    const j = JSON.parse(JSON.stringify(resultExport('synthetic', r, table, true))) as Record<string, unknown>;
    expect(j.partial).toBe(true);
    expect(j.settings).toEqual(r.settings);
    expect(j.run).toEqual(r);
    expect(j.qarxCommand).toMatch(/^qarx perturb synthetic --kind ocr /);
    expect((j.rows as unknown[])[1]).toEqual({ name: '+1', value: null, note: 'has "quotes", and a comma' });
  });

  it.each([
    ['sweep', '2026-11-23T16:10:42.000Z', 'table', 'csv', 'qarx-sweep-2026-11-23-1610-table.csv'],
    ['natural', '2026-01-02T03:04:05.000Z', 'chart categories', 'png', 'qarx-natural-2026-01-02-0304-chart-categories.png'],
  ])('exportName(%s, %s, %s, %s) === %s', (kind, date, part, ext, name) => expect(exportName(kind, date, part, ext)).toBe(name));

  it('lines up the headline estimates of two runs by row key with B − A of the estimates', () => {
    const row = (type: string, f1: number, drop: number, complete = true): SweepRow => ({
      type: type as SweepRow['type'],
      source: 'db',
      origin: 'us',
      seeds: 2,
      plannedSeeds: 2,
      complete,
      n: 10,
      orig: { em: 50, f1: 60 },
      errors: { orig: { correct: 5, 'wrong-entity': 1, 'wrong-boundary': 0 }, pert: { correct: 4, 'wrong-entity': 1, 'wrong-boundary': 1 } },
      pertEm: { mean: 40, std: 1 },
      pertF1: { mean: f1, std: 2 },
      dropEm: 10,
      dropF1: drop,
    });
    const a = sweepTable([row('PER', 50, 10), row('GPE', 55, 5)]);
    const b = sweepTable([row('PER', 48, 12), row('ORG', 30, 30)]);
    expect(a.rows[0]?.slice(-2)).toEqual([50, 50]); // 1 of 2 wrong answers names another entity
    const none = { lo: null, hi: null, p: null, pHolm: null };
    const fig = (v: number | null) => ({ value: v, ...none });
    const s = compareRuns(a, b).map((f) => [f.row, f.column, f.a.value, f.b.value, f.diff]);
    expect(s).toEqual([
      ['PER · db · us', 'orig_f1', 60, 60, 0],
      ['PER · db · us', 'renamed_f1_mean', 50, 48, -2],
      ['PER · db · us', 'drop_f1', 10, 12, 2],
      ['GPE · db · us', 'orig_f1', 60, null, null],
      ['GPE · db · us', 'renamed_f1_mean', 55, null, null],
      ['GPE · db · us', 'drop_f1', 5, null, null],
      ['ORG · db · us', 'orig_f1', null, 60, null],
      ['ORG · db · us', 'renamed_f1_mean', null, 30, null],
      ['ORG · db · us', 'drop_f1', null, 30, null],
    ]);
    // Without statistics a figure is its estimate alone.
    expect(compareRuns(a, b)[2]).toEqual({ row: 'PER · db · us', column: 'drop_f1', byRow: false, a: fig(10), b: fig(12), diff: 2 });
  });

  it('a budget table has one row per measure, empty RESEMBLE columns when it was off', () => {
    const sc = { original: { em: 80, f1: 85 }, random: { em: 60, f1: 70 }, randomStd: { em: 2, f1: 1.5 }, worst: { em: 40, f1: 50 }, best: { em: 90, f1: 92 }, stability: 0.25 };
    const t = budgetTable({ n: 12, plain: sc, defended: null, perInstance: [], cancelled: false } satisfies BudgetResult);
    expect(t.rows.map((r) => r[0])).toEqual(['original', 'random_mean', 'random_std', 'worst', 'best', 'stability_pct']);
    expect(t.rows[3]).toEqual(['worst', 12, true, 40, 50, null, null]);
    expect(t.rows[5]).toEqual(['stability_pct', 12, true, 25, 25, null, null]);
  });
});

describe('a cancelled run: the note under its qarx command', () => {
  const row = (type: string, seeds: number, plannedSeeds: number): SweepRow => ({
    type: type as SweepRow['type'],
    source: 'db',
    origin: 'us',
    seeds,
    plannedSeeds,
    complete: seeds === plannedSeeds,
    n: 10,
    orig: { em: 50, f1: 60 },
    errors: { orig: { correct: 5, 'wrong-entity': 1, 'wrong-boundary': 0 }, pert: { correct: 4, 'wrong-entity': 1, 'wrong-boundary': 1 } },
    pertEm: { mean: 40, std: 1 },
    pertF1: { mean: 50, std: 2 },
    dropEm: 10,
    dropF1: 10,
  });
  const run = rec({ types: ['PER', 'ORG', 'GPE'], sources: ['db'], seeds: 20, origin: 'us', origins: ['us'] });

  it.each([
    {
      name: 'sweep cut short in its second row',
      rows: [row('PER', 20, 20), row('ORG', 3, 20)],
      want: 'Cancelled run: partial results; the command runs it whole. Finished: PER · db · us (20 of 20 seeds). Cut short: ORG · db · us (3 of 20 seeds). Not started: GPE · db · us.',
    },
    {
      name: 'sweep cancelled between rows: none cut short',
      rows: [row('PER', 20, 20), row('ORG', 20, 20)],
      want: 'Cancelled run: partial results; the command runs it whole. Finished: PER · db · us (20 of 20 seeds); ORG · db · us (20 of 20 seeds). Cut short: none. Not started: GPE · db · us.',
    },
    {
      name: 'sweep cut short in its first row, one seed planned',
      rows: [row('PER', 0, 1)],
      want: 'Cancelled run: partial results; the command runs it whole. Finished: none. Cut short: PER · db · us (0 of 1 seed). Not started: ORG · db · us; GPE · db · us.',
    },
  ])('$name', ({ rows, want }) => {
    const t = sweepTable(rows);
    expect(partialNote(t, ['PER · db · us', 'ORG · db · us', 'GPE · db · us'])).toBe(want);
    expect(partialNote(t)).toBe(want.replace(/ Not started: .*$/, ' Rows with no finished seed are not in the table.'));
    const cmd = runCommand('sweep', run, t, true);
    expect(cmd.command).toMatch(/ --seeds 20 /);
    // The app's note names the rows as the sweep table shows them.
    expect(cmd.note.startsWith(`${want.replace(/ · db · us/g, ' · DBName · US')} `)).toBe(true);
    expect(resultExport('sweep', run, t, true).qarxNote).toBe(cmd.note);
  });

  it('a sweep with extra origins plans their PER · db rows too', () => {
    const r = rec({ types: ['PER'], sources: ['indist', 'db'], seeds: 2, origin: 'us', origins: ['us', 'in'], target: 'answer' });
    const t = sweepTable([row('PER', 2, 2)]);
    expect(runCommand('sweep', r, t, true).note).toMatch(/Finished: PER · DBName · US \(2 of 2 seeds\)\. Cut short: none\. Not started: PER · InDistName; PER · DBName · India\. /);
  });

  it('a table without seeds says it holds what finished; a finished run has no such note', () => {
    const sc = { original: { em: 80, f1: 85 }, random: { em: 60, f1: 70 }, randomStd: { em: 2, f1: 1.5 }, worst: { em: 40, f1: 50 }, best: { em: 90, f1: 92 }, stability: 0.25 };
    const t = budgetTable({ n: 12, plain: sc, defended: null, perInstance: [], cancelled: true });
    const r = rec({ type: 'PER', source: 'db', origin: 'us', budget: 3 });
    expect(runCommand('budget', r, t, true).note).toMatch(/^Cancelled run: partial results; the command runs it whole\. The table holds what finished before the cancel\. /);
    expect(runCommand('budget', r, t, false).note).not.toMatch(/Cancelled|partial/);
    expect(runCommand('sweep', run, sweepTable([row('PER', 20, 20)]), false).note).not.toMatch(/Cancelled|partial/);
  });
});
