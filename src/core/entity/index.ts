/** Entity renaming: names, spans, substitution, renaming and experiments. */
export * from './lexicon.ts';
export * from './names.ts';
export * from './spans.ts';
export * from './substitute.ts';
export * from './rename.ts';
export * from './options.ts';
export * from './experiment.ts';
export * from './sweep-stream.ts';
export * from './sweep-progress.ts';
export * from './input-plan.ts';
export * from './predictor.ts';
export * from './export.ts';
export * from './live.ts';
export * from './universal.ts';
