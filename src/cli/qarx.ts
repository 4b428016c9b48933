/**
 * qarx: the command-line side of the QA Robustness Explorer. Same core as the app, run on
 * onnxruntime-node (CPU).
 *
 *   qarx predict --model <dir|hub id> --data <data file> --out <dir> [--dump-logits]
 *   qarx eval <data file> <predictions.json> [--na-prob-file F] [--na-prob-thresh T] [--lang zh]
 *   qarx perturb entity --type PER|ORG|GPE|MIX --source indist|db|randstr [--origin us] --seed N <in> <out>
 *
 * Data files: SQuAD 1.1/2.0 or DuReader JSON (read as before, so scores match the official
 * scripts), Hugging Face flat JSON Lines / row arrays, MRQA .jsonl(.gz), pairs CSV.
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  configureRuntime,
  DEFAULT_DECODE,
  DEFAULT_WINDOWS,
  loadQaModel,
  ModelError,
  nbestJson,
  QaEngine,
  type Dtype,
  type ModelSource,
  type QaPrediction,
} from '../core/index.ts';
import { DEFAULT_MAX_BYTES } from '../core/formats/common.ts';
import { logitsRecord } from '../core/logits-dump.ts';
import { gunzipAll, isGzip } from '../core/formats/gzip.ts';
import { detectFormat, importFile, importPairFiles, instancesToSquad, SNIFF_BYTES, summarizeIssues } from '../core/formats/index.ts';
import { InputError } from '../core/formats/json.ts';
import { readNaProbs, readPredictions, readSquad, type SquadFile } from '../core/formats/squad.ts';
import { CATEGORIES, enginePredictor, buildNamePool, ENTITY_CHOICES, NAME_SOURCES, ORIGINS, renamedToSquad, renameInstance, SOURCE_LABELS, type EntityChoice, type NameSource, type Origin, type RenameResult } from '../core/entity/index.ts';
import { runPairs, summarizePairs } from '../core/natural/pairs.ts';
import { addNoise, NOISE_KINDS, NOISE_LABELS, type NoiseKind } from '../core/natural/noise.ts';
import type { Instance } from '../core/data/types.ts';
import { evaluateV1, evaluateV2, evaluateZh, pyJsonDumps, SQUAD_V2_INT_KEYS, SquadEvalError, ZH_INT_KEYS } from '../core/metrics/index.ts';

const USAGE = `Usage:
  qarx predict --model <dir|hub id> --data <data file> --out <dir> [options]
      --dump-logits           also write logits.jsonl (every window's start/end logits and token offsets)
      --squad2 / --squad1     force null-answer decoding on or off (default: from the data's version)
      --max-length N          window length in tokens (384)      --doc-stride N       overlap (128)
      --max-query-length N    question tokens kept (64)           --n-best N           candidates (20)
      --max-answer-length N   answer tokens at most (30)          --null-threshold X   SQuAD 2.0 (0)
      --batch-size N          windows per model call (8)          --dtype fp32|q8|fp16 weights to load
      --hub-host URL          Hub or mirror (default $HF_ENDPOINT or https://huggingface.co)
      --cache-dir DIR         download cache (default ~/.cache/qarx)
  qarx eval <data file> <predictions.json> [--na-prob-file F] [--na-prob-thresh T] [--lang zh]
      prints the official SQuAD v1.1 / v2.0 evaluation JSON (DuReader's for --lang zh); v2.0 sums like
      Python ≥ 3.12 unless --py-sum legacy (Python ≤ 3.11), which can change the last digit
  qarx perturb entity --type PER|ORG|GPE|MIX --source indist|db|randstr [--origin us|in|cn|fr|ar] --seed N <in> <out>
      renames each question's answer entity everywhere in passage, question and answers (whole words,
      casing kept, offsets recomputed) and writes SQuAD JSON with each question's substitutions;
      InDistName draws from the input file's own answer entities; questions without a renamable
      answer entity of the type are left out and counted on stderr
  qarx perturb synthetic --kind <kind> [--rate 0.3] [--seed N] <in> <out>
      NLPAug-style noise in each passage, words of gold answers untouched (offsets recomputed); kinds:
      keyboard, ocr, char-insert, char-substitute, char-swap, char-delete, word-swap, word-delete,
      word-split, synonym, word-insert
  qarx compare <original.json> <perturbed.json> --model <dir|hub id> [--json] [--squad2]
      answers each question on both passages of aligned revision pairs (same ids) and prints the
      counts of C2W, W2C, C2C and W2W (correct = exact match), EM/F1 on both sides and the relative
      F1 change
  Data files (detected by name and content): SQuAD 1.1/2.0 or DuReader JSON, Hugging Face flat
  SQuAD (JSON Lines or an array of rows), MRQA .jsonl / .jsonl.gz, natural-perturbation pairs CSV`;

/** A usage or input problem: printed as one line, exit code 2. */
class UsageError extends Error {}

const out = (s: string) => process.stdout.write(s);
const err = (s: string) => process.stderr.write(s);

function readBytes(file: string): Buffer {
  if (!existsSync(file)) throw new InputError(`${file}: no such file.`);
  if (statSync(file).isDirectory()) throw new InputError(`${file}: is a directory, expected a file.`);
  return readFileSync(file);
}

function readText(file: string): string {
  return readBytes(file).toString('utf8');
}

/**
 * Reads a data file of any importable format as a SquadFile. Nested SQuAD/DuReader JSON goes
 * through readSquad unchanged, so evaluation sees the answers exactly as the official scripts
 * do; other formats are imported and converted with instancesToSquad.
 */
async function readData(file: string): Promise<SquadFile> {
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

function intOpt(v: string | undefined, name: string, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive whole number, got "${v}".`);
  return n;
}

function numOpt(v: string | undefined, name: string, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new UsageError(`--${name} must be a number, got "${v}".`);
  return n;
}

/** A directory on disk is a local model; otherwise owner/name is a Hub id. */
export function resolveModel(spec: string): { source: ModelSource } {
  const abs = resolve(spec);
  if (existsSync(abs)) {
    if (!statSync(abs).isDirectory()) throw new InputError(`${spec}: --model must be a model directory (config.json, tokenizer.json, onnx/model.onnx) or a Hub id.`);
    for (const f of ['config.json', 'tokenizer.json']) {
      if (!existsSync(join(abs, f))) throw new InputError(`${spec}: missing ${f} (expected the Hugging Face layout: config.json, tokenizer.json, tokenizer_config.json, onnx/model.onnx).`);
    }
    if (!existsSync(join(abs, 'onnx'))) throw new InputError(`${spec}: no onnx/ folder with ONNX weights.`);
    // The absolute path is the id: transformers.js reads non-Hub-id paths as they are, whatever the folder is called.
    return { source: { kind: 'local', id: abs } };
  }
  if (/^[\w.-]+\/[\w.-]+$/.test(spec)) return { source: { kind: 'hub', id: spec } };
  throw new InputError(`${spec}: no such model directory, and not a Hub id (owner/name).`);
}

/** Loads a model directory or Hub id for the CLI, reporting big downloads and the load time on stderr. */
async function openModel(spec: string, o: { 'hub-host'?: string; 'cache-dir'?: string; dtype?: string }) {
  const { source } = resolveModel(spec);
  configureRuntime({
    remoteHost: o['hub-host'] ?? process.env.HF_ENDPOINT ?? 'https://huggingface.co/',
    cacheDir: o['cache-dir'] ?? process.env.QARX_CACHE_DIR ?? join(homedir(), '.cache', 'qarx'),
  });
  const t0 = performance.now();
  let lastFile = '';
  const model = await loadQaModel(source, {
    device: 'cpu',
    dtype: o.dtype as Dtype | undefined,
    onProgress: (p) => {
      // Only big files are worth a line (weights); configs and local reads are instant.
      if (p.status === 'progress' && p.file !== lastFile && p.total > 1 << 20) {
        lastFile = p.file;
        err(`loading ${p.file} (${(p.total / (1 << 20)).toFixed(1)} MB)\n`);
      }
    },
  });
  err(`loaded ${model.id} (${model.architecture}, ${model.dtype}, ${model.kind}) in ${((performance.now() - t0) / 1000).toFixed(2)} s\n`);
  return model;
}

async function compare(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { model: { type: 'string' }, squad2: { type: 'boolean', default: false }, json: { type: 'boolean', default: false }, 'hub-host': { type: 'string' }, 'cache-dir': { type: 'string' }, dtype: { type: 'string' } },
  });
  const [a, b] = positionals;
  if (!a || !b || positionals.length > 2 || !values.model) throw new UsageError('compare needs <original.json> <perturbed.json> --model <dir|hub id>.');
  const r = await importPairFiles(a, readBytes(a), b, readBytes(b), { dataset: basename(a) });
  const paired = r.instances.filter((i) => i.revision);
  for (const i of r.issues.slice(0, 10)) err(`warning: ${i.path}: ${i.message}\n`);
  if (paired.length === 0) throw new InputError(`${a} and ${b}: no question appears in both files with an answer in each (${summarizeIssues(r.issues) || 'no shared ids'}).`);
  const model = await openModel(values.model, values);
  const engine = new QaEngine(model.tokenizer, model.runner);
  const versionTwo = values.squad2 || paired.some((i) => i.isImpossible);
  const { rows } = await runPairs(paired, enginePredictor(engine, { versionTwo }), (d, t) => {
    if (d === t || d % 50 === 0) err(`compare: ${d}/${t} passages answered\n`);
  });
  const sum = summarizePairs(rows);
  if (values.json) {
    out(`${JSON.stringify({ ...sum, rows }, null, 2)}\n`);
    return 0;
  }
  const f = (x: number) => x.toFixed(2);
  out(`questions: ${sum.n}\n`);
  for (const c of CATEGORIES) out(`${c}: ${sum.categories[c]}\n`);
  out(`original:  EM ${f(sum.original.em)}  F1 ${f(sum.original.f1)}\n`);
  out(`perturbed: EM ${f(sum.perturbed.em)}  F1 ${f(sum.perturbed.f1)}\n`);
  out(`relative F1 change: ${sum.relativeF1Change >= 0 ? '+' : ''}${f(sum.relativeF1Change)}%\n`);
  return 0;
}

async function predict(argv: string[]): Promise<number> {
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
  if (values.dtype && !['fp32', 'fp16', 'q8'].includes(values.dtype)) throw new UsageError(`--dtype must be fp32, fp16 or q8, got "${values.dtype}".`);
  const windows = {
    maxLength: intOpt(values['max-length'], 'max-length', DEFAULT_WINDOWS.maxLength),
    docStride: intOpt(values['doc-stride'], 'doc-stride', DEFAULT_WINDOWS.docStride),
    maxQueryLength: intOpt(values['max-query-length'], 'max-query-length', DEFAULT_WINDOWS.maxQueryLength),
  };
  const data: SquadFile = await readData(values.data);
  for (const i of data.issues.slice(0, 20)) err(`warning: ${values.data}: ${i.path}: ${i.message}\n`);
  if (data.issues.length > 20) err(`warning: ${values.data}: ${data.issues.length - 20} more problems not shown\n`);
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
  const engine = new QaEngine(model.tokenizer, model.runner, { windows, decode, batchSize: intOpt(values['batch-size'], 'batch-size', 8) });
  mkdirSync(values.out, { recursive: true });
  // Logits of a whole dev set are large: stream them to disk as they come.
  const logitStream = values['dump-logits'] ? createWriteStream(join(values.out, 'logits.jsonl')) : null;
  const tty = process.stderr.isTTY;
  let lastReport = 0;
  const t1 = performance.now();
  const result = await engine.predict(data.items, {
    onProgress: (p) => {
      const now = performance.now();
      if (now - lastReport < (tty ? 100 : 2000) && p.done < p.total) return;
      lastReport = now;
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
  const secs = (performance.now() - t1) / 1000;
  err(`${result.predictions.length} questions, ${result.stats.windows} windows (${result.stats.computed} computed) in ${secs.toFixed(2)} s → ${values.out}\n`);
  await model.dispose();
  return 0;
}

/** Writes predictions.json, nbest_predictions.json and (SQuAD 2.0) null_odds.json like run_qa.py. */
function writeOutputs(dir: string, preds: QaPrediction[], versionTwo: boolean): void {
  const all = new Map(preds.map((p) => [p.id, p.text]));
  const nbest = new Map(preds.map((p) => [p.id, p.nbest.map(nbestJson)]));
  writeFileSync(join(dir, 'predictions.json'), pyJsonDumps(all, 4) + '\n');
  writeFileSync(join(dir, 'nbest_predictions.json'), pyJsonDumps(nbest, 4) + '\n');
  if (versionTwo) writeFileSync(join(dir, 'null_odds.json'), pyJsonDumps(new Map(preds.map((p) => [p.id, p.nullScoreDiff ?? 0])), 4) + '\n');
}

async function evaluate(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      'na-prob-file': { type: 'string' },
      'na-prob-thresh': { type: 'string' },
      lang: { type: 'string' },
      'allow-unknown-ids': { type: 'boolean', default: false },
      'py-sum': { type: 'string' },
    },
    allowPositionals: true,
  });
  const [dataFile, predFile] = positionals;
  if (!dataFile || !predFile || positionals.length > 2) throw new UsageError('eval needs <data file> <predictions.json>.');
  const data = await readData(dataFile);
  for (const i of data.issues.slice(0, 20)) err(`warning: ${dataFile}: ${i.path}: ${i.message}\n`);
  const preds = readPredictions(readText(predFile), predFile);
  const ids = new Set(data.items.map((i) => i.id));
  const unknown = [...preds.keys()].filter((k) => !ids.has(k));
  if (unknown.length && !values['allow-unknown-ids']) {
    throw new InputError(`${predFile}: ${unknown.length} id${unknown.length > 1 ? 's' : ''} not in ${dataFile} (e.g. "${unknown[0]}"): wrong data file? (--allow-unknown-ids ignores them, as the official script does)`);
  }
  if (values.lang !== undefined && values.lang !== 'zh' && values.lang !== 'en') throw new UsageError(`--lang must be en or zh, got "${values.lang}".`);
  if (values.lang === 'zh') {
    const r = evaluateZh(data.dataset, preds);
    out(pyJsonDumps(r.result, null, { intKeys: ZH_INT_KEYS }) + '\n');
    return 0;
  }
  if (data.version === 'v1.1') {
    if (values['na-prob-file']) throw new UsageError('--na-prob-file applies to SQuAD 2.0 data only.');
    const r = evaluateV1(data.dataset, preds);
    for (const w of r.warnings) err(`${w}\n`);
    out(pyJsonDumps(r.result) + '\n');
    return 0;
  }
  const naProbs = values['na-prob-file'] ? readNaProbs(readText(values['na-prob-file']), values['na-prob-file']) : undefined;
  const thresh = numOpt(values['na-prob-thresh'], 'na-prob-thresh', 1.0);
  const pySum = values['py-sum'] ?? 'compensated';
  if (pySum !== 'compensated' && pySum !== 'legacy') throw new UsageError(`--py-sum must be compensated (Python ≥ 3.12) or legacy (≤ 3.11), got "${pySum}".`);
  const r = evaluateV2(data.dataset, preds, naProbs, thresh, { pySum });
  for (const w of r.warnings) err(`${w}\n`);
  out(pyJsonDumps(r.result, 2, { intKeys: SQUAD_V2_INT_KEYS }) + '\n');
  return 0;
}

async function perturb(argv: string[]): Promise<number> {
  const [kind, ...rest] = argv;
  if (kind === 'synthetic') return perturbSynthetic(rest);
  if (kind !== 'entity') throw new UsageError(`perturb needs a kind: qarx perturb entity … or qarx perturb synthetic … (got "${kind ?? ''}").`);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { type: { type: 'string', default: 'MIX' }, source: { type: 'string', default: 'db' }, origin: { type: 'string', default: 'us' }, seed: { type: 'string', default: '1' } },
  });
  const [input, output] = positionals;
  if (!input || !output || positionals.length > 2) throw new UsageError('perturb entity needs <in> <out>.');
  const type = values.type?.toUpperCase() as EntityChoice;
  if (!ENTITY_CHOICES.includes(type)) throw new UsageError(`--type must be PER, ORG, GPE or MIX, got "${values.type}".`);
  const source = values.source?.toLowerCase() as NameSource;
  if (!NAME_SOURCES.includes(source)) throw new UsageError(`--source must be indist, db or randstr, got "${values.source}".`);
  const origin = values.origin?.toLowerCase() as Origin;
  if (!ORIGINS.includes(origin)) throw new UsageError(`--origin must be one of ${ORIGINS.join(', ')}, got "${values.origin}".`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new UsageError(`--seed must be a whole number ≥ 0, got "${values.seed}".`);
  const raw = readBytes(input);
  const r = await importFile(input, raw, { dataset: basename(input) });
  if (r.instances.length === 0) throw new InputError(`${input}: no usable questions (${summarizeIssues(r.issues)}).`);
  const opts = { type, source, origin, seed };
  const pool = buildNamePool(r.instances);
  const kept: RenameResult[] = [];
  const skipped = new Map<string, number>();
  for (const inst of r.instances) {
    const res = renameInstance(inst, opts, pool);
    if (typeof res === 'string') skipped.set(res, (skipped.get(res) ?? 0) + 1);
    else kept.push(res);
  }
  mkdirSync(dirname(resolve(output)), { recursive: true });
  writeFileSync(output, `${JSON.stringify(renamedToSquad(kept, opts), null, 1)}\n`);
  const why = [...skipped].map(([k, n]) => `${n} ${k}`).join(', ');
  err(`qarx: renamed ${kept.length} of ${r.instances.length} questions (${type}, ${SOURCE_LABELS[source]}${source === 'db' ? `, ${origin}` : ''}, seed ${seed})${why ? `; left out: ${why}` : ''}; wrote ${output}\n`);
  return 0;
}

async function perturbSynthetic(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { kind: { type: 'string' }, rate: { type: 'string', default: '0.3' }, seed: { type: 'string', default: '1' } } });
  const [input, output] = positionals;
  if (!input || !output || positionals.length > 2) throw new UsageError('perturb synthetic needs <in> <out>.');
  const kind = values.kind as NoiseKind;
  if (!NOISE_KINDS.includes(kind)) throw new UsageError(`--kind must be one of ${NOISE_KINDS.join(', ')}, got "${values.kind ?? ''}".`);
  const rate = Number(values.rate);
  if (!(rate > 0 && rate <= 1)) throw new UsageError(`--rate must be a number in (0, 1], got "${values.rate}".`);
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) throw new UsageError(`--seed must be a whole number ≥ 0, got "${values.seed}".`);
  const r = await importFile(input, readBytes(input), { dataset: basename(input) });
  if (r.instances.length === 0) throw new InputError(`${input}: no usable questions (${summarizeIssues(r.issues)}).`);
  const kept: Instance[] = [];
  let changed = 0;
  for (const inst of r.instances) {
    const n = addNoise(inst, { kind, rate, seed });
    if (!n) continue;
    kept.push(n.perturbed);
    changed += n.changed;
  }
  mkdirSync(dirname(resolve(output)), { recursive: true });
  writeFileSync(output, `${JSON.stringify({ ...instancesToSquad(kept), perturbation: { kind: 'synthetic', noise: kind, rate, seed } }, null, 1)}\n`);
  const dropped = r.instances.length - kept.length;
  err(`qarx: ${NOISE_LABELS[kind]} at rate ${rate}, seed ${seed}: ${kept.length} of ${r.instances.length} questions kept (${changed} edits)${dropped ? `; dropped ${dropped} whose passage had nothing outside the answers to change` : ''}; wrote ${output}\n`);
  return 0;
}

/** Runs the CLI and returns the exit code; errors become one line on stderr. */
export async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  try {
    if (cmd === 'predict') return await predict(rest);
    if (cmd === 'eval') return await evaluate(rest);
    if (cmd === 'perturb') return await perturb(rest);
    if (cmd === 'compare') return await compare(rest);
    if (cmd === undefined || cmd === '--help' || cmd === '-h' || cmd === 'help') {
      out(`${USAGE}\n`);
      return cmd === undefined ? 2 : 0;
    }
    throw new UsageError(`unknown command "${cmd}" (try: qarx predict, qarx eval, qarx perturb, qarx compare, qarx --help)`);
  } catch (e) {
    if (e instanceof UsageError || (e instanceof TypeError && 'code' in e && String((e as { code: unknown }).code).startsWith('ERR_PARSE_ARGS'))) {
      err(`qarx: ${e.message}\n`);
      return 2;
    }
    if (e instanceof InputError || e instanceof SquadEvalError || e instanceof RangeError) {
      err(`qarx: ${e.message}\n`);
      return 2;
    }
    if (e instanceof ModelError) {
      err(`qarx: ${e.message}\n`);
      return 3;
    }
    err(`qarx: unexpected error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

const isMain = process.argv[1] && /[\\/]cli[\\/]qarx\.ts$/.test(process.argv[1]);
if (isMain) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
