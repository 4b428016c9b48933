/** Why did the answer move: occlusion maps, input reduction and the smallest breaking edit. */
export * from './units.ts';
export * from './predictor.ts';
export * from './occlusion.ts';
export * from './reduction.ts';
export * from './edits.ts';
export * from './search.ts';
export * from './attack.ts';
