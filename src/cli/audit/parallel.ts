/**
 * How many worker threads `qarx audit` runs when --workers is not given, and how many ONNX threads
 * each session gets. Every worker loads its own copy of the model and its sessions compete for the
 * same cores, so on a small machine extra workers cost: on 2 cores `--workers 2` ran at 0.77× of
 * `--workers 1` (issue 29; `npm run bench:workers`, figures in docs/audits-at-scale.md). A worker
 * pays off only once each still gets several cores for its intra-op threads: one worker per 4 cores.
 */

/** Cores per worker thread when the count is picked. */
export const CORES_PER_WORKER = 4;

/** A worker count and per-session threads (null: ONNX Runtime's own default), and why. */
export interface Parallelism {
  workers: number;
  threads: number | null;
  /** How it was chosen, for the start line, e.g. "picked for 2 cores; --workers N to choose". */
  why: string;
}

/**
 * Workers × threads for `cores` cores: explicit values win; else one worker per CORES_PER_WORKER
 * cores (at least one) and each session the cores divided among them. With one worker, threads stay
 * ONNX Runtime's default (it uses the cores) unless --threads says, so a default run is the run it
 * always was. Examples: pickParallelism(2) → 1 worker, threads null; pickParallelism(16) → 4 × 4;
 * pickParallelism(2, 2) → 2 × 1.
 */
export function pickParallelism(cores: number, workers?: number, threads?: number): Parallelism {
  const picked = workers === undefined;
  const n = workers ?? Math.max(1, Math.floor(cores / CORES_PER_WORKER));
  const t = threads ?? (n > 1 ? Math.max(1, Math.floor(cores / n)) : null);
  const why = picked ? `picked for ${cores} core${cores === 1 ? '' : 's'}; --workers N to choose` : '--workers';
  return { workers: n, threads: t, why };
}
