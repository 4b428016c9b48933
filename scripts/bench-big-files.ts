/**
 * npm run bench:big-files: peak memory and time of qarx on a big input (default 200 MB), the
 * input generated here (into $TMPDIR/qarx-bench-big/, or --dir). Prints numbers; nothing is asserted.
 *
 *   npm run bench:big-files -- [--mb 200] [--old] [--predict-only] [--predict-run [--lines 3]] [--dist DIR]
 *
 * 1. `qarx perturb synthetic` on a SQuAD 2.0 JSON file of --mb MB, as a child process; peak RSS
 *    is read from /proc/<pid>/status (VmHWM, Linux) while it runs.
 * 2. predict's output stage (predictions.json, nbest_predictions.json with 20 candidates,
 *    null_odds.json) for as many questions as that file holds, in a child process that reports
 *    its own peak RSS. (Running the model on 200 MB of questions would take hours; the engine
 *    keeps only the predictions, so writing them is where a big input costs memory.)
 * 3. --predict-run: a real `qarx predict` (the shipped model) on the file: peak RSS, seconds to the
 *    first progress line and the longest gap between progress lines; after --lines progress lines
 *    it sends Ctrl-C and reports the exit code and whether the partial predictions.json parses and
 *    run.json says partial (--limit S: Ctrl-C after S seconds without one). --dist DIR runs another build of the CLI (node scripts/build-cli.mjs --outdir DIR), e.g. an older one.
 * --old also runs the one-string writers the CLI used before (JSON.stringify / pyJsonDumps of
 * the whole output) for comparison.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { samplePeakRss } from './lib/peak-rss.ts';

const ROOT = join(import.meta.dirname, '..');
const { values } = parseArgs({ options: { mb: { type: 'string', default: '200' }, old: { type: 'boolean', default: false }, 'predict-only': { type: 'boolean', default: false }, 'predict-run': { type: 'boolean', default: false }, lines: { type: 'string', default: '3' }, limit: { type: 'string', default: '600' }, dist: { type: 'string' }, dir: { type: 'string', default: join(tmpdir(), 'qarx-bench-big') }, child: { type: 'string' }, questions: { type: 'string' } } });
const DIR = resolve(values.dir);
const MB = Number(values.mb);

const WORDS = 'the river city council built a bridge over harbour in spring after long debate about cost and design of its northern tower'.split(' ');
/** Questions per paragraph (one, so every passage is perturbed once) and passage length in words. */
const PER_PARAGRAPH = 1;
const PASSAGE_WORDS = 180;

/** Writes a SQuAD 2.0 file of about `mb` MB (streamed, so the generator itself stays small); returns its question count. */
function makeInput(path: string, mb: number): number {
  const fd = openSync(path, 'w');
  let size = 0;
  let n = 0;
  const put = (s: string) => {
    writeSync(fd, s);
    size += Buffer.byteLength(s);
  };
  put('{"version": "v2.0", "data": [');
  for (let a = 0; size < mb * 1e6; a++) {
    const paragraphs = [];
    for (let p = 0; p < 20; p++) {
      const words = Array.from({ length: PASSAGE_WORDS }, (_, i) => WORDS[(a * 7 + p * 3 + i * i) % WORDS.length] as string);
      words[40] = `Name${a}x${p}`;
      const context = `${words.join(' ')}.`;
      const start = context.indexOf(`Name${a}x${p}`);
      const qas = Array.from({ length: PER_PARAGRAPH }, (_, q) => ({
        id: `a${a}p${p}q${q}`,
        question: `Who ${WORDS[q]} the ${WORDS[(q + 3) % WORDS.length]} in question ${q}?`,
        answers: p % 5 === 4 ? [] : [{ text: `Name${a}x${p}`, answer_start: start }],
        is_impossible: p % 5 === 4,
      }));
      n += qas.length;
      paragraphs.push({ context, qas });
    }
    put(`${a ? ', ' : ''}${JSON.stringify({ title: `Article ${a}`, paragraphs })}`);
  }
  put(']}\n');
  closeSync(fd);
  return n;
}

/** Questions in a file this script generated (one per passage). */
function countQuestions(path: string): number {
  return readFileSync(path, 'latin1').split('"question":').length - 1;
}

/** Runs a command, sampling its peak RSS (VmHWM) every 50 ms; resolves with exit code, peak MiB and seconds. */
function measure(args: string[]): Promise<{ code: number | null; peakMb: number; secs: number; stderr: string }> {
  return new Promise((res) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const rss = samplePeakRss(child.pid);
    child.on('exit', (code) => {
      rss.stop();
      res({ code, peakMb: rss.peakMb(), secs: (performance.now() - t0) / 1000, stderr });
    });
  });
}

/** Child mode: builds `n` predictions with 20 n-best candidates and writes predict's outputs. */
async function predictOutputs(n: number, old: boolean): Promise<void> {
  const { writeOutputs } = await import('../src/cli/commands/predict.ts');
  const { nbestJson } = await import('../src/core/index.ts');
  const { pyJsonDumps } = await import('../src/core/metrics/pyjson.ts');
  const preds = Array.from({ length: n }, (_, i) => {
    const nbest = Array.from({ length: 20 }, (_, k) => ({ text: `candidate answer ${k} of ${i}`, start: k, end: k + 2, startLogit: 3.25 - k / 7, endLogit: 2.5 - k / 9, score: 5 - k, probability: 1 / (k + 2), tokenStart: k, tokenEnd: k + 1 }));
    return { id: `q${i}`, text: nbest[0]?.text ?? '', best: null, nbest, nullScoreDiff: -1.5 + (i % 7) / 3, windows: 1 };
  });
  const out = join(DIR, old ? 'pred-old' : 'pred');
  mkdirSync(out, { recursive: true });
  // The predictions themselves are most of the memory (as in a real run, where the engine holds
  // them): report the peak before writing, so the writer's own share shows.
  const hwm = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
  const before = hwm();
  const t0 = performance.now();
  if (old) {
    // What the CLI did before: each file as one string.
    writeFileSync(join(out, 'predictions.json'), pyJsonDumps(new Map(preds.map((p) => [p.id, p.text])), 4) + '\n');
    writeFileSync(join(out, 'nbest_predictions.json'), pyJsonDumps(new Map(preds.map((p) => [p.id, p.nbest.map((x) => nbestJson(x as never))])), 4) + '\n');
  } else writeOutputs(out, preds as never, true);
  const bytes = ['predictions.json', 'nbest_predictions.json', 'null_odds.json'].reduce((s, f) => s + (existsSync(join(out, f)) ? statSync(join(out, f)).size : 0), 0);
  process.stderr.write(`wrote ${(bytes / 1e6).toFixed(0)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s; peak RSS ${before.toFixed(0)} MiB with the predictions built, ${hwm().toFixed(0)} MiB after writing\n`);
  rmSync(out, { recursive: true, force: true });
}

/** Child mode "perturb-old": the old perturb writer (one JSON.stringify of the whole output). */
async function perturbOld(input: string, output: string): Promise<void> {
  const { importFile, instancesToSquad } = await import('../src/core/formats/index.ts');
  const { addNoise } = await import('../src/core/natural/noise.ts');
  const r = await importFile(input, readFileSync(input), { dataset: 'big' });
  const kept = r.instances.flatMap((i) => addNoise(i, { kind: 'char-swap', rate: 0.1, seed: 1 })?.perturbed ?? []);
  writeFileSync(output, `${JSON.stringify({ ...instancesToSquad(kept), perturbation: { kind: 'synthetic', noise: 'char-swap', rate: 0.1, seed: 1 } }, null, 1)}\n`);
}

/** Result of a real predict run interrupted after some progress lines. */
interface PredictRun { code: number | null; peakMb: number; firstProgress: number | null; firstQuestions: number | null; maxGap: number; lines: number; stderr: string }

/** Runs `qarx predict` on `input`, sampling peak RSS; sends SIGINT after `lines` progress lines. */
function predictRun(input: string, out: string, lines: number): Promise<PredictRun> {
  return new Promise((res) => {
    // --dist: that build's main, whatever the sources now say (bin/qarx.mjs would refuse an older build).
    const entry = values.dist ? ['--input-type=module', '-e', `const { main } = await import(${JSON.stringify(pathToFileURL(join(resolve(values.dist), 'qarx.js')).href)}); process.exitCode = await main(process.argv.slice(1));`] : [join(ROOT, 'bin', 'qarx.mjs')];
    const t0 = performance.now();
    const child = spawn(process.execPath, [...entry, 'predict', '--model', join(ROOT, 'public', 'models', 'qarx-lexical-qa'), '--data', input, '--out', out], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let seen = 0;
    let first: number | null = null;
    let firstQuestions: number | null = null;
    let reads = 0;
    let last = 0;
    let maxGap = 0;
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      const now = (performance.now() - t0) / 1000;
      // "predict: reading …" lines (while the file is read) count as progress, but not toward --lines.
      const r = (stderr.match(/^predict: reading /gm) ?? []).length;
      const n = (stderr.match(/^predict: \d+\/\d+ (windows|questions)/gm) ?? []).length;
      if (r > reads) {
        first ??= now;
        maxGap = Math.max(maxGap, now - last);
        last = now;
        reads = r;
      }
      if (n > seen) {
        first ??= now;
        firstQuestions ??= now;
        maxGap = Math.max(maxGap, now - last);
        last = now;
        seen = n;
        if (seen >= lines) child.kill('SIGINT');
      }
    });
    const rss = samplePeakRss(child.pid);
    // A run that prints no progress line for --limit seconds is interrupted too (and a second Ctrl-C ends it).
    const limit = setTimeout(() => {
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGINT'), 30_000).unref();
    }, Number(values.limit) * 1000);
    child.on('exit', (code) => {
      rss.stop();
      clearTimeout(limit);
      res({ code, peakMb: rss.peakMb(), firstProgress: first, firstQuestions, maxGap, lines: seen, stderr });
    });
  });
}

/** Whether a file parses as JSON. */
function parses(path: string): boolean {
  try {
    JSON.parse(readFileSync(path, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

/** --predict-run: a real predict on the big file, interrupted after a few progress lines. */
async function runPredict(input: string): Promise<void> {
  const out = join(DIR, 'predict-out');
  rmSync(out, { recursive: true, force: true });
  const r = await predictRun(input, out, Number(values.lines));
  const inputMb = statSync(input).size / 1e6;
  console.log(`qarx predict${values.dist ? ` (${values.dist})` : ''}: peak RSS ${r.peakMb.toFixed(0)} MiB (${((r.peakMb * 2 ** 20) / 1e6 / inputMb).toFixed(1)}× the input); first progress after ${r.firstProgress === null ? `none within ${values.limit} s` : `${r.firstProgress.toFixed(1)} s`}, first questions done after ${r.firstQuestions === null ? 'none' : `${r.firstQuestions.toFixed(1)} s`}; longest gap between progress lines ${r.maxGap.toFixed(1)} s; ${r.lines} progress lines, then Ctrl-C: exit ${r.code}`);
  const run = join(out, 'run.json');
  const partial = existsSync(run) ? (JSON.parse(readFileSync(run, 'utf8')) as { partial?: unknown }).partial : 'no run.json';
  console.log(`  predictions.json ${existsSync(join(out, 'predictions.json')) ? (parses(join(out, 'predictions.json')) ? 'parses' : 'does not parse') : 'missing'}; run.json partial: ${String(partial)}`);
  console.log(`  stderr: ${r.stderr.trim().split('\n').slice(-3).join(' | ')}`);
  rmSync(out, { recursive: true, force: true });
}

async function run(): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const input = join(DIR, `squad-${MB}mb.json`);
  const output = join(DIR, `squad-${MB}mb.noisy.json`);
  let t0 = performance.now();
  const n = (values['predict-only'] || values['predict-run']) && existsSync(input) ? countQuestions(input) : makeInput(input, MB);
  console.log(`input: ${input}: ${(statSync(input).size / 1e6).toFixed(0)} MB, ${n} questions (generated in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  if (values['predict-run']) return runPredict(input);
  const tsx = ['--import', 'tsx'];
  const line = (name: string, r: { code: number | null; peakMb: number; secs: number; stderr: string }) => {
    const lines = r.stderr.trim().split('\n');
    const failure = r.code === 0 ? '' : `  FAILED (exit ${r.code}): ${lines.find((l) => /Error|Invalid|qarx:/.test(l)) ?? lines.at(-1) ?? ''}`;
    console.log(`${name.padEnd(34)} peak RSS ${r.peakMb.toFixed(0).padStart(5)} MiB  time ${r.secs.toFixed(1).padStart(6)} s${failure}`);
  };
  if (!values['predict-only']) line('perturb synthetic (char-swap)', await measure([join(ROOT, 'bin', 'qarx.mjs'), 'perturb', 'synthetic', '--kind', 'char-swap', '--rate', '0.1', input, output]));
  if (existsSync(output)) console.log(`  output: ${(statSync(output).size / 1e6).toFixed(0)} MB`);
  if (values.old && !values['predict-only']) line('perturb, old one-string writer', await measure([...tsx, import.meta.filename, '--child', 'perturb-old', '--mb', String(MB)]));
  t0 = performance.now();
  const p = await measure([...tsx, import.meta.filename, '--child', 'predict', '--questions', String(n)]);
  line('predict outputs (20-best)', p);
  console.log(`  ${p.stderr.trim()}`);
  if (values.old) line('predict outputs, old writer', await measure([...tsx, import.meta.filename, '--child', 'predict-old', '--questions', String(n)]));
  rmSync(output, { force: true });
}

if (values.child === 'predict' || values.child === 'predict-old') await predictOutputs(Number(values.questions), values.child === 'predict-old');
else if (values.child === 'perturb-old') await perturbOld(join(DIR, `squad-${MB}mb.json`), join(DIR, `squad-${MB}mb.old.json`));
else await run();
