/**
 * Valibot issues in the words of the other input messages ("question: missing", "answer_start:
 * expected number, got "0""), since valibot's own ("Invalid key: Expected "question" but received
 * undefined", "Expected (Object | Array) but received Object" for a union) name no real problem.
 */
import type * as v from 'valibot';

type Issue = v.BaseIssue<unknown>;

/** A valibot path as "a.b[0]", e.g. pathText([{ key: 'answers' }, { key: 0 }]) → 'answers[0]'. */
function pathText(path: Issue['path']): string {
  return (path?.map((s) => (typeof s.key === 'number' ? `[${s.key}]` : `.${String(s.key)}`)).join('') ?? '').replace(/^\./, '');
}

/** One issue's message, e.g. a missing key → 'missing', a wrong type → 'expected number, got "0"'. */
function issueMessage(i: Issue): string {
  if (isMissing(i)) return 'missing';
  if (i.kind === 'schema' && i.type !== 'union' && i.expected !== null) return `expected ${i.expected}, got ${i.received === 'undefined' ? 'nothing' : i.received}`;
  return i.message.replace(/^Invalid (\w+): Received /, 'not $1: ');
}

/** Whether an issue is a key that is not there. */
const isMissing = (i: Issue) => i.kind === 'schema' && i.type === 'object' && i.received === 'undefined';

/**
 * The issues that say what is wrong: a union's own issue is replaced by those of the alternatives
 * that got past their first check (their paths go below the union's) — a wrong value rather than
 * the keys another alternative lacks (an array passes valibot's object check) — else kept as it is.
 */
function explained(i: Issue, prefix: string): { path: string; message: string }[] {
  const here = [prefix, pathText(i.path)].filter(Boolean).join('.').replace(/\.\[/g, '[');
  const deeper = i.type === 'union' ? (i.issues ?? []).filter((s) => (s.path?.length ?? 0) > 0) : [];
  const wrong = deeper.filter((s) => !isMissing(s));
  if (deeper.length) return (wrong.length ? wrong : deeper).flatMap((s) => explained(s, here));
  return [{ path: here, message: i.type === 'union' ? `expected ${i.expected}, got ${i.received}` : issueMessage(i) }];
}

/** Valibot issues as "field.path: message; …", e.g. "answers.text[0]: expected string, got 3" or "question: missing". */
export function schemaText(issues: readonly Issue[]): string {
  return issues
    .flatMap((i) => explained(i, ''))
    .map((x) => `${x.path || 'value'}: ${x.message}`)
    .join('; ');
}
