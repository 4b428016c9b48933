/**
 * `qarx eval --slice <key>`: the official per-question scores of a prediction file, averaged per
 * slice of the data (title, question word, a metadata key …). The questions' metadata comes from
 * importing the data file as the app does; the scores from the file as the official script reads it.
 * With --adversarial: Jia & Liang's per-original rows, sliced as the app's adversarial slice table.
 */
import { basename } from 'node:path';
import type { Instance } from '../core/data/types.ts';
import { guessLang } from '../core/formats/common.ts';
import { importFile } from '../core/formats/index.ts';
import { adversarialSliceItems } from '../core/metrics/experiment-slices.ts';
import { adversarialHeadline } from '../core/metrics/experiment-headlines.ts';
import type { SquadDataset, SquadPredictions } from '../core/metrics/squad.ts';
import { officialScores, sliceTable, type EvalMode, type SliceItem, type SliceKey } from '../core/metrics/slices.ts';
import { DROP_SIGN } from '../core/metrics/drop.ts';
import { adversarialQuestions, evaluateAdversarial } from '../core/trap/adversarial.ts';
import { err, out, readBytes } from './io.ts';
import { formatSliceTable, typeAnswers, warnAbsentKeys } from './slices.ts';

/** What evalSlices needs: the data as scored, the predictions and how the official script scores them. */
export interface EvalSliceInput {
  dataFile: string;
  dataset: SquadDataset;
  preds: SquadPredictions;
  mode: EvalMode;
  na?: { probs: ReadonlyMap<string, number>; thresh: number };
  keys: readonly SliceKey[];
  json: boolean;
}

/** Every scored question as an Instance: the imported one (with its metadata) when the importer kept it, else built from the scored file. */
async function questionsOf(input: Pick<EvalSliceInput, 'dataFile' | 'dataset' | 'mode'>): Promise<Map<string, Instance>> {
  const name = basename(input.dataFile);
  const imported = await importFile(input.dataFile, readBytes(input.dataFile), { dataset: name }).catch(() => null);
  const byId = new Map<string, Instance>((imported?.instances ?? []).map((i) => [i.id, i]));
  const out = new Map<string, Instance>();
  for (const art of input.dataset.data) {
    for (const par of art.paragraphs) {
      for (const qa of par.qas) {
        const id = String(qa.id);
        const lang = input.mode === 'zh' ? 'zh' : guessLang(par.context);
        const inst = byId.get(id) ?? { id, dataset: name, title: art.title, question: qa.question, context: par.context, answers: qa.answers.map((a) => ({ text: a.text, start: a.answer_start })), isImpossible: qa.answers.length === 0, lang, tags: [] };
        out.set(id, { ...inst, lang });
      }
    }
  }
  return out;
}

/** Prints the slice tables of `qarx eval --slice` (text, or JSON with --json) and returns the exit code. */
export async function evalSlices(input: EvalSliceInput): Promise<number> {
  const scores = officialScores(input.dataset, input.preds, input.mode, input.na);
  const questions = await questionsOf(input);
  await typeAnswers([...questions.values()], input.keys);
  const items: SliceItem[] = [];
  for (const [id, s] of scores) {
    const q = questions.get(id);
    if (q) items.push({ source: q, original: s });
  }
  const tables = warnAbsentKeys(input.keys.map((k) => sliceTable(items, k)));
  if (input.json) {
    out(`${JSON.stringify({ metric: input.mode === 'zh' ? 'dureader-robust' : `squad-${input.mode}`, n: items.length, slices: tables }, null, 2)}\n`);
    return 0;
  }
  out(`metric: ${input.mode === 'zh' ? 'DuReader-robust (characters)' : `SQuAD ${input.mode}`}; EM and F1 in %\n`);
  out(`${tables.map(formatSliceTable).join('\n\n')}\n`);
  return 0;
}

/** What evalAdversarialSlices needs: the adversarial file as scored, the predictions, the keys. */
export type AdversarialSliceInput = Pick<EvalSliceInput, 'dataFile' | 'dataset' | 'preds' | 'keys' | 'json'>;

/**
 * Prints `qarx eval --adversarial --slice` (text, or JSON with --json): one row per original question,
 * its own score vs the adversary's pick, sliced as the app's adversarial slice table (so each table's
 * all row is Jia & Liang's four figures); returns the exit code.
 */
export async function evalAdversarialSlices(input: AdversarialSliceInput): Promise<number> {
  const r = evaluateAdversarial(adversarialQuestions(input.dataset), input.preds);
  for (const w of r.warnings) err(`${w}\n`);
  const questions = [...(await questionsOf({ ...input, mode: 'v1.1' })).values()];
  await typeAnswers(questions, input.keys);
  const items = adversarialSliceItems(questions, r.rows);
  // The all row is the script's four figures themselves (one computation, one value).
  const tables = warnAbsentKeys(input.keys.map((k) => sliceTable(items, k, adversarialHeadline(r))));
  if (input.json) {
    out(`${JSON.stringify({ metric: 'jia-liang-adversarial', n: items.length, result: r.result, slices: tables }, null, 2)}\n`);
    return 0;
  }
  out("metric: Jia & Liang's adversarial evaluation (SQuAD v1.1 EM/F1), one row per original question; EM and F1 in %\n");
  out(`EM/F1: the original question's own; pert.: the adversary's pick (its worst answered variant); ${DROP_SIGN}\n`);
  out(`${tables.map(formatSliceTable).join('\n\n')}\n`);
  return 0;
}
