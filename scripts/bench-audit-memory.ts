/**
 * Memory of one `qarx audit` sweep unit (src/cli/audit/experiments.ts, the code a unit runs) on a
 * few thousand generated questions (benchInstances) and the shipped model. The audit holds its
 * dataset as an array, so the questions are built first and count in the baseline. At each
 * twentieth of the run's progress it takes the heap after a full garbage collection; the
 * least-squares slope of those over the second half, per question of progress, is the growth
 * while it runs. Progress comes in coarse steps on the plain sweep, so the heap is also taken as
 * each model call returns, its inputs and answers still held: the peak of those above the
 * baseline is what the run holds at its fullest. The logit cache is capped at CACHE windows, so that bounded cache is full early
 * and its fill is not counted as growth (a cache changes speed only, never an answer).
 * Also printed: the heap after the run and the size of the unit's payload as JSON (most of its
 * unit file), and peak RSS. No pass/fail: numbers to compare two versions.
 *
 *   npx tsx scripts/bench-audit-memory.ts [--questions 3000]
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runExperiment, type UnitExperiment } from '../src/cli/audit/experiments.ts';
import { openModel } from '../src/cli/model.ts';
import { benchInstances } from '../src/core/bench/workload.ts';
import { enginePredictor, type Predictor } from '../src/core/entity/index.ts';
import { LogitCache, modelScope, QaEngine } from '../src/core/index.ts';
import { liveHeap, slope } from './bench-memory.ts';

const mb = (b: number) => (b / 2 ** 20).toFixed(1);

/** Logit-cache windows: full after the first block or so (the default, 4,096, fills over most of a 3,000-question run). */
const CACHE = 64;

/** Runs one sweep unit over `questions` generated questions and prints its memory. */
export async function benchAuditMemory(root: string, questions: number): Promise<void> {
  const model = await openModel(join(root, 'public', 'models', 'qarx-lexical-qa'), { device: 'cpu' });
  const cache = new LogitCache(CACHE);
  const engine = new QaEngine(model.tokenizer, model.runner, { scope: modelScope(model), cache });
  // What a unit gets: the dataset as an array (UnitRunner reads it whole), the config's sweep.
  const instances = [...benchInstances({ instances: questions, seed: 99 })];
  const exp: UnitExperiment = { kind: 'sweep', types: ['PER', 'ORG', 'GPE'], sources: ['db'], target: 'answer', seeds: 1, origin: 'us', origins: [] };
  const base = liveHeap();
  const samples: { x: number; y: number }[] = [];
  let nextMark = 0.05;
  const t0 = performance.now();
  console.log(`audit sweep unit (PER/ORG/GPE · db · 1 seed), shipped model, ${questions} generated questions; heap after GC at each twentieth of progress (logit cache capped at ${CACHE} windows):`);
  const predict = enginePredictor(engine, { versionTwo: false });
  const calls = { count: 0, peak: 0 };
  const measured: Predictor = async (inputs, onProgress) => {
    const r = await predict(inputs, onProgress);
    calls.count++;
    calls.peak = Math.max(calls.peak, liveHeap());
    return r;
  };
  const outcome = await runExperiment(exp, null, instances, measured, false, (done, total) => {
    const f = done / Math.max(1, total);
    if (f < nextMark - 1e-9) return;
    // x: questions' worth of progress (done / total × questions), the same scale for any sweep.
    samples.push({ x: f * questions, y: liveHeap() });
    console.log(`  ${Math.round(100 * f)}% after ${((performance.now() - t0) / 1000).toFixed(0)} s: live heap ${mb(samples.at(-1)!.y)} MiB, RSS ${mb(process.memoryUsage().rss)} MiB, logit cache ${cache.size} windows`);
    while (f >= nextMark - 1e-9) nextMark += 0.05;
  });
  const secs = (performance.now() - t0) / 1000;
  const second = samples.filter((s) => s.x >= questions / 2);
  const growth = slope(second);
  const json = JSON.stringify(outcome.payload).length;
  const cells = (outcome.payload as { cells: unknown[] }).cells.length;
  engine.clearCache();
  const end = liveHeap();
  console.log(`  ${questions} questions, ${outcome.n} originals answered, ${cells} cells in ${secs.toFixed(1)} s`);
  console.log(`  live heap after GC: before ${mb(base)} MB, then ${samples.map((s) => `${Math.round((100 * s.x) / questions)}% ${mb(s.y)}`).join(', ')} MiB; after the run, its result held and the logit cache emptied, ${mb(end)} MiB`);
  console.log(`  heap growth over the second half: ${growth.toFixed(1)} bytes per question (least-squares slope of ${second.length} samples)`);
  console.log(`  heap after GC as each model call returns: peak ${mb(calls.peak)} MiB, ${mb(calls.peak - base)} MiB above the baseline (${calls.count} calls)`);
  console.log(`  the unit's payload as JSON (most of its unit file): ${(json / 1024).toFixed(1)} KiB, ${(json / questions).toFixed(1)} bytes per question`);
  console.log(`  peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MiB`);
  await model.dispose();
}

const { values } = parseArgs({ options: { questions: { type: 'string', default: '3000' } } });
await benchAuditMemory(resolve(import.meta.dirname, '..'), Math.max(1, Number(values.questions) || 3000));
