/** The budget's audit unit: random, worst and best of B renamings, for the model and, with RESEMBLE, the defended model. */
import { runBudget } from '../../entity/experiment.ts';
import type { BudgetScores } from '../../entity/stats.ts';
import { budgetBestItems, budgetSliceItems } from '../../metrics/experiment-slices.ts';
import { budgetTable } from '../../results/tables.ts';
import { headlineRow, type ExperimentOutcome, type UnitRunContext } from '../outcome.ts';
import type { BudgetExperiment } from './schema.ts';

/** Runs a budget unit. */
export async function run(exp: BudgetExperiment, { instances, predict, versionTwo, onProgress, per, pool }: UnitRunContext): Promise<ExperimentOutcome> {
  const config = { type: exp.type, target: exp.target, source: exp.source, origin: exp.origin, budget: exp.budget, resemble: exp.resemble ? { m: exp.resemble.m, temperature: exp.resemble.temperature, type: 'MIX' as const, seed: exp.resemble.seed ?? 1 } : null, versionTwo, ...(exp.tagger ? { tagger: exp.tagger } : {}) };
  const r = await runBudget(instances, config, predict, { onProgress: (p) => onProgress(p.done, p.total), pool });
  const side = (name: string, b: BudgetScores | null) => (b ? [headlineRow(`${name} random`, r.n, b.original, b.random), headlineRow(`${name} worst`, r.n, b.original, b.worst), headlineRow(`${name} best`, r.n, b.original, b.best)] : []);
  // Per-question worst and best are kept for the plain model only; random means and RESEMBLE rows get no CI.
  per?.push(null, () => budgetSliceItems(instances, r.perInstance), () => budgetBestItems(instances, r.perInstance));
  return { kind: 'budget', settings: { ...config }, n: r.n, payload: { result: r }, table: budgetTable(r), headline: [...side('model', r.plain), ...side('RESEMBLE', r.defended)], notes: [], partial: r.cancelled };
}
