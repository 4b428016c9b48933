/** The trap sentences' audit unit: each question on its passage without and with the trap. */
import { trapSliceItems } from '../../metrics/experiment-slices.ts';
import { trapTable } from '../../results/tables.ts';
import { answerTraps, prepareTraps, type TrapConfig } from '../../trap/experiment.ts';
import { summarizeTraps } from '../../trap/summary.ts';
import { countNote, headlineRow, type ExperimentOutcome, type UnitRunContext } from '../outcome.ts';
import type { TrapsExperiment } from './schema.ts';

/** Runs a trap unit. */
export async function run(exp: TrapsExperiment, { seed, instances, predict, onProgress, per }: UnitRunContext): Promise<ExperimentOutcome> {
  const config: TrapConfig = { source: exp.source, position: exp.position, seed: seed ?? 1 };
  const { items, skipped } = prepareTraps(instances, config);
  const r = await answerTraps(items, predict, onProgress);
  const sum = summarizeTraps(r.rows);
  per?.push(() => trapSliceItems(instances, r.rows));
  const notes = Object.entries(skipped).flatMap(([k, c]) => countNote(`left out: ${k}`, c));
  return { kind: 'traps', settings: { ...config }, n: sum.n, payload: { rows: r.rows, skipped }, table: trapTable(sum), headline: [headlineRow(`trap ${exp.position}`, sum.n, sum.original, sum.trapped)], notes, partial: r.cancelled };
}
