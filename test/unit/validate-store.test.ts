/**
 * The validation queue's store and storage (Dexie over fake-indexeddb): judgements are saved one by one
 * and a fresh store resumes the batch at the same card; annotation files are kept per annotator and file,
 * so a hostile file or another batch's file never removes a judgement already there.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { createValidateSlice, type ValidateSlice } from '../../src/app/store/validate-slice.ts';
import { BATCH_FORMAT, VALIDATION_VERSION, type ValidationBatch } from '../../src/core/validation/types.ts';
import { validationDb } from '../../src/app/validate/validation-db.ts';

const batch: ValidationBatch = {
  format: BATCH_FORMAT,
  version: VALIDATION_VERSION,
  batchId: 'b1',
  created: '2026-12-02T09:00:00Z',
  source: { kind: 'synthetic', date: '2026-12-02T08:00:00Z', model: 'm', datasets: ['demo'], draw: 'sample', size: 2, seed: 1, population: { C2W: 1, C2C: 1 } },
  cases: ['q1', 'q2'].map((id) => ({ id, family: 'noise', perturbation: 'keyboard typo 30%, seed 1', dataset: 'demo', questionId: id, question: 'Who?', passage: 'Ann met Bo.', originalPassage: 'Ann met Bob.', edits: [{ start: 8, end: 10 }], gold: ['Ann'], stratum: id === 'q1' ? 'C2W' : 'C2C' })),
};

/** A store of the validate slice alone (navigate is the only other field it calls). */
const store = () => create<ValidateSlice>()((set, get, api) => ({ ...createValidateSlice(set as never, get as never, api as never), navigate: () => {} }) as ValidateSlice);

const ann = (annotator: string, batchId = 'b1', caseIds = ['q1', 'q2']) => JSON.stringify({ format: 'qarx-annotations', version: 1, batchId, annotator, annotations: caseIds.map((caseId) => ({ caseId, answer: { text: 'Ann', start: 0 }, meaningKept: true, at: '2026-12-02T09:00:00Z' })) });

beforeEach(async () => {
  const d = validationDb();
  await Promise.all([d.batches.clear(), d.own.clear(), d.imported.clear()]);
});

describe('the validation queue’s storage', () => {
  it('saves each judgement as it is given; a new store (a reload) resumes at the same card', async () => {
    const a = store();
    await a.getState().createBatch(batch, 'test batch', { label: 'C2W', k: 1, n: 2 });
    await a.getState().judge('q1', { text: 'Ann', start: 0 }, true, 1);
    const b = store();
    await b.getState().refreshBatches();
    expect(b.getState().batches).toEqual([expect.objectContaining({ batchId: 'b1', cases: 2 })]);
    await b.getState().openBatchById('b1');
    const o = b.getState().openBatch;
    expect(o?.stored.position).toBe(1);
    expect(o?.own.q1).toMatchObject({ caseId: 'q1', answer: { text: 'Ann', start: 0 }, meaningKept: true });
    expect(o?.stored.runRate).toEqual({ label: 'C2W', k: 1, n: 2 });
  });

  it('a hostile file and another batch’s file are said and lose nothing', async () => {
    const s = store();
    await s.getState().createBatch(batch, 'test batch', null);
    await s.getState().judge('q1', null, false, 1);
    await s.getState().importAnnotations([{ name: 'ana.json', text: ann('Ana') }]);
    expect(s.getState().openBatch?.imported.map((f) => f.annotator)).toEqual(['Ana']);
    const hostile = JSON.stringify({ format: 'qarx-annotations', version: 1, batchId: 'b1', annotator: 'Ana', annotations: [{ caseId: 'nope', answer: null, meaningKept: true, at: 'x' }] });
    await s.getState().importAnnotations([
      { name: 'ana-bad.json', text: hostile },
      { name: 'other.json', text: ann('Bo', 'b2') },
      { name: 'junk.json', text: '{"format": "qarx-annotations", "version": 99' },
    ]);
    const said = s.getState().validateMessages.map((m) => `${m.kind}: ${m.text}`).join('\n');
    expect(said).toMatch(/ana-bad\.json, case nope, caseId: no case with this id/);
    expect(said).toMatch(/error: other\.json, batchId: .*not of this batch/);
    expect(said).toMatch(/error: junk\.json/);
    const o = s.getState().openBatch;
    // Ana's good file stays beside her bad one; the other batch's file is not kept; the own judgement stays.
    expect(o?.imported.map((f) => `${f.annotator} ${f.fileName} ${f.file.annotations.length}`).sort()).toEqual(['Ana ana-bad.json 0', 'Ana ana.json 2']);
    expect(o?.own.q1).toMatchObject({ answer: null, meaningKept: false });
    const fresh = store();
    await fresh.getState().openBatchById('b1');
    expect(fresh.getState().openBatch?.imported).toHaveLength(2);
    expect(Object.keys(fresh.getState().openBatch?.own ?? {})).toEqual(['q1']);
  });
});
