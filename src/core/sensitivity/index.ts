/** Over-sensitivity: paraphrase generators, DPR metrics and runs (DuReader-robust, Tang et al. 2021). */
export * from './paraphrase.ts';
export * from './dpr.ts';
export * from './pairs-dpr.ts';
export * from './export.ts';
