/**
 * A stopped streamed sweep is partial on every surface (issue 40.8), from the cells themselves:
 * the audit's sweep unit table and the app's views of an opened audit (its history rows, the
 * kind's table, ExperimentSlices' summaries) read `complete: false` without being told.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { dataSent, resetStore, useApp } from './helpers/store.ts';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { summarizeSweep, type Predictor, type SweepCell } from '../../src/core/entity/index.ts';
import { run as runSweepUnit } from '../../src/core/experiments/sweep/unit.ts';
import { AUDIT_VERSION, UNIT_FORMAT, type UnitFile } from '../../src/core/audit/format.ts';
import { builtInTable, plannedSeeds } from '../../src/app/store/run-saving.ts';
import { noAnswerReason, type RunRecord } from '../../src/core/results/run-record.ts';
import type { ResultTable } from '../../src/core/results/table.ts';
import { char, type QaInput, type QaPrediction } from '../../src/core/types.ts';
import type { SweepExperiment } from '../../src/core/experiments/sweep/schema.ts';

const demo = loadDemoSet().filter((i) => i.lang === 'en');
const answer = (x: QaInput): QaPrediction => {
  const best = { text: 'x', start: char(0), end: char(1), startLogit: 0, endLogit: 0, score: 0, probability: 1 };
  return { id: x.id, text: 'x', best, nbest: [best], nullScoreDiff: null, windows: 1 };
};
const exp: SweepExperiment = { kind: 'sweep', types: ['PER', 'ORG'], sources: ['db'], target: 'answer', seeds: 2, origin: 'us', origins: [] };

/** A model that stops (cancelled, nothing answered) on call `stopAt`; -1 never. */
function model(stopAt: number): Predictor {
  let calls = 0;
  return async (inputs) => (++calls === stopAt ? { predictions: [], cancelled: true } : { predictions: inputs.map(answer), cancelled: false });
}

const completeColumn = (t: ResultTable) => t.rows.map((r) => r[t.columns.indexOf('complete')]);
const unitOf = (stopAt: number) => runSweepUnit(exp, { seed: null, instances: demo, predict: model(stopAt), versionTwo: false, onProgress: () => {}, per: null });

describe('the audit sweep unit, stopped by its model', () => {
  it('is partial and every row of its table reads complete: false', async () => {
    const o = await unitOf(2);
    expect(o.partial).toBe(true);
    expect(o.table.rows.length).toBeGreaterThan(0);
    expect(completeColumn(o.table)).toEqual(o.table.rows.map(() => false));
  });

  it('a finished unit: every row complete', async () => {
    const o = await unitOf(-1);
    expect(o.partial).toBe(false);
    expect(completeColumn(o.table)).toEqual(o.table.rows.map(() => true));
  });
});

describe('the app opening a stopped audit sweep unit', () => {
  beforeEach(() => resetStore());

  it('its saved run: history rows, the kind table and slice summaries read complete: false', async () => {
    const o = await unitOf(2);
    const run: RunRecord = { datasets: ['demo'], n: o.n, selected: demo.length, query: '', filters: {}, model: 'm', dtype: 'fp32', device: 'cpu', versionTwo: false, versionTwoReason: noAnswerReason(false), settings: o.settings, date: '2026-12-02T00:00:00.000Z' };
    const unit: UnitFile = { format: UNIT_FORMAT, version: AUDIT_VERSION, id: 'u1', label: 'sweep', spec: {} as UnitFile['spec'], status: 'ok', error: null, kind: 'sweep', run, table: o.table, payload: o.payload, headline: o.headline, notes: [], runtime: { device: 'cpu', threads: null }, started: run.date, seconds: 1 };
    const file = new File([JSON.stringify(unit)], 'u1.json');
    await useApp.getState().openAuditFiles([file]);
    const save = dataSent.find((r) => r.type === 'run-save') as unknown as { info: { run: RunRecord; table: ResultTable }; payload: { cells: SweepCell[] } };
    expect(save.payload.cells.length).toBe(4);
    // RunHistory and ExperimentSlices: summarizeSweep(payload.cells, plannedSeeds(run)); the kind's table (builtInTable).
    expect(summarizeSweep(save.payload.cells, plannedSeeds(save.info.run)).map((r) => r.complete)).toEqual([false, false]);
    expect(completeColumn(builtInTable('sweep', save.payload, save.info.run) as ResultTable)).toEqual([false, false]);
    expect(completeColumn(save.info.table)).toEqual([false, false]);
  });
});
