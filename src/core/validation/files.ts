/**
 * Reading batch and annotation files (issue 43.2): each file is checked with valibot and every problem
 * is said with the file, the case id and the field; a bad case or judgement is dropped with its
 * message and the rest of the file is kept. A file of another format, a newer version or (for
 * annotations) another batch is refused whole with a message, so nothing is merged into the wrong batch.
 */
import * as v from 'valibot';
import type { CaseKind } from '../results/gallery.ts';
import { parseJson } from '../formats/json.ts';
import { schemaText } from '../formats/schema-text.ts';
import { codePointLength, codePointSlice } from '../text/codepoints.ts';
import { ANNOTATION_FORMAT, BATCH_FORMAT, VALIDATION_VERSION, type Annotation, type AnnotationFile, type ValidationBatch, type ValidationCase } from './types.ts';

/** Every perturbation family a case can have (the gallery's case kinds). */
export const VALIDATION_FAMILIES = ['revision', 'noise', 'trap', 'rename', 'universal', 'paraphrase', 'adversarial', 'attack'] as const satisfies readonly CaseKind[];

/** One problem found in a file: where (file, case, field) and what; `dropped` when a part of the file was left out for it. */
export interface FileProblem {
  file: string;
  caseId?: string;
  field?: string;
  message: string;
  /** True when the case or judgement (or the whole file) was left out; false for a note (something was kept, e.g. the later of two judgements). */
  dropped: boolean;
}

/** A file's readable content (null when the file is refused whole) and its problems. */
export interface ReadResult<T> {
  value: T | null;
  problems: FileProblem[];
}

/** A problem as one line, e.g. "ann.json, case q7, answer.start: 900 is past the passage's end (812 code points); judgement left out". */
export function problemText(p: FileProblem): string {
  const where = [p.file, p.caseId === undefined ? '' : `case ${p.caseId}`, p.field ?? ''].filter(Boolean).join(', ');
  return `${where}: ${p.message}`;
}

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const span = v.object({ start: count, end: count });

const caseSchema = v.object({
  id: v.pipe(v.string(), v.minLength(1)),
  family: v.picklist(VALIDATION_FAMILIES),
  perturbation: v.string(),
  dataset: v.string(),
  questionId: v.string(),
  question: v.string(),
  originalQuestion: v.optional(v.string()),
  passage: v.string(),
  originalPassage: v.string(),
  edits: v.array(span),
  gold: v.array(v.string()),
  stratum: v.string(),
});

const sourceSchema = v.object({
  kind: v.string(),
  date: v.string(),
  model: v.string(),
  datasets: v.array(v.string()),
  draw: v.picklist(['broken', 'sample']),
  size: v.optional(count),
  seed: v.optional(count),
  population: v.record(v.string(), count),
});

const annotationSchema = v.object({
  caseId: v.pipe(v.string(), v.minLength(1)),
  answer: v.nullable(v.object({ text: v.string(), start: count })),
  meaningKept: v.boolean(),
  note: v.optional(v.string()),
  at: v.string(),
});

/** The header of either file: its format tag and version, checked before anything else. */
const headerSchema = v.object({ format: v.string(), version: count });

/** A file's refusal: the whole file is left out. */
const refuse = <T>(file: string, message: string, field?: string): ReadResult<T> => ({
  value: null,
  problems: [{ file, ...(field ? { field } : {}), message, dropped: true }],
});

/** The parsed JSON object, or the refusal that says why it is not one. */
function parseObject(text: string, file: string): { obj: Record<string, unknown> } | { refused: ReadResult<never> } {
  let raw: unknown;
  try {
    raw = parseJson(text, file);
  } catch (e) {
    return { refused: refuse(file, (e instanceof Error ? e.message : String(e)).replace(`${file}: `, '')) };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return { refused: refuse(file, 'expected a JSON object') };
  return { obj: raw as Record<string, unknown> };
}

/** Why a header is refused (another format, a newer version), or null. */
function headerProblem(obj: Record<string, unknown>, format: string, what: string): string | null {
  const h = v.safeParse(headerSchema, obj);
  if (!h.success) return `not ${what}: ${schemaText(h.issues)} (expected "format": "${format}")`;
  if (h.output.format !== format) return `not ${what}: its format is "${h.output.format}", expected "${format}"`;
  if (h.output.version > VALIDATION_VERSION) return `version ${h.output.version} is newer than this qarx reads (${VALIDATION_VERSION}): update qarx or the app`;
  return null;
}

/** Why a well-typed case cannot be shown (an edit outside its passage), or null. */
function caseRangeProblem(c: ValidationCase): { field: string; message: string } | null {
  const len = codePointLength(c.passage);
  for (let i = 0; i < c.edits.length; i++) {
    const e = c.edits[i] as { start: number; end: number };
    if (e.start > e.end || e.end > len) return { field: `edits[${i}]`, message: `[${e.start}, ${e.end}) is not a span of the passage (${len} code points)` };
  }
  return null;
}

/** Reads a batch file; bad or repeated cases are dropped with a message, e.g. readBatch(text, 'batch.json').value?.cases. */
export function readBatch(text: string, file: string): ReadResult<ValidationBatch> {
  const parsed = parseObject(text, file);
  if ('refused' in parsed) return parsed.refused;
  const { obj } = parsed;
  const head = headerProblem(obj, BATCH_FORMAT, 'a validation batch file');
  if (head) return refuse(file, head);
  const top = v.safeParse(v.object({ batchId: v.pipe(v.string(), v.minLength(1)), created: v.string(), source: sourceSchema, cases: v.array(v.unknown()) }), obj);
  if (!top.success) return refuse(file, schemaText(top.issues));
  const problems: FileProblem[] = [];
  const cases: ValidationCase[] = [];
  const seen = new Set<string>();
  top.output.cases.forEach((raw, i) => {
    const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : `#${i + 1}`;
    const r = v.safeParse(caseSchema, raw);
    if (!r.success) return problems.push({ file, caseId: id, message: `${schemaText(r.issues)}; case left out`, dropped: true });
    const range = caseRangeProblem(r.output);
    if (range) return problems.push({ file, caseId: id, field: range.field, message: `${range.message}; case left out`, dropped: true });
    if (seen.has(r.output.id)) return problems.push({ file, caseId: id, field: 'id', message: 'a second case with this id; the first is kept', dropped: true });
    seen.add(r.output.id);
    cases.push(r.output);
  });
  return { value: { format: BATCH_FORMAT, version: VALIDATION_VERSION, batchId: top.output.batchId, created: top.output.created, source: top.output.source, cases }, problems };
}

/** Why an annotator's answer does not fit its case's passage, or null: the span must be the passage's text at `start` (code points). */
export function answerSpanProblem(c: Pick<ValidationCase, 'passage'>, answer: Annotation['answer']): string | null {
  if (answer === null) return null;
  const len = codePointLength(answer.text);
  const total = codePointLength(c.passage);
  if (len === 0) return 'the answer is empty; "no answer" is written as null';
  if (answer.start + len > total) return `the answer [${answer.start}, ${answer.start + len}) runs past the passage's end (${total} code points)`;
  const there = codePointSlice(c.passage, answer.start, answer.start + len);
  return there === answer.text ? null : `the passage has "${there}" at ${answer.start}, not the answer "${answer.text}"`;
}

/** One annotation checked against the batch: a problem (dropped) or the judgement. */
function checkAnnotation(raw: unknown, i: number, file: string, byId: ReadonlyMap<string, ValidationCase> | null, batchId: string): FileProblem | Annotation {
  const id = typeof (raw as { caseId?: unknown })?.caseId === 'string' ? (raw as { caseId: string }).caseId : `#${i + 1}`;
  const r = v.safeParse(annotationSchema, raw);
  if (!r.success) return { file, caseId: id, message: `${schemaText(r.issues)}; judgement left out`, dropped: true };
  if (!byId) return r.output;
  const c = byId.get(r.output.caseId);
  if (!c) return { file, caseId: id, field: 'caseId', message: `no case with this id in batch "${batchId}"; judgement left out`, dropped: true };
  const bad = answerSpanProblem(c, r.output.answer);
  return bad ? { file, caseId: id, field: 'answer', message: `${bad}; judgement left out`, dropped: true } : r.output;
}

/** The later of two judgements of one case (by `at`, then file order), e.g. when an annotator changed their mind. */
const later = (a: Annotation, b: Annotation): Annotation => (Date.parse(b.at) >= Date.parse(a.at) || Number.isNaN(Date.parse(a.at)) ? b : a);

/**
 * Reads one annotator's file against its batch (null: structure only): another batch, format or newer
 * version refuses the file; unknown case ids, bad answers and bad fields drop that judgement; a case
 * judged twice keeps the later judgement, with a note.
 */
export function readAnnotationFile(text: string, file: string, batch: ValidationBatch | null): ReadResult<AnnotationFile> {
  const parsed = parseObject(text, file);
  if ('refused' in parsed) return parsed.refused;
  const { obj } = parsed;
  const head = headerProblem(obj, ANNOTATION_FORMAT, 'an annotation file');
  if (head) return refuse(file, head);
  const top = v.safeParse(v.object({ batchId: v.string(), annotator: v.string(), annotations: v.array(v.unknown()) }), obj);
  if (!top.success) return refuse(file, schemaText(top.issues));
  if (batch && top.output.batchId !== batch.batchId) return refuse(file, `its judgements are of batch "${top.output.batchId}", not of this batch "${batch.batchId}"; file left out`, 'batchId');
  const problems: FileProblem[] = [];
  let annotator = top.output.annotator.trim();
  if (!annotator) {
    annotator = file.replace(/^.*[\\/]/, '').replace(/\.json$/i, '');
    problems.push({ file, field: 'annotator', message: `no annotator name; named "${annotator}" after the file`, dropped: false });
  }
  const byId = batch ? new Map(batch.cases.map((c) => [c.id, c])) : null;
  const kept = new Map<string, Annotation>();
  top.output.annotations.forEach((raw, i) => {
    const a = checkAnnotation(raw, i, file, byId, top.output.batchId);
    if ('message' in a) return problems.push(a);
    const old = kept.get(a.caseId);
    if (old) problems.push({ file, caseId: a.caseId, message: 'judged twice; the later judgement is kept', dropped: false });
    kept.set(a.caseId, old ? later(old, a) : a);
  });
  return { value: { format: ANNOTATION_FORMAT, version: VALIDATION_VERSION, batchId: top.output.batchId, annotator, annotations: [...kept.values()] }, problems };
}

/** A batch file's text (the shape readBatch reads). */
export const batchToJson = (b: ValidationBatch): string => `${JSON.stringify(b, null, 2)}\n`;
/** An annotation file's text (the shape readAnnotationFile reads). */
export const annotationFileToJson = (f: AnnotationFile): string => `${JSON.stringify(f, null, 2)}\n`;
