/** What the UI needs of Wikipedia edits without the wikitext parser: the edit type, the default API, and turning an edit into a pair. */
import type { GoldAnswer, Instance } from '../data/types.ts';

export const WIKIPEDIA_API = 'https://en.wikipedia.org/w/api.php';

/** An edit of the passage's paragraph between two adjacent revisions. */
export interface WikiEdit {
  fromRev: number;
  toRev: number;
  timestamp: string;
  user: string;
  comment: string;
  /** Size change of the whole article in bytes (what the history page shows). */
  sizeChange: number;
  before: string;
  after: string;
  /** The question's answers found in both versions (empty: the edit cannot be applied). */
  answersBefore: GoldAnswer[];
  answersAfter: GoldAnswer[];
}

/** An instance asked of an edit's two versions (null when an answer is missing from either), for runPairs. */
export function editAsPair(inst: Instance, edit: WikiEdit): Instance | null {
  if (!inst.isImpossible && (edit.answersBefore.length === 0 || edit.answersAfter.length === 0)) return null;
  return { ...inst, id: `${inst.id}@${edit.toRev}`, context: edit.before, answers: edit.answersBefore, revision: { context: edit.after, answers: edit.answersAfter, intent: inst.revision?.intent } };
}
