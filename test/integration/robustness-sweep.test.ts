/**
 * The robustness table's renaming step on the shipped model, and why it stays on runSweep rather
 * than the streaming sweep: a finished row's original and renaming cells are what a streamed sweep
 * gives too (the original column comes from its own pass over every answerable question), but a
 * cancel part-way through the sweep keeps the cells finished so far, each over every question, and
 * the original column from the sweep's originals. A streamed sweep of the app's selection (one
 * block) cancelled at the same point keeps nothing, so a partial row would lose those numbers.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { scorePrediction } from '../../src/core/data/score.ts';
import { averageScore, enginePredictor, runSweep, runSweepStream, type SweepCell, type SweepConfig } from '../../src/core/entity/index.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../../src/core/index.ts';
import { DEFAULT_ROBUSTNESS, emptyRow, RENAME_SOURCES, runRobustness, type RCell, type RobustnessConfig } from '../../src/core/results/robustness.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const demo = loadDemoSet();
const answerable = demo.filter((i) => !i.isImpossible);
let engine: () => QaEngine;

beforeAll(async () => {
  configureRuntime({ localModelPath: `${join(ROOT, 'public', 'models')}/` });
  const m = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  engine = () => new QaEngine(m.tokenizer, m.runner);
});

const CONFIGS: { name: string; config: RobustnessConfig }[] = [
  { name: 'the default table (PER, ORG, GPE; 1 seed)', config: DEFAULT_ROBUSTNESS },
  { name: 'persons and places, 2 seeds', config: { ...DEFAULT_ROBUSTNESS, types: ['PER', 'GPE'], seeds: 2, budget: 2 } },
];

/** The sweep the table runs. */
const sweepOf = (c: RobustnessConfig): SweepConfig => ({ types: c.types, sources: [...RENAME_SOURCES], seeds: c.seeds, origin: 'us', origins: [] });

/** A renaming cell of the table by hand: F1 after renaming over the cells of one type and source, weighted by their questions. */
function renameCell(cells: readonly SweepCell[], key: string): RCell {
  const mine = cells.filter((c) => `${c.type}:${c.source}` === key && c.n > 0);
  const n = mine.reduce((a, c) => a + c.n, 0);
  return n === 0 ? null : { value: mine.reduce((a, c) => a + c.pert.f1 * c.n, 0) / n, n };
}

describe('robustness row: the renaming step', () => {
  it.each(CONFIGS)('$name: a finished row equals the streamed sweep\'s cells and every answerable question\'s original', { timeout: 600_000 }, async ({ config }) => {
    const row = await runRobustness(demo, config, enginePredictor(engine(), { versionTwo: config.versionTwo }), emptyRow('m', 'cpu', config));
    expect(row.partial).toBe(false);
    const streamed = await runSweepStream(answerable, sweepOf(config), enginePredictor(engine(), { versionTwo: config.versionTwo }));
    const keys = Object.keys(row.rename);
    expect(keys.length).toBe(config.types.length * RENAME_SOURCES.length);
    expect(keys.filter((k) => row.rename[k] !== null).length).toBeGreaterThan(0);
    for (const k of keys) expect(row.rename[k], k).toEqual(renameCell(streamed.cells, k));
    const all = await enginePredictor(engine(), { versionTwo: config.versionTwo })(answerable.map((i) => ({ id: i.id, question: i.question, context: i.context })));
    const f1 = averageScore(all.predictions.map((p, j) => scorePrediction(p.text, answerable[j]!))).f1;
    expect(row.original).toEqual({ value: f1, n: answerable.length });
  });

  it('a cancel during the sweep keeps the finished cells over every question, which a streamed sweep cannot', { timeout: 600_000 }, async () => {
    const config = DEFAULT_ROBUSTNESS;
    const full = await runSweep(answerable, sweepOf(config), enginePredictor(engine(), { versionTwo: config.versionTwo }));
    // Cancelled when the first ORG cell reports progress, as a user's cancel reaches the app's predictor.
    const cancelAtOrg = () => {
      const ctl = new AbortController();
      return { ctl, onProgress: (p: { label: string }) => (p.label.startsWith('ORG · ') ? ctl.abort() : undefined) };
    };
    const a = cancelAtOrg();
    const row = await runRobustness(demo, config, enginePredictor(engine(), { versionTwo: config.versionTwo, signal: a.ctl.signal }), emptyRow('m', 'cpu', config), { signal: a.ctl.signal, onProgress: a.onProgress });
    expect(row.partial).toBe(true);
    for (const s of RENAME_SOURCES) {
      expect(row.rename[`PER:${s}`], `PER:${s}`).toEqual(renameCell(full.cells, `PER:${s}`));
      expect(row.rename[`PER:${s}`]).not.toBeNull();
      for (const t of ['ORG', 'GPE']) expect(row.rename[`${t}:${s}`], `${t}:${s}`).toBeNull();
    }
    // The original column: the sweep's originals (the questions some cell can rename).
    const origs = answerable.filter((i) => full.originals.has(i.id));
    expect(row.original).toEqual({ value: averageScore(origs.map((i) => scorePrediction(full.originals.get(i.id) as string, i))).f1, n: full.originals.size });
    // The streamed sweep of the same questions, cancelled at the same point: one block, nothing kept.
    const b = cancelAtOrg();
    const streamed = await runSweepStream(answerable, sweepOf(config), enginePredictor(engine(), { versionTwo: config.versionTwo, signal: b.ctl.signal }), { signal: b.ctl.signal, onProgress: b.onProgress });
    expect(streamed.cancelled).toBe(true);
    expect(streamed.cells.every((c) => c.n === 0)).toBe(true);
    for (const s of RENAME_SOURCES) expect(renameCell(streamed.cells, `PER:${s}`)).toBeNull();
  });
});
