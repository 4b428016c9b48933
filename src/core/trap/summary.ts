/**
 * The trap experiment's settings, rows and summary (EM/F1 on both passages, trap hits, F1 by
 * question–trap similarity). Light on imports, so the page can summarise without loading the
 * generator's word lists.
 */
import type { Score } from '../data/score.ts';
import { averageScore } from '../entity/stats.ts';
import { bucketLabel, similarityBucket, SIMILARITY_EDGES } from '../metrics/similarity-buckets.ts';
import type { TrapPosition } from './insert.ts';

export const TRAP_SOURCES = ['generated', 'dataset'] as const;
/** Where trap sentences come from: generated from the question, or the dataset's trap variants. */
export type TrapSource = (typeof TRAP_SOURCES)[number];

export interface TrapConfig {
  source: TrapSource;
  /** Where a generated trap goes (a dataset's trap variant keeps its own place). */
  position: TrapPosition;
  seed: number;
}

export const DEFAULT_TRAP: TrapConfig = { source: 'generated', position: 'after', seed: 1 };

/** One question answered on both passages. */
export interface TrapRow {
  id: string;
  dataset: string;
  question: string;
  sentence: string;
  similarity: number;
  original: { text: string; span: { start: number; end: number } | null } & Score;
  trapped: { text: string; span: { start: number; end: number } | null; hit: boolean } & Score;
  trap: { start: number; end: number };
}

export type TrapSkip = 'not English or Chinese' | 'unanswerable' | 'adversarial variant' | 'no rewriting rule' | 'no trap variant' | 'insertion point inside an answer';

/** Skipped questions per reason: a count and the first five ids. */
export type TrapSkipped = Partial<Record<TrapSkip, { count: number; ids: string[] }>>;

/** Similarity buckets of the chart: [0, 0.2), [0.2, 0.4), …, [0.8, 1] — the DPR chart's too. */
export const SIMILARITY_BUCKETS = SIMILARITY_EDGES;

export interface TrapBucket {
  label: string;
  n: number;
  original: Score;
  trapped: Score;
  /** Share (0..1) of the bucket's trapped answers inside the trap; NaN when empty. */
  hitShare: number;
}

export interface TrapSummary {
  n: number;
  original: Score;
  trapped: Score;
  hitShare: number;
  /** Mean question–trap similarity (0..1). */
  similarity: number;
  buckets: TrapBucket[];
}

/** Which bucket a similarity falls in (the DPR chart's rule), e.g. bucketOf(0.2) === 1, bucketOf(1) === 4. */
export const bucketOf = similarityBucket;

/** Summarises rows: EM/F1 on both passages (0..100), the trap-hit share and the same per similarity bucket. */
export function summarizeTraps(rows: readonly TrapRow[]): TrapSummary {
  const share = (rs: readonly TrapRow[]) => (rs.length ? rs.filter((r) => r.trapped.hit).length / rs.length : NaN);
  const buckets = SIMILARITY_BUCKETS.map((_, k) => {
    const rs = rows.filter((r) => bucketOf(r.similarity) === k);
    return { label: bucketLabel(k), n: rs.length, original: averageScore(rs.map((r) => r.original)), trapped: averageScore(rs.map((r) => r.trapped)), hitShare: share(rs) };
  });
  return {
    n: rows.length,
    original: averageScore(rows.map((r) => r.original)),
    trapped: averageScore(rows.map((r) => r.trapped)),
    hitShare: share(rows),
    similarity: rows.length ? rows.reduce((a, r) => a + r.similarity, 0) / rows.length : NaN,
    buckets,
  };
}
