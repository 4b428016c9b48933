/** The pure-TS core: everything the worker, the CLI and the tests share. */
export * from './types.ts';
export * from './qa/offsets.ts';
export * from './qa/tokenizer.ts';
export * from './qa/windows.ts';
export * from './qa/decode.ts';
export * from './qa/engine.ts';
export * from './qa/model-errors.ts';
export * from './runtime/transformers.ts';
export * from './runtime/device.ts';
export * from './qa/throughput.ts';
