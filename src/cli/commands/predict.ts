/** qarx predict: run_qa.py-style predictions, n-best lists, null odds and (optionally) logit dumps. */
import { logitsRecord } from '../../core/logits-dump.ts';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DECODE, DEFAULT_WINDOWS, DTYPES, modelScope, nbestJson, QaEngine, type QaPrediction } from '../../core/index.ts';
import type { SquadFile } from '../../core/formats/squad.ts';
import { readData } from '../data.ts';
import { checkOutputDir, err, intOpt, numOpt, UsageError } from '../io.ts';
import { writePyJsonMap } from '../json-out.ts';
import { openModel } from '../model.ts';
import { reportRead } from '../report.ts';
import { cliCommand, cliRecord } from '../record.ts';
import { writeFileSync } from 'node:fs';
import { countOf } from '../../core/plural.ts';

/** Runs `qarx predict …` and returns the exit code. */
export async function predict(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      model: { type: 'string' },
      data: { type: 'string' },
      out: { type: 'string' },
      'dump-logits': { type: 'boolean', default: false },
      squad2: { type: 'boolean' },
      squad1: { type: 'boolean' },
      'max-length': { type: 'string' },
      'doc-stride': { type: 'string' },
      'max-query-length': { type: 'string' },
      'n-best': { type: 'string' },
      'max-answer-length': { type: 'string' },
      'null-threshold': { type: 'string' },
      'batch-size': { type: 'string' },
      dtype: { type: 'string' },
      'hub-host': { type: 'string' },
      'cache-dir': { type: 'string' },
    },
    allowPositionals: false,
  });
  if (!values.model || !values.data || !values.out) throw new UsageError('predict needs --model, --data and --out.');
  if (values.squad2 && values.squad1) throw new UsageError('--squad2 and --squad1 contradict each other: give one (or neither: the data decides).');
  if (values.dtype && !(DTYPES as readonly string[]).includes(values.dtype)) throw new UsageError(`--dtype must be one of ${DTYPES.join(', ')}, got "${values.dtype}".`);
  checkOutputDir(values.out, '--out directory');
  const windows = {
    maxLength: intOpt(values['max-length'], 'max-length', DEFAULT_WINDOWS.maxLength),
    docStride: intOpt(values['doc-stride'], 'doc-stride', DEFAULT_WINDOWS.docStride),
    maxQueryLength: intOpt(values['max-query-length'], 'max-query-length', DEFAULT_WINDOWS.maxQueryLength),
  };
  const data: SquadFile = await readData(values.data);
  reportRead(values.data, data.items.length, data.issues);
  const versionTwo = values.squad2 ? true : values.squad1 ? false : data.version === 'v2.0';
  const decode = {
    ...DEFAULT_DECODE,
    versionTwo,
    nBest: intOpt(values['n-best'], 'n-best', DEFAULT_DECODE.nBest),
    maxAnswerLength: intOpt(values['max-answer-length'], 'max-answer-length', DEFAULT_DECODE.maxAnswerLength),
    nullScoreDiffThreshold: numOpt(values['null-threshold'], 'null-threshold', 0),
  };

  const model = await openModel(values.model, values);

  const t = model.tokenizer.template;
  const specials = t.prefix.length + t.middle.length + t.suffix.length;
  if (windows.maxLength <= windows.maxQueryLength + specials) {
    throw new UsageError(`--max-length ${windows.maxLength} leaves no room for the passage after a ${windows.maxQueryLength}-token question and ${specials} special tokens.`);
  }
  if (model.maxPositions !== null && windows.maxLength > model.maxPositions) {
    throw new UsageError(`--max-length ${windows.maxLength} exceeds what ${model.id} accepts (${model.maxPositions} positions).`);
  }
  const batchSize = intOpt(values['batch-size'], 'batch-size', 8);
  const engine = new QaEngine(model.tokenizer, model.runner, { windows, decode, batchSize, scope: modelScope(model) });
  mkdirSync(values.out, { recursive: true });
  // Logits of a whole dev set are large: stream them to disk as they come.
  const logitStream = values['dump-logits'] ? createWriteStream(join(values.out, 'logits.jsonl')) : null;
  const tty = process.stderr.isTTY;
  let lastReport = 0;
  let lastDone = -1;
  const t1 = performance.now();
  const result = await engine.predict(data.items, {
    onProgress: (p) => {
      const now = performance.now();
      // One line per step: the last window is reported once, however often the engine says so.
      if ((now - lastReport < (tty ? 100 : 2000) && p.done < p.total) || p.done === lastDone) return;
      lastReport = now;
      lastDone = p.done;
      err(`${tty ? '\r' : ''}predict: ${p.done}/${p.total} windows (${p.cached} cached)${tty ? '' : '\n'}`);
    },
    onPrediction: (pred, detail) => {
      if (!logitStream) return;
      detail.windows.forEach(({ window, logits }, w) => {
        logitStream.write(`${JSON.stringify(logitsRecord(pred.id, w, detail.context, window, logits))}\n`);
      });
    },
  });
  if (logitStream) await new Promise<void>((res, rej) => logitStream.end((e?: Error | null) => (e ? rej(e) : res())));
  if (tty) err('\n');
  writeOutputs(values.out, result.predictions, versionTwo);
  // run_qa.py's files have no room for what produced them: run.json says it, with the command line.
  const settings = { ...windows, nBest: decode.nBest, maxAnswerLength: decode.maxAnswerLength, nullThreshold: decode.nullScoreDiffThreshold, batchSize, dumpLogits: values['dump-logits'] };
  const record = cliRecord({ data: [values.data], n: data.items.length, model: values.model, dtype: model.dtype, device: model.device, versionTwo, forcedV2: values.squad2 === true || values.squad1 === true, lang: 'auto', settings });
  writeFileSync(join(values.out, 'run.json'), `${JSON.stringify({ record, command: cliCommand('predict', argv) }, null, 2)}\n`);
  const secs = (performance.now() - t1) / 1000;
  err(`${result.predictions.length} question${result.predictions.length === 1 ? '' : 's'}, ${countOf(result.stats.windows, 'window')} (${result.stats.computed} computed) in ${secs.toFixed(2)} s → ${values.out}\n`);
  await model.dispose();
  return 0;
}

/**
 * (id, value) per prediction with a Map's semantics — first position, last value for a repeated
 * id — but lazily, so 20-best lists of a whole dataset are never all built at once.
 */
function* byId<T>(preds: readonly QaPrediction[], value: (p: QaPrediction) => T): Generator<[string, T]> {
  const last = new Map<string, number>();
  preds.forEach((p, k) => last.set(p.id, k));
  for (const [id, k] of last) yield [id, value(preds[k] as QaPrediction)];
}

/** Writes predictions.json, nbest_predictions.json and (SQuAD 2.0) null_odds.json like run_qa.py, each streamed. */
export function writeOutputs(dir: string, preds: readonly QaPrediction[], versionTwo: boolean): void {
  writePyJsonMap(join(dir, 'predictions.json'), byId(preds, (p) => p.text), 4);
  writePyJsonMap(join(dir, 'nbest_predictions.json'), byId(preds, (p) => p.nbest.map(nbestJson)), 4);
  if (versionTwo) writePyJsonMap(join(dir, 'null_odds.json'), byId(preds, (p) => p.nullScoreDiff ?? 0), 4);
}
