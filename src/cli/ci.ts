/**
 * --ci [--bootstrap N] [--seed S | --ci-seed S] [--ci-passages]: uncertainty over questions on eval,
 * compare, sweep, budget and universal (src/core/stats). Text columns and JSON shapes shared by them.
 */
import { ciText, dropPText, NOT_SIGNIFICANT, type CiOptions, type DropStats, type PairedStats } from '../core/stats/index.ts';
import { DROP_SIGN } from '../core/metrics/drop.ts';

export { CI_OPTIONS, CI_SEED_OPTION, ciOpts } from './ci-options.ts';

/** One line saying what the intervals are, printed above CI columns. */
export const ciLegend = (o: CiOptions, family: number): string =>
  `CI: 95% percentile bootstrap over ${o.byPassage ? 'passages' : 'questions'} (B = ${o.bootstrap}, seed ${o.seed}); ${DROP_SIGN}; p: McNemar exact (EM, 0/1 scores) or paired sign-flip permutation (F1, mean-over-seeds EM)${family > 1 ? `, Holm-adjusted over the ${family} tests of this run` : ''}; ${NOT_SIGNIFICANT} = p ≥ 0.05; mdd = smallest drop this n detects at 80% power\n`;

/** A drop's text cells: value [CI] and p with its mark, e.g. "4.0 [1.2, 6.9]  p 0.004". */
export const dropCells = (d: DropStats): string => `${d.value.toFixed(2)} ${ciText(d, 2)} p ${dropPText(d)}`;

/** The text columns a paired comparison adds to a table row (tab-separated). */
export const ciColumns = (s: PairedStats): string => `${ciText(s.original.f1)}\t${ciText(s.perturbed.f1)}\tdrop F1 ${dropCells(s.drop.f1)}\tdrop EM ${dropCells(s.drop.em)}\tmdd ${s.drop.f1.mdd.toFixed(1)}`;
export const CI_HEADER = 'origF1 CI\tpertF1 CI\tdrop F1 [CI] p\tdrop EM [CI] p\tmdd F1';
