/**
 * qarx challenge: a challenge set (Wu et al. 2025, appendix I) from aligned revision pairs and the
 * answers of several models, run here (--model) or read from prediction files (--pred).
 */
import { NO_ANSWER_OPTIONS, noAnswerOf, showNoAnswer } from '../no-answer.ts';
import { parseArgs } from 'node:util';
import { modelScope, QaEngine } from '../../core/index.ts';
import { enginePredictor } from '../../core/entity/index.ts';
import { readPredictions } from '../../core/formats/squad.ts';
import { buildChallenge, challengeToSquad, isFlip, squadPassages } from '../../core/natural/challenge.ts';
import { pairsFromPredictions, runPairs, type PairRow } from '../../core/natural/pairs.ts';
import { checkOutputFile, err, interruptible, interrupted, readText, seedOpt, UsageError } from '../io.ts';
import { writeJsonFile } from '../json-out.ts';
import { openModel } from '../model.ts';
import { cliCommand } from '../record.ts';
import { readPairs } from '../pairs-input.ts';

const NEEDS = 'challenge needs <original.json> <perturbed.json> --out <challenge.json> and at least one --model <dir|hub id> or --pred NAME=original-preds.json,perturbed-preds.json (and --dev <squad-dev.json> for App. I\'s last step).';

/** One --pred value, e.g. parsePredSpec('bert=o.json,p.json') → { name: 'bert', original: 'o.json', perturbed: 'p.json' }. */
export function parsePredSpec(spec: string): { name: string; original: string; perturbed: string } {
  const m = /^([^=]+)=([^,]+),([^,]+)$/.exec(spec);
  if (!m) throw new UsageError(`--pred must be NAME=original-preds.json,perturbed-preds.json (got "${spec}").`);
  return { name: (m[1] as string).trim(), original: (m[2] as string).trim(), perturbed: (m[3] as string).trim() };
}

/** The passages of the --dev SQuAD file; a file that is not one is a usage error naming it. */
function devPassages(file: string): Set<string> {
  try {
    return squadPassages(readText(file), file);
  } catch (e) {
    throw new UsageError(`--dev ${(e as Error).message}`);
  }
}

/** True when a model's row (if any) flips in the pair's orientation. */
const isFlipRow = (r: PairRow | undefined, reversed: boolean): boolean => (r ? isFlip(r, reversed) : false);

/** Runs `qarx challenge …` and returns the exit code. */
export async function challenge(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      model: { type: 'string', multiple: true },
      pred: { type: 'string', multiple: true },
      out: { type: 'string' },
      dev: { type: 'string' },
      seed: { type: 'string', default: '0' },
      ...NO_ANSWER_OPTIONS,
      'hub-host': { type: 'string' },
      'cache-dir': { type: 'string' },
      dtype: { type: 'string' },
    },
  });
  const [a, b] = positionals;
  const models = values.model ?? [];
  const preds = (values.pred ?? []).map(parsePredSpec);
  if (!a || !b || positionals.length > 2 || !values.out || models.length + preds.length === 0) throw new UsageError(NEEDS);
  const names = [...models, ...preds.map((p) => p.name)];
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new UsageError(`"${twice}" is named twice: each --model and --pred NAME must be different.`);
  const seed = seedOpt(values.seed);
  checkOutputFile(values.out);
  // App. I's last step keeps pairs whose original passage is a SQuAD dev passage; read first, so a bad file fails fast.
  const dev = values.dev ? devPassages(values.dev) : undefined;
  // Prediction files are read before any model loads, so a bad file fails fast.
  const predMaps = preds.map((p) => ({ ...p, orig: readPredictions(readText(p.original), p.original), pert: readPredictions(readText(p.perturbed), p.perturbed) }));
  const { paired, evidence } = await readPairs(a, b, 'challenge');
  const noAnswer = noAnswerOf('challenge', values, evidence);
  showNoAnswer(noAnswer);
  const versionTwo = noAnswer.versionTwo;
  const rowsByModel: Record<string, PairRow[]> = {};
  // What produced each model's answers, so the challenge file says how to rebuild it.
  const sources: Record<string, Record<string, string>> = Object.fromEntries(preds.map((p) => [p.name, { predictions: `${p.original},${p.perturbed}` }]));
  for (const p of predMaps) {
    const r = pairsFromPredictions(paired, p.orig, p.pert);
    if (r.missing.length) err(`qarx: challenge: ${p.name}: no prediction on one side for ${r.missing.length} question${r.missing.length === 1 ? '' : 's'} (${r.missing.slice(0, 3).join(', ')}${r.missing.length > 3 ? ', …' : ''}); they count as no flip\n`);
    const gone = r.dropped.answerMissing;
    if (gone.count) err(`qarx: challenge: ${p.name}: left out ${gone.count} question${gone.count === 1 ? '' : 's'} whose gold answer is not in the edited passage (${gone.ids.join(', ')})\n`);
    rowsByModel[p.name] = r.rows;
  }
  // Ctrl-C: the model running stops after its current batch; what finished is written, marked partial (exit 130).
  const stop = interruptible('challenge', 'batch');
  const stopped: { model: string; answered: number; of: number }[] = [];
  for (const spec of models) {
    if (stop.signal.aborted) {
      stopped.push({ model: spec, answered: 0, of: paired.length });
      continue;
    }
    const model = await openModel(spec, values);
    const engine = new QaEngine(model.tokenizer, model.runner, { scope: modelScope(model) });
    const { rows, cancelled } = await runPairs(paired, enginePredictor(engine, { versionTwo, signal: stop.signal, between: stop.hold }), (d, t) => {
      if (d === t || d % 50 === 0) err(`challenge: ${spec}: ${d}/${t} passages answered\n`);
    });
    rowsByModel[spec] = rows;
    sources[spec] = { dtype: model.dtype, device: model.device, ...(cancelled ? { partial: `${rows.length} of ${paired.length} questions answered` } : {}) };
    if (cancelled) stopped.push({ model: spec, answered: rows.length, of: paired.length });
    await model.dispose();
  }
  stop.release();
  // Questions a stopped model did not answer count as no flip for it, as a missing prediction does.
  const { pairs, notInDev } = buildChallenge(paired, rowsByModel, seed, dev);
  const squad = challengeToSquad(pairs, versionTwo);
  const flips = Object.fromEntries(
    names.map((n) => {
      const rows = new Map((rowsByModel[n] ?? []).map((r) => [r.id, r]));
      return [n, pairs.reduce((k, p) => k + p.questions.filter((q) => isFlipRow(rows.get(q.id), p.reversed)).length, 0)];
    }),
  );
  writeJsonFile(values.out, { ...squad, challenge: { ...squad.challenge, rule: 'correct = EM 1, wrong = F1 < 0.4', seed, models: names, flipsByModel: flips, sources, versionTwo, versionTwoReason: noAnswer.reason, devFilter: values.dev ? { file: values.dev, passages: dev?.size ?? 0, pairsRemoved: notInDev } : null, command: cliCommand('challenge', argv), partial: stopped.length > 0, ...(stopped.length ? { stopped: { reason: 'interrupted (Ctrl-C)', models: stopped } } : {}) } }, 1);
  const reversed = pairs.filter((p) => p.reversed).length;
  if (notInDev === null) err('qarx: challenge: no --dev file: App. I\'s last step (original passages must be SQuAD dev passages) was skipped\n');
  else err(`qarx: challenge: removed ${notInDev} passage pair${notInDev === 1 ? '' : 's'} whose original passage is not in ${values.dev} (${dev?.size ?? 0} passages)\n`);
  err(`qarx: challenge: ${pairs.length} passage pair${pairs.length === 1 ? '' : 's'} (${reversed} with the edit undone), ${squad.challenge.questions} question${squad.challenge.questions === 1 ? '' : 's'}; flips by model: ${names.map((n) => `${n} ${flips[n]}`).join(', ')}; wrote ${values.out}\n`);
  return stopped.length ? interrupted('challenge', `${stopped.map((x) => `${x.model} ${x.answered} of ${x.of} questions`).join(', ')}; wrote ${values.out}, marked partial`) : 0;
}
