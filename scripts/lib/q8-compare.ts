/**
 * The shipped model's q8 file beside its fp32 file (onnxruntime-node): time per pass over the
 * demo set and how many answers are identical. Shared by `npm run bench` and the q8 test.
 */
import { loadDemoSet } from '../../src/core/data/demo.ts';
import { configureRuntime, loadQaModel, QaEngine, type Dtype, type QaInput, type QaPrediction } from '../../src/core/index.ts';

export interface DtypeRun {
  dtype: Dtype;
  /** Best wall time of `repeats` cold-cache passes over the inputs, in ms. */
  ms: number;
  windows: number;
  predictions: QaPrediction[];
}

/** Answers every demo question with one dtype; the best of `repeats` passes is kept (a busy machine slows some). */
export async function runDtype(modelsDir: string, dtype: Dtype, inputs: readonly QaInput[], repeats = 3): Promise<DtypeRun> {
  configureRuntime({ localModelPath: modelsDir.endsWith('/') ? modelsDir : `${modelsDir}/` });
  const model = await loadQaModel({ kind: 'local', id: 'qarx-lexical-qa' }, { device: 'cpu', dtype });
  try {
    const engine = new QaEngine(model.tokenizer, model.runner, { batchSize: 8 });
    await engine.predict(inputs.slice(0, 2)); // warm-up: the first run allocates
    let best: DtypeRun = { dtype: model.dtype, ms: Number.POSITIVE_INFINITY, windows: 0, predictions: [] };
    for (let i = 0; i < repeats; i++) {
      engine.clearCache();
      const t0 = performance.now();
      const r = await engine.predict(inputs, {}, { versionTwo: true });
      const ms = performance.now() - t0;
      if (ms < best.ms) best = { dtype: model.dtype, ms, windows: r.stats.computed, predictions: r.predictions };
    }
    return best;
  } finally {
    await model.dispose();
  }
}

/** The demo set's questions as engine inputs. */
export const demoInputs = (): QaInput[] => loadDemoSet().map((i) => ({ id: i.id, question: i.question, context: i.context }));

/** Share of inputs whose answer (text and span) is the same in both runs, e.g. 0.93. */
export function identicalShare(a: readonly QaPrediction[], b: readonly QaPrediction[]): number {
  const key = (p: QaPrediction | undefined) => JSON.stringify(p && [p.text, p.best?.start, p.best?.end]);
  const same = a.filter((p, i) => key(p) === key(b[i])).length;
  return a.length ? same / a.length : 1;
}

/** Prints q8 vs fp32 on the shipped model over the demo set; returns the summary entry. */
export async function reportQ8(modelsDir: string): Promise<string> {
  const inputs = demoInputs();
  const fp32 = await runDtype(modelsDir, 'fp32', inputs);
  const q8 = await runDtype(modelsDir, 'q8', inputs);
  const speed = fp32.ms / q8.ms;
  const share = identicalShare(fp32.predictions, q8.predictions);
  const rate = (r: DtypeRun) => ((1000 * r.windows) / r.ms).toFixed(0);
  console.log(`\nq8 vs fp32 (shipped model, onnxruntime-node CPU, ${inputs.length} demo questions, ${fp32.windows} windows, best of 3):`);
  console.log(`  fp32 ${rate(fp32)} windows/s, q8 ${rate(q8)} windows/s: q8 is ${speed.toFixed(2)}× fp32; identical answers ${Math.round(share * inputs.length)}/${inputs.length} (${(100 * share).toFixed(0)}%)`);
  return `q8 ${speed.toFixed(2)}× fp32 with ${(100 * share).toFixed(0)}% identical answers`;
}
