/**
 * The memory part of `npm run bench`: a streaming sweep (runSweepStream) over many questions
 * (default 10,000) on the shipped model, its input generated as it is read. Between blocks, when
 * nothing of a block is held, it takes the heap after a full garbage collection at each tenth of
 * the run; the least-squares slope of those from halfway on is the growth per question, and the
 * verdict compares it with FLAT_BYTES. Also printed: peak RSS and the logit cache's fill.
 */
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { benchInstances } from '../src/core/bench/workload.ts';
import { enginePredictor, runSweepStream, type SweepConfig } from '../src/core/entity/index.ts';
import { configureRuntime, DEFAULT_ENGINE, loadQaModel, LogitCache, QaEngine } from '../src/core/index.ts';

const mb = (b: number) => (b / 2 ** 20).toFixed(1);

/**
 * Growth that counts as flat, in bytes per question: 1 MB over 10,000 questions. The heap after GC
 * between blocks wanders by ±0.25 MB once the bounded caches are full (their entries differ in
 * length), i.e. ±50 B per question over the 5,000 of a 10,000-question run's second half, so a
 * lower bar would fail on noise. Keeping each renamed question's scores, as runSweep does, costs
 * ≈ 200 B per renamed question (≈ 120 B per question here) and fails it; a map of only the
 * originals' texts (≈ 64 B per entry, ≈ 40 B per question) would not, so test/unit/sweep-stream
 * checks that structurally.
 */
export const FLAT_BYTES = 100;

/** Heap in use after a full collection, in bytes. */
export function liveHeap(): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // Twice: the first collection can leave objects whose finalizers freed others.
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Least-squares slope of y over x, e.g. slope([{ x: 0, y: 1 }, { x: 2, y: 5 }]) === 2. */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const sxx = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  return sxx === 0 ? NaN : points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0) / sxx;
}

export async function benchMemory(root: string, questions: number): Promise<void> {
  configureRuntime({ localModelPath: `${join(root, 'public', 'models')}/` });
  const model = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  // The engine's own cache, passed in so its fill can be read.
  const cache = new LogitCache(DEFAULT_ENGINE.cacheSize);
  const engine = new QaEngine(model.tokenizer, model.runner, { cache });
  const config: SweepConfig = { types: ['PER', 'ORG', 'GPE'], sources: ['db'], seeds: 1, origin: 'us', origins: [] };
  // Re-iterable and lazy: nothing of the input is held but the block being swept.
  const input = { [Symbol.iterator]: () => benchInstances({ instances: questions, seed: 99 }) };
  const base = liveHeap();
  const samples: { done: number; heap: number; cache: number }[] = [];
  let nextMark = 0.1;
  const t0 = performance.now();
  console.log(`\nstreaming sweep, shipped model, ${questions} questions; heap after GC between blocks:`);
  const r = await runSweepStream(input, config, enginePredictor(engine, { versionTwo: false }), {
    questions,
    onBlock: (done) => {
      samples.push({ done, heap: liveHeap(), cache: cache.size });
      if (done / questions < nextMark - 1e-9) return;
      // Printed at each tenth as it goes, so a run cut short still tells how far the heap got.
      console.log(`  ${done} questions (${Math.round((100 * done) / questions)}%) after ${((performance.now() - t0) / 1000).toFixed(0)} s: live heap ${mb(samples.at(-1)!.heap)} MB, RSS ${mb(process.memoryUsage().rss)} MB, logit cache ${cache.size} windows`);
      while (done / questions >= nextMark - 1e-9) nextMark += 0.1;
    },
  });
  const secs = (performance.now() - t0) / 1000;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const second = samples.filter((s) => s.done >= questions / 2);
  const perQuestion = slope(second.map((s) => ({ x: s.done, y: s.heap })));
  const cacheFull = second.length > 0 && second.every((s) => s.cache === DEFAULT_ENGINE.cacheSize);
  console.log(`  ${r.questions} questions, ${r.answered} originals answered, ${r.cells.length} cells (n = ${r.cells.map((c) => c.n).join(', ')}) in ${secs.toFixed(1)} s`);
  console.log(`  live heap after GC: before ${mb(base)} MB, then ${samples.map((s) => `${Math.round((100 * s.done) / questions)}% ${mb(s.heap)}`).join(', ')} MB`);
  console.log(`  heap growth over the second half: ${perQuestion.toFixed(1)} bytes per question (least-squares slope of ${second.length} samples); peak RSS ${mb(peakRss)} MB`);
  const why = cacheFull ? '' : ` (the logit cache was still filling: ${second[0]?.cache ?? 0} of ${DEFAULT_ENGINE.cacheSize} windows at halfway; run more questions)`;
  const verdict = Math.abs(perQuestion) < FLAT_BYTES ? `flat: growth < ${FLAT_BYTES} bytes per question (< ${(FLAT_BYTES * 10_000) / 1e6} MB per 10,000)` : `NOT flat: ${perQuestion.toFixed(0)} ≥ ${FLAT_BYTES} bytes per question${why}`;
  console.log(`  verdict: ${verdict}`);
  // What the bounded caches hold at the end explains the first half's rise.
  const held = liveHeap();
  const windows = cache.size;
  engine.clearCache();
  console.log(`  the engine's logit cache (${windows} windows; cap ${DEFAULT_ENGINE.cacheSize}) and text cache held ${mb(held - liveHeap())} MB of that heap at the end`);
  await model.dispose();
}
