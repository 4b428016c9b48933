/**
 * One audit unit's experiment on loaded questions and a predictor: the kind's audit unit
 * (src/core/experiments/<kind>/unit.ts, the same core functions the app's cards and the other qarx
 * commands call), with the result in the app's saved-run shape, its headline table and before/after
 * scores, and the paired statistics when the config asks for them.
 */
import type { Instance } from '../../core/data/types.ts';
import type { UnitSpec } from '../../core/audit/format.ts';
import type { NamePool, Predictor } from '../../core/entity/index.ts';
import { kindOf, type UnitExperiment } from '../../core/experiments/registry.ts';
import type { ExperimentOutcome, HeadlineItems } from '../../core/experiments/outcome.ts';
import { pairedOfItems, pairedStats, scoredOfItems, scoreStats, type CiOptions } from '../../core/stats/index.ts';

export type { ExperimentOutcome } from '../../core/experiments/outcome.ts';
export type { UnitExperiment } from '../../core/experiments/registry.ts';
export { sweepOutcome } from '../../core/experiments/sweep/unit.ts';

/** The outcome with each headline row's paired statistics (Holm is applied over a model's rows in the summary). */
function withCi(o: ExperimentOutcome, per: HeadlineItems, ci: CiOptions): ExperimentOutcome {
  const headline = o.headline.map((h, i) => {
    const items = per[i]?.() ?? [];
    const qs = pairedOfItems(items);
    // A row with no after (the original score) has a CI of its own scores and no comparison.
    if (h.afterF1 === null && items.length) return { ...h, ci: null, score: scoreStats(scoredOfItems(items), ci) };
    return { ...h, ci: qs.length ? pairedStats(qs, ci) : null };
  });
  return { ...o, headline };
}

/** Runs a unit's experiment; `seed` is the unit's seed for the seeded kinds; `pool` the InDistName pool of the renamings (default: the questions'). */
export async function runExperiment(exp: UnitExperiment, seed: number | null, instances: readonly Instance[], predict: Predictor, versionTwo: boolean, onProgress: (done: number, total: number) => void, ci?: UnitSpec['ci'], pool?: NamePool): Promise<ExperimentOutcome> {
  const audit = kindOf(exp.kind)?.audit;
  if (!audit) throw new Error(`experiment kind "${exp.kind}" has no audit unit`);
  const per: HeadlineItems = [];
  const outcome = await (await audit.load()).run(exp, { seed, instances, predict, versionTwo, onProgress, per: ci ? per : null, pool });
  return ci ? withCi(outcome, per, { bootstrap: ci.bootstrap, seed: ci.seed, byPassage: ci.passages }) : outcome;
}
