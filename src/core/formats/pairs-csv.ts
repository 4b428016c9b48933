/**
 * Natural-perturbation pairs as one CSV (or TSV) row each: original passage, edited passage,
 * question, answer. Same keep-without-revision policy as pairs.ts.
 */
import Papa from 'papaparse';
import { toCodePoint } from '../text/codepoints.ts';
import type { ImportResult, Instance } from '../data/types.ts';
import { acceptAnswers, addIssue, guessLang, IdSet, makeInstance, Pacer, quote, resolveAnswers, runImport, type FormatOptions, type ImportOutcome } from './common.ts';
import { documentText, type ImportInput } from './input.ts';
import { InputError } from './json.ts';
import { carryAnswers } from './pairs.ts';
import { collectMeta } from './meta.ts';
import { pyStringList } from './pylist.ts';
import type { InputIssue } from './squad.ts';

/** Accepted header names per column (compared after lower-casing and turning spaces/dashes into '_'). */
export const PAIR_COLUMNS = {
  original: ['original_context', 'context_original', 'original', 'orig_context', 'original_passage', 'passage_original', 'context', 'passage'],
  perturbed: ['perturbed_context', 'context_perturbed', 'new_context', 'context_new', 'perturbed', 'perturbed_passage', 'revised_context', 'edited_context', 'revision'],
  question: ['question', 'query'],
  perturbedQuestion: ['perturbed_question', 'question_perturbed', 'new_question', 'paraphrased_question', 'paraphrase'],
  answer: ['answer', 'answers', 'original_answer', 'answer_text', 'gold_answer'],
  perturbedAnswer: ['perturbed_answer', 'new_answer', 'answer_perturbed', 'revised_answer'],
  answerStart: ['answer_start', 'original_answer_start'],
  id: ['id', 'qid', 'question_id'],
  title: ['title'],
  intent: ['intent', 'edit_intent', 'intention'],
} as const;

type Role = keyof typeof PAIR_COLUMNS;
const REQUIRED: readonly Role[] = ['original', 'perturbed', 'question', 'answer'];
const ROLE_NAMES: Record<Role, string> = {
  original: 'original context',
  perturbed: 'perturbed context',
  question: 'question',
  perturbedQuestion: 'perturbed question',
  answer: 'answer',
  perturbedAnswer: 'perturbed answer',
  answerStart: 'answer start',
  id: 'id',
  title: 'title',
  intent: 'intent',
};

const normHeader = (h: string) => h.replace(/^\ufeff/, '').trim().toLowerCase().replace(/[\s.-]+/g, '_');

/**
 * Column index per role from a header row, e.g. mapHeader(['Context', 'New Context', 'Question', 'Answer'], 'p.csv')
 * → { original: 0, perturbed: 1, question: 2, answer: 3 }. Throws InputError naming missing required columns.
 */
export function mapHeader(header: readonly string[], file: string): Partial<Record<Role, number>> {
  const norm = header.map(normHeader);
  const out: Partial<Record<Role, number>> = {};
  for (const role of Object.keys(PAIR_COLUMNS) as Role[]) {
    // Alias order is priority order: "context" only counts as the original if nothing better is there.
    for (const alias of PAIR_COLUMNS[role]) {
      const i = norm.indexOf(alias);
      if (i >= 0 && !Object.values(out).includes(i)) {
        out[role] = i;
        break;
      }
    }
  }
  const missing = REQUIRED.filter((r) => out[r] === undefined);
  if (missing.length) {
    const wanted = missing.map((r) => `${ROLE_NAMES[r]} (${PAIR_COLUMNS[r].slice(0, 4).join(', ')}…)`).join('; ');
    throw new InputError(`${file}: not a pairs CSV: missing column${missing.length > 1 ? 's' : ''} ${wanted}; the header has ${header.length ? header.map((h) => JSON.stringify(h)).join(', ') : 'no columns'}.`);
  }
  return out;
}

/** Answer cell → texts: a JSON or Python list of strings, an HF {"text": [...]} object (JSON or Python), or the cell as one answer, e.g. answerTexts('["a", "b"]') → ['a', 'b'], answerTexts('') → []. */
export function answerTexts(cell: string): string[] {
  return answerCells(cell).map((x) => x.trim());
}

/** answerTexts without the trimming (blank entries still dropped), e.g. answerCells(' Ada ') → [' Ada ']: the importer trims only what is not in the passage as written. */
export function answerCells(cell: string): string[] {
  const t = cell.trim();
  if (t === '') return [];
  if (t.startsWith('[') || t.startsWith('{')) {
    try {
      const v: unknown = JSON.parse(t);
      const list = Array.isArray(v) ? v : v !== null && typeof v === 'object' && 'text' in v && Array.isArray(v.text) ? (v.text as unknown[]) : null;
      if (list && list.every((x): x is string => typeof x === 'string')) return list.filter((x) => x.trim() !== '');
    } catch {
      // Not JSON: maybe Python's repr of a list, as pandas writes list columns ("['Paris']").
    }
    const py = pyStringList(t);
    if (py) return py.filter((x) => x.trim() !== '');
    // Neither: the cell is one answer that happens to start with a bracket.
  }
  return [cell];
}

/**
 * An answer as written when the passage holds it so (our exports keep a leading TAB, CR, LF,
 * space or BOM), else trimmed (a hand-written "a, b" cell), e.g. asWritten(' Ada', 'Ada wrote') → 'Ada'.
 */
function asWritten(text: string, passage: string): string {
  return text === text.trim() || passage.includes(text) ? text : text.trim();
}

// OWASP's CSV-injection advice: a spreadsheet runs a cell that starts with = + - @, tab or carriage
// return as a formula, so exports prefix such cells with a single quote and quote them
// (papaparse's escapeFormulae does both). Cells that already start with quotes before such a
// character get one more, so restoreCell undoes the export exactly for every string.
export const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** A cell as written before the export neutralised it, e.g. restoreCell("'-5 °C") → '-5 °C', restoreCell("'tis") → "'tis". */
export function restoreCell(cell: string): string {
  return NEUTRALISED.test(cell) ? cell.slice(1) : cell;
}

interface CsvRow {
  fields: string[];
  line: number;
  error?: string;
}

const BREAK = /\r\n|\r|\n/g;

/** The line break at or after `from` (CRLF, CR or LF: editors and Papa Parse take all three), or null, e.g. nextBreak('a\rb', 0) → { at: 1, end: 2 }. */
function nextBreak(text: string, from: number): { at: number; end: number } | null {
  BREAK.lastIndex = from;
  const m = BREAK.exec(text);
  return m ? { at: m.index, end: m.index + m[0].length } : null;
}

/** Rows with the editor line each starts on (quoted newlines make row ≠ line). */
function parseRows(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let prevCursor = 0;
  let counted = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step: (r) => {
      let s = prevCursor;
      // Skipped blank lines sit between the previous row's end and this row's start.
      for (;;) {
        const b = nextBreak(text, s);
        if (!b || text.slice(s, b.at).trim() !== '') break;
        s = b.end;
      }
      for (let b = nextBreak(text, counted); b && b.at < s; b = nextBreak(text, b.end)) line++;
      counted = s;
      prevCursor = r.meta.cursor;
      const err = r.errors[0];
      rows.push({ fields: r.data, line, ...(err ? { error: err.message } : {}) });
    },
  });
  return rows;
}

/**
 * Imports a pairs CSV, e.g. `await importPairsCsv('original,perturbed,question,answer\n…', { file: 'pairs.csv', dataset: 'np' })`.
 * Columns are matched by name (PAIR_COLUMNS); answers are located in both passages; rows without a
 * usable edited passage are kept without a revision. Issue paths are `line N.<column>`.
 */
export function importPairsCsv(input: ImportInput, opts: FormatOptions): Promise<ImportOutcome> {
  return runImport(() => readPairsCsv(input, opts));
}

async function readPairsCsv(input: ImportInput, opts: FormatOptions): Promise<ImportResult> {
  const issues: InputIssue[] = [];
  const instances: Instance[] = [];
  new Pacer(opts, 1, () => ({ format: 'pairs-csv', instances, issues }), () => opts.file).check();
  const text = documentText(input, opts, issues);
  const rows = parseRows(text);
  const header = rows[0];
  if (!header) throw new InputError(`${opts.file}: the file is empty.`);
  const col = mapHeader(header.fields, opts.file);
  const name = (role: Role) => header.fields[col[role] ?? -1]?.trim() ?? role;
  // Cells neutralised against formula injection (our own exports, OWASP-style ones) read back as written.
  const cell = (r: CsvRow, role: Role) => (col[role] === undefined ? '' : restoreCell(r.fields[col[role]] ?? ''));
  // Columns no role claims (a domain, a source …) are kept per row as metadata; empty cells are not.
  const used = new Set(Object.values(col));
  const extra = header.fields.map((h, i) => ({ key: h.replace(/^\ufeff/, '').trim(), i })).filter((c) => !used.has(c.i) && c.key !== '');
  const metaOf = (r: CsvRow) => collectMeta(Object.fromEntries(extra.map((c) => [c.key, restoreCell(r.fields[c.i] ?? '').trim()]).filter(([, val]) => val !== '')), []);
  const ids = new IdSet();
  let at = '';
  const pacer = new Pacer(opts, rows.length - 1, () => ({ format: 'pairs-csv', instances, issues }), () => at);
  for (let k = 1; k < rows.length; k++) {
    const r = rows[k] as CsvRow;
    const path = `line ${r.line}`;
    at = path;
    if (k % 1000 === 0) await pacer.tick(k - 1);
    if (r.error) {
      addIssue(issues, 'malformed-row', path, `${r.error}; row skipped`, true);
      continue;
    }
    if (r.fields.length !== header.fields.length) {
      addIssue(issues, 'malformed-row', path, `has ${r.fields.length} fields, the header has ${header.fields.length}; row skipped`, true);
      continue;
    }
    const context = cell(r, 'original');
    const question = cell(r, 'question');
    // Ids are kept as written (as Python's csv module reads them), so exported ids read back identically.
    const idCell = cell(r, 'id');
    const id = idCell.trim() ? idCell : `row-${k}`;
    if (!context.trim()) {
      addIssue(issues, 'empty-context', `${path}.${name('original')}`, 'empty original context; row skipped', true);
      continue;
    }
    if (!ids.claim(id, issues, `${path}.${name('id')}`)) continue;
    if (!question.trim()) {
      addIssue(issues, 'schema', `${path}.${name('question')}`, 'empty question; row skipped', true);
      continue;
    }
    const hintCell = cell(r, 'answerStart').trim();
    const hint = /^-?\d+$/.test(hintCell) ? Number(hintCell) : null;
    const texts = answerCells(cell(r, 'answer')).map((t) => asWritten(t, context));
    const resolved = resolveAnswers(context, texts.map((t) => ({ text: t, start: hint, path: `${path}.${name('answer')}` })));
    if (!acceptAnswers(resolved, issues, `${path}.${name('answer')}`)) continue;
    const answers = resolved.answers;
    const lang = guessLang(context);
    const base = { id, dataset: opts.dataset, title: cell(r, 'title'), question, context, answers, isImpossible: answers.length === 0, lang, meta: metaOf(r) };

    const edited = cell(r, 'perturbed');
    if (!edited.trim()) {
      addIssue(issues, 'no-revision', `${path}.${name('perturbed')}`, 'empty perturbed context; kept without a revision', false);
      instances.push(makeInstance(base));
      continue;
    }
    const newTexts = answerCells(cell(r, 'perturbedAnswer')).map((t) => asWritten(t, edited));
    const near = answers[0]?.start ?? 0;
    const revAnswers = newTexts.length ? carryAnswers(newTexts.map((t) => ({ text: t, start: near })), edited) : carryAnswers(answers, edited);
    const wanted = newTexts.length ? newTexts : answers.map((a) => a.text);
    if (revAnswers.length === 0 && wanted.length > 0) {
      const where = `${path}.${name(newTexts.length ? 'perturbedAnswer' : 'perturbed')}`;
      addIssue(issues, 'no-revision', where, `answer ${quote(wanted[0] ?? '')} does not occur in the perturbed context; kept without a revision`, false);
      instances.push(makeInstance(base));
      continue;
    }
    const intent = cell(r, 'intent').trim();
    // A paraphrase column rewords the question for the edited side; an identical or empty cell means the same question.
    const asked = cell(r, 'perturbedQuestion').trim();
    const reworded = asked && asked !== question.trim() ? { question: asked } : {};
    instances.push(makeInstance({ ...base, revision: { context: edited, answers: revAnswers, ...(intent ? { intent } : {}), ...reworded } }));
  }
  pacer.finish();
  return { format: 'pairs-csv', instances, issues };
}

/** The paper's 8 edit-intention categories (Wu et al. 2025, App. F; Yang et al. 2017's 13 map onto them): see natural/intents.ts. */
export { EDIT_INTENTS } from '../natural/intents.ts';

/**
 * Revision pairs as CSV in the layout this importer reads back (id, title, question, answer,
 * answer_start in code points, original_context, perturbed_context, perturbed_answer, intent, and
 * perturbed_question when any pair rewords its question), e.g.
 * pairsToCsv(instances).split('\n')[0] === 'id,title,question,answer,answer_start,original_context,perturbed_context,perturbed_answer,intent'.
 * A cell that would start a formula gets a leading single quote and double quotes (see FORMULA_START).
 */
export function pairsToCsv(instances: readonly Instance[]): string {
  const rows = instances
    .filter((i) => i.revision)
    .map((i) => ({
      id: i.id,
      title: i.title,
      question: i.question,
      answer: i.answers[0]?.text ?? '',
      answer_start: i.answers[0] ? toCodePoint(i.context, i.answers[0].start) : '',
      original_context: i.context,
      perturbed_context: i.revision?.context ?? '',
      perturbed_answer: i.revision?.answers[0]?.text ?? '',
      intent: i.revision?.intent ?? '',
      perturbed_question: i.revision?.question ?? '',
    }));
  const columns = ['id', 'title', 'question', 'answer', 'answer_start', 'original_context', 'perturbed_context', 'perturbed_answer', 'intent'];
  if (rows.some((r) => r.perturbed_question)) columns.push('perturbed_question');
  return Papa.unparse(rows, { columns, newline: '\n', escapeFormulae: FORMULA_START });
}
