/** The audit unit of revision pairs and of synthetic noise: original vs edited passage, per question (src/core/natural/pairs.ts). */
import { noisyPairs } from '../../natural/noise-passage.ts';
import { runPairs, summarizePairs } from '../../natural/pairs.ts';
import { joinScores } from '../../metrics/slices.ts';
import { pairsTable } from '../../results/tables.ts';
import { countOf } from '../../text/plural.ts';
import { countNote, headlineRow, type ExperimentOutcome, type UnitRunContext } from '../outcome.ts';
import { populationOf } from '../scope.ts';
import type { SyntheticUnit } from '../synthetic/schema.ts';
import type { NaturalExperiment } from './schema.ts';

/** Runs a revision-pair or synthetic-noise unit. */
export async function run(exp: NaturalExperiment | SyntheticUnit, { seed, instances, predict, onProgress, per }: UnitRunContext): Promise<ExperimentOutcome> {
  const s = seed ?? 1;
  // Noise goes on the scope rule's questions (src/core/experiments/scope.ts), as in the app's noise experiment and robustness table; units planned before the rule ran on all.
  const noise = exp.kind === 'synthetic' ? noisyPairs(exp.questions === 'answerable' ? populationOf(exp.kind, instances) : [...instances], { kind: exp.noise, rate: exp.rate, seed: s }, instances) : null;
  // Revision pairs: core's population (question paraphrases on the same passage are not edits), as the app's card runs.
  const pairs = noise ? noise.instances : populationOf('natural', instances);
  const r = await runPairs(pairs, predict, onProgress, { rule: exp.rule });
  const sum = summarizePairs(r.rows);
  per?.push(() => joinScores(pairs, r.rows, (x) => ({ original: x.original, perturbed: x.perturbed })));
  const label = exp.kind === 'natural' ? 'natural edits' : (r.rows[0]?.intent ?? `synthetic: ${exp.noise}`);
  const settings = exp.kind === 'synthetic' ? { kind: exp.noise, rate: exp.rate, seed: s, rule: exp.rule } : { rule: exp.rule };
  const table = { ...pairsTable([{ name: label, s: sum }]), title: exp.kind === 'natural' ? 'Revision pairs' : `Synthetic noise (${label})` };
  const notes = [...countNote('left out: gold answer not in the edited passage', r.dropped.answerMissing), ...(noise?.dropped ? [`${countOf(noise.dropped, 'question')} left out: their passage had nothing outside the answers to change`] : []), ...(exp.kind === 'natural' && r.rows.length === 0 ? ['no revision pairs in this dataset'] : [])];
  return { kind: exp.kind, settings, n: sum.n, payload: { rows: r.rows, dropped: noise?.dropped ?? 0, answerMissing: r.dropped.answerMissing, label }, table, headline: [headlineRow(label, sum.n, sum.original, sum.perturbed)], notes, partial: r.cancelled };
}
