/** Experiments' per-question slice items as the paired questions the statistics resample. */
import type { SliceItem } from '../metrics/slices.ts';
import type { PairedQuestion, ScoredQuestion } from './paired.ts';

/** A question's passage key for passage resampling: its dataset and passage text (or title and length when the text is not kept). */
const passageOf = (s: SliceItem['source']): string => `${s.dataset}\u0000${typeof s.context === 'string' && s.context ? s.context : `${s.title ?? ''}\u0000${s.contextLength ?? ''}`}`;

/** Slice items (original vs perturbed per question) as paired questions; an item without a perturbed score is left out. */
export function pairedOfItems(items: readonly SliceItem[]): PairedQuestion[] {
  return items.flatMap((i) => (i.perturbed ? [{ original: i.original, perturbed: i.perturbed, passage: passageOf(i.source) }] : []));
}

/** Slice items' original scores as scored questions (a row with no after, e.g. the original score). */
export function scoredOfItems(items: readonly SliceItem[]): ScoredQuestion[] {
  return items.map((i) => ({ score: i.original, passage: passageOf(i.source) }));
}
