/** Shared pieces of the kinds' settings schemas (valibot): every error names the key path. */
import * as v from 'valibot';
import { MAX_SEED } from '../text/random.ts';

export const posInt = v.pipe(v.number(), v.integer(), v.minValue(1));
export const seed = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_SEED));
export const nonEmpty = <T extends v.GenericSchema>(item: T) => v.pipe(v.array(item), v.minLength(1, 'must list at least one'));

/** A Hub token-classification model (Hub id, or a folder relative to the config) that finds the answer entities in place of the built-in tagger. */
export const tagger = v.optional(v.pipe(v.string(), v.minLength(1, 'must name a Hub id or a model folder')));
