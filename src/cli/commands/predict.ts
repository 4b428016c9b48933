/** qarx predict: run_qa.py-style predictions, n-best lists, null odds and (optionally) logit dumps. */
import { NO_ANSWER_OPTIONS, noAnswerOf, showNoAnswer } from '../no-answer.ts';
import { logitsRecord } from '../../core/qa/logits-dump.ts';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_DECODE, DEFAULT_WINDOWS, DTYPES, modelScope, nbestJson, QaEngine, type QaPrediction } from '../../core/index.ts';
import { readPredictInput } from '../predict-input.ts';
import { checkOutputDir, err, interruptible, interrupted, intOpt, numOpt, UsageError } from '../io.ts';
import { OrderedById, PredictFolder } from '../predict-out.ts';
import { writePyJsonMap } from '../json-out.ts';
import { openModel } from '../model.ts';
import { reportRead } from '../report.ts';
import { cliCommand, cliRecord } from '../record.ts';
import { countOf } from '../../core/text/plural.ts';
import { formatMB } from '../../core/text/bytes.ts';
import { collectGarbage } from '../gc.ts';
import { withArticle } from '../../core/text/article.ts';

/** Runs `qarx predict …` and returns the exit code. */
export async function predict(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      model: { type: 'string' },
      data: { type: 'string' },
      out: { type: 'string' },
      'dump-logits': { type: 'boolean', default: false },
      ...NO_ANSWER_OPTIONS,
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
  if (values.dtype && !(DTYPES as readonly string[]).includes(values.dtype)) throw new UsageError(`--dtype must be one of ${DTYPES.join(', ')}, got "${values.dtype}".`);
  checkOutputDir(values.out, '--out directory');
  const windows = {
    maxLength: intOpt(values['max-length'], 'max-length', DEFAULT_WINDOWS.maxLength),
    docStride: intOpt(values['doc-stride'], 'doc-stride', DEFAULT_WINDOWS.docStride),
    maxQueryLength: intOpt(values['max-query-length'], 'max-query-length', DEFAULT_WINDOWS.maxQueryLength),
  };
  const tty = process.stderr.isTTY;
  // Only the questions are kept, a chunk at a time when the file can be streamed (nested SQuAD JSON).
  const reading = throttled(tty, (done, total) => err(`${tty ? '\r' : ''}predict: reading ${values.data}: ${formatMB(done)} of ${formatMB(total)}${tty ? '' : '\n'}`));
  const data = await readPredictInput(values.data, reading);
  if (tty && reading.printed) err('\n');
  reportRead(values.data, data.ids.length, data.issues);
  const noAnswer = noAnswerOf('predict', values, data.evidence);
  const versionTwo = noAnswer.versionTwo;
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
    throw new UsageError(`--max-length ${windows.maxLength} leaves no room for the passage after ${withArticle(`${windows.maxQueryLength}-token`)} question and ${specials} special tokens.`);
  }
  if (model.maxPositions !== null && windows.maxLength > model.maxPositions) {
    throw new UsageError(`--max-length ${windows.maxLength} exceeds what ${model.id} accepts (${model.maxPositions} positions).`);
  }
  // Shown once the model and its windows are accepted: an error before that stays one line.
  showNoAnswer(noAnswer);
  const batchSize = intOpt(values['batch-size'], 'batch-size', 8);
  const engine = new QaEngine(model.tokenizer, model.runner, { windows, decode, batchSize, scope: modelScope(model) });
  mkdirSync(values.out, { recursive: true });
  // run_qa.py's files have no room for what produced them: run.json says it, with the command line.
  const settings = { ...windows, nBest: decode.nBest, maxAnswerLength: decode.maxAnswerLength, nullThreshold: decode.nullScoreDiffThreshold, batchSize, dumpLogits: values['dump-logits'] };
  const record = cliRecord({ data: [values.data], n: data.ids.length, model: values.model, dtype: model.dtype, device: model.device, noAnswer, lang: 'auto', settings });
  const ids = data.ids;
  // The previous run's files go first; each prediction is written as it finishes, so a stop keeps them.
  // Built before the folder, which needs its count of unique ids.
  let folder: PredictFolder | null = null;
  const order = new OrderedById(ids, (p) => folder?.add(p));
  folder = new PredictFolder(values.out, versionTwo, values['dump-logits'], { record, command: cliCommand('predict', argv) }, order.unique);
  // A second Ctrl-C (or any exit) still closes the files whole and says how far the run got.
  const onExit = () => {
    order.flush();
    folder.close('interrupted (Ctrl-C twice)');
  };
  process.once('exit', onExit);
  const stop = interruptible('predict', 'batch');
  const stats = { windows: 0, computed: 0, cached: 0 };
  let lastReport = 0;
  let lastDone = -1;
  /** A progress line, at most every 2 s (0.1 s on a terminal), and the last one once. */
  const progress = (at: number, windows: number, cached: number, last = false) => {
    const now = performance.now();
    if ((!last && now - lastReport < (tty ? 100 : 2000)) || at === lastDone) return;
    lastReport = now;
    lastDone = at;
    err(`${tty ? '\r' : ''}predict: ${at}/${ids.length} questions, ${windows} windows (${cached} cached)${tty ? '' : '\n'}`);
  };
  const t1 = performance.now();
  let done = 0;
  let cancelled = false;
  try {
    // Chunks of questions: windows (token ids per window) exist for one chunk at a time, so memory
    // stays flat however big the file, and the first progress line comes after one batch.
    let from = 0;
    for (const chunk of data.chunks(PREDICT_CHUNK)) {
      const base = from;
      from += chunk.length;
      let k = 0;
      const r = await engine.predict(chunk, {
        signal: stop.signal,
        onProgress: (p) => progress(base + k, stats.windows + p.done, stats.cached + p.cached),
        onPrediction: (pred, detail) => {
          if (values['dump-logits']) detail.windows.forEach(({ window, logits }, w) => folder.logitLine(`${JSON.stringify(logitsRecord(pred.id, w, detail.context, window, logits))}\n`));
          order.add(base + k, pred);
          k++;
        },
      });
      stats.windows += r.cancelled ? r.stats.computed + r.stats.cached : r.stats.windows;
      stats.computed += r.stats.computed;
      stats.cached += r.stats.cached;
      done = base + k;
      cancelled = r.cancelled;
      if (cancelled) break;
      // A chunk's windows, logits and n-best lists are garbage now: V8 would let them pile up to
      // several times the live heap (844 MB for a 212 MB file) before a full collection.
      collectGarbage();
      await stop.hold();
    }
    if (!cancelled) progress(done, stats.windows, stats.cached, true);
  } finally {
    stop.release();
    process.removeListener('exit', onExit);
    order.flush();
    folder.close(cancelled ? 'interrupted (Ctrl-C)' : done < ids.length ? 'stopped by an error' : null);
    // The model is freed whatever stopped the run.
    await model.dispose();
  }
  if (tty) err('\n');
  const secs = (performance.now() - t1) / 1000;
  err(`${countOf(done, 'question')}, ${countOf(stats.windows, 'window')} (${stats.computed} computed) in ${secs.toFixed(2)} s → ${values.out}\n`);
  return cancelled ? interrupted('predict', `${folder.answered} of ${countOf(order.unique, 'question')} written to ${values.out}, marked partial in run.json`) : 0;
}

/** `f` at most every 2 s (0.1 s on a terminal), the first time after that long (at once for a file of BIG_FILE bytes or more); `.printed` says whether it ever ran. */
function throttled(tty: boolean, f: (done: number, total: number) => void): ((done: number, total: number) => void) & { printed: boolean } {
  let last = performance.now();
  const g = Object.assign(
    (done: number, total: number) => {
      const now = performance.now();
      // A big file (seconds to read) says so at once; a small one prints nothing.
      if (now - last < (tty ? 100 : 2000) && !(g.printed === false && total >= BIG_FILE)) return;
      last = now;
      g.printed = true;
      f(done, total);
    },
    { printed: false },
  );
  return g;
}

/** Input size from which the first reading line comes at once. */
const BIG_FILE = 32e6;


/** Questions whose windows are built and run together (a few MB of token ids, however big the file). */
export const PREDICT_CHUNK = 1024;

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
