/**
 * A question's answer tag as the list and Live show it (issue 42.3): its type and where it comes
 * from. The data worker's type and source (answerTagSource) stand unless the last renaming run with
 * the loaded Hub NER model typed the question itself (its spans replace only the built-in tagger's
 * guess, as tagInstances does): then that run's type, marked 'hub'.
 */
import type { AnswerEntityType } from '../../core/data/types.ts';
import type { TagSource } from '../../core/ner/file-answer-type.ts';
import type { AppState } from '../store/index.ts';
import { rowKey } from '../store/data-slice.ts';

/** A shown tag: the type and its source. */
export interface RowTag {
  type: AnswerEntityType;
  source: TagSource;
}

/** The Hub run's types by row key when the Hub tagger is chosen and the types are the loaded model's, else null. */
export function hubTypes(s: Pick<AppState, 'tagger'>): Readonly<Record<string, AnswerEntityType>> | null {
  const t = s.tagger;
  const tags = t.hubTags;
  return t.kind === 'hub' && t.loaded && tags && tags.tagger === t.loaded ? tags.types : null;
}

/**
 * The tag of a question, e.g. a built-in 'PER' the Hub run typed 'ORG' → { type: 'ORG', source: 'hub' };
 * null for an unanswerable question.
 */
export function rowTag(r: { dataset: string; id: string; answerType: AnswerEntityType | null; tagSource: TagSource | null }, hub: Readonly<Record<string, AnswerEntityType>> | null): RowTag | null {
  if (!r.tagSource) return null;
  const fromHub = r.tagSource === 'builtin' ? hub?.[rowKey(r)] : undefined;
  if (fromHub) return { type: fromHub, source: 'hub' };
  return { type: r.answerType ?? 'other', source: r.tagSource };
}
