/**
 * The data side of evaluation, read as the official scripts read it: only `id` and each
 * answer's `text` are used (plus `answers` being empty for SQuAD 2.0's no-answer). A malformed
 * field the scripts never read — `answer_start` as a string, a missing `question`, a
 * non-string `context` — is a warning, and the question is still scored, exactly as the
 * official script would score it. Only questions the script could not score are left out.
 */
import { looseBool, looseVersion } from '../formats/loose.ts';
import { InputError } from '../formats/json.ts';
import { decideNoAnswer, squadVersionOf, type NoAnswerData } from '../data/no-answer.ts';
import type { SquadAnswer, SquadArticle, SquadDataset, SquadQA } from './squad.ts';

/** A problem in the data file; `skipped`: the question (or article, paragraph) is not scored. */
export interface EvalIssue {
  path: string;
  message: string;
  kind: 'schema' | 'duplicate-id';
  skipped: boolean;
}

/** readEvalData's result: the dataset as the scripts see it, its version and every problem. */
export interface EvalData {
  /** The no-answer decision without an override (core/data/no-answer.ts): which official script scores the file. */
  version: 'v1.1' | 'v2.0';
  /** What the file says about no answer: its unanswerable questions and version string. */
  evidence: NoAnswerData;
  dataset: SquadDataset;
  /** Ids of the scored questions, in file order. */
  ids: string[];
  issues: EvalIssue[];
}

type Obj = Record<string, unknown>;

/** A JSON object, or null, e.g. asObject([]) → null. */
const asObject = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);

/** What a JSON value is, for messages, e.g. what('12') → 'the string "12"'. */
function what(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 30 ? `${v.slice(0, 30)}…` : v)}`;
  return typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`;
}

/** Unread fields of one question that are malformed, as "field: expected …, got …" texts. */
function unreadProblems(qa: Obj, answers: unknown[]): string[] {
  const out: string[] = [];
  if (typeof qa.question !== 'string') out.push(`question: expected a string, got ${what(qa.question)}`);
  if (qa.is_impossible !== undefined && looseBool(qa.is_impossible) === null) out.push(`is_impossible: expected true or false (or the string "true"/"false"), got ${what(qa.is_impossible)}`);
  if (qa.plausible_answers !== undefined && !Array.isArray(qa.plausible_answers)) out.push(`plausible_answers: expected a list, got ${what(qa.plausible_answers)}`);
  answers.forEach((a, k) => {
    const s = (a as Obj).answer_start;
    if (typeof s !== 'number' || !Number.isInteger(s)) out.push(`answers[${k}].answer_start: expected an integer, got ${what(s)}`);
  });
  return out;
}

/** One question as the scripts read it, or the reason it cannot be scored. */
function readQa(raw: unknown): { qa: SquadQA; unread: readonly string[] } | string {
  const qa = asObject(raw);
  if (!qa) return `expected a question object, got ${what(raw)}`;
  if (typeof qa.id !== 'string' && typeof qa.id !== 'number') return `id: expected a string, got ${what(qa.id)}`;
  const answers = qa.answers === undefined ? [] : qa.answers;
  if (!Array.isArray(answers)) return `answers: expected a list, got ${what(answers)}`;
  const bad = answers.findIndex((a) => typeof asObject(a)?.text !== 'string');
  if (bad >= 0) return `answers[${bad}].text: expected a string, got ${what(asObject(answers[bad])?.text ?? answers[bad])}`;
  const gold: SquadAnswer[] = answers.map((a) => {
    const o = a as Obj;
    return { text: o.text as string, answer_start: typeof o.answer_start === 'number' ? o.answer_start : -1 };
  });
  const out: SquadQA = { id: String(qa.id), question: typeof qa.question === 'string' ? qa.question : '', answers: gold };
  // The challenge sets write "true"/"false" as strings; those are booleans here as in the importers.
  const impossible = looseBool(qa.is_impossible);
  if (impossible !== null) out.is_impossible = impossible;
  return { qa: out, unread: unreadProblems(qa, answers) };
}

const NOTHING: readonly string[] = [];

/** Where a question is in the file, e.g. qaPath('data[0].paragraphs[1]', 2) → 'data[0].paragraphs[1].qas[2]'. */
const qaPath = (base: string, qi: number): string => `${base}.qas[${qi}]`;

/**
 * The question itself when it is already what readQa makes of it, give or take fields no script
 * reads (which nothing downstream reads either): string id and question, a list of answers with
 * string text and whole-number answer_start, is_impossible absent or boolean, plausible_answers
 * absent or a list. Else null (readQa copies and checks it).
 */
function wellFormedQa(raw: unknown): SquadQA | null {
  const qa = asObject(raw);
  if (!qa || typeof qa.id !== 'string' || typeof qa.question !== 'string' || !Array.isArray(qa.answers)) return null;
  if (qa.is_impossible !== undefined && typeof qa.is_impossible !== 'boolean') return null;
  if (qa.plausible_answers !== undefined && !Array.isArray(qa.plausible_answers)) return null;
  const answers = qa.answers as unknown[];
  for (let i = 0; i < answers.length; i++) {
    const o = asObject(answers[i]);
    if (!o || typeof o.text !== 'string' || !Number.isInteger(o.answer_start)) return null;
  }
  return qa as unknown as SquadQA;
}

/**
 * Reads parsed SQuAD-shaped JSON for scoring, e.g. readEvalData(JSON.parse(text), 'dev.json').dataset.
 * Throws InputError when the root is not {"data": [...]}.
 */
export function readEvalData(raw: unknown, file: string): EvalData {
  const root = asObject(raw);
  if (!root || !Array.isArray(root.data)) throw new InputError(`${file}: not a SQuAD file (data: expected a list, got ${what(root ? root.data : raw)}). Expected {"version": …, "data": [{"title", "paragraphs": [{"context", "qas": […]}]}]}.`);
  const version = looseVersion(root.version);
  const issues: EvalIssue[] = [];
  const ids: string[] = [];
  const seen = new Set<string>();
  const data: SquadArticle[] = [];
  let unanswerable = 0;
  const skip = (path: string, message: string) => issues.push({ path, message: `${message}; not scored`, kind: 'schema', skipped: true });
  root.data.forEach((art, ai) => {
    const a = asObject(art);
    if (!a || !Array.isArray(a.paragraphs)) return skip(`data[${ai}]`, `paragraphs: expected a list, got ${what(a ? a.paragraphs : art)}`);
    if (a.title !== undefined && typeof a.title !== 'string') issues.push({ path: `data[${ai}].title`, message: `expected a string, got ${what(a.title)} (not read by the official script; its questions are scored)`, kind: 'schema', skipped: false });
    const article: SquadArticle = { title: typeof a.title === 'string' ? a.title : '', paragraphs: [] };
    a.paragraphs.forEach((par, pi) => {
      const base = `data[${ai}].paragraphs[${pi}]`;
      const p = asObject(par);
      if (!p || !Array.isArray(p.qas)) return skip(base, `qas: expected a list, got ${what(p ? p.qas : par)}`);
      const contextOk = typeof p.context === 'string';
      const qas: SquadQA[] = [];
      const contextProblem = contextOk ? null : `context: expected a string, got ${what(p.context)}`;
      for (let qi = 0; qi < p.qas.length; qi++) {
        const raw: unknown = p.qas[qi];
        // The usual question is used as it is (no copy: much of qarx eval's time is allocation, issue 29).
        const asIs = wellFormedQa(raw);
        const r = asIs ? null : readQa(raw);
        if (typeof r === 'string') {
          skip(qaPath(base, qi), r);
          continue;
        }
        const qa = asIs ?? (r as { qa: SquadQA }).qa;
        const own = r ? r.unread : NOTHING;
        // Each script has its own rule for a repeated id (v1.1 scores every copy; v2.0 and DuReader-robust
        // read the questions into a dict: the last copy's answers at the first copy's place), so all copies go on.
        const again = seen.has(qa.id);
        if (again) issues.push({ path: `${qaPath(base, qi)}.id`, message: `duplicate id "${qa.id}": scored as the official script does (v1.1 counts every copy; v2.0 and DuReader-robust keep the last copy's answers)`, kind: 'duplicate-id', skipped: false });
        // JSON object keys are strings, so the scripts never find the prediction of a numeric id: they score it 0.
        if (!asIs && typeof asObject(raw)?.id === 'number') issues.push({ path: `${qaPath(base, qi)}.id`, message: `a number, not a string: its prediction "${qa.id}" is scored (the official script would not find it and score 0)`, kind: 'schema', skipped: false });
        const unread = contextProblem === null ? own : [contextProblem, ...own];
        if (unread.length) issues.push({ path: qaPath(base, qi), message: `${unread.join('; ')} (not read by the official script; scored)`, kind: 'schema', skipped: false });
        if (!again) ids.push(qa.id);
        seen.add(qa.id);
        if (qa.is_impossible === true || qa.answers.length === 0) unanswerable++;
        qas.push(qa);
      }
      article.paragraphs.push({ context: contextOk ? (p.context as string) : '', qas });
    });
    data.push(article);
  });
  const evidence = { unanswerable, version };
  return { version: squadVersionOf(decideNoAnswer(evidence).versionTwo), evidence, dataset: { version, data }, ids, issues };
}
