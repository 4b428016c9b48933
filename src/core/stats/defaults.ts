/** The CI settings used when none are given (their own module: `qarx eval` parses --ci options without loading the statistics). */
export const DEFAULT_BOOTSTRAP = 1000;
export const DEFAULT_CI_SEED = 1;
