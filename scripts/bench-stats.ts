/**
 * npm run bench:stats: the time of a percentile bootstrap of 10,000 questions × 1,000 resamples
 * (issue 27 §3: well under a second), for one score, for a paired comparison (four series, one
 * draw), the full pairedStats (bootstrap, the tests and their inverted CIs) and passage
 * resampling, and the sign-flip test's worst case (Monte-Carlo to the cap). Prints seconds (median of 5) and the ratio to a 1-second budget; nothing is asserted.
 */
import { bootstrapCI, clusterIds, invertSignFlip, MAX_ROUNDS, MAX_WORK, pairedStats } from '../src/core/stats/index.ts';
import { rng } from '../src/core/text/random.ts';
import { availableParallelism, loadavg } from 'node:os';

const N = 10_000;
const B = 1_000;
const r = rng(42);
const f1 = Float64Array.from({ length: N }, () => r());
const qs = Array.from({ length: N }, (_, i) => ({ original: { em: r() < 0.7 ? 1 : 0, f1: f1[i] as number }, perturbed: { em: r() < 0.6 ? 1 : 0, f1: Math.max(0, (f1[i] as number) - 0.1 * r()) }, passage: `p${i % 2000}` }));
const clusters = clusterIds(qs.map((q) => q.passage));
const diffs = Float64Array.from(qs, (q) => 100 * (q.original.f1 - q.perturbed.f1));
/** The rounds of a p within error of 0.05 on these questions (every difference non-zero). */
const capRounds = Math.min(MAX_ROUNDS, Math.floor(MAX_WORK / Math.ceil(N / 8)));

/** Median seconds of 5 runs after a warm-up. */
function time(run: () => unknown): number {
  run();
  const ts = Array.from({ length: 5 }, () => {
    const t0 = performance.now();
    run();
    return (performance.now() - t0) / 1000;
  }).sort((a, b) => a - b);
  return ts[2] as number;
}

const rows: [string, number][] = [
  ['one score (bootstrapCI)', time(() => bootstrapCI(f1, { b: B, seed: 1 }))],
  ['one score, 2,000 passages resampled', time(() => bootstrapCI(f1, { b: B, seed: 1, clusters }))],
  ['paired EM+F1 (pairedStats: bootstrap, McNemar, sign-flip 10,000 rounds)', time(() => pairedStats(qs, { bootstrap: B, seed: 1 }))],
  ['paired EM+F1, passages resampled', time(() => pairedStats(qs, { bootstrap: B, seed: 1, byPassage: true }))],
  // The worst case of the sequential Monte-Carlo p (a p within error of 0.05): every round up to the cap, then the inverted CI over them.
  [`F1 test + inverted CI at the cap (${capRounds.toLocaleString('en')} rounds: MAX_WORK over ${N.toLocaleString('en')} non-zero)`, time(() => invertSignFlip(diffs, new Float64Array(N).fill(1), { seed: 1, rounds: capRounds }))],
];
console.log(`load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores (timings scale with it)`);
console.log(`bootstrap of ${N.toLocaleString('en')} questions × ${B.toLocaleString('en')} resamples (median of 5):`);
for (const [name, s] of rows) console.log(`  ${name.padEnd(76)} ${s.toFixed(3)} s  (${(s / 1).toFixed(3)} of the 1 s budget)`);
