/**
 * The five question-similarity buckets that the trap chart (question–trap similarity) and the DPR
 * chart (question–paraphrase similarity) share: one edge rule, one label.
 */

/** Similarity buckets' lower bounds; each covers [lo, next lo), the last up to 1 inclusive. */
export const SIMILARITY_EDGES: readonly number[] = [0, 0.2, 0.4, 0.6, 0.8];

// F1 is computed in floating point: 1 shared token of 1 and 9 is exactly 0.2 but comes out as
// 0.19999999999999998, so an edge is reached within this tolerance.
const EDGE_EPS = 1e-9;

/** The bucket index of a similarity, e.g. similarityBucket(0.8) → 4, similarityBucket(1) → 4, similarityBucket(0.19999999999999998) → 1. */
export function similarityBucket(sim: number): number {
  let b = 0;
  SIMILARITY_EDGES.forEach((lo, i) => {
    if (sim >= lo - EDGE_EPS) b = i;
  });
  return b;
}

/** A bucket's label, e.g. bucketLabel(4) → '0.8–1.0'. */
export const bucketLabel = (i: number): string => `${(SIMILARITY_EDGES[i] ?? 0).toFixed(1)}–${(SIMILARITY_EDGES[i + 1] ?? 1).toFixed(1)}`;
