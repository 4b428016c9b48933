/**
 * qarx audit's sweep units stream (runSweepStream) on the shipped model: against the plain sweep
 * the audit ran before (runSweep, with each renamed question's scores kept), a unit's outcome is
 * the same but for those per-question scores, and every file an audit writes from it is the same
 * bytes: summary.json, summary.md, the CSV tables and report.html, and in bundle.zip the summary
 * and the unit file (the latter without the per-question scores); the app's table of the saved
 * run is the same. Cases: every source and type with origins, question persons, English and
 * Chinese questions, and a dataset of several blocks (over STREAM_BLOCK questions).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_VERSION, UNIT_FORMAT, type UnitFile } from '../../src/core/audit/format.ts';
import { benchWorkload } from '../../src/core/bench/workload.ts';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import type { Instance } from '../../src/core/data/types.ts';
import { enginePredictor, runSweep, STREAM_BLOCK, type SweepCell } from '../../src/core/entity/index.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { noAnswerReason, type RunRecord } from '../../src/core/results/run-record.ts';
import { builtInTable } from '../../src/app/store/run-saving.ts';
import { runExperiment, sweepOutcome, type ExperimentOutcome, type UnitExperiment } from '../../src/cli/audit/experiments.ts';
import type { PlanFile } from '../../src/cli/audit/files.ts';
import { writeSummaryFiles } from '../../src/cli/audit/output.ts';
import { unitId } from '../../src/cli/audit/plan.ts';
import { buildSummary } from '../../src/cli/audit/summary.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const tmp = mkdtempSync(join(tmpdir(), 'qarx-audit-stream-'));
let model: Awaited<ReturnType<typeof loadQaModel>>;

beforeAll(async () => {
  configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
  model = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
});
afterAll(async () => {
  await model.dispose();
  rmSync(tmp, { recursive: true, force: true });
});

type Sweep = Extract<UnitExperiment, { kind: 'sweep' }>;
const sweep = (o: Partial<Sweep>): Sweep => ({ kind: 'sweep', types: ['PER', 'ORG', 'GPE', 'MIX'], sources: ['indist', 'db', 'randstr'], target: 'answer', seeds: 1, origin: 'us', origins: [], ...o });
const demo = loadDemoSet();

const CASES: { name: string; data: () => Instance[]; exp: Sweep }[] = [
  { name: 'English demo, every type and source, 2 seeds, origins', data: () => demo.filter((i) => i.lang === 'en'), exp: sweep({ seeds: 2, origins: ['us', 'fr', 'cn'] }) },
  { name: 'English demo, question persons', data: () => demo.filter((i) => i.lang === 'en'), exp: sweep({ types: ['PER'], sources: ['db', 'randstr'], target: 'question-person' }) },
  { name: 'whole demo (English and Chinese, unanswerable ones)', data: () => demo, exp: sweep({ types: ['PER', 'GPE'], sources: ['indist', 'randstr'] }) },
  { name: `${STREAM_BLOCK * 2 + 100} generated questions (three blocks)`, data: () => benchWorkload({ instances: STREAM_BLOCK * 2 + 100, seed: 5 }), exp: sweep({ types: ['PER'], sources: ['randstr'] }) },
];

/** The cells without each question's scores. */
const withoutQuestions = (cells: readonly SweepCell[]) => cells.map(({ questions: _, ...c }) => c);

/** A unit file as UnitRunner writes it, with fixed times so two runs compare byte for byte. */
function unitFile(name: string, exp: Sweep, instances: readonly Instance[], versionTwo: boolean, out: ExperimentOutcome): UnitFile {
  const spec = { dataset: { name, limit: null, lang: null }, model: { name: 'qarx-lexical-qa', dtype: null }, experiment: exp, seed: null };
  const started = '2000-01-01T00:00:00.000Z';
  const run: RunRecord = { datasets: [name], n: out.n, selected: instances.length, query: '', filters: {}, model: 'qarx-lexical-qa', dtype: model.dtype, device: 'cpu', versionTwo, versionTwoReason: noAnswerReason(versionTwo), settings: out.settings, date: started };
  return { format: UNIT_FORMAT, version: AUDIT_VERSION, id: unitId(spec), label: `${name} · sweep`, spec, started, status: 'ok', error: null, kind: out.kind, run, table: out.table, payload: out.payload, headline: out.headline, notes: out.notes, runtime: { device: 'cpu', threads: null }, seconds: 1 };
}

/** Writes an audit's summary files for one unit into a new directory and returns it. */
function writeAudit(dir: string, unit: UnitFile): string {
  const plan: PlanFile = { format: 'qarx-audit-plan', name: 'stream', units: [{ id: unit.id, label: unit.label, spec: unit.spec }] };
  writeSummaryFiles(join(tmp, dir), buildSummary(plan, [unit], '2000-01-01T00:00:00.000Z'), [unit]);
  return join(tmp, dir);
}

/** Every file under a directory, relative, sorted. */
const filesOf = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();

describe('qarx audit sweep units stream, with the outputs of the plain sweep', () => {
  it.each(CASES)('$name', { timeout: 900_000 }, async ({ name, data, exp }) => {
    const instances = data();
    const versionTwo = instances.some((i) => i.isImpossible);
    // Each path on its own engine: nothing answered by one comes from the other's cache.
    const engine = () => enginePredictor(new QaEngine(model.tokenizer, model.runner), { versionTwo });
    const after = await runExperiment(exp, null, instances, engine(), versionTwo, () => {});
    // Before: the plain sweep with the same settings, made into an outcome as the audit did.
    const config = { types: exp.types, sources: exp.sources, target: exp.target, seeds: exp.seeds, origin: exp.origin, origins: exp.origins };
    const plain = await runSweep(instances, config, engine());
    const before = sweepOutcome(config, plain.cells, plain.originals.size, plain.cancelled);
    expect(plain.cancelled).toBe(false);
    expect(plain.cells.reduce((a, c) => a + c.n, 0)).toBeGreaterThan(0);
    expect(plain.cells.some((c) => (c.questions?.length ?? 0) > 0)).toBe(true);

    // The outcome: the same but for the per-question scores, in the same key order.
    expect(after).toEqual({ ...before, payload: { cells: withoutQuestions(plain.cells) } });
    expect(JSON.stringify(after)).toBe(JSON.stringify({ ...before, payload: { cells: withoutQuestions(plain.cells) } }));
    // The app's table of the unit as a saved run.
    const unitAfter = unitFile(name.replace(/\W+/g, '_'), exp, instances, versionTwo, after);
    const unitBefore = unitFile(name.replace(/\W+/g, '_'), exp, instances, versionTwo, before);
    expect(builtInTable('sweep', unitAfter.payload, unitAfter.run as RunRecord)).toEqual(builtInTable('sweep', unitBefore.payload, unitBefore.run as RunRecord));

    // The files: summary, markdown, CSV tables and report the same bytes; the bundle's unit file without the scores.
    const a = writeAudit(`${unitAfter.id}-after`, unitAfter);
    const b = writeAudit(`${unitAfter.id}-before`, unitBefore);
    expect(filesOf(a)).toEqual(filesOf(b));
    expect(filesOf(a)).toContain('report.html');
    for (const f of filesOf(a).filter((f) => f !== 'bundle.zip')) expect(readFileSync(join(a, f), 'utf8'), f).toBe(readFileSync(join(b, f), 'utf8'));
    const zipA = unzipSync(readFileSync(join(a, 'bundle.zip')));
    const zipB = unzipSync(readFileSync(join(b, 'bundle.zip')));
    expect(Object.keys(zipA).sort()).toEqual(Object.keys(zipB).sort());
    expect(strFromU8(zipA['summary.json'] as Uint8Array)).toBe(strFromU8(zipB['summary.json'] as Uint8Array));
    const unitPath = `units/${unitAfter.id}.json`;
    const old = JSON.parse(strFromU8(zipB[unitPath] as Uint8Array)) as { payload: { cells: SweepCell[] } };
    expect(strFromU8(zipA[unitPath] as Uint8Array)).toBe(`${JSON.stringify({ ...old, payload: { cells: withoutQuestions(old.payload.cells) } }, null, 2)}\n`);
  });
});
