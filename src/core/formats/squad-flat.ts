/**
 * The Hugging Face flat layout of SQuAD (what `datasets` writes with to_json): one row per
 * question, `answers` as {text: [...], answer_start: [...]}; JSON Lines (the default) or one array.
 */
import * as v from 'valibot';
import type { ImportResult, Instance } from '../data/types.ts';
import { acceptAnswers, addIssue, fieldPath, guessLang, IdSet, makeInstance, notAnObject, Pacer, resolveAnswers, runImport, schemaText, type FormatOptions, type ImportOutcome, type RawAnswer } from './common.ts';
import { isGzip, gunzipHead } from './gzip.ts';
import { documentText, inputBytes, type ImportInput } from './input.ts';
import { InputError, parseJson } from './json.ts';
import { looksLikeJsonLines, readJsonLines, type LineHandler } from './jsonl.ts';
import { collectMeta } from './meta.ts';
import { fileAnnotations, LooseBool, type InputIssue } from './squad.ts';

/** The columns readRow reads; every other scalar column is metadata. */
const ROW_KEYS = ['id', 'title', 'context', 'question', 'answers', 'is_impossible'];

const Int = v.pipe(v.number(), v.integer());
const Id = v.pipe(v.union([v.string(), v.number()]), v.transform(String));
const ColumnAnswers = v.object({ text: v.array(v.string()), answer_start: v.array(Int) });
const ListAnswers = v.array(v.object({ text: v.string(), answer_start: Int }));
const Row = v.object({
  id: Id,
  title: v.optional(v.nullable(v.string()), ''),
  context: v.string(),
  question: v.string(),
  // The HF layout is column-wise; some exports keep SQuAD's list of objects. Both are read.
  answers: v.optional(v.union([ColumnAnswers, ListAnswers]), { text: [], answer_start: [] }),
  is_impossible: v.optional(LooseBool),
});

/** Reads one flat row into `instances` (or an issue); shared by the JSON Lines and array forms. */
function readRow(raw: unknown, path: string, opts: FormatOptions, ids: IdSet, instances: { push(i: Instance): unknown }, issues: InputIssue[]): void {
  const kind = notAnObject(raw);
  if (kind) return addIssue(issues, 'schema', path, `expected a row object {id, title, context, question, answers}, got ${kind}; skipped`, true);
  const r = v.safeParse(Row, raw);
  if (!r.success) return addIssue(issues, 'schema', fieldPath(path, r.issues), schemaText(r.issues), true);
  const row = r.output;
  let raws: RawAnswer[];
  if (Array.isArray(row.answers)) {
    raws = row.answers.map((a, k) => ({ text: a.text, start: a.answer_start, path: `${path}.answers[${k}]` }));
  } else {
    const { text, answer_start } = row.answers;
    if (text.length !== answer_start.length) {
      return addIssue(issues, 'schema', `${path}.answers`, `answers.text has ${text.length} ${text.length === 1 ? 'entry' : 'entries'} but answers.answer_start has ${answer_start.length}; skipped`, true);
    }
    raws = text.map((t, k) => ({ text: t, start: answer_start[k] ?? -1, path: `${path}.answers.text[${k}]` }));
  }
  if (!row.context.trim()) return addIssue(issues, 'empty-context', `${path}.context`, 'empty context; skipped', true);
  if (!ids.claim(row.id, issues, `${path}.id`)) return;
  if (!row.question.trim()) return addIssue(issues, 'schema', `${path}.question`, 'empty question; skipped', true);
  const resolved = resolveAnswers(row.context, raws);
  const impossible = row.is_impossible === true;
  if (!impossible && !acceptAnswers(resolved, issues, `${path}.answers`)) return;
  if (impossible) issues.push(...resolved.issues);
  instances.push(
    makeInstance({
      id: row.id,
      dataset: opts.dataset,
      title: row.title ?? '',
      question: row.question,
      context: row.context,
      answers: resolved.answers,
      isImpossible: impossible || resolved.answers.length === 0,
      lang: guessLang(row.context),
      meta: collectMeta(raw, ROW_KEYS),
      // A row is question and passage at once: its `answer_type` (or answers') and spaCy spans.
      ...fileAnnotations(raw, raw, row.context, path, issues),
    }),
  );
}

/** Bytes flatForm looks at: as many as format detection (SNIFF_BYTES), so rows of several kB still show whole lines. */
const HEAD = 65536;

/** How a flat file holds its rows: one JSON array, a `{"version", "data": [rows]}` document, or JSON Lines. */
type FlatForm = 'array' | 'document' | 'lines';

/**
 * Tells the three flat forms apart from the file name and first bytes (gzip looked into). A first line that is a
 * whole object with `data`, or an object opening with "version"/"data" that spans lines, is the
 * document form (the layout of transformers' SQuAD sample); anything else starting with '{' is
 * JSON Lines, so a bad first line costs only that line.
 */
function flatForm(input: ImportInput, file: string): FlatForm {
  const head = typeof input === 'string' ? input.slice(0, HEAD) : isGzip(input) ? (gunzipHead(input, HEAD) ?? new Uint8Array()) : input.subarray(0, HEAD);
  const s = (typeof head === 'string' ? head : new TextDecoder().decode(head)).replace(/^\ufeff/, '').trimStart();
  // A .jsonl/.ndjson name decides (issue 25.4); otherwise, for a JSON Lines file whose first line
  // is broken and starts with '[', its later lines decide.
  if (looksLikeJsonLines(s, file.toLowerCase().replace(/\.gz$/, ''))) return 'lines';
  if (s.startsWith('[')) return 'array';
  const nl = s.indexOf('\n');
  try {
    const first: unknown = JSON.parse(nl >= 0 ? s.slice(0, nl) : s);
    return first !== null && typeof first === 'object' && 'data' in first ? 'document' : 'lines';
  } catch {
    return /^\{\s*"(version|data)"\s*:/.test(s) ? 'document' : 'lines';
  }
}

/** The rows of a flat document `{"version": 2.0, "data": [...]}`, or an InputError naming the field. */
function documentRows(raw: unknown, file: string): unknown[] {
  if (Array.isArray(raw)) return raw;
  const data = raw !== null && typeof raw === 'object' ? (raw as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) throw new InputError(`${file}: "data" must be an array of rows {id, question, context, answers}.`);
  return data;
}

/**
 * Imports the HF flat SQuAD layout, e.g. `await importSquadFlat(bytes, { file: 'validation.jsonl', dataset: 'squad_v2' })`.
 * Rows with empty answer lists are unanswerable (SQuAD 2.0). Issue paths are `line N…` for
 * JSON Lines, `[i]…` for an array and `data[i]…` for a `{"version", "data": [rows]}` document.
 */
export function importSquadFlat(input: ImportInput, opts: FormatOptions): Promise<ImportOutcome> {
  return runImport(() => readFlat(input, opts));
}

/** The line handler of a flat JSON Lines file (one pass: it remembers the ids seen), e.g. flatLines(opts, issues, (i) => out.push(i)). */
export function flatLines(opts: FormatOptions, issues: InputIssue[], emit: (i: Instance) => void): LineHandler {
  const ids = new IdSet();
  const out = { push: emit };
  return (value, n) => readRow(value, `line ${n}`, opts, ids, out, issues);
}

/** Whether a flat file (bytes of its head, gzip looked into) holds its rows as JSON Lines, not one array or document. */
export const isFlatJsonLines = (head: Uint8Array, file: string): boolean => flatForm(head, file) === 'lines';

async function readFlat(input: ImportInput, opts: FormatOptions): Promise<ImportResult> {
  const issues: InputIssue[] = [];
  const instances: Instance[] = [];
  const ids = new IdSet();
  const partial = (): ImportResult => ({ format: 'squad-flat', instances, issues });
  new Pacer(opts, 1, partial, () => opts.file).check();
  const form = flatForm(input, opts.file);
  if (form !== 'lines') {
    const rows = documentRows(parseJson(documentText(input, opts, issues), opts.file), opts.file);
    const prefix = form === 'document' ? 'data' : '';
    let at = '';
    const pacer = new Pacer(opts, rows.length, partial, () => at);
    for (const [i, row] of rows.entries()) {
      at = `${prefix}[${i}]`;
      if (i > 0 && i % 1000 === 0) await pacer.tick(i);
      readRow(row, at, opts, ids, instances, issues);
    }
    pacer.finish();
  } else {
    await readJsonLines(inputBytes(input, opts), opts, issues, partial, flatLines(opts, issues, (i) => instances.push(i)));
  }
  return partial();
}
