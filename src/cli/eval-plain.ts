/**
 * `qarx eval` on the usual input, a plain SQuAD 1.1 / 2.0 JSON file scored without --slice, --ci or
 * --adversarial, with only static imports: bin/qarx.mjs runs it from its own one-file bundle (eval.js)
 * and everything else goes to commands/eval.ts through the dispatcher (see eval-main.ts). The steps
 * both share are here, so the two paths print the same thing.
 */
import { parseArgs } from 'node:util';
import { InputError } from '../core/formats/json.ts';
import { readNaProbs, readPredictions } from '../core/formats/predictions.ts';
import type { InputIssue } from '../core/formats/squad.ts';
import type { EvalData } from '../core/metrics/eval-data.ts';
import { pyJsonDumps } from '../core/metrics/pyjson.ts';
import { evaluateV1, evaluateV2, SQUAD_V2_INT_KEYS, type SquadDataset } from '../core/metrics/squad.ts';
import { CI_OPTIONS, CI_SEED_OPTION } from './ci-options.ts';
import { evalDataFromText, plainNestedText } from './eval-text.ts';
import { tuneV8ForEval } from './eval-v8.ts';
import { err, numOpt, out, readBytes, readText, UsageError } from './io.ts';
import { datasetLang } from './lang.ts';
import { reportRead } from './report.ts';
import { NO_ANSWER_OPTIONS, noAnswerOf, showNoAnswer } from './no-answer.ts';
import { squadVersionOf, type NoAnswerData } from '../core/data/no-answer.ts';

/** The options of `qarx eval`. */
const EVAL_OPTIONS = {
  ...NO_ANSWER_OPTIONS,
  'na-prob-file': { type: 'string' },
  'na-prob-thresh': { type: 'string' },
  lang: { type: 'string' },
  'allow-unknown-ids': { type: 'boolean', default: false },
  'py-sum': { type: 'string' },
  slice: { type: 'string', multiple: true },
  json: { type: 'boolean', default: false },
  adversarial: { type: 'boolean', default: false },
  ...CI_OPTIONS,
  ...CI_SEED_OPTION,
} as const;

/** `qarx eval`'s arguments: the options and both files; a missing file is a usage error. */
export function parseEvalArgs(argv: string[]) {
  const { values, positionals } = parseArgs({ args: argv, options: EVAL_OPTIONS, allowPositionals: true });
  const [dataFile, predFile] = positionals;
  if (!dataFile || !predFile || positionals.length > 2) throw new UsageError('eval needs <data file> <predictions.json>.');
  return { values, dataFile, predFile };
}

export type EvalValues = ReturnType<typeof parseEvalArgs>['values'];

/** Reports the data file's problems, then reads the predictions; an id not in the data is an error unless --allow-unknown-ids. */
export function readEvalPredictions(values: EvalValues, dataFile: string, predFile: string, data: { ids: readonly string[]; issues: readonly InputIssue[] }): Map<string, string> {
  reportRead(dataFile, data.ids.length, data.issues);
  const preds = readPredictions(readText(predFile), predFile);
  const ids = new Set(data.ids);
  const unknown: string[] = [];
  preds.forEach((_, k) => {
    if (!ids.has(k)) unknown.push(k);
  });
  if (unknown.length && !values['allow-unknown-ids']) {
    // An id of a row skipped for its problems is "unknown" too: say so rather than only blame the file.
    const skipped = data.issues.filter((i) => i.skipped).length;
    const orSkipped = skipped ? ` Or in ${skipped === 1 ? 'the entry' : `one of the ${skipped} entries`} of ${dataFile} skipped for problems (warnings above)?` : '';
    throw new InputError(`${predFile}: ${unknown.length} id${unknown.length > 1 ? 's' : ''} not in ${dataFile} (e.g. "${unknown[0]}"): wrong data file?${orSkipped} (--allow-unknown-ids ignores them, as the official script does)`);
  }
  return preds;
}

/** Which official script scores the data: the file's no-answer decision, or --squad2/--squad1's. */
export function evalVersion(values: EvalValues, data: { version: EvalData['version']; evidence: NoAnswerData }): EvalData['version'] {
  // Without a flag the official script's own choice (the file's version) stands and stderr stays the script's.
  if (!values.squad2 && !values.squad1) return data.version;
  const d = noAnswerOf('eval', values, data.evidence);
  showNoAnswer(d);
  return squadVersionOf(d.versionTwo);
}

/** Options of the v2.0 script only are a usage error elsewhere: silently ignoring them would print numbers the user did not ask for. */
export function checkV2Only(values: EvalValues, lang: 'en' | 'zh', version: EvalData['version']): void {
  const v2Only = (['na-prob-file', 'na-prob-thresh', 'py-sum'] as const).filter((k) => values[k] !== undefined);
  if (v2Only.length && (lang === 'zh' || version === 'v1.1')) {
    throw new UsageError(`--${v2Only.join(', --')} ${v2Only.length === 1 ? 'applies' : 'apply'} to SQuAD 2.0 data only${lang === 'zh' ? ' (DuReader-robust\'s script has no "no answer" threshold)' : ''}.`);
  }
}

/** What the official SQuAD script of the data's version prints, before printing: the result, its notes and how to dump it. */
export interface OfficialSquad {
  result: object;
  warnings: string[];
  indent: number | null;
  intKeys: readonly string[];
  na?: { probs: ReadonlyMap<string, number>; thresh: number };
}

/** The official v1.1 or v2.0 evaluation of SQuAD-scored data (--na-prob-file, --na-prob-thresh and --py-sum for v2.0). */
export function officialSquad(values: EvalValues, version: EvalData['version'], dataset: SquadDataset, preds: ReadonlyMap<string, string>): OfficialSquad {
  if (version === 'v1.1') {
    const r = evaluateV1(dataset, preds);
    return { result: r.result, warnings: r.warnings, indent: null, intKeys: [] };
  }
  const naProbs = values['na-prob-file'] ? readNaProbs(readText(values['na-prob-file']), values['na-prob-file']) : undefined;
  const thresh = numOpt(values['na-prob-thresh'], 'na-prob-thresh', 1.0);
  const pySum = values['py-sum'] ?? 'compensated';
  if (pySum !== 'compensated' && pySum !== 'legacy') throw new UsageError(`--py-sum must be compensated (Python ≥ 3.12) or legacy (≤ 3.11), got "${pySum}".`);
  const r = evaluateV2(dataset, preds, naProbs, thresh, { pySum });
  return { result: r.result, warnings: r.warnings, indent: 2, intKeys: SQUAD_V2_INT_KEYS, na: naProbs ? { probs: naProbs, thresh } : undefined };
}

/**
 * `qarx eval …argv` when the data is a plain nested JSON file scored with SQuAD's metric and nothing
 * but the official figures is asked for; null (having printed nothing) for everything else.
 */
export function evaluatePlain(argv: string[]): number | null {
  const { values, dataFile, predFile } = parseEvalArgs(argv);
  if (values.adversarial || values.slice?.length || values.ci || values.bootstrap !== undefined || values['ci-seed'] !== undefined || values['ci-passages']) return null;
  if (values.lang !== undefined && values.lang !== 'auto' && values.lang !== 'en') return null;
  const raw = readBytes(dataFile);
  const text = plainNestedText(dataFile, raw);
  if (text === null) return null;
  const defaults = tuneV8ForEval(raw.length);
  const data = evalDataFromText(text, dataFile);
  // Chinese data is scored with DuReader-robust's metric, which the dispatcher's eval loads.
  if (values.lang !== 'en' && datasetLang(data.dataset) === 'zh') {
    defaults();
    return null;
  }
  const preds = readEvalPredictions(values, dataFile, predFile, data);
  const version = evalVersion(values, data);
  checkV2Only(values, 'en', version);
  const r = officialSquad(values, version, data.dataset, preds);
  for (const w of r.warnings) err(`${w}\n`);
  out(pyJsonDumps(r.result, r.indent, { intKeys: r.intKeys }) + '\n');
  return 0;
}
