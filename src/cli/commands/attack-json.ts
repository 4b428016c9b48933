/**
 * `qarx attack --json`'s per-question results: each search's outcome and, for a break, the edited
 * question and passage in full, its gold answers and the edits with what each changed (offsets in
 * Unicode code points, as Python counts), so a break can be rebuilt and checked without this tool.
 */
import type { AttackQuestion, BreakingEdit } from '../../core/explain/index.ts';
import { describeBreak, isApplicable } from '../../core/explain/index.ts';
import { toCodePoint } from '../../core/text/codepoints.ts';

/** One search as JSON, e.g. { outcome: 'broken', edits: [{ family, label, changes }], question, context, answers, … }. */
export function breakJson(r: BreakingEdit): Record<string, unknown> {
  const p = r.perturbed;
  return {
    outcome: r.outcome,
    summary: describeBreak(r),
    applicable: isApplicable(r),
    singleEdits: r.singleEdits,
    editCount: r.edits.length,
    edits: r.edits.map((e) => ({ family: e.family, label: e.label, changes: e.changes })),
    newAnswer: r.newAnswer,
    ...(p ? { question: p.question, context: p.context, answers: p.answers.map((a) => ({ text: a.text, answer_start: toCodePoint(p.context, a.start) })) } : {}),
    calls: r.calls,
  };
}

/** The questions of a run as JSON: id, whether correct before any edit, and each row's search. */
export function attackQuestionsJson(questions: readonly AttackQuestion[]): Record<string, unknown>[] {
  return questions.map((q) => ({ id: q.id, correct: q.correct, results: Object.fromEntries(Object.entries(q.results).map(([k, r]) => [k, breakJson(r)])) }));
}
