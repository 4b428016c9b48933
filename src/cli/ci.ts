/**
 * --ci [--bootstrap N] [--seed S | --ci-seed S] [--ci-passages]: uncertainty over questions on eval,
 * compare, sweep, budget and universal (src/core/stats). Text columns and JSON shapes shared by them.
 */
import { ALPHA, ciText, dropCiText, dropPText, mddText, NOT_SIGNIFICANT, type CiOptions, type DropStats, type PairedStats } from '../core/stats/index.ts';
import { DROP_SIGN } from '../core/metrics/drop.ts';

export { CI_OPTIONS, CI_SEED_OPTION, ciOpts } from './ci-options.ts';

/**
 * The footnote above CI columns; every sentence holds for every row: what the drop's CI is (the
 * inverted test, so it excludes 0 exactly when the unadjusted p < 0.05), the scores' CIs, p and
 * its Monte-Carlo rule, Holm p and n.s., and the α of mdd.
 */
export function ciLegend(o: CiOptions, family: number): string {
  const unit = o.byPassage ? 'passages' : 'questions';
  const tests = o.byPassage ? 'sign-flip test of passage sums (EM and F1)' : "sign-flip test (McNemar's exact test for EM when every EM is 0 or 1)";
  const holm = family > 1 ? `Holm p: adjusted over the ${family} tests of this run; ${NOT_SIGNIFICANT} = Holm p ≥ ${ALPHA} (a row significant only before Holm says "${NOT_SIGNIFICANT} after Holm")` : `${NOT_SIGNIFICANT} = p ≥ ${ALPHA}`;
  return [
    `${DROP_SIGN}`,
    `drop CI: 95%, ${dropCiText(unit, tests)}`,
    `score CIs: 95% percentile bootstrap over ${unit} (${o.bootstrap} resamples, seed ${o.seed})`,
    `p: unadjusted, two-sided; exact when few differences are non-zero, else Monte-Carlo ± its error, rounds doubled until the error cannot move p across ${ALPHA} (a row says when the most rounds were not enough)`,
    holm,
    `mdd: smallest drop detected at 80% power at α = ${family > 1 ? `${ALPHA}/${family}, the strictest Holm step` : ALPHA} ("no variation in this sample" when every resample gives the same drop)`,
  ].join('; ') + '\n';
}

/** A drop's text cells: value [CI] and p with its mark, e.g. "4.00 [1.20, 6.90] p 0.004, Holm p 0.03". */
export const dropCells = (d: DropStats): string => `${d.value.toFixed(2)} ${ciText(d, 2)} p ${dropPText(d)}`;

/** The text columns a paired comparison adds to a table row (tab-separated). */
export const ciColumns = (s: PairedStats): string => `${ciText(s.original.f1)}\t${ciText(s.perturbed.f1)}\tdrop F1 ${dropCells(s.drop.f1)}\tdrop EM ${dropCells(s.drop.em)}\tmdd ${mddText(s.drop.f1)}`;
/** The CI columns' titles; "(Holm p)" only when the run's family has several tests (one comparison has no Holm p). */
export const ciHeader = (family: number): string => {
  const p = family > 1 ? 'p (Holm p)' : 'p';
  return `origF1 CI\tpertF1 CI\tdrop F1 [CI] ${p}\tdrop EM [CI] ${p}\tmdd F1`;
};
