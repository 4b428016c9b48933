/** The original score's audit unit: the model on every answerable question, unperturbed. */
import { scorePrediction } from '../../data/score.ts';
import { averageScore } from '../../entity/stats.ts';
import { inputOf } from '../../entity/tally.ts';
import { originalTable } from '../../results/tables.ts';
import { countOf } from '../../text/plural.ts';
import { populationOf } from '../scope.ts';
import { headlineRow, type ExperimentOutcome, type UnitRunContext } from '../outcome.ts';
import type { OriginalExperiment } from './schema.ts';

/** Runs an original-score unit. */
export async function run(_exp: OriginalExperiment, { instances, predict, onProgress, per }: UnitRunContext): Promise<ExperimentOutcome> {
  // Every answerable question unperturbed, as the robustness table's original column (scope.ts's rule).
  const answerable = populationOf('original', instances);
  const r = await predict(answerable.map((i) => inputOf(i)), onProgress);
  const text = new Map(r.predictions.map((p) => [p.id, p.text]));
  const items = answerable.flatMap((i) => {
    const t = text.get(i.id);
    return t === undefined ? [] : [{ source: i, original: scorePrediction(t, i) }];
  });
  const sum = averageScore(items.map((x) => x.original));
  const n = items.length;
  // No after: with "ci", the row gets the CI of its own scores (the robustness table's original cell's).
  per?.push(() => items);
  const notes = instances.length > answerable.length ? [`${countOf(instances.length - answerable.length, 'unanswerable question')} left out`] : [];
  return { kind: 'original', settings: { questions: 'answerable' }, n, payload: { n, em: sum.em, f1: sum.f1 }, table: originalTable(n, sum), headline: [headlineRow('original (answerable)', n, n ? sum : null, null)], notes, partial: r.cancelled };
}
