/** Printing a DPR summary (over-sensitivity) for `qarx compare`. */
import { isPooled, KIND_LABELS, kindsOf } from '../core/sensitivity/kinds.ts';
import type { DprKindCell, DprSummary } from '../core/sensitivity/dpr.ts';
import { smallCount } from '../core/metrics/slices.ts';

/** A share as a percentage, '–' for an empty cell, e.g. pct(0.25) → '25.0%'. */
const pct = (x: number) => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)}%`);

/** One kind's (or the pool's) DPR and EM/F1 lines, e.g. "DPR word reordering: 25.0% (1 of 4 …)". */
function printFigures(name: string, d: DprKindCell, write: (s: string) => void, indent = ''): void {
  write(`DPR${name}: ${pct(d.dpr)} (${d.changed} of ${smallCount(d.n)} reworded questions changed their prediction; normalised answers compared)\n`);
  // Over the (question, paraphrase) pairs, DuReader-robust's unit (§2.1, App. F).
  write(`${indent}originals:   EM ${d.original.em.toFixed(2)}  F1 ${d.original.f1.toFixed(2)}  (over the ${d.n} pairs)\n`);
  write(`${indent}paraphrases: EM ${d.paraphrased.em.toFixed(2)}  F1 ${d.paraphrased.f1.toFixed(2)}  (over the ${d.n} pairs)\n`);
}

/**
 * Prints the DPR per paraphrase kind first (the headline, issue 38.4), then, with several kinds,
 * the same figures over all pairs labelled "all kinds pooled"; the originals each once, the DPR per
 * similarity bucket.
 */
export function printDpr(d: DprSummary, write: (s: string) => void): void {
  const kinds = kindsOf(d);
  const pooled = isPooled(d);
  if (pooled) for (const k of kinds) printFigures(` ${KIND_LABELS[k]}`, d.byKind[k] as DprKindCell, write, '  ');
  // One kind: the overall figures are that kind's, named on the last line.
  printFigures(pooled ? ' all kinds pooled' : '', d, write, pooled ? '  ' : '');
  if (d.questions !== d.n) write(`originals, each question once${pooled ? ' (all kinds pooled)' : ''}: EM ${d.originalQuestions.em.toFixed(2)}  F1 ${d.originalQuestions.f1.toFixed(2)}  (${d.questions} questions)\n`);
  write(`DPR by question similarity (F1 of the two questions${pooled ? '; all kinds pooled' : ''}): ${d.buckets.map((b) => `${b.label} ${pct(b.dpr)} (n=${smallCount(b.n)})`).join('  ')}\n`);
  if (!pooled) write(`DPR by kind: ${kinds.map((k) => `${KIND_LABELS[k]} ${pct((d.byKind[k] as DprKindCell).dpr)} (n=${smallCount((d.byKind[k] as DprKindCell).n)})`).join('  ')}\n`);
}

/** The counts a DPR printout shows, for the small-n legend under it (empty buckets show no figure). */
export const dprCounts = (d: DprSummary): number[] => [d.n, ...Object.values(d.byKind).map((c) => c.n), ...d.buckets.filter((b) => b.n > 0).map((b) => b.n)];
