/** The sweep's audit unit: streamed block by block over the questions (src/core/entity/sweep-stream.ts). */
import type { SweepConfig } from '../../entity/options.ts';
import { summarizeSweep, type QuestionScores, type SweepCell } from '../../entity/stats.ts';
import { runSweepStream } from '../../entity/sweep-stream.ts';
import { sweepRowKey, sweepSliceItems } from '../../metrics/experiment-slices.ts';
import { sweepTable } from '../../results/tables.ts';
import { headlineRow, type ExperimentOutcome, type UnitRunContext } from '../outcome.ts';
import type { SweepExperiment } from './schema.ts';

/** A sweep unit's outcome from its cells and the originals answered (n): the saved-run payload, the sweep table, a headline row per type · source · origin. */
export function sweepOutcome(config: SweepConfig, cells: SweepCell[], n: number, partial: boolean): ExperimentOutcome {
  const rows = summarizeSweep(cells, config.seeds);
  return { kind: 'sweep', settings: { ...config }, n, payload: { cells }, table: sweepTable(rows), headline: rows.map((x) => headlineRow(`${x.type} · ${x.source} · ${x.origin}`, x.n, x.orig, { em: x.pertEm.mean, f1: x.pertF1.mean })), notes: [], partial };
}

/** Runs a sweep unit. */
export async function run(exp: SweepExperiment, { instances, predict, onProgress, per, pool }: UnitRunContext): Promise<ExperimentOutcome> {
  const config = { types: exp.types, sources: exp.sources, target: exp.target, seeds: exp.seeds, origin: exp.origin, origins: exp.origins, ...(exp.tagger ? { tagger: exp.tagger } : {}) };
  // Streamed block by block, so a unit's memory stays flat on any dataset. Each question's scores
  // are not kept: no output of a unit reads them (the app slices a saved sweep only by the
  // sliceSources it saves with it, which a unit has none of), and they were most of its file.
  // With a CI the per-question scores are gathered for it only, never written to the unit.
  const perCell: QuestionScores[][] = [];
  const r = await runSweepStream(instances, config, predict, { onProgress: (p) => onProgress(p.done, p.total), pool, ...(per ? { onQuestion: (q: QuestionScores, c: number) => (perCell[c] ??= []).push(q) } : {}) });
  const outcome = sweepOutcome(config, r.cells, r.answered, r.cancelled);
  const cells = r.cells.map((c, i) => ({ ...c, questions: perCell[i] ?? [] }));
  per?.push(...summarizeSweep(r.cells, config.seeds).map((x) => () => sweepSliceItems(instances, cells, sweepRowKey(x))));
  return outcome;
}
