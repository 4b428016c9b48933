/**
 * The statistics of a whole experiment result, one function for the app (its stats worker) and the
 * CLI (`--ci`): each comparison's paired questions in a fixed order, paired statistics per
 * comparison, Holm over all of them (one run, one family). Same comparisons and seed, same numbers.
 */
import type { Instance } from '../data/types.ts';
import { scorePrediction, type Score } from '../data/score.ts';
import type { BudgetInstance, BudgetResult, SweepCell } from '../entity/stats.ts';
import { sweepRowKey, sweepSliceItems, type SavedSliceSource } from '../metrics/experiment-slices.ts';
import { joinScores } from '../metrics/slices.ts';
import { pairedOfItems } from './items.ts';
import { ALPHA, pairedStats, withHolm, type CiOptions, type CiSettings, type PairedQuestion, type PairedStats } from './paired.ts';
import { bootstrapMeans, clusterIds, meanOf, percentileInterval, type Interval } from './bootstrap.ts';

/** One before/after comparison of a result: its row key and its paired questions. */
export interface CiComparison {
  key: string;
  items: PairedQuestion[];
}

/**
 * A share of a result (e.g. the DPR: the share of paraphrases whose answer changed): 1 or 0 per
 * item, in a fixed order; `clusters` names each item's cluster, resampled whole with "passages".
 */
export interface ShareInput {
  key: string;
  values: number[];
  clusters?: string[];
}

/** A share (0..100 %) with its 95% percentile bootstrap CI over its items. */
export interface ShareStats extends Interval {
  n: number;
}

/** A result's statistics: per row key, its paired statistics (null: no question), and what produced them. */
export interface ExperimentCi {
  settings: CiSettings;
  /** Tests in the Holm family (2 per comparison with questions: EM and F1). */
  family: number;
  rows: Record<string, PairedStats | null>;
  /** Shares with their CI (no test: a share is not a before/after comparison), when the result has any. */
  shares?: Record<string, ShareStats | null>;
}

/**
 * A share's 95% percentile bootstrap CI over its items (in %), e.g. shareStats([0, 1], o) → value 50;
 * with o.byPassage and clusters, whole clusters are resampled. Null for no item.
 */
export function shareStats(values: readonly number[], o: CiOptions, clusters?: readonly string[]): ShareStats | null {
  if (values.length === 0) return null;
  const xs = Float64Array.from(values, (v) => 100 * v);
  const [boot] = bootstrapMeans([xs], o.bootstrap, o.seed, o.byPassage && clusters ? clusterIds(clusters) : undefined) as [Float64Array];
  return { n: values.length, ...percentileInterval(boot, meanOf(xs), 1 - ALPHA) };
}

/** Paired statistics of every comparison, Holm-adjusted together, and each share's CI, e.g. experimentCi([{ key: 'PER · db · us', items }], { bootstrap: 1000, seed: 1 }). */
export function experimentCi(comparisons: readonly CiComparison[], o: CiOptions, shares: readonly ShareInput[] = []): ExperimentCi {
  const stats = withHolm(comparisons.map((c) => (c.items.length ? pairedStats(c.items, o) : null)));
  return {
    settings: { bootstrap: o.bootstrap, seed: o.seed, level: 1 - ALPHA, resample: o.byPassage ? 'passage' : 'question' },
    family: 2 * stats.filter(Boolean).length,
    rows: Object.fromEntries(comparisons.map((c, i) => [c.key, stats[i] ?? null])),
    ...(shares.length ? { shares: Object.fromEntries(shares.map((sh) => [sh.key, shareStats(sh.values, o, sh.clusters)])) } : {}),
  };
}

/** A sweep's comparisons: per row (type · source · origin, in `rowKeys` order), original vs renamed (each question's mean over seeds). */
export function sweepComparisons(instances: readonly SavedSliceSource[], cells: readonly SweepCell[], rowKeys: readonly string[]): CiComparison[] {
  return rowKeys.map((key) => ({ key, items: pairedOfItems(sweepSliceItems(instances, cells, key)) }));
}

/** The row keys of a sweep's summary rows, e.g. ['PER · db · us']. */
export const sweepRowKeys = (rows: readonly Pick<SweepCell, 'type' | 'source' | 'origin'>[]): string[] => rows.map(sweepRowKey);

/** The budget cases with statistics, each against the original answers of the same model. */
export const BUDGET_CASES = ['random', 'worst', 'best'] as const;
export type BudgetCase = (typeof BUDGET_CASES)[number];

/** A budget comparison's key, e.g. budgetKey('model', 'worst') === 'model · worst'. */
export const budgetKey = (side: 'model' | 'resemble', c: BudgetCase): string => `${side} · ${c}`;

/** One side's rows as paired questions of a case: the original answer's score vs the case's (random: mean over the B renamings). */
function budgetItems(instances: readonly Instance[], rows: readonly BudgetInstance[], c: BudgetCase): PairedQuestion[] {
  const byId = new Map(instances.map((i) => [i.id, i]));
  // joinScores keeps only rows whose question is in `instances`, so byId always has it.
  const items = joinScores(instances, rows.filter((r) => c !== 'random' || r.random), (r) => ({
    original: scorePrediction(r.original, byId.get(r.id) as Instance),
    perturbed: c === 'random' ? (r.random as Score) : { em: r[c].em, f1: r[c].f1 },
  }));
  return pairedOfItems(items);
}

/**
 * A budget run's comparisons: the model's random, D_worst and D_best against its original answers,
 * then (with RESEMBLE) the same for RESEMBLE's own answers; keys budgetKey(side, case).
 */
export function budgetComparisons(instances: readonly Instance[], r: BudgetResult): CiComparison[] {
  const sides: ['model' | 'resemble', BudgetInstance[]][] = [['model', r.perInstance], ...(r.defendedPerInstance ? [['resemble', r.defendedPerInstance] as ['resemble', BudgetInstance[]]] : [])];
  return sides.flatMap(([side, rows]) => BUDGET_CASES.map((c) => ({ key: budgetKey(side, c), items: budgetItems(instances, rows, c) })));
}
