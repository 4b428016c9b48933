/** What qarx tells the user about its input: every skipped entry is counted by reason, with the first few places. */
import { AFTER_GZIP, ISSUE_ORDER, issueLabel } from '../core/formats/summary.ts';
import type { InputIssue, IssueKind } from '../core/formats/squad.ts';
import { err } from './io.ts';

/** How many places (paths, ids) a group lists before "…". */
export const FIRST_FEW = 3;

/** Warnings printed one per line before the rest are only counted. */
const MAX_WARNINGS = 20;

/** A group of dropped things: a reason and the ids or paths it applies to. */
export interface DropGroup {
  reason: string;
  where: string[];
}

/** "2 malformed lines (line 1, line 4)" style text of groups, e.g. describeGroups([{ reason: 'no-entity', where: ['q1'] }]) → '1 no-entity (q1)'. */
export function describeGroups(groups: readonly DropGroup[]): string {
  return groups
    .filter((g) => g.where.length > 0)
    .map((g) => `${g.where.length} ${g.reason} (${g.where.slice(0, FIRST_FEW).join(', ')}${g.where.length > FIRST_FEW ? ', …' : ''})`)
    .join(', ');
}

/** Groups issues by kind in summary order, e.g. issueGroups(issues, (i) => i.skipped === true). */
export function issueGroups(issues: readonly InputIssue[], keep: (i: InputIssue) => boolean): DropGroup[] {
  const by = new Map<IssueKind | undefined, string[]>();
  for (const i of issues) {
    if (!keep(i)) continue;
    const list = by.get(i.kind) ?? [];
    list.push(i.path);
    by.set(i.kind, list);
  }
  const kinds: (IssueKind | undefined)[] = [...ISSUE_ORDER, undefined];
  return kinds.filter((k) => by.has(k)).map((k) => {
    const where = by.get(k) ?? [];
    return { reason: issueLabel(k, where.length), where };
  });
}

/** Entries the importer left out (each skipped issue is one line, row, question or article). */
export const isSkip = (i: InputIssue): boolean => i.skipped === true;

/** Groups keyed by reason from (reason, id) pairs in order, e.g. groupBy([['no-entity', 'q1']]). */
export function groupBy(pairs: Iterable<readonly [string, string]>): DropGroup[] {
  const by = new Map<string, string[]>();
  for (const [reason, id] of pairs) {
    const list = by.get(reason) ?? [];
    list.push(id);
    by.set(reason, list);
  }
  return [...by].map(([reason, where]) => ({ reason, where }));
}

/**
 * Prints an input file's problems (nothing for a clean file): the first warnings one per line, then one summary line —
 * how many questions were read and how many entries (lines, rows, questions, articles) were
 * skipped, per reason, e.g. "qarx: dev.jsonl: 3 questions read, 1 entry skipped: 1 malformed line (line 2)".
 * A gzip failure says the checksum failed and how many questions came before it.
 */
export function reportRead(file: string, questions: number, issues: readonly InputIssue[]): void {
  for (const i of issues.slice(0, MAX_WARNINGS)) err(`warning: ${file}: ${i.path}: ${i.message}\n`);
  if (issues.length > MAX_WARNINGS) err(`warning: ${file}: ${issues.length - MAX_WARNINGS} more problems not shown\n`);
  const skips = issueGroups(issues, (i) => isSkip(i) && i.kind !== 'gzip' && i.kind !== 'cancelled');
  const skipped = skips.reduce((n, g) => n + g.where.length, 0);
  const q = (n: number) => `${n} question${n === 1 ? '' : 's'}`;
  // A clean file needs no line: each command's last line says how many questions it used.
  if (issues.length === 0) return;
  err(`qarx: ${file}: ${q(questions)} read${skipped ? `, ${skipped} ${skipped === 1 ? 'entry' : 'entries'} skipped: ${describeGroups(skips)}` : ''}\n`);
  const gz = issues.find((i) => i.kind === 'gzip');
  // AFTER_GZIP: the data is whole, bytes follow it; 'gzip trailer': everything inflated but the checksum disagrees; otherwise the data stops early.
  if (gz?.path === AFTER_GZIP) err(`qarx: ${file}: trailing data after the gzip stream (ignored, as gzip does); the data before it is whole: ${q(questions)} read\n`);
  else if (gz?.path === 'gzip trailer') err(`qarx: ${file}: gzip checksum failed (corrupt file): all ${q(questions)} were read, but may be damaged\n`);
  else if (gz) err(`qarx: ${file}: gzip checksum failed (truncated or corrupt file): only the ${q(questions)} before the damage were read\n`);
}

/** The question id in a pairing issue path such as `b.json: id "kb-6"`, e.g. pairId('b.json: id "kb-6"') → 'kb-6'. */
function pairId(path: string): string {
  const m = /: id ("(?:[^"\\]|\\.)*")$/.exec(path);
  return m ? (JSON.parse(m[1] as string) as string) : path;
}

/**
 * Prints the pairing of two files for compare: warnings for each pairing problem, then how many
 * of the original file's questions are compared and why the others are not, e.g.
 * "qarx: compare: 3 of 4 questions of a.json have a counterpart; left out: 1 not in b.json (no usable counterpart) (q9); 1 only in b.json (kb-6)".
 */
export function reportPairing(a: string, b: string, questions: number, paired: number, issues: readonly InputIssue[], cmd = 'compare'): void {
  // Reworded questions are what a paraphrase file is for: one line for all of them, not one each.
  const reworded = issues.filter((i) => i.kind === 'question-mismatch').length;
  const problems = issues.filter((i) => i.kind !== 'question-mismatch' && i.kind !== 'paired-by-passage');
  for (const i of problems.slice(0, MAX_WARNINGS)) err(`warning: ${i.path}: ${i.message}\n`);
  if (problems.length > MAX_WARNINGS) err(`warning: ${problems.length - MAX_WARNINGS} more pairing problems not shown\n`);
  if (reworded) err(`qarx: ${cmd}: ${reworded.toLocaleString('en-US')} question${reworded === 1 ? ' is' : 's are'} worded differently in ${b} (paraphrases): each side is asked its own\n`);
  const groups = groupBy(
    issues.flatMap((i): [string, string][] => {
      if (i.kind === 'no-revision') return [[`not in ${b} (no usable counterpart)`, pairId(i.path)]];
      if (i.kind === 'unpaired') return [[`only in ${b}`, pairId(i.path)]];
      return [];
    }),
  );
  const left = describeGroups(groups);
  err(`qarx: ${cmd}: ${paired} of ${questions} questions of ${a} have a counterpart in ${b}${left ? `; left out: ${left}` : ''}\n`);
}
