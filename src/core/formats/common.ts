/**
 * What every importer shares: options, cancellation, progress pacing, answer location and
 * instance building. Pure TS (runs in a Web Worker and in Node).
 */
import { formatBytes } from '../text/bytes.ts';
import * as v from 'valibot';
import { mapperFor, type CodePointMapper } from '../text/codepoints.ts';
import type { GoldAnswer, ImportResult, Instance } from '../data/types.ts';
import { InputError } from './json.ts';
import { guessLang } from '../text/guess-lang.ts';
import type { InputIssue, IssueKind } from './squad.ts';
import { pairKind } from './pair-kind.ts';
import { withArticle } from '../text/article.ts';
import { nextTask } from '../runtime/next-task.ts';

export { schemaText } from './schema-text.ts';

/** Files above this many bytes are refused (and gzip input stops there once inflated). */
export const DEFAULT_MAX_BYTES = 1_500_000_000;

/** Options every importer takes. */
export interface ImportOptions {
  /** Name for Instance.dataset. */
  dataset: string;
  /** Checked between records; on abort the import resolves early with `cancelled: true` (see ImportOutcome). */
  signal?: AbortSignal;
  /**
   * Called every ~1000 records and once at the end with done === total. Units: input bytes for
   * JSON Lines (plain or gzip), records for one-document formats (questions, array rows, CSV rows).
   * `done` never decreases.
   */
  onProgress?: (done: number, total: number) => void;
  /** Size limit in bytes (default DEFAULT_MAX_BYTES, 1.5 GB). */
  maxBytes?: number;
}

/** Options of the per-format importers: ImportOptions plus the file name used in messages. */
export interface FormatOptions extends ImportOptions {
  file: string;
}

/**
 * What an importer resolves with. On cancel (`signal` fired) it resolves, not rejects, with
 * `cancelled: true` and everything read so far plus a 'cancelled' issue, so the UI can keep a
 * partial import the same way as from the Hugging Face importer; e.g. `if (r.cancelled) markPartial(r)`.
 */
export interface ImportOutcome extends ImportResult {
  cancelled: boolean;
}

/**
 * Internal unwinding of a cancelled import (Pacer throws it, runImport turns it into a result);
 * named 'AbortError' in case one escapes. e.g. `throw new ImportAbortedError(partial)`.
 */
export class ImportAbortedError extends Error {
  override name = 'AbortError';
  readonly partial: ImportResult;
  constructor(partial: ImportResult) {
    super(`import cancelled after ${partial.instances.length} questions`);
    this.partial = partial;
  }
}

/** Runs an import body, turning a cancel into a partial outcome, e.g. runImport(() => readAll()) → { …, cancelled: false }. */
export async function runImport(body: () => Promise<ImportResult>): Promise<ImportOutcome> {
  try {
    return { ...(await body()), cancelled: false };
  } catch (e) {
    if (e instanceof ImportAbortedError) return { ...e.partial, cancelled: true };
    throw e;
  }
}

/** Adds one issue, e.g. addIssue(issues, 'duplicate-id', 'line 4.id', 'duplicate id "q1"', true). */
export function addIssue(issues: InputIssue[], kind: IssueKind, path: string, message: string, skipped: boolean): void {
  issues.push({ path, message, kind, skipped });
}

/** First field path of a valibot failure, appended to `base`, e.g. fieldPath('line 3', issues) → 'line 3.answers.text'. */
export function fieldPath(base: string, issues: readonly v.BaseIssue<unknown>[]): string {
  const p = issues[0]?.path?.map((s) => (typeof s.key === 'number' ? `[${s.key}]` : `.${String(s.key)}`)).join('') ?? '';
  return base + p;
}

/** null for a JSON object, else what the value is, e.g. notAnObject([1]) → 'an array' (valibot would only say "id: Invalid key"). */
export function notAnObject(value: unknown): string | null {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return null;
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : withArticle(typeof value);
}

/** Short quote of user text for messages, e.g. quote('a long answer …', 10) → '"a long ans…"'. */
export function quote(s: string, max = 40): string {
  return JSON.stringify(s.length > max ? `${s.slice(0, max)}…` : s);
}

/** Sizes for messages: the one formatter of src/core/text/bytes.ts (1000-based, kB/MB/GB). */
export { formatBytes };
export { guessLang };

/** Throws the "file too large" InputError, e.g. checkSize(bytes, 'x.jsonl', 1e9). */
export function checkSize(size: number, file: string, maxBytes: number): void {
  if (size > maxBytes) throw new InputError(`${file}: the file is ${formatBytes(size)}, more than the ${formatBytes(maxBytes)} limit; split it or import a subset.`);
}

const fatalDecoder = new TextDecoder('utf-8', { fatal: true });
const lenientDecoder = new TextDecoder('utf-8');

/**
 * UTF-8 bytes to text (BOM dropped), e.g. decodeUtf8(bytes, 'a.json', issues, 'a.json').
 * Bad bytes become U+FFFD with an issue at `path`: one bad byte should not lose a whole file.
 */
export function decodeUtf8(bytes: Uint8Array, file: string, issues: InputIssue[], path: string): string {
  try {
    return fatalDecoder.decode(bytes);
  } catch (e) {
    if (e instanceof RangeError) throw tooLongForOneString(file);
    try {
      const text = lenientDecoder.decode(bytes);
      addIssue(issues, 'encoding', path, 'not valid UTF-8; undecodable bytes were replaced with U+FFFD', false);
      return text;
    } catch {
      throw tooLongForOneString(file);
    }
  }
}

/** The error for a one-document file beyond the engine's ~512 M-character string limit, e.g. `throw tooLongForOneString('train.json')`. */
export function tooLongForOneString(file: string): InputError {
  return new InputError(`${file}: too large to read as one document (JavaScript strings stop at about 512 M characters); convert it to JSON Lines, which is read line by line.`);
}

/** Occurrence positions locate() has visited since load (a work count for the bounded-import test, not a timer). */
export const locateWork = { scanned: 0 };

/** Positions cached for the last passage seen: its questions are resolved one after another. */
let cachedContext: string | null = null;
const cachedPositions = new Map<string, number[]>();
let cachedCount = 0;
/** Beyond this many cached positions the cache starts over (a passage with very many distinct answers). */
const CACHE_LIMIT = 4_000_000;

/** Every start of `text` in `context`, ascending; computed once per (passage, answer text). */
function positionsOf(context: string, text: string): number[] {
  if (context !== cachedContext || cachedCount > CACHE_LIMIT) {
    cachedContext = context;
    cachedPositions.clear();
    cachedCount = 0;
  }
  let at = cachedPositions.get(text);
  if (!at) {
    at = [];
    for (let i = context.indexOf(text); i !== -1; i = context.indexOf(text, i + 1)) at.push(i);
    locateWork.scanned += at.length;
    cachedCount += at.length;
    cachedPositions.set(text, at);
  }
  return at;
}

/**
 * Where `text` occurs in `context`, preferring the occurrence nearest `near` (a wrong offset is
 * usually close to the right one; on a tie the earlier); -1 if nowhere. locate('a b a', 'a', 3) → 4.
 * Binary search over the cached positions: many questions on one long passage with offsets past
 * its end once cost one scan of every occurrence per question (issue 25.3).
 */
export function locate(context: string, text: string, near: number): number {
  if (text === '') return -1;
  const at = positionsOf(context, text);
  if (at.length === 0) return -1;
  let lo = 0;
  let hi = at.length; // first index whose position is >= near
  while (lo < hi) {
    locateWork.scanned++;
    const mid = (lo + hi) >>> 1;
    if ((at[mid] as number) < near) lo = mid + 1;
    else hi = mid;
  }
  const after = at[lo];
  const before = at[lo - 1];
  if (before === undefined) return after as number;
  if (after === undefined) return before;
  return near - before <= after - near ? before : after;
}

/** True when `start` is a valid offset of `text` in `context` (the invariant every GoldAnswer keeps), e.g. isAt('Ada', 'da', 1) → true. */
export function isAt(context: string, text: string, start: number): boolean {
  return Number.isInteger(start) && start >= 0 && start + text.length <= context.length && context.startsWith(text, start);
}

/** An answer as a file states it: text plus the offset the file claims (possibly wrong or -1). */
export interface RawAnswer {
  text: string;
  /**
   * The file's offset in Unicode code points, as Python counts them (SQuAD, HF datasets, our own
   * exports); null: the format has no offsets (CSV), so the first occurrence is taken without comment.
   */
  start: number | null;
  /** Where the answer is in the file, e.g. data[0].paragraphs[0].qas[3].answers[1]. */
  path: string;
}

/** resolveAnswers' result: the answers that really are in the passage, and the texts that are not. */
export interface ResolvedAnswers {
  answers: GoldAnswer[];
  /** Texts of the answers that are nowhere in the passage. */
  missing: string[];
  /** Issues for relocated or missing answers; the caller decides to keep them (question kept) or fold them into one skip. */
  issues: InputIssue[];
}

/**
 * Checks each answer against the passage: kept if at its offset, moved to the nearest occurrence
 * if elsewhere, dropped if absent, e.g. resolveAnswers('Ada in London', [{ text: 'London', start: 0, path: 'a' }]).answers
 * → [{ text: 'London', start: 7 }]. Offsets come in as code points (the file's unit) and go out as
 * UTF-16 (the tool's); offsets in messages are code points, so they can be looked up in the file.
 * Empty answer texts are dropped silently: several converters write "" for "no answer".
 */
export function resolveAnswers(context: string, raw: readonly RawAnswer[]): ResolvedAnswers {
  const answers: GoldAnswer[] = [];
  const issues: InputIssue[] = [];
  const missing: string[] = [];
  const cps = mapperFor(context);
  for (const a of raw) {
    if (a.text === '') continue;
    if (a.start === null) {
      const at = locate(context, a.text, 0);
      if (at >= 0) answers.push({ text: a.text, start: at });
      else {
        missing.push(a.text);
        addIssue(issues, 'answer-missing', a.path, `answer ${quote(a.text)} does not occur in the passage (dropped)`, false);
      }
      continue;
    }
    const start = fileOffset(a.start, cps);
    if (isAt(context, a.text, start)) {
      answers.push({ text: a.text, start });
      continue;
    }
    const at = locate(context, a.text, start);
    if (at >= 0) {
      answers.push({ text: a.text, start: at });
      const claimed = a.start === -1 ? 'answer_start is -1' : `answer ${quote(a.text)} is not at answer_start ${a.start}`;
      addIssue(issues, 'answer-offset', a.path, `${claimed}; found at ${cps.toCodePoint(at)} (used)`, false);
    } else {
      missing.push(a.text);
      addIssue(issues, 'answer-missing', a.path, `answer ${quote(a.text)} does not occur in the passage (dropped)`, false);
    }
  }
  return { answers, missing, issues };
}

/**
 * A file's code-point offset as a UTF-16 offset, e.g. fileOffset(2, codePointMapper('😀 Ann')) → 3;
 * negative or fractional ones stay as they are and ones past the end stay as far past it (never
 * valid, so the answer is looked for near there).
 */
export function fileOffset(start: number, cps: CodePointMapper): number {
  if (!Number.isInteger(start) || start < 0) return start;
  const u16 = cps.fromCodePoint(start);
  return u16 + (start - cps.toCodePoint(u16));
}

/**
 * Merges resolveAnswers' issues into `issues`, or, when every answer was missing, records one
 * skip at `answersPath` and returns false (an answerable question without answers would score
 * as unanswerable, which is wrong), e.g. acceptAnswers(r, issues, 'line 4.answers') → true.
 */
export function acceptAnswers(r: ResolvedAnswers, issues: InputIssue[], answersPath: string): boolean {
  if (r.answers.length === 0 && r.missing.length > 0) {
    const what = r.missing.length === 1 ? `answer ${quote(r.missing[0] ?? '')} does` : `none of the ${r.missing.length} answers (${r.missing.slice(0, 3).map((t) => quote(t, 20)).join(', ')}) does`;
    addIssue(issues, 'answer-missing', answersPath, `${what} not occur in the passage; question skipped`, true);
    return false;
  }
  issues.push(...r.issues);
  return true;
}

/** Fields of a new Instance; tags are derived. */
export type InstanceFields = Pick<Instance, 'id' | 'dataset' | 'title' | 'question' | 'context' | 'answers' | 'isImpossible' | 'lang' | 'revision' | 'paraphrases'> & Partial<Pick<Instance, 'meta' | 'plausibleAnswers' | 'answerType' | 'entities' | 'article'>>;

/**
 * Builds an Instance with its tags ('unanswerable', 'revision', 'paraphrase', 'zh'); answerType is
 * left for the NER pass. makeInstance({ id: 'q1', …, lang: 'zh' }).tags → ['zh']. An aligned pair
 * on the same passage with a reworded question is tagged 'paraphrase', not 'revision' (pairKind).
 */
export function makeInstance(f: InstanceFields): Instance {
  const tags: string[] = [];
  // A pair's kind (PairKind), not a run kind: named `pair` so it is not read as a switch on experiment kinds.
  const pair = pairKind(f);
  if (f.isImpossible) tags.push('unanswerable');
  if (pair === 'revision') tags.push('revision');
  if (f.lang === 'zh') tags.push('zh');
  const inst: Instance = { id: f.id, dataset: f.dataset, title: f.title, question: f.question, context: f.context, answers: f.answers, isImpossible: f.isImpossible, lang: f.lang, tags };
  if (f.article !== undefined) inst.article = f.article;
  if (f.revision) inst.revision = f.revision;
  if (f.isImpossible && f.plausibleAnswers?.length) inst.plausibleAnswers = f.plausibleAnswers;
  if (f.paraphrases?.length) inst.paraphrases = f.paraphrases;
  if (f.paraphrases?.length || pair === 'paraphrase') inst.tags.push('paraphrase');
  if (f.meta && Object.keys(f.meta).length > 0) inst.meta = f.meta;
  if (f.answerType) inst.answerType = f.answerType;
  if (f.entities) inst.entities = f.entities;
  return inst;
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Progress reports and cancel checks for a long import. tick(), called every ~1000 records,
 * reports progress, throws ImportAbortedError with the partial result if the signal fired
 * (runImport catches it), and now and then yields to the event loop: in a worker, the message
 * that triggers the abort can only be handled between tasks.
 */
export class Pacer {
  private last = 0;
  private lastYield = now();
  private readonly opts: ImportOptions;
  private readonly total: number;
  private readonly partial: () => ImportResult;
  private readonly where: () => string;

  /** new Pacer(opts, bytes.length, () => ({ format, instances, issues }), () => `line ${n}`). */
  constructor(opts: ImportOptions, total: number, partial: () => ImportResult, where: () => string) {
    this.opts = opts;
    this.total = total;
    this.partial = partial;
    this.where = where;
  }

  /** Throws ImportAbortedError if cancelled, e.g. before a long synchronous step. */
  check(): void {
    if (!this.opts.signal?.aborted) return;
    const p = this.partial();
    const issues = [...p.issues];
    addIssue(issues, 'cancelled', this.where(), `import cancelled here; the ${p.instances.length} questions before it are kept`, true);
    throw new ImportAbortedError({ ...p, issues });
  }

  /** Reports `done` (clamped so it never goes back), checks the signal, sometimes yields; await pacer.tick(offset). */
  async tick(done: number): Promise<void> {
    this.report(done);
    this.check();
    if (now() - this.lastYield > 40) {
      await nextTask();
      this.lastYield = now();
      this.check();
    }
  }

  /** Final report (done === total), e.g. pacer.finish(). */
  finish(): void {
    this.report(this.total);
  }

  private report(done: number): void {
    this.last = Math.min(this.total, Math.max(this.last, done));
    this.opts.onProgress?.(this.last, this.total);
  }
}

/** Seen question ids, with the duplicate rule every importer follows: the first one is kept. e.g. `const ids = new IdSet()`. */
export class IdSet {
  private readonly seen = new Set<string>();
  /** True if `id` is new (and records it); otherwise adds the duplicate issue. ids.claim('q1', issues, 'line 3.id'). */
  claim(id: string, issues: InputIssue[], path: string): boolean {
    if (this.seen.has(id)) {
      addIssue(issues, 'duplicate-id', path, `duplicate id ${quote(id)}; the first one is kept`, true);
      return false;
    }
    this.seen.add(id);
    return true;
  }
}
