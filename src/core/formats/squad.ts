/**
 * SQuAD 1.1 / 2.0 (nested JSON) reading with validation: every question is checked on its own,
 * bad ones are skipped with a message naming the field, valid ones are kept.
 */
import * as v from 'valibot';
import { codePointMapper, isAtCodePoint, type CodePointMapper } from '../text/codepoints.ts';
import type { SquadDataset } from '../metrics/squad.ts';
import type { QaInput } from '../types.ts';
import { InputError, parseJson } from './json.ts';
import { collectMeta, nonEmpty } from './meta.ts';
import { answerTypeOfLabel, fileEntities, type TaggedSpan } from '../ner/file-entities.ts';
import { schemaText } from './schema-text.ts';
import { looseBool, looseVersion } from './loose.ts';
import { decideNoAnswer, squadVersionOf, type NoAnswerData } from '../data/no-answer.ts';

export { looseBool, looseVersion } from './loose.ts';
export { readNaProbs, readPredictions } from './predictions.ts';

const Answer = v.object({ text: v.string(), answer_start: v.pipe(v.number(), v.integer()) });

/**
 * A boolean that may be written as a string: the natural-perturbation challenge sets write
 * `"is_impossible": "true"`/"false" (Python's "True"/"False" too), so those strings are read as
 * booleans; any other string is a field error.
 */
export const LooseBool = v.pipe(
  v.union([v.boolean(), v.string()], 'expected a boolean (true/false, or the string "true"/"false")'),
  v.check((x) => looseBool(x) !== null, (i) => `expected a boolean or the string "true"/"false", got ${JSON.stringify(i.input)}`),
  v.transform((x) => looseBool(x) === true),
);

/** A version written as a string ("v2.0", "1.1") or a number (2.0, as HF's flat files do); numbers keep their decimal ("2.0"). */
export const LooseVersion = v.pipe(
  v.union([v.string(), v.number()], 'expected a version string or number'),
  v.transform((x: string | number) => looseVersion(x)),
);

const Question = v.object({
  id: v.pipe(v.union([v.string(), v.number()]), v.transform(String)),
  question: v.string(),
  answers: v.optional(v.array(Answer), []),
  is_impossible: v.optional(LooseBool),
  plausible_answers: v.optional(v.array(Answer)),
  // Paraphrases of the question (over-sensitivity sets); read leniently so a bad list never costs the question.
  paraphrases: v.optional(v.unknown()),
});
// DuReader-robust puts the title on the paragraph, SQuAD on the article; a paragraph title is only
// a display nicety, so an odd one never costs the paragraph.
const Paragraph = v.object({ context: v.string(), qas: v.array(v.unknown()), title: v.optional(v.unknown()) });
const Article = v.object({ title: v.optional(v.string(), ''), paragraphs: v.array(v.unknown()) });
const Root = v.object({ version: v.optional(LooseVersion), data: v.array(v.unknown()) });

/** One question with its passage and gold answers, the unit the tool works on. */
export interface QaItem extends QaInput {
  title: string;
  answers: { text: string; answer_start: number }[];
  isImpossible: boolean;
  /** SQuAD 2.0 `plausible_answers` texts of an unanswerable question. */
  plausibleAnswers?: string[];
  /** The question's paraphrases, from a `paraphrases` list of strings. */
  paraphrases?: string[];
  /** Other scalar keys of the question, its paragraph and its article (innermost wins). */
  meta?: Record<string, string | number | boolean>;
  /** The first answer's own `answer_type` (PER/ORG/GPE/other or a spaCy label), when the file gives one. */
  answerType?: NonNullable<ReturnType<typeof answerTypeOfLabel>>;
  /** spaCy-style entity spans of the passage (`entities`/`ents` on the question or, shared, on its paragraph). */
  entities?: TaggedSpan[];
}

/** The keys readSquadValue reads at each level; every other scalar key is metadata. */
const QA_KEYS = ['id', 'question', 'answers', 'is_impossible', 'plausible_answers', 'paraphrases'];
const PARAGRAPH_KEYS = ['context', 'qas', 'title'];
const ARTICLE_KEYS = ['title', 'paragraphs'];

/** What went wrong, so a summary can count problems by kind ("2 malformed lines, 1 duplicate id"). */
export type IssueKind =
  | 'malformed-line'
  | 'malformed-row'
  | 'schema'
  | 'duplicate-id'
  | 'empty-context'
  | 'no-answers'
  | 'answer-offset'
  | 'answer-missing'
  | 'no-revision'
  | 'unpaired'
  | 'question-mismatch'
  | 'paired-by-passage'
  | 'encoding'
  | 'header'
  | 'gzip'
  | 'cancelled';

/**
 * A problem with one part of a file; `path` is like data[0].paragraphs[2].qas[1].question or
 * `line 17`. `kind` and `skipped` (the entry was left out) are optional because other readers
 * predate them; the importers always set both.
 */
export interface InputIssue {
  path: string;
  message: string;
  kind?: IssueKind;
  skipped?: boolean;
  /** How many like problems this one line stands for (a file-wide summary); 1 when absent. */
  count?: number;
}

export interface SquadFile {
  /** The no-answer decision's version without an override (decideNoAnswer on `evidence`). */
  version: 'v1.1' | 'v2.0';
  /** What the file says about no answer: its unanswerable questions and its version string. */
  evidence: NoAnswerData;
  items: QaItem[];
  /** The dataset in the nested shape the evaluation scripts read (valid questions only). */
  dataset: SquadDataset;
  issues: InputIssue[];
}

/**
 * What a JSON object of only strings or only numbers is, e.g. { q1: 'Paris' } → a predictions
 * file: users drop the files `qarx predict` writes beside the data, and "data: required key is
 * missing" would not tell them why.
 */
function notDataText(raw: unknown, file: string): string | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const values = Object.values(raw);
  if (values.length === 0) return null;
  const base = file.split(/[\\/]/).pop() ?? file;
  if (values.every((x) => typeof x === 'string')) return `${file}: this looks like a predictions file ({"question id": "answer"}), not a dataset; score it against its dataset with: qarx eval <dataset> ${base}`;
  if (values.every((x) => typeof x === 'number')) return `${file}: this looks like a null-odds file ({"question id": number}), not a dataset; pass it to: qarx eval <dataset> <predictions> --na-prob-file ${base}`;
  return null;
}

/**
 * Reads a SQuAD JSON text, e.g. readSquad('{"version":"v2.0","data":[…]}', 'dev.json') →
 * { version: 'v2.0', items: [...], issues: [] }. Throws InputError only when nothing is usable.
 */
export function readSquad(text: string, file: string): SquadFile {
  const r = readSquadValue(parseJson(text, file), file);
  if (r.items.length === 0) throw new InputError(`${file}: no usable questions${r.issues.length ? ` (${r.issues.length} problems, first: ${r.issues[0]?.path}: ${r.issues[0]?.message})` : ''}.`);
  return { version: r.version, evidence: r.evidence, items: r.items, dataset: r.dataset, issues: r.issues };
}

/** readSquadValue's result: a SquadFile plus where each item came from (for the importers' messages). */
export interface SquadRead extends SquadFile {
  /** paths[k] is items[k]'s place in the file, e.g. data[0].paragraphs[2].qas[1]. */
  paths: string[];
}

/**
 * Validates already-parsed SQuAD JSON, e.g. readSquadValue(JSON.parse(text), 'dev.json').items.
 * Unlike readSquad it returns an empty `items` rather than throwing, so importers can show every
 * issue; it throws InputError only when the root is not SQuAD-shaped. `checkAnswerStarts: false`
 * leaves answer offsets to the caller (the importers relocate them instead of just warning).
 */
export function readSquadValue(raw: unknown, file: string, opts: { checkAnswerStarts?: boolean } = {}): SquadRead {
  const root = v.safeParse(Root, raw);
  if (!root.success) throw new InputError(notDataText(raw, file) ?? `${file}: not a SQuAD file (${schemaText(root.issues)}). Expected {"version": …, "data": [{"title", "paragraphs": [{"context", "qas": […]}]}]}.`);
  const items: QaItem[] = [];
  const paths: string[] = [];
  const dataset: SquadDataset = { version: root.output.version ?? '', data: [] };
  const state = squadState(root.output.version, opts.checkAnswerStarts ?? true);
  root.output.data.forEach((art, ai) =>
    readArticle(art, ai, state, (item, path) => {
      items.push(item);
      paths.push(path);
    }, dataset),
  );
  const { version, evidence, issues } = finishSquad(state, file);
  return { version, evidence, items, paths, dataset, issues };
}

/** What readArticle carries from one article to the next (ids seen, issues, answer counts). */
export interface SquadState {
  readonly fileVersion: string | undefined;
  readonly checkStarts: boolean;
  readonly issues: InputIssue[];
  readonly seen: Set<string>;
  // DuReader-robust may write -1 for every answer_start: one line then says so, not one per answer.
  readonly unplaced: Set<InputIssue>;
  /** Questions flagged is_impossible or without answers: what the no-answer decision counts. */
  unanswerable: number;
  answerTotal: number;
}

/** A fresh SquadState for a file whose root `version` (as LooseVersion reads it) is `fileVersion`. */
export function squadState(fileVersion: string | undefined, checkStarts = true): SquadState {
  return { fileVersion, checkStarts, issues: [], seen: new Set(), unplaced: new Set(), unanswerable: 0, answerTotal: 0 };
}

/** The `version` value of a SQuAD root as readSquadValue reads it, or null when it is no version. */
export function rootVersion(raw: unknown): { version: string | undefined } | null {
  const r = v.safeParse(v.optional(LooseVersion), raw);
  return r.success ? { version: r.output } : null;
}

/**
 * Validates article `ai` of a SQuAD file (data[ai]) into `state`, handing each valid question to
 * `onItem` in file order; `dataset` (when given) receives the article in the evaluation scripts' shape.
 */
export function readArticle(art: unknown, ai: number, state: SquadState, onItem: (item: QaItem, path: string) => void, dataset?: SquadDataset): void {
  const { issues, seen, unplaced, checkStarts } = state;
  const a = v.safeParse(Article, art);
  if (!a.success) return void issues.push({ path: `data[${ai}]`, message: schemaText(a.issues), kind: 'schema', skipped: true });
  const outArticle = { title: a.output.title, paragraphs: [] as SquadDataset['data'][number]['paragraphs'] };
  a.output.paragraphs.forEach((par, pi) => {
    const base = `data[${ai}].paragraphs[${pi}]`;
    const p = v.safeParse(Paragraph, par);
    if (!p.success) return issues.push({ path: base, message: schemaText(p.issues), kind: 'schema', skipped: true });
    if (!p.output.context.trim()) return issues.push({ path: `${base}.context`, message: 'empty context; its questions are skipped', kind: 'empty-context', skipped: true });
    const outQas: SquadDataset['data'][number]['paragraphs'][number]['qas'] = [];
    let cps: CodePointMapper | undefined;
    p.output.qas.forEach((qa, qi) => {
      const path = `${base}.qas[${qi}]`;
      const q = v.safeParse(Question, qa);
      if (!q.success) return issues.push({ path, message: schemaText(q.issues), kind: 'schema', skipped: true });
      const { id, question, answers } = q.output;
      if (seen.has(id)) return issues.push({ path: `${path}.id`, message: `duplicate id "${id}"; the first one is kept`, kind: 'duplicate-id', skipped: true });
      const impossible = q.output.is_impossible ?? false;
      if (impossible || answers.length === 0) state.unanswerable++;
      if (!impossible && answers.length === 0 && state.fileVersion !== undefined && /^v?1/.test(state.fileVersion)) {
        issues.push({ path: `${path}.answers`, message: 'no answers for an answerable question (kept; scores count it as unanswerable)', kind: 'no-answers', skipped: false });
      }
      if (checkStarts) {
        // answer_start counts code points (Python's); a UTF-16 check warns after every emoji.
        cps ??= codePointMapper(p.output.context);
        for (const [k, ans] of answers.entries()) {
          state.answerTotal++;
          if (!isAtCodePoint(p.output.context, ans.text, ans.answer_start, cps)) {
            const issue: InputIssue = { path: `${path}.answers[${k}]`, message: `answer "${ans.text.slice(0, 40)}" is not at answer_start ${ans.answer_start} (kept for scoring, which uses the text)`, kind: 'answer-offset', skipped: false };
            if (ans.answer_start === -1) unplaced.add(issue);
            issues.push(issue);
          }
        }
      }
      seen.add(id);
      const paraphrases = readParaphrases(q.output.paraphrases, `${path}.paraphrases`, issues);
      const meta = nonEmpty(collectMeta(art, ARTICLE_KEYS, collectMeta(par, PARAGRAPH_KEYS, collectMeta(qa, QA_KEYS))));
      const own = fileAnnotations(qa, par, p.output.context, `${path}`, issues);
      onItem({ id, question, context: p.output.context, title: a.output.title || (typeof p.output.title === 'string' ? p.output.title : ''), answers, isImpossible: impossible, ...(impossible && q.output.plausible_answers?.length ? { plausibleAnswers: q.output.plausible_answers.map((x) => x.text) } : {}), ...(paraphrases ? { paraphrases } : {}), ...(meta ? { meta } : {}), ...own }, path);
      outQas.push({ id, question, answers, ...(q.output.is_impossible !== undefined ? { is_impossible: impossible } : {}) });
    });
    outArticle.paragraphs.push({ context: p.output.context, qas: outQas });
  });
  dataset?.data.push(outArticle);
}

/** The file's version and issues once every article is read (every answer_start -1 becomes one summary line). */
export function finishSquad(state: SquadState, file: string): { version: 'v1.1' | 'v2.0'; evidence: NoAnswerData; issues: InputIssue[] } {
  const evidence: NoAnswerData = { unanswerable: state.unanswerable, version: state.fileVersion ?? null };
  const version = squadVersionOf(decideNoAnswer(evidence).versionTwo);
  const { answerTotal, unplaced, issues } = state;
  if (answerTotal > 0 && unplaced.size === answerTotal) {
    const rest = issues.filter((i) => !unplaced.has(i));
    const summary: InputIssue = { path: file, message: `every answer_start is -1 (${answerTotal} answer${answerTotal === 1 ? '' : 's'}, as DuReader-robust writes them); answers are scored by their text`, kind: 'answer-offset', skipped: false, count: answerTotal };
    return { version, evidence, issues: [summary, ...rest] };
  }
  return { version, evidence, issues };
}

/** A question's `paraphrases` field: the non-empty strings of a list; anything else is noted and ignored (the question is kept). */
function readParaphrases(raw: unknown, path: string, issues: InputIssue[]): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const list = Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
  if (!Array.isArray(raw) || list.length < raw.length) issues.push({ path, message: 'expected a list of question strings; the other entries are ignored (the question is kept)', kind: 'schema', skipped: false });
  return list.length ? list : undefined;
}

/**
 * A question's own entity annotations (they take precedence over any tagger): its first answer's
 * `answer_type` (SQuAD's list of answers, the HF flat layout's `answers.answer_type` column, MRQA's
 * `detected_answers`, or the question's own `answer_type`), and spaCy-style spans on the question or
 * its passage; entries that are no [start, end, label] span are reported once per list and left out.
 * The nested SQuAD, flat (HF) and MRQA readers all call this.
 */
export function fileAnnotations(qa: unknown, par: unknown, context: string, path: string, issues: InputIssue[], parPath = path.replace(/\.qas\[\d+\]$/, '')): Pick<QaItem, 'answerType' | 'entities'> {
  const out: Pick<QaItem, 'answerType' | 'entities'> = {};
  const q = (qa ?? {}) as { answers?: unknown; detected_answers?: unknown; answer_type?: unknown };
  const firstOf = (list: unknown): unknown => (Array.isArray(list) && list[0] && typeof list[0] === 'object' ? (list[0] as { answer_type?: unknown }).answer_type : undefined);
  const column = q.answers && typeof q.answers === 'object' && !Array.isArray(q.answers) ? (q.answers as { answer_type?: unknown }).answer_type : undefined;
  const label = firstOf(q.answers) ?? (Array.isArray(column) ? column[0] : undefined) ?? firstOf(q.detected_answers) ?? q.answer_type;
  const t = answerTypeOfLabel(label);
  if (t) out.answerType = t;
  const ownSpans = fileEntities(qa, context);
  const found = ownSpans ?? (par === qa ? null : fileEntities(par, context));
  if (found) {
    out.entities = found.spans;
    if (found.problems) issues.push({ path: `${ownSpans ? path : parPath}.entities`, message: `${found.problems} entity span(s) are not [start, end, label] inside the passage (left out)`, kind: 'schema', skipped: false });
  }
  return out;
}
