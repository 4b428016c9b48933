/** Uncertainty over questions: bootstrap CIs, paired tests, Holm, minimal detectable drop. */
export * from './bootstrap.ts';
export * from './tests.ts';
export * from './power.ts';
export * from './paired.ts';
export * from './format.ts';
export * from './items.ts';
export * from './experiment-ci.ts';
export { bootstrapError, MIN_BOOTSTRAP } from './defaults.ts';
export * from './inversion.ts';
export * from './wilson.ts';
