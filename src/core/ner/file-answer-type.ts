/**
 * The answer type a data file states for a question. Kept apart from answer-type.ts so readers and
 * exporters (and `qarx eval`) need not load compromise and the name lists to read one key.
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
