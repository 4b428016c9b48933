/**
 * A set of revision (or synthetic) pairs summarised: categories, EM/F1 on both sides, the relative F1
 * change and the unmodified-answer-sentence share (Wu et al. 2025 §5.2). Kept apart from pairs.ts so
 * readers of summaries (the CLI's eval and slice tables) load no diff library.
 */
import type { Score } from '../data/score.ts';
import { averageScore } from '../entity/stats.ts';
import { PAIR_CATEGORIES, type PairCategory } from './categories.ts';

/** One question of a pair, answered on both passages. */
export interface PairRow {
  id: string;
  dataset: string;
  question: string;
  /** The edited side's question when it is worded differently (paraphrase files), else absent. */
  perturbedQuestion?: string;
  original: { text: string } & Score;
  perturbed: { text: string } & Score;
  category: PairCategory;
  intent: string | null;
  /** The edit modified an answer sentence (a gold answer's sentence at its offset is no longer a sentence of the edited passage: answerSentenceUnmodified); null for an unanswerable question (it has no answer sentence). */
  touchesAnswer: boolean | null;
}

/** A set of pairs summarised: the categories, EM/F1 on both sides and the relative F1 change (%). */
export interface PairSummary {
  n: number;
  categories: Record<PairCategory, number>;
  original: Score;
  perturbed: Score;
  /** 100·(F1_perturbed − F1_original) / F1_original; NaN when F1_original is 0 or there are no rows (undefined, not "no change"). */
  relativeF1Change: number;
  /** Per category, the share (0..1) of its answerable questions whose answer sentences the edit left unmodified (Wu et al. §5.2); NaN when it has none. */
  unmodified: Record<PairCategory, number>;
  /** Per category, the answerable questions `unmodified` is a share of. */
  answerable: Record<PairCategory, number>;
  /** Share (0..1) of questions whose predicted text differs between the two sides. */
  predictionChangeRate: number;
}

/** 100·(after − before)/before, e.g. relativeChange(75, 50) → −33.3; NaN when before is 0 or NaN (a change from nothing has no relative size). */
export function relativeChange(before: number, after: number): number {
  return before !== 0 && Number.isFinite(before) ? (100 * (after - before)) / before : NaN;
}

/** Summarises rows, e.g. one C2W row of F1 1 → 0 gives relativeF1Change −100. */
export function summarizePairs(rows: readonly PairRow[]): PairSummary {
  const categories = Object.fromEntries(PAIR_CATEGORIES.map((c) => [c, 0])) as Record<PairCategory, number>;
  const untouched = Object.fromEntries(PAIR_CATEGORIES.map((c) => [c, 0])) as Record<PairCategory, number>;
  const answerable = Object.fromEntries(PAIR_CATEGORIES.map((c) => [c, 0])) as Record<PairCategory, number>;
  for (const r of rows) {
    categories[r.category]++;
    // Unanswerable questions have no answer sentence: the paper's share is over answerable ones.
    if (r.touchesAnswer === null) continue;
    answerable[r.category]++;
    if (!r.touchesAnswer) untouched[r.category]++;
  }
  const unmodified = Object.fromEntries(PAIR_CATEGORIES.map((c) => [c, answerable[c] ? untouched[c] / answerable[c] : NaN])) as Record<PairCategory, number>;
  const original = averageScore(rows.map((r) => r.original));
  const perturbed = averageScore(rows.map((r) => r.perturbed));
  const changed = rows.filter((r) => r.original.text !== r.perturbed.text).length;
  return {
    n: rows.length,
    categories,
    original,
    perturbed,
    relativeF1Change: relativeChange(original.f1, perturbed.f1),
    unmodified,
    answerable,
    predictionChangeRate: rows.length ? changed / rows.length : NaN,
  };
}
