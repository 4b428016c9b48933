/**
 * MRQA shared-task files (.jsonl or .jsonl.gz): a header line, then one passage per line with its
 * questions. Offsets come from detected_answers' char_spans, whose end is inclusive; like every
 * offset in a file they count code points (MRQA was made with Python).
 */
import * as v from 'valibot';
import { mapperFor } from '../text/codepoints.ts';
import type { GoldAnswer, ImportResult, Instance } from '../data/types.ts';
import { addIssue, fieldPath, fileOffset, guessLang, IdSet, locate, makeInstance, notAnObject, quote, runImport, schemaText, type FormatOptions, type ImportOutcome } from './common.ts';
import { inputBytes, type ImportInput } from './input.ts';
import { readJsonLines, type LineHandler } from './jsonl.ts';
import { collectMeta } from './meta.ts';
import { fileAnnotations, type InputIssue } from './squad.ts';
import type { InstanceMeta } from '../data/types.ts';

/** The keys readMrqa reads per passage and per question; every other scalar key (and the header's) is metadata. */
const PASSAGE_KEYS = ['context', 'qas'];
const QA_KEYS = ['qid', 'id', 'question', 'answers', 'detected_answers'];

const Int = v.pipe(v.number(), v.integer());
const Id = v.pipe(v.union([v.string(), v.number()]), v.transform(String));
const Header = v.object({ header: v.object({ dataset: v.optional(v.string()), split: v.optional(v.string()) }) });
const Detected = v.object({ text: v.string(), char_spans: v.optional(v.array(v.tuple([Int, Int])), []) });
const Qa = v.object({
  qid: v.optional(Id),
  id: v.optional(Id),
  question: v.string(),
  answers: v.optional(v.array(v.string()), []),
  detected_answers: v.optional(v.array(Detected), []),
});
const Passage = v.object({ context: v.string(), qas: v.array(v.unknown()) });

/** MRQA compares answers loosely (case, spacing); so does the span check. */
const loose = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** The gold answers of one MRQA question, located in `context`; problems go to `issues`. */
function mrqaAnswers(context: string, qa: v.InferOutput<typeof Qa>, path: string, issues: InputIssue[]): GoldAnswer[] {
  const out: GoldAnswer[] = [];
  const seen = new Set<string>();
  const cps = mapperFor(context);
  const cpLength = cps.toCodePoint(context.length);
  const add = (text: string, start: number) => {
    const key = `${start}:${text}`;
    if (!seen.has(key)) out.push({ text, start });
    seen.add(key);
  };
  qa.detected_answers.forEach((d, j) => {
    d.char_spans.forEach(([s, e], m) => {
      const p = `${path}.detected_answers[${j}].char_spans[${m}]`;
      const slice = s >= 0 && e >= s && e < cpLength ? context.slice(cps.fromCodePoint(s), cps.fromCodePoint(e + 1)) : null;
      // The passage is the ground truth for highlighting, so the answer text is the span's text
      // (trimmed) when it matches loosely: MRQA spans may differ from `text` in case or spacing.
      const trimmed = slice?.trim() ?? '';
      if (slice !== null && trimmed !== '' && loose(slice) === loose(d.text)) return add(trimmed, cps.fromCodePoint(s) + slice.length - slice.trimStart().length);
      const at = locate(context, d.text, fileOffset(s, cps));
      if (at >= 0) {
        addIssue(issues, 'answer-offset', p, `span [${s}, ${e}] ${slice === null ? 'is outside the passage' : `is ${quote(slice)}, not ${quote(d.text)}`}; found the text at ${cps.toCodePoint(at)} (used)`, false);
        return add(d.text, at);
      }
      addIssue(issues, 'answer-missing', p, `span [${s}, ${e}] does not hold ${quote(d.text)} and the text is not in the passage (dropped)`, false);
    });
  });
  if (qa.detected_answers.length === 0) {
    // Without detected_answers only the answer strings are known: take their first occurrence.
    qa.answers.forEach((a, j) => {
      const at = a === '' ? -1 : locate(context, a, 0);
      if (at >= 0) {
        addIssue(issues, 'answer-offset', `${path}.answers[${j}]`, `no detected_answers; used the first occurrence of ${quote(a)} (at ${cps.toCodePoint(at)})`, false);
        add(a, at);
      }
    });
  }
  return out;
}

/**
 * Imports MRQA JSON Lines (plain or gzip), e.g. `await importMrqa(gzBytes, { file: 'SQuAD.jsonl.gz', dataset: 'mrqa-squad' })`.
 * A missing header is reported and the line read as data; MRQA has no unanswerable questions, so
 * questions with no locatable answer are skipped.
 */
export function importMrqa(input: ImportInput, opts: FormatOptions): Promise<ImportOutcome> {
  return runImport(() => readMrqa(input, opts));
}

async function readMrqa(input: ImportInput, opts: FormatOptions): Promise<ImportResult> {
  const issues: InputIssue[] = [];
  const instances: Instance[] = [];
  const partial = (): ImportResult => ({ format: 'mrqa', instances, issues });
  await readJsonLines(inputBytes(input, opts), opts, issues, partial, mrqaLines(opts, issues, (i) => instances.push(i)));
  return partial();
}

/**
 * The line handler of an MRQA file: the header line first, then passages whose questions go to
 * `emit` (problems to `issues`), e.g. mrqaLines(opts, issues, (i) => out.push(i)). One handler per
 * pass over a file: it remembers the header and the ids seen.
 */
export function mrqaLines(opts: FormatOptions, issues: InputIssue[], emit: (i: Instance) => void): LineHandler {
  const ids = new IdSet();
  let sawFirst = false;
  // The header's dataset and split (e.g. "SQuAD", "dev") go on every question as metadata.
  let headerMeta: InstanceMeta = {};
  return (value, n) => {
    const path = `line ${n}`;
    if (!sawFirst) {
      sawFirst = true;
      if (value !== null && typeof value === 'object' && 'header' in value) {
        const h = v.safeParse(Header, value);
        if (!h.success) addIssue(issues, 'header', fieldPath(path, h.issues), `malformed MRQA header (${schemaText(h.issues)}); ignored`, false);
        else headerMeta = collectMeta(h.output.header, []);
        return;
      }
      addIssue(issues, 'header', path, 'no MRQA header line ({"header": {"dataset": …, "split": …}}); reading this line as data', false);
    }
    const kind = notAnObject(value);
    if (kind) return addIssue(issues, 'schema', path, `expected a passage object {context, qas}, got ${kind}; line skipped`, true);
    const p = v.safeParse(Passage, value);
    if (!p.success) return addIssue(issues, 'schema', fieldPath(path, p.issues), `${schemaText(p.issues)}; line skipped`, true);
    const { context, qas } = p.output;
    if (!context.trim()) return addIssue(issues, 'empty-context', `${path}.context`, `empty context; its ${qas.length} questions are skipped`, true);
    const lang = guessLang(context);
    qas.forEach((raw, k) => {
      const qpath = `${path}.qas[${k}]`;
      const q = v.safeParse(Qa, raw);
      if (!q.success) return addIssue(issues, 'schema', fieldPath(qpath, q.issues), schemaText(q.issues), true);
      const id = q.output.qid ?? q.output.id;
      if (id === undefined) return addIssue(issues, 'schema', `${qpath}.qid`, 'no qid; skipped', true);
      if (!ids.claim(id, issues, `${qpath}.qid`)) return;
      if (!q.output.question.trim()) return addIssue(issues, 'schema', `${qpath}.question`, 'empty question; skipped', true);
      const local: InputIssue[] = [];
      const answers = mrqaAnswers(context, q.output, qpath, local);
      if (answers.length === 0) {
        const none = q.output.detected_answers.length === 0 && q.output.answers.length === 0;
        const first = q.output.detected_answers[0]?.text ?? q.output.answers[0] ?? '';
        return none
          ? addIssue(issues, 'no-answers', `${qpath}.answers`, 'no answers (MRQA questions are all answerable); skipped', true)
          : addIssue(issues, 'answer-missing', `${qpath}.detected_answers`, `no answer (e.g. ${quote(first)}) occurs in the passage; skipped`, true);
      }
      issues.push(...local);
      const meta = collectMeta(value, PASSAGE_KEYS, collectMeta(raw, QA_KEYS));
      for (const [hk, hv] of Object.entries(headerMeta)) if (!Object.hasOwn(meta, hk)) meta[hk] = hv;
      // spaCy spans on the question or its passage line, and an answer_type (question or first detected answer).
      const own = fileAnnotations(raw, value, context, qpath, issues, path);
      emit(makeInstance({ id, dataset: opts.dataset, title: '', question: q.output.question, context, answers, isImpossible: false, lang, meta, ...own }));
    });
  };
}
