/**
 * npm run bench: the realistic sweep benchmark of issue 12. On a DistilBERT-base-shaped random
 * model (generated on demand into .cache/bench-model), over demo questions whose passages are
 * padded to SQuAD's length spread (src/core/bench/workload.ts), it times
 *   - an entity sweep (instances × 3 sources × seeds × PER/ORG/GPE) and a natural-pairs run, the
 *     engine (buckets, dedup, cache, skip) vs the transformers.js pipeline called once per window
 *     of every perturbed instance and every original (the plain path's work), same dtype (fp32);
 *   - achieved GFLOP/s (from the model's shapes) beside onnxruntime-node's MatMul peak;
 *   - the shipped model's q8 file vs its fp32 file: speed ratio and identical answers (lib/q8-compare.ts);
 *   - a streaming sweep's peak memory (bench-memory.ts).
 *
 *   npm run bench -- [--instances 50] [--seeds 5] [--batch 8] [--tiny] [--only sweep,pairs,peak,q8,memory] [--questions 10000]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pipeline } from '@huggingface/transformers';
import { BENCH_SWEEP, benchWorkload } from '../src/core/bench/workload.ts';
import type { Instance } from '../src/core/data/types.ts';
import { enginePredictor, runSweep, type Predictor, type SweepConfig } from '../src/core/entity/index.ts';
import { configureRuntime, loadQaModel, QaEngine, type QaInput } from '../src/core/index.ts';
import { runPairs } from '../src/core/natural/pairs.ts';
import { encoderShape, matmulPeak, tallyRunner, type EncoderShape, type RunnerTally } from './lib/bench-flops.ts';
import { benchMemory } from './bench-memory.ts';
import { reportQ8 } from './lib/q8-compare.ts';
import { DISTILBERT_BASE_SHAPE, makeBenchModel, TINY_SHAPE } from './make-bench-model.ts';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '50' },
    seeds: { type: 'string', default: '5' },
    batch: { type: 'string', default: '8' },
    tiny: { type: 'boolean', default: false },
    only: { type: 'string', default: 'sweep,pairs,peak,q8,memory' },
    questions: { type: 'string', default: '10000' },
    sample: { type: 'string', default: '48' },
  },
});
const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, '.cache');
const NAME = values.tiny ? 'bench-model-tiny' : 'bench-model';
const BATCH = Number(values.batch);
const only = new Set(values.only.split(','));
const f = (x: number, d = 2) => x.toFixed(d);

/** A predictor that records what it is asked and answers nothing (to list the plain path's inputs). */
function recorder(into: QaInput[][]): Predictor {
  return async (inputs) => {
    into.push(inputs);
    return { predictions: inputs.map((x) => ({ id: x.id, text: '', best: null, nbest: [], nullScoreDiff: null, windows: 0 })), cancelled: false };
  };
}

/**
 * Times the transformers.js pipeline over the windows of `inputs` (one call per window, on the
 * window's passage slice): `sample` windows evenly spread over all of them are timed and the
 * time per window is scaled to the total (timing thousands of calls would take an hour here).
 */
async function timePipeline(qa: (q: string, c: string) => Promise<unknown>, engine: QaEngine, inputs: readonly QaInput[], sample: number): Promise<{ secs: number; windows: number; timed: number }> {
  const calls = inputs.flatMap((x) =>
    engine.windowsFor(x).map((w) => {
      const spans = w.contextSpans.filter((s) => s !== null);
      return { q: x.question, c: x.context.slice(spans[0]?.start ?? 0, spans.at(-1)?.end ?? x.context.length) };
    }),
  );
  const step = Math.max(1, calls.length / sample);
  const picked = Array.from({ length: Math.min(sample, calls.length) }, (_, i) => calls[Math.floor(i * step)] as { q: string; c: string });
  const t0 = performance.now();
  for (const c of picked) await qa(c.q, c.c);
  const perWindow = (performance.now() - t0) / 1000 / picked.length;
  return { secs: perWindow * calls.length, windows: calls.length, timed: picked.length };
}

/**
 * What a naive sweep asks the model: every original, then every question in every cell (its
 * renamed copy, or the original again when nothing was renamed), e.g. 50 questions × 45 cells.
 */
function naiveSweepInputs(answerable: readonly QaInput[], cells: readonly QaInput[][]): QaInput[] {
  return [...answerable, ...cells.flatMap((renamed) => {
    const byId = new Map(renamed.map((x) => [x.id, x]));
    return answerable.map((x) => byId.get(x.id) ?? x);
  })];
}

function reportRun(label: string, plainWindows: number, pipe: { secs: number; timed: number }, engSecs: number, t: RunnerTally): number {
  const ratio = pipe.secs / engSecs;
  console.log(`${label}: the naive path needs ${plainWindows} windows`);
  console.log(`  transformers.js pipeline, one call per window : ${f(plainWindows / pipe.secs)} windows/s (${f(pipe.secs, 1)} s, scaled from ${pipe.timed} timed windows)`);
  console.log(`  per computed window: engine ${f(t.rows / t.seconds)} windows/s inside the model vs pipeline ${f(plainWindows / pipe.secs)} (batching and buckets alone: ${f(t.rows / t.seconds / (plainWindows / pipe.secs))}×)`);
  console.log(`  qarx engine (buckets, dedup, cache, skip)     : ${f(plainWindows / engSecs)} windows/s of the plain path's work (${f(engSecs, 1)} s; ${t.rows} windows computed, ${f((100 * (plainWindows - t.rows)) / plainWindows, 0)}% saved)`);
  console.log(`  padding: ${f((100 * (t.paddedTokens - t.realTokens)) / Math.max(1, t.paddedTokens), 1)}% of computed tokens; ${t.calls} model calls, ${f(t.rows / Math.max(1, t.calls), 1)} rows per call`);
  console.log(`  achieved: ${f(t.paddedFlops / t.seconds / 1e9, 1)} GFLOP/s executed, ${f(t.usefulFlops / t.seconds / 1e9, 1)} GFLOP/s on real tokens (model time ${f(t.seconds, 1)} s)`);
  console.log(`  ratio engine / pipeline                       : ${f(ratio)}×`);
  return ratio;
}

/** The sweep and natural-pairs comparisons; returns the sweep's executed GFLOP/s (0 if not run). */
async function sweepAndPairs(shape: EncoderShape, ratios: string[]): Promise<number> {
  let achieved = 0;
  configureRuntime({ localModelPath: `${CACHE}/` });
  const model = await loadQaModel({ kind: 'local', id: NAME }, { device: 'cpu', dtype: 'fp32' });
  const tallied = tallyRunner(model.runner, shape);
  const freshEngine = () => new QaEngine(model.tokenizer, tallied.runner, { batchSize: BATCH });
  const work = benchWorkload({ instances: Number(values.instances) });
  const probe = freshEngine();
  const lens = work.map((i) => probe.encode(i.context).ids.length).sort((a, b) => a - b);
  const multi = work.filter((i) => probe.windowsFor(i).length > 1).length;
  console.log(`model: ${values.tiny ? 'tiny' : 'DistilBERT-base shape'} (random weights, ${shape.layers}×${shape.hidden}, ffn ${shape.ffn}), fp32, onnxruntime-node CPU, batch ${BATCH}`);
  console.log(`workload: ${work.length} passages, ${lens[0]}–${lens.at(-1)} tokens (median ${lens[Math.floor(lens.length / 2)]}), ${multi} span several 384-token windows`);

  const p = await pipeline('question-answering', NAME, { dtype: 'fp32', device: 'cpu' });
  const qa = (q: string, c: string) => p(q, c) as Promise<unknown>;
  await qa(work[0]!.question, work[0]!.context); // warm-up: session creation does not count
  await freshEngine().predict([work[0]!]);

  if (only.has('sweep')) {
    const config = { ...BENCH_SWEEP, seeds: Number(values.seeds) } as unknown as SweepConfig;
    const asked: QaInput[][] = [];
    const tr = performance.now();
    await runSweep(work, config, recorder(asked));
    const renameSecs = (performance.now() - tr) / 1000;
    const answerable = work.filter((i) => !i.isImpossible).map((i) => ({ id: i.id, question: i.question, context: i.context }));
    const plainInputs = naiveSweepInputs(answerable, asked.slice(1));
    const pipe = await timePipeline(qa, probe, plainInputs, Number(values.sample));
    pipe.secs += renameSecs; // the pipeline's sweep renames too
    tallied.reset();
    const t0 = performance.now();
    await runSweep(work, config, enginePredictor(freshEngine(), { versionTwo: false }));
    const engSecs = (performance.now() - t0) / 1000;
    const renamed = asked.slice(1).reduce((a, c) => a + c.length, 0);
    console.log(`\nentity sweep: ${work.length} instances × ${config.sources.length} sources × ${config.seeds} seeds × ${config.types.join('/')}: ${plainInputs.length - answerable.length} question-cells, ${renamed} with something renamed (renaming ${f(renameSecs, 1)} s, counted on both sides)`);
    ratios.push(`sweep ${f(reportRun('entity sweep', pipe.windows, pipe, engSecs, tallied.tally))}×`);
    achieved = tallied.tally.paddedFlops / tallied.tally.seconds / 1e9;
  }

  if (only.has('pairs')) {
    const asked: QaInput[][] = [];
    await runPairs(work, recorder(asked));
    const pipe = await timePipeline(qa, probe, asked.flat(), Number(values.sample));
    tallied.reset();
    const t0 = performance.now();
    const r = await runPairs(work as Instance[], enginePredictor(freshEngine(), { versionTwo: false }));
    const engSecs = (performance.now() - t0) / 1000;
    console.log(`\nnatural pairs: ${r.rows.length} original/edited pairs`);
    ratios.push(`pairs ${f(reportRun('natural pairs', pipe.windows, pipe, engSecs, tallied.tally))}×`);
  }

  await model.dispose();
  return achieved;
}

async function main(): Promise<void> {
  const dir = join(CACHE, NAME);
  if (!existsSync(join(dir, 'onnx', 'model.onnx'))) {
    console.log(`generating ${values.tiny ? 'tiny' : 'DistilBERT-base-shaped'} random model in ${dir} …`);
    await makeBenchModel(dir, values.tiny ? TINY_SHAPE : DISTILBERT_BASE_SHAPE);
  }
  const shape = encoderShape(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as Record<string, unknown>);
  const ratios: string[] = [];
  let achieved = 0;
  if (only.has('sweep') || only.has('pairs')) achieved = await sweepAndPairs(shape, ratios);

  if (only.has('peak')) {
    // The feed-forward MatMul of a full batch: (batch·384 tokens) × hidden × ffn.
    const m = BATCH * 384;
    const peak = await matmulPeak(m, shape.hidden, shape.ffn);
    console.log(`\nMatMul peak (onnxruntime-node, [${m}×${shape.hidden}]·[${shape.hidden}×${shape.ffn}]): ${f(peak, 1)} GFLOP/s${achieved ? `; the sweep achieved ${f(achieved, 1)} GFLOP/s = ${f((100 * achieved) / peak, 0)}% of it` : ''}`);
  }
  if (only.has('q8')) ratios.push(await reportQ8(join(ROOT, 'public', 'models')));
  if (only.has('memory') && only.size === 1) await benchMemory(ROOT, Number(values.questions));
  // With other parts, a fresh process measures memory, so its peak RSS is not the DistilBERT session's.
  else if (only.has('memory')) execFileSync(process.execPath, [...process.execArgv, import.meta.filename, '--only', 'memory', '--questions', values.questions], { stdio: 'inherit' });
  if (ratios.length) console.log(`\nsummary: ${ratios.join(', ')}${only.has('sweep') ? ' (target ≥ 2.5× on the sweep)' : ''}`);
}

await main();
