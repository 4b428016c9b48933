/** The --ci options and their checked values (no statistics imported: `qarx eval` parses them on every run). */
import { bootstrapError, DEFAULT_BOOTSTRAP, DEFAULT_CI_SEED } from '../core/stats/defaults.ts';
import type { CiOptions } from '../core/stats/paired.ts';
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
  const bootstrap = intOpt(values.bootstrap, 'bootstrap', DEFAULT_BOOTSTRAP);
  const bad = bootstrapError(bootstrap);
  if (bad) throw new UsageError(`--bootstrap: ${bad}`);
  return { bootstrap, seed, byPassage: Boolean(values['ci-passages']) };
}
