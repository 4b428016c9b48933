/**
 * The answer type a data file states for a question, and where a question's answer type comes from.
 * Kept apart from answer-type.ts so readers, exporters, the data list and `qarx eval` need not load
 * compromise and the name lists to read one key.
 */
import type { AnswerEntityType, InstanceMeta } from '../data/types.ts';

const ANSWER_TYPES: readonly string[] = ['PER', 'ORG', 'GPE', 'other'];

/**
 * The answer type a file states in its `answer_type` key (a user's correction, exported with the
 * question), or null, e.g. fileAnswerType({ answer_type: 'GPE' }) === 'GPE', fileAnswerType({ answer_type: 'city' }) === null.
 */
export function fileAnswerType(meta: InstanceMeta | undefined): AnswerEntityType | null {
  const t = meta?.answer_type;
  return typeof t === 'string' && ANSWER_TYPES.includes(t) ? (t as AnswerEntityType) : null;
}

/**
 * Where a question's answer type comes from (issue 42.3), in answerTypeOf's order of precedence:
 * a correction by hand (the app's, or one a file carries in `answer_type`), the file's own
 * annotation (a type, or entity spans over the answer), a loaded Hub NER model's spans, or the
 * built-in tagger (name rules + compromise).
 */
export type TagSource = 'corrected' | 'file' | 'hub' | 'builtin';

export const TAG_SOURCES: readonly TagSource[] = ['corrected', 'file', 'hub', 'builtin'];

/** How the app and the CLI name a source, e.g. 'built-in tagger'. */
export const TAG_SOURCE_LABELS: Record<TagSource, string> = { corrected: 'corrected by hand', file: 'file annotation', hub: 'Hub NER model', builtin: 'built-in tagger' };
/** The same, short enough for a list row, e.g. 'built-in'. */
export const TAG_SOURCE_SHORT: Record<TagSource, string> = { corrected: 'corrected', file: 'file', hub: 'Hub', builtin: 'built-in' };

/** What answerTagSource reads of a question. */
export interface TagSourceFields {
  answerType?: AnswerEntityType;
  answerTypeBy?: 'builtin';
  meta?: InstanceMeta;
  entities?: readonly unknown[];
  entitiesBy?: string;
}

/**
 * The source of answerTypeOf's type for a question, e.g. { answerType: 'PER' } (a file's type) →
 * 'file'; { answerType: 'PER', answerTypeBy: 'builtin' } → 'builtin'; a loaded tagger's spans
 * (entitiesBy set, no stored type) → 'hub'; any valid `answer_type` in meta → 'corrected'.
 */
export function answerTagSource(inst: TagSourceFields): TagSource {
  // A correction sets meta.answer_type (and answerType to the same type): it wins over everything (answerTypeOf).
  if (fileAnswerType(inst.meta)) return 'corrected';
  if (inst.answerType !== undefined) return inst.answerTypeBy === 'builtin' ? 'builtin' : 'file';
  if (inst.entities) return inst.entitiesBy ? 'hub' : 'file';
  return 'builtin';
}
