/**
 * The memory part of `npm run bench`: a sweep over many questions (default 10,000) on the shipped
 * model, streamed cell by cell (only aggregates are kept), reporting peak RSS and the heap after
 * garbage collection at each tenth of the run, so growth per question shows as a slope.
 */
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { benchWorkload } from '../src/core/bench/workload.ts';
import { enginePredictor, runSweep, type SweepConfig } from '../src/core/entity/index.ts';
import { configureRuntime, loadQaModel, QaEngine } from '../src/core/index.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const mb = (b: number) => (b / 2 ** 20).toFixed(0);

/** Heap in use after a full collection, in bytes. */
function liveHeap(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

export async function benchMemory(root: string, questions: number): Promise<void> {
  configureRuntime({ localModelPath: `${join(root, 'public', 'models')}/` });
  const model = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu' });
  const engine = new QaEngine(model.tokenizer, model.runner);
  const config = { types: ['PER', 'ORG', 'GPE'], sources: ['db'], seeds: 1, origin: 'us', origins: [] } as unknown as SweepConfig;
  const work = benchWorkload({ instances: questions, seed: 99 });
  const base = liveHeap();
  const samples: { done: number; heap: number }[] = [];
  let nextMark = 0.1;
  const t0 = performance.now();
  const r = await runSweep(work, config, enginePredictor(engine, { versionTwo: false }), {
    onProgress: (p) => {
      if (p.done / p.total >= nextMark) {
        samples.push({ done: p.done / p.total, heap: liveHeap() });
        // Printed as it goes, so a run cut short still tells how far the heap got.
        console.log(`  ${Math.round((100 * p.done) / p.total)}% after ${((performance.now() - t0) / 1000).toFixed(0)} s: live heap ${mb(samples.at(-1)!.heap)} MB, RSS ${mb(process.memoryUsage().rss)} MB`);
        nextMark += 0.1;
      }
    },
  });
  const secs = (performance.now() - t0) / 1000;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const mid = samples[Math.floor(samples.length / 2)] ?? { done: 0, heap: base };
  const last = samples.at(-1) ?? mid;
  const perQuestion = (last.heap - mid.heap) / Math.max(1, (last.done - mid.done) * questions);
  console.log(`\nstreaming sweep (shipped model, ${questions} questions, ${r.cells.length} cells, ${r.originals.size} originals answered) in ${secs.toFixed(1)} s`);
  console.log(`  live heap after GC: ${samples.map((s) => `${Math.round(s.done * 100)}% ${mb(s.heap)} MB`).join(', ')} (before the sweep ${mb(base)} MB, the input itself included)`);
  console.log(`  heap growth over the second half: ${perQuestion.toFixed(0)} bytes per question; peak RSS ${mb(peakRss)} MB`);
  await model.dispose();
}
