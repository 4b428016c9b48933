/** Human validation of perturbed cases (issue 43): files, correctness, κ, majority, validated rates, sampling, case builders. */
export * from './types.ts';
export * from './files.ts';
export * from './correct.ts';
export * from './judgements.ts';
export * from './kappa.ts';
export * from './agreement.ts';
export * from './rates.ts';
export * from './sample.ts';
export * from './build.ts';
export * from './report.ts';
