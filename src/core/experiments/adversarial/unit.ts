/** Adversarial SQuAD's audit unit: the four figures of the official adversarial evaluator. */
import { adversarialSliceItems } from '../../metrics/experiment-slices.ts';
import { adversarialTable } from '../../results/tables.ts';
import { countOf } from '../../text/plural.ts';
import { runAdversarial } from '../../trap/experiment.ts';
import { headlineRow, type ExperimentOutcome, type UnitRunContext } from '../outcome.ts';
import type { AdversarialExperiment } from './schema.ts';

/** Runs an adversarial unit. */
export async function run(_exp: AdversarialExperiment, { instances, predict, onProgress, per }: UnitRunContext): Promise<ExperimentOutcome> {
  const r = await runAdversarial(instances, predict, onProgress);
  if (!r) throw new Error('no question with gold answers to score (an adversarial SQuAD file is needed)');
  const o = r.output.result;
  const n = r.output.rows.length;
  per?.push(() => adversarialSliceItems(instances, r.output.rows));
  return { kind: 'adversarial', settings: {}, n, payload: { output: r.output, unscorable: r.unscorable }, table: adversarialTable(r.output), headline: [headlineRow('adversarial', n, { em: o.orig_exact_match, f1: o.orig_f1 }, { em: o.adv_exact_match, f1: o.adv_f1 })], notes: r.unscorable ? [`${countOf(r.unscorable, 'question')} without gold answers left out`] : [], partial: r.cancelled };
}
