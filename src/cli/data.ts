/** Reading data files for qarx: any importable format as a SquadFile. */
import { basename } from 'node:path';
import { DEFAULT_MAX_BYTES } from '../core/formats/common.ts';
import { gunzipAll, isGzip } from '../core/formats/gzip.ts';
import { detectFormat, importFile, instancesToSquad, SNIFF_BYTES, summarizeIssues } from '../core/formats/index.ts';
import { InputError } from '../core/formats/json.ts';
import { readSquad, type SquadFile } from '../core/formats/squad.ts';
import type { InputIssue, QaItem } from '../core/formats/squad.ts';
import { noteTrailing } from '../core/formats/jsonl.ts';
import { readBytes } from './io.ts';
import type { Instance } from '../core/data/types.ts';
import { decideNoAnswer, noAnswerData, type NoAnswerData } from '../core/data/no-answer.ts';
import { reportRead } from './report.ts';
import { collectGarbage, GC_EVERY } from './gc.ts';

/**
 * Reads a data file of any importable format as a SquadFile. Nested SQuAD/DuReader JSON goes
 * through readSquad unchanged, so evaluation sees the answers exactly as the official scripts
 * do; other formats are imported and converted with instancesToSquad.
 */
export async function readData(file: string): Promise<SquadFile> {
  const raw = readBytes(file);
  const format = detectFormat(file, raw.subarray(0, SNIFF_BYTES));
  if (format === null || format === 'squad' || format === 'dureader') {
    const trailing: InputIssue[] = [];
    const d = readSquad(inflate(raw, file, trailing).toString('utf8'), file);
    return trailing.length ? { ...d, issues: [...trailing, ...d.issues] } : d;
  }
  const r = await importFile(file, raw, { dataset: basename(file), format });
  if (r.instances.length === 0) {
    const first = r.issues[0];
    throw new InputError(`${file}: no usable questions (${summarizeIssues(r.issues)}${first ? `; first: ${first.path}: ${first.message}` : ''}).`);
  }
  const evidence = noAnswerData(r.instances, r.fileVersion);
  const dataset = instancesToSquad(r.instances, decideNoAnswer(evidence).versionTwo);
  const items = r.instances.map(qaItemOf);
  return { version: dataset.version === 'v2.0' ? 'v2.0' : 'v1.1', evidence, items, dataset, issues: r.issues };
}

/** A file's bytes, inflated when gzip; data after the gzip stream is noted in `issues` and ignored, as the importer (and gzip) do. */
export function inflate(raw: Buffer, file: string, issues: InputIssue[]): Buffer {
  return isGzip(raw) ? Buffer.from(gunzipAll(raw, file, DEFAULT_MAX_BYTES, (t) => noteTrailing(issues, t))) : raw;
}

/** An imported question as predict and eval read it. */
export const qaItemOf = (i: Instance): QaItem => ({ id: i.id, question: i.question, context: i.context, title: i.title, answers: i.answers.map((a) => ({ text: a.text, answer_start: a.start })), isImpossible: i.isImpossible });

/** Imports `input` as instances (perturb, sweep, budget), reporting what was read and skipped; throws when nothing is usable. */
export async function readInstances(input: string): Promise<Instance[]> {
  return (await readDataset(input)).instances;
}

/** readInstances with what the whole file says about no answer (its unanswerable questions and version string). */
export async function readDataset(input: string): Promise<{ instances: Instance[]; evidence: NoAnswerData }> {
  const r = await importFile(input, readBytes(input), { dataset: basename(input) });
  reportRead(input, r.instances.length, r.issues);
  // Answer types are not filled here: renaming types a question lazily with answerTypeOf, as the app's import does.
  if (r.instances.length === 0) throw new InputError(`${input}: no usable questions (${summarizeIssues(r.issues)}).`);
  // The import's garbage (the file's text, its parse tree) goes before the walk starts.
  if (r.instances.length >= GC_EVERY) collectGarbage();
  return { instances: r.instances, evidence: noAnswerData(r.instances, r.fileVersion) };
}
