/** Printing a DPR summary (over-sensitivity) for `qarx compare`. */
import { KIND_LABELS, type ParaphraseKind } from '../core/sensitivity/kinds.ts';
import type { DprCell, DprSummary } from '../core/sensitivity/dpr.ts';
import { smallCount } from '../core/metrics/slices.ts';

/** A share as a percentage, '–' for an empty cell, e.g. pct(0.25) → '25.0%'. */
const pct = (x: number) => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)}%`);

/** Prints DPR, EM/F1 on originals and paraphrases, DPR per similarity bucket and per kind. */
export function printDpr(d: DprSummary, write: (s: string) => void): void {
  write(`DPR: ${pct(d.dpr)} (${d.changed} of ${smallCount(d.n)} reworded questions changed their prediction; normalised answers compared)\n`);
  // Over the (question, paraphrase) pairs, DuReader-robust's unit (§2.1, App. F); the originals each once on their own line.
  write(`originals:   EM ${d.original.em.toFixed(2)}  F1 ${d.original.f1.toFixed(2)}  (over the ${d.n} pairs)\n`);
  write(`paraphrases: EM ${d.paraphrased.em.toFixed(2)}  F1 ${d.paraphrased.f1.toFixed(2)}  (over the ${d.n} pairs)\n`);
  if (d.questions !== d.n) write(`originals, each question once: EM ${d.originalQuestions.em.toFixed(2)}  F1 ${d.originalQuestions.f1.toFixed(2)}  (${d.questions} questions)\n`);
  write(`DPR by question similarity (F1 of the two questions): ${d.buckets.map((b) => `${b.label} ${pct(b.dpr)} (n=${smallCount(b.n)})`).join('  ')}\n`);
  const kinds = Object.entries(d.byKind) as [ParaphraseKind, DprCell][];
  write(`DPR by kind: ${kinds.map(([k, c]) => `${KIND_LABELS[k]} ${pct(c.dpr)} (n=${smallCount(c.n)})`).join('  ')}\n`);
}

/** The counts a DPR printout shows, for the small-n legend under it (empty buckets show no figure). */
export const dprCounts = (d: DprSummary): number[] => [d.n, ...Object.values(d.byKind).map((c) => c.n), ...d.buckets.filter((b) => b.n > 0).map((b) => b.n)];
