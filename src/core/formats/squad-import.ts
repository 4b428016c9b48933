/**
 * Nested SQuAD-style JSON (SQuAD 1.1 / 2.0, DuReader-robust) to Instances. Validation is
 * readSquad's (same paths, same duplicate rule); on top, answer offsets are checked and fixed,
 * because every view highlights answers by offset.
 */
import type { ImportResult, Instance } from '../data/types.ts';
import { acceptAnswers, addIssue, guessLang, makeInstance, Pacer, resolveAnswers, runImport, type FormatOptions, type ImportOutcome } from './common.ts';
import { documentText, type ImportInput } from './input.ts';
import { parseJson } from './json.ts';
import { readSquadValue, type InputIssue } from './squad.ts';

/**
 * Imports SQuAD 1.1/2.0 JSON, e.g. `await importSquad(text, { file: 'dev-v2.0.json', dataset: 'squad2' })`.
 * Throws InputError for unparseable JSON (line and column) or a non-SQuAD root; entry problems are issues.
 */
export function importSquad(input: ImportInput, opts: FormatOptions): Promise<ImportOutcome> {
  return runImport(() => importNested(input, opts, 'squad'));
}

/**
 * Imports DuReader-robust JSON, e.g. `await importDuReader(bytes, { file: 'dev.json', dataset: 'dureader' })`;
 * answer_start -1 is resolved by finding the answer text; answers not in the passage are dropped.
 */
export function importDuReader(input: ImportInput, opts: FormatOptions): Promise<ImportOutcome> {
  return runImport(() => importNested(input, opts, 'dureader'));
}

async function importNested(input: ImportInput, opts: FormatOptions, format: 'squad' | 'dureader'): Promise<ImportResult> {
  const issues: InputIssue[] = [];
  const instances: Instance[] = [];
  let at = '';
  const pacer = new Pacer(opts, 1, () => ({ format, instances, issues }), () => at || opts.file);
  pacer.check();
  const raw = parseJson(documentText(input, opts, issues), opts.file);
  pacer.check();
  const read = readSquadValue(raw, opts.file, { checkAnswerStarts: false });
  issues.push(...read.issues);
  const total = read.items.length;
  const progress = new Pacer(opts, total, () => ({ format, instances, issues }), () => at || opts.file);
  // Paths of answers whose answer_start is -1 (DuReader-robust leaves offsets out this way).
  const unplaced = new Set<string>();
  let answerCount = 0;
  for (const [k, item] of read.items.entries()) {
    const path = read.paths[k] ?? `item ${k}`;
    at = path;
    if (k > 0 && k % 1000 === 0) await progress.tick(k);
    if (!item.question.trim()) {
      addIssue(issues, 'schema', `${path}.question`, 'empty question; skipped', true);
      continue;
    }
    const raws = item.answers.map((a, j) => ({ text: a.text, start: a.answer_start, path: `${path}.answers[${j}]` }));
    answerCount += raws.length;
    for (const r of raws) if (r.start === -1) unplaced.add(r.path);
    const resolved = resolveAnswers(item.context, raws);
    if (!item.isImpossible && !acceptAnswers(resolved, issues, `${path}.answers`)) continue;
    if (item.isImpossible) issues.push(...resolved.issues);
    const lang = format === 'dureader' ? 'zh' : guessLang(item.context);
    instances.push(
      makeInstance({
        id: item.id,
        dataset: opts.dataset,
        title: item.title,
        // readSquadValue's paths start data[<article>]: the article a question comes from.
        article: Number(/^data\[(\d+)\]/.exec(path)?.[1] ?? k),
        question: item.question,
        context: item.context,
        answers: resolved.answers,
        // SQuAD 2.0's scorer treats "no answers" as unanswerable whatever the flag says.
        isImpossible: item.isImpossible || resolved.answers.length === 0,
        lang,
        ...(item.paraphrases ? { paraphrases: item.paraphrases } : {}),
        ...(item.plausibleAnswers ? { plausibleAnswers: item.plausibleAnswers } : {}),
        meta: item.meta,
        answerType: item.answerType,
        entities: item.entities,
      }),
    );
  }
  progress.finish();
  if (answerCount > 0 && unplaced.size === answerCount) summarizeUnplaced(issues, unplaced, opts.file);
  // readSquadValue's issues come first and the answer checks' after; file order reads better.
  const keyed = issues.map((issue) => ({ issue, key: [...issue.path.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])) }));
  keyed.sort((a, b) => compareIndices(a.key, b.key));
  return { format, instances, issues: keyed.map((k) => k.issue), ...(read.dataset.version ? { fileVersion: read.dataset.version } : {}) };
}

/**
 * When every answer_start of a file is -1, one line says so instead of a note per answer: the
 * per-answer "located at N" notes are folded into it (answers that were not found keep theirs).
 */
function summarizeUnplaced(issues: InputIssue[], unplaced: ReadonlySet<string>, file: string): void {
  const located = (i: InputIssue) => i.kind === 'answer-offset' && unplaced.has(i.path);
  const n = issues.filter(located).length;
  if (n === 0) return;
  const kept = issues.filter((i) => !located(i));
  issues.length = 0;
  issues.push({ path: file, message: `every answer_start is -1 (${unplaced.size} answer${unplaced.size === 1 ? '' : 's'}, as DuReader-robust writes them); ${n} ${n === 1 ? 'answer was' : 'answers were'} located by their text in the passage`, kind: 'answer-offset', skipped: false, count: n }, ...kept);
}

/** Orders index lists of paths like data[0].paragraphs[2].qas[10], parents before children. */
function compareIndices(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}
