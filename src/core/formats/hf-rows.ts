/**
 * SQuAD-shaped rows of a Hub dataset's parquet files (see hf-datasets.ts): which columns a file
 * must have, and one row as an Instance or as issues with path `row N`.
 */
import { parquetSchema, type FileMetaData } from 'hyparquet';
import type { Instance } from '../data/types.ts';
import { acceptAnswers, addIssue, guessLang, IdSet, makeInstance, resolveAnswers, type RawAnswer } from './common.ts';
import { isObject } from './hf-http.ts';
import { collectMeta } from './meta.ts';
import type { InputIssue, IssueKind } from './squad.ts';

/** The columns every file must have, and those read when present. */
export const REQUIRED_COLUMNS = ['context', 'question', 'answers'] as const;
export const OPTIONAL_COLUMNS = ['id', 'title'] as const;

/** Problems that make a file not SQuAD-shaped, e.g. ['missing column(s): context, answers']. */
export function squadSchemaProblems(metadata: FileMetaData): string[] {
  const top = parquetSchema(metadata).children;
  const missing = REQUIRED_COLUMNS.filter((c) => !top.some((t) => t.element.name === c));
  const problems = missing.length ? [`missing column(s): ${missing.join(', ')}`] : [];
  const answers = top.find((t) => t.element.name === 'answers');
  if (answers) {
    // Either struct<text: list, answer_start: list> (HF SQuAD) or list<struct<text, answer_start>>.
    let fields = answers.children;
    if (fields.length === 1 && fields[0]?.element.repetition_type === 'REPEATED') {
      const item = fields[0].children.length === 1 ? fields[0].children[0] : fields[0];
      fields = item?.children ?? [];
    }
    const names = fields.map((f) => f.element.name);
    const lacking = ['text', 'answer_start'].filter((n) => !names.includes(n));
    if (lacking.length) problems.push(`column answers lacks ${lacking.join(' and ')} (has ${names.join(', ') || 'no fields'})`);
  }
  return problems;
}

/**
 * Turns one SQuAD-schema row into an Instance (no id column → the row index; no title → ''), or issues with path `row N`, e.g.
 * squadRowToInstance({ id: 'q1', title: 'T', context: 'Paris is big.', question: 'What?', answers: { text: ['Paris'], answer_start: [0] } }, 0, 'hf:x/y/validation').
 */
export function squadRowToInstance(row: Record<string, unknown>, index: number, dataset: string, ids: IdSet = new IdSet()): { instance: Instance | null; issues: InputIssue[] } {
  const path = `row ${index}`;
  const issues: InputIssue[] = [];
  const skip = (kind: IssueKind, message: string) => {
    addIssue(issues, kind, path, message, true);
    return { instance: null, issues };
  };
  const rawId = row.id;
  let id: string;
  if (!('id' in row)) id = String(index);
  else if (typeof rawId === 'string' && rawId.trim()) id = rawId;
  else if (typeof rawId === 'number' || typeof rawId === 'bigint') id = String(rawId);
  else return skip('schema', `id: expected a non-empty string, got ${describe(rawId)}`);
  const { context, question } = row;
  if (typeof context !== 'string' || !context.trim()) return skip(typeof context === 'string' ? 'empty-context' : 'schema', `context: expected a non-empty string, got ${describe(context)}`);
  if (typeof question !== 'string' || !question.trim()) return skip('schema', `question: expected a non-empty string, got ${describe(question)}`);
  const title = typeof row.title === 'string' ? row.title : '';
  const raw = readAnswers(row.answers, path);
  if (typeof raw === 'string') return skip('schema', `answers: ${raw}`);
  // Answers not at their offset are moved to the nearest occurrence; absent ones are dropped.
  const resolved = resolveAnswers(context, raw);
  if (!acceptAnswers(resolved, issues, path)) return { instance: null, issues };
  if (!ids.claim(id, issues, path)) return { instance: null, issues };
  const answers = resolved.answers;
  // Only the SQuAD columns are fetched (range requests), so a row carries metadata only when a caller passes more.
  const meta = collectMeta(row, ['id', 'title', 'context', 'question', 'answers']);
  const instance = makeInstance({ id, dataset, title, question, context, answers, isImpossible: answers.length === 0, lang: guessLang(context), meta });
  return { instance, issues };
}

/** Answers as the row states them, or a message saying what is wrong with them. */
function readAnswers(v: unknown, path: string): RawAnswer[] | string {
  let texts: unknown[];
  let starts: unknown[];
  if (Array.isArray(v)) {
    // list<struct<text, answer_start>>
    texts = v.map((a: unknown) => (isObject(a) ? a.text : undefined));
    starts = v.map((a: unknown) => (isObject(a) ? a.answer_start : undefined));
  } else if (isObject(v)) {
    if (!Array.isArray(v.text) || !Array.isArray(v.answer_start)) return `expected {text: [...], answer_start: [...]}, got text ${describe(v.text)} and answer_start ${describe(v.answer_start)}`;
    texts = v.text;
    starts = v.answer_start;
  } else {
    return `expected {text: [...], answer_start: [...]}, got ${describe(v)}`;
  }
  if (texts.length !== starts.length) return `${texts.length} texts but ${starts.length} answer_start values`;
  const out: RawAnswer[] = [];
  for (let k = 0; k < texts.length; k++) {
    const text = texts[k];
    const s = starts[k];
    const start = typeof s === 'bigint' ? Number(s) : s;
    if (typeof text !== 'string') return `text[${k}]: expected a string, got ${describe(text)}`;
    if (typeof start !== 'number' || !Number.isInteger(start) || start < -1) return `answer_start[${k}]: expected an integer, got ${describe(s)}`;
    out.push({ text, start, path });
  }
  return out;
}

/** A value as a message shows it, e.g. '"Paris"', 'a list', 'number 3'. */
function describe(v: unknown): string {
  if (v === null) return 'null';
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return v.trim() ? `"${v.slice(0, 30)}"` : 'an empty string';
  return typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`;
}
