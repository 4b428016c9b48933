/** The pure-TS core: everything the worker, the CLI and the tests share. */
export * from './types.ts';
export * from './offsets.ts';
export * from './tokenizer.ts';
export * from './windows.ts';
export * from './decode.ts';
export * from './engine.ts';
export * from './model-errors.ts';
export * from './runtime/transformers.ts';
export * from './runtime/device.ts';
export * from './throughput.ts';
