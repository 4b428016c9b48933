/** One-line summaries of import issues for status bars and CLI warnings. */
import type { InputIssue, IssueKind } from './squad.ts';

/** The path of a 'gzip' issue for data after the gzip stream (all data read): not 'gzip trailer', which is a checksum that failed. */
export const AFTER_GZIP = 'after the gzip stream';

/** Singular and plural label per kind, in the order summaries list them. */
const LABELS: Record<IssueKind, [string, string]> = {
  'malformed-line': ['malformed line', 'malformed lines'],
  'malformed-row': ['malformed row', 'malformed rows'],
  schema: ['invalid entry', 'invalid entries'],
  'duplicate-id': ['duplicate id', 'duplicate ids'],
  'empty-context': ['empty context', 'empty contexts'],
  'no-answers': ['question without answers', 'questions without answers'],
  'answer-offset': ['answer offset fixed', 'answer offsets fixed'],
  'answer-missing': ['answer not in its passage', 'answers not in their passages'],
  'no-revision': ['kept without a revision', 'kept without a revision'],
  unpaired: ['unpaired question', 'unpaired questions'],
  'question-mismatch': ['question differing between files', 'questions differing between files'],
  'paired-by-passage': ['question paired by passage and answers (ids differ)', 'questions paired by passage and answers (ids differ)'],
  encoding: ['encoding problem', 'encoding problems'],
  header: ['header problem', 'header problems'],
  gzip: ['gzip error', 'gzip errors'],
  cancelled: ['cancelled', 'cancelled'],
};
const ORDER = Object.keys(LABELS) as IssueKind[];

/** How many problems an issue stands for (a summary line stands for several). */
const weight = (i: InputIssue): number => i.count ?? 1;
/** A count with English digit grouping, e.g. 2123 → '2,123'. */
const count = (n: number): string => n.toLocaleString('en');
/** Sum of weights. */
const total = (list: readonly InputIssue[]): number => list.reduce((n, i) => n + weight(i), 0);
/** How a count of one kind reads, e.g. issueLabel('malformed-line', 2) → 'malformed lines'; kinds in summary order via ISSUE_ORDER. */
export function issueLabel(kind: IssueKind | undefined, n: number): string {
  return kind ? LABELS[kind][n === 1 ? 0 : 1] : n === 1 ? 'other problem' : 'other problems';
}

/** Issue kinds in the order summaries list them. */
export const ISSUE_ORDER: readonly IssueKind[] = ORDER;

function counts(list: readonly InputIssue[]): string {
  const by = new Map<IssueKind | undefined, number>();
  for (const i of list) by.set(i.kind, (by.get(i.kind) ?? 0) + weight(i));
  const parts: string[] = [];
  for (const k of ORDER) {
    const n = by.get(k);
    if (n) parts.push(`${count(n)} ${LABELS[k][n === 1 ? 0 : 1]}`);
  }
  const other = by.get(undefined);
  if (other) parts.push(`${count(other)} other problem${other === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/**
 * A short human summary, skipped entries first, e.g. summarizeIssues(issues) →
 * "3 skipped: 2 malformed lines, 1 duplicate id; kept, noted: 1 answer offset fixed" ("no problems" if none; counts grouped, "2,123").
 * Issues without `kind` (older readers) count as "other problems" among the notes.
 */
export function summarizeIssues(issues: readonly InputIssue[]): string {
  if (issues.length === 0) return 'no problems';
  const skipped = issues.filter((i) => i.skipped === true && i.kind !== 'cancelled');
  const cancelled = issues.some((i) => i.kind === 'cancelled');
  const notes = issues.filter((i) => i.skipped !== true);
  const parts: string[] = [];
  if (cancelled) parts.push('cancelled');
  const nSkipped = total(skipped);
  if (nSkipped) parts.push(`${count(nSkipped)} skipped: ${counts(skipped)}`);
  // What was kept is listed by kind: a bare "2123 notes" said neither what they were nor that nothing was lost.
  if (total(notes) > 0) parts.push(`kept, noted: ${counts(notes)}`);
  return parts.join('; ');
}
