/**
 * Each experiment's headline figures over all its questions (n, original EM/F1, perturbed EM/F1),
 * taken from the summary its result table shows, so the slice table's all row is the same value
 * computed once (sliceTable's `headline`), never a second sum in another order.
 */
import type { Score } from '../data/score.ts';
import { averageScore, type BudgetResult, type SweepRow } from '../entity/stats.ts';
import type { UniversalRow } from '../entity/universal.ts';
import type { PairSummary } from '../natural/pairs.ts';
import type { DprSummary } from '../sensitivity/dpr.ts';
import type { AdversarialOutput } from '../trap/adversarial.ts';
import type { TrapSummary } from '../trap/summary.ts';
import type { SliceTotals } from './slices.ts';

/** Revision pairs / synthetic noise: the pairs table's questions, em/f1 original and changed. */
export const pairsHeadline = (s: PairSummary): SliceTotals => ({ n: s.n, original: s.original, perturbed: s.perturbed });

/** Over-sensitivity: over the (question, paraphrase) pairs, DuReader-robust's instances (§2.1, App. F). */
export const dprHeadline = (s: DprSummary): SliceTotals => ({ n: s.n, original: s.original, perturbed: s.paraphrased, perturbedN: s.n });

/** Traps: the trap table's all row. */
export const trapHeadline = (s: TrapSummary): SliceTotals => ({ n: s.n, original: s.original, perturbed: s.trapped });

/** Adversarial SQuAD: Jia & Liang's four figures as the script sums them, over every original question. */
export const adversarialHeadline = (o: AdversarialOutput): SliceTotals => ({
  n: o.rows.length,
  original: { em: o.result.orig_exact_match, f1: o.result.orig_f1 },
  perturbed: { em: o.result.adv_exact_match, f1: o.result.adv_f1 },
});

/** Budget: the model's original and D_worst rows. */
export const budgetHeadline = (r: BudgetResult): SliceTotals => ({ n: r.n, original: r.plain.original, perturbed: r.plain.worst });

/** One sweep row: its original and its renamed mean over seeds. */
export const sweepRowHeadline = (r: SweepRow): SliceTotals => ({ n: r.n, original: r.orig, perturbed: { em: r.pertEm.mean, f1: r.pertF1.mean } });

/** One universal name: its tried questions without and with the name (mean_f1_drop = original − renamed). */
export function universalHeadline(row: UniversalRow): SliceTotals {
  const qs = row.questions ?? [];
  const original: Score = row.original ?? averageScore(qs.map((q) => q.original));
  const renamed: Score = row.renamed ?? averageScore(qs.map((q) => q.perturbed));
  return { n: row.tried, original, perturbed: renamed };
}
