/** Reading data files for qarx: any importable format as a SquadFile. */
import { basename } from 'node:path';
import { DEFAULT_MAX_BYTES } from '../core/formats/common.ts';
import { gunzipAll, isGzip } from '../core/formats/gzip.ts';
import { detectFormat, importFile, instancesToSquad, SNIFF_BYTES, summarizeIssues } from '../core/formats/index.ts';
import { InputError, parseJson } from '../core/formats/json.ts';
import { readEvalData as readEvalValue, type EvalData } from '../core/metrics/eval-data.ts';
import { readSquad, type SquadFile } from '../core/formats/squad.ts';
import type { InputIssue } from '../core/formats/squad.ts';
import { readBytes } from './io.ts';
import type { Instance } from '../core/data/types.ts';
import { reportRead } from './report.ts';
import { collectGarbage, GC_EVERY } from './gc.ts';
import { countOf } from '../core/text/plural.ts';

/**
 * Reads a data file of any importable format as a SquadFile. Nested SQuAD/DuReader JSON goes
 * through readSquad unchanged, so evaluation sees the answers exactly as the official scripts
 * do; other formats are imported and converted with instancesToSquad.
 */
export async function readData(file: string): Promise<SquadFile> {
  const raw = readBytes(file);
  const format = detectFormat(file, raw.subarray(0, SNIFF_BYTES));
  if (format === null || format === 'squad' || format === 'dureader') {
    const bytes = isGzip(raw) ? Buffer.from(gunzipAll(raw, file, DEFAULT_MAX_BYTES)) : raw;
    return readSquad(bytes.toString('utf8'), file);
  }
  const r = await importFile(file, raw, { dataset: basename(file), format });
  if (r.instances.length === 0) {
    const first = r.issues[0];
    throw new InputError(`${file}: no usable questions (${summarizeIssues(r.issues)}${first ? `; first: ${first.path}: ${first.message}` : ''}).`);
  }
  const dataset = instancesToSquad(r.instances);
  const items = r.instances.map((i) => ({ id: i.id, question: i.question, context: i.context, title: i.title, answers: i.answers.map((a) => ({ text: a.text, answer_start: a.start })), isImpossible: i.isImpossible }));
  return { version: dataset.version === 'v2.0' ? 'v2.0' : 'v1.1', items, dataset, issues: r.issues };
}

/** Nested SQuAD-shaped JSON (plain or gzip) as text, or null for the other formats. */
function nestedText(file: string, raw: Buffer): string | null {
  const format = detectFormat(file, raw.subarray(0, SNIFF_BYTES));
  if (format !== null && format !== 'squad' && format !== 'dureader') return null;
  const bytes = isGzip(raw) ? Buffer.from(gunzipAll(raw, file, DEFAULT_MAX_BYTES)) : raw;
  return bytes.toString('utf8');
}

/**
 * Reads a data file for `qarx eval`. Nested SQuAD/DuReader JSON is read as the official scripts
 * read it (readEvalData: a question whose unread fields are malformed is scored, with a
 * warning); other formats are imported as for predict.
 */
export async function readEvalData(file: string): Promise<Omit<EvalData, 'issues'> & { issues: readonly InputIssue[] }> {
  const text = nestedText(file, readBytes(file));
  if (text === null) {
    const d = await readData(file);
    return { version: d.version, dataset: d.dataset, ids: d.items.map((i) => i.id), issues: d.issues };
  }
  const d = readEvalValue(parseJson(text, file), file);
  if (d.ids.length === 0) {
    const first = d.issues[0];
    throw new InputError(`${file}: no usable questions${first ? ` (${countOf(d.issues.length, 'problem')}, first: ${first.path}: ${first.message})` : ''}.`);
  }
  return d;
}

/** Imports `input` as instances (perturb, sweep, budget), reporting what was read and skipped; throws when nothing is usable. */
export async function readInstances(input: string): Promise<Instance[]> {
  const r = await importFile(input, readBytes(input), { dataset: basename(input) });
  reportRead(input, r.instances.length, r.issues);
  // Answer types are not filled here: renaming types a question lazily with answerTypeOf, as the app's import does.
  if (r.instances.length === 0) throw new InputError(`${input}: no usable questions (${summarizeIssues(r.issues)}).`);
  // The import's garbage (the file's text, its parse tree) goes before the walk starts.
  if (r.instances.length >= GC_EVERY) collectGarbage();
  return r.instances;
}
