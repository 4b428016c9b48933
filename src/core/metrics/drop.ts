/**
 * The one sign of a before/after difference (issue 38 §3): drop = original − perturbed, positive =
 * worse. Every table, chart, export, command, audit summary and model card takes its ΔEM/ΔF1 from
 * here (and the paired CI from stats/paired.ts, which resamples this same difference), so no
 * surface shows after − before.
 */
import type { Score } from '../data/score.ts';

/** The convention in words, for legends and notes. */
export const DROP_SIGN = 'drop = original − perturbed, positive = worse';

/** The short form a column title carries, e.g. "drop F1 (orig. − pert.)". */
export const DROP_SUFFIX = '(orig. − pert.)';

/** One figure's drop, e.g. dropOf(80, 60) === 20 (worse), dropOf(60, 80) === −20 (better). */
export const dropOf = (original: number, perturbed: number): number => original - perturbed;

/** EM and F1 drops, e.g. scoreDrop({ em: 50, f1: 60 }, { em: 40, f1: 65 }) → { em: 10, f1: −5 }. */
export const scoreDrop = (original: Score, perturbed: Score): Score => ({ em: dropOf(original.em, perturbed.em), f1: dropOf(original.f1, perturbed.f1) });

/**
 * Wu et al. 2025's relative F1 change keeps the paper's own sign (§5.1 Table 1 and Table 3 report −3.06%,
 * −22.24%: negative = worse), so it is never shown as a drop; its title says which way it goes.
 */
export const RELATIVE_SIGN = '(pert. − orig.) / orig., negative = worse';

/** The relative F1 change's title wherever it is a row or column, e.g. in the revision-pair table. */
export const RELATIVE_F1_TITLE = `relative F1 change % (${RELATIVE_SIGN})`;
