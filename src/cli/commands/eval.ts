/** qarx eval: the official SQuAD v1.1 / v2.0 (or DuReader, or Jia & Liang's adversarial) evaluation JSON, byte for byte. */
import { readNaProbs } from '../../core/formats/predictions.ts';
import { pyJsonDumps } from '../../core/metrics/pyjson.ts';
import type { SquadDataset, SquadPredictions } from '../../core/metrics/squad.ts';
import type { EvalMode } from '../../core/metrics/slices.ts';
import { readEvalData } from '../eval-input.ts';
import { checkV2Only, evalVersion, officialSquad, parseEvalArgs, readEvalPredictions } from '../eval-plain.ts';
import { err, numOpt, out, readText, UsageError } from '../io.ts';
import { datasetLang, scoringLangOpt } from '../lang.ts';
import { ciOpts } from '../ci-options.ts';
import type { CiOptions } from '../../core/stats/paired.ts';

// Only what scoring a SQuAD file needs is imported up front: start-up is most of `qarx eval`'s time,
// so slices, adversarial scoring, DuReader's metric, the statistics of --ci and the other importers
// load when asked for (issue 29).

/** Runs `qarx eval <data> <predictions>` and returns the exit code (every mode; bin/qarx.mjs runs the plain one from eval-plain.ts). */
export async function evaluate(argv: string[]): Promise<number> {
  const { values, dataFile, predFile } = parseEvalArgs(argv);
  const read = await readEvalData(dataFile);
  // --squad2/--squad1 choose the official script where the data allows it (core/data/no-answer.ts).
  const data = { ...read, version: evalVersion(values, read) };
  const preds = readEvalPredictions(values, dataFile, predFile, data);
  const keys = values.slice?.length ? (await import('../slices.ts')).sliceKeys(values.slice) : [];
  // --ci: the official figures plus a "ci" key (the official JSON is unchanged without it).
  const ci = ciOpts(values);
  if (ci && keys.length) throw new UsageError('--ci applies to the whole-file figures: drop --slice, or run --slice without --ci.');
  if (values.adversarial) {
    if (values.lang === 'zh' || values['na-prob-file']) throw new UsageError('--adversarial takes no --lang zh or --na-prob-file: Jia & Liang score SQuAD 1.1 answers.');
    if (keys.length) {
      // Sliced: the app's adversarial slice table (one row per original question; see eval-slices.ts).
      const { evalAdversarialSlices } = await import('../eval-slices.ts');
      return evalAdversarialSlices({ dataFile, dataset: data.dataset, preds, keys, json: values.json });
    }
    const { adversarialQuestions, evaluateAdversarial } = await import('../../core/trap/adversarial.ts');
    const r = evaluateAdversarial(adversarialQuestions(data.dataset), preds);
    for (const w of r.warnings) err(`${w}\n`);
    // Paired over original questions, as the app's adversarial card pairs them (adversarialPairs: 0 when missing, as the script counts).
    const { adversarialPairs } = await import('../../core/experiments/adversarial/ci.ts');
    const adv = ci && (await import('../../core/stats/paired.ts')).pairedStats(adversarialPairs(r.rows), ci);
    out(pyJsonDumps(adv ? { ...r.result, ci: adv } : r.result, null, { intKeys: adv ? CI_INT_KEYS : [] }) + '\n');
    return 0;
  }
  // The metric follows the data's language (most passages Chinese → DuReader-robust's), unless --lang says.
  const asked = scoringLangOpt(values.lang);
  const lang = asked === 'auto' ? datasetLang(data.dataset) : asked;
  if (asked === 'auto' && lang === 'zh') err(`qarx: eval: ${dataFile} is Chinese: scoring with DuReader-robust's character-level EM/F1 (--lang en for SQuAD's)\n`);
  checkV2Only(values, lang, data.version);
  if (keys.length) {
    // Sliced: the same per-question scores as the official script, averaged per slice (see eval-slices.ts).
    const na = values['na-prob-file'] ? { probs: readNaProbs(readText(values['na-prob-file']), values['na-prob-file']), thresh: numOpt(values['na-prob-thresh'], 'na-prob-thresh', 1.0) } : undefined;
    const { evalSlices } = await import('../eval-slices.ts');
    return evalSlices({ dataFile, dataset: data.dataset, preds, mode: lang === 'zh' ? 'zh' : data.version, na, keys, json: values.json });
  }
  const ciInt = ci ? CI_INT_KEYS : [];
  const withCi = async <T extends object>(result: T, mode: EvalMode, na?: { probs: ReadonlyMap<string, number>; thresh: number }) => (ci ? { ...result, ci: await evalCi(data.dataset, preds, mode, ci, na) } : result);
  if (lang === 'zh') {
    const { evaluateZh, ZH_INT_KEYS } = await import('../../core/metrics/dureader.ts');
    const r = evaluateZh(data.dataset, preds);
    out(pyJsonDumps(await withCi(r.result, 'zh'), null, { intKeys: [...ZH_INT_KEYS, ...ciInt] }) + '\n');
    return 0;
  }
  const r = officialSquad(values, data.version, data.dataset, preds);
  for (const w of r.warnings) err(`${w}\n`);
  out(pyJsonDumps(await withCi(r.result, data.version, r.na), r.indent, { intKeys: [...r.intKeys, ...ciInt] }) + '\n');
  return 0;
}

/** Keys of the "ci" object printed as integers (pyJsonDumps prints numbers as Python floats unless told). */
const CI_INT_KEYS = ['n', 'bootstrap', 'seed', 'c2w', 'w2c', 'rounds', 'holmFamily'];

/** The CI of the file's exact_match and f1 over its questions (scored as the official script scores each one). */
async function evalCi(dataset: SquadDataset, preds: SquadPredictions, mode: EvalMode, ci: CiOptions, na?: { probs: ReadonlyMap<string, number>; thresh: number }) {
  const [{ officialScores }, { scoreStats }] = await Promise.all([import('../../core/metrics/slices.ts'), import('../../core/stats/paired.ts')]);
  const scores = officialScores(dataset, preds, mode, na);
  const passage = new Map<string, string>();
  for (const art of mode === 'zh' ? dataset.data.slice(0, 1) : dataset.data) for (const par of art.paragraphs) for (const qa of par.qas) passage.set(String(qa.id), par.context);
  const s = scoreStats([...scores].map(([id, score]) => ({ score, passage: passage.get(id) ?? id })), ci);
  // mdd null with its note (as a drop's) when every question scores the same: "0" would read as "detects anything".
  const notes = Object.fromEntries(([['exact_match', s.mdd.em], ['f1', s.mdd.f1]] as const).flatMap(([k, m]) => (m.mddNote ? [[k, m.mddNote]] : [])));
  return { n: s.n, exact_match: [s.em.lo, s.em.hi], f1: [s.f1.lo, s.f1.hi], mdd: { exact_match: s.mdd.em.mdd, f1: s.mdd.f1.mdd }, ...(Object.keys(notes).length ? { mdd_note: notes } : {}), ...s.settings };
}
