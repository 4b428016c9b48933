/**
 * --ci [--bootstrap N] [--seed S | --ci-seed S] [--ci-passages]: uncertainty over questions on eval,
 * compare, sweep, budget and universal (src/core/stats). Text columns and JSON shapes shared by them.
 */
import { ciText, DEFAULT_BOOTSTRAP, DEFAULT_CI_SEED, dropPText, NOT_SIGNIFICANT, type CiOptions, type DropStats, type PairedStats } from '../core/stats/index.ts';
import { intOpt, seedOpt, UsageError } from './io.ts';

/** The options of every command with --ci; `seed` only where --seed seeds nothing else. */
export const CI_OPTIONS = { ci: { type: 'boolean', default: false }, bootstrap: { type: 'string' }, 'ci-seed': { type: 'string' }, 'ci-passages': { type: 'boolean', default: false } } as const;
export const CI_SEED_OPTION = { seed: { type: 'string' } } as const;

/**
 * The CI settings asked for, or null without --ci. `runSeed`: the command's own --seed (budget,
 * universal), which also seeds the CI unless --ci-seed is given; elsewhere --seed is the CI seed.
 */
export function ciOpts(values: { ci?: boolean; bootstrap?: string; 'ci-seed'?: string; 'ci-passages'?: boolean; seed?: string }, runSeed?: number): CiOptions | null {
  if (!values.ci) {
    const stray = (['bootstrap', 'ci-seed', 'ci-passages'] as const).filter((k) => values[k] !== undefined && values[k] !== false);
    if (stray.length) throw new UsageError(`--${stray.join(', --')} ${stray.length === 1 ? 'needs' : 'need'} --ci.`);
    return null;
  }
  const seedText = values['ci-seed'] ?? (runSeed === undefined ? values.seed : undefined);
  const seed = seedText === undefined ? (runSeed ?? DEFAULT_CI_SEED) : seedOpt(seedText);
  return { bootstrap: intOpt(values.bootstrap, 'bootstrap', DEFAULT_BOOTSTRAP), seed, byPassage: Boolean(values['ci-passages']) };
}

/** One line saying what the intervals are, printed above CI columns. */
export const ciLegend = (o: CiOptions, family: number): string =>
  `CI: 95% percentile bootstrap over ${o.byPassage ? 'passages' : 'questions'} (B = ${o.bootstrap}, seed ${o.seed}); drop = original − perturbed; p: McNemar exact (EM, 0/1 scores) or paired sign-flip permutation (F1, mean-over-seeds EM)${family > 1 ? `, Holm-adjusted over the ${family} tests of this run` : ''}; ${NOT_SIGNIFICANT} = p ≥ 0.05; mdd = smallest drop this n detects at 80% power\n`;

/** A drop's text cells: value [CI] and p with its mark, e.g. "4.0 [1.2, 6.9]  p 0.004". */
export const dropCells = (d: DropStats): string => `${d.value.toFixed(2)} ${ciText(d, 2)} p ${dropPText(d)}`;

/** The text columns a paired comparison adds to a table row (tab-separated). */
export const ciColumns = (s: PairedStats): string => `${ciText(s.original.f1)}\t${ciText(s.perturbed.f1)}\tΔF1 ${dropCells(s.drop.f1)}\tΔEM ${dropCells(s.drop.em)}\tmdd ${s.drop.f1.mdd.toFixed(1)}`;
export const CI_HEADER = 'origF1 CI\tpertF1 CI\tdrop F1 [CI] p\tdrop EM [CI] p\tmdd F1';
