/**
 * Issue 29.1's sweep benchmark in the browser (scripts/bench-sweep.ts --browser): the app's sweep
 * path on one device — the experiments' code imported on first use, the dataset's entity tags from
 * its import, the engine — against transformers.js' question-answering pipeline called once per
 * question the sweep asks (answerable originals and renamed question-cells, prepared by the driver).
 */
import type { SweepConfig } from '../core/entity/experiment.ts';
import type { TagStoreData } from '../core/entity/tag-store.ts';
import type { Instance } from '../core/data/types.ts';
import type { QaInput } from '../core/types.ts';
import { configureRuntime, loadQaModel, meterRunner, modelScope, ortWasmPaths, QaEngine, type Device, type Dtype } from '../core/index.ts';

/** One side-by-side run: the same model, device and precision for both. */
export interface SweepBenchRequest {
  device: Device;
  dtype: Dtype;
  root: string;
  model: string;
  threads: number;
  baseUrl: string;
  instances: Instance[];
  config: SweepConfig;
  versionTwo: boolean;
  tags: TagStoreData;
  /** What the pipeline answers: one call each. */
  pipelineInputs: QaInput[];
  /** Windows per model call (default: the app's, batchSizeFor(device)). */
  batch?: number;
  /** Skip the pipeline side (for A/B runs of the engine alone). */
  enginesOnly?: boolean;
}

/** Seconds each side took, model loads apart, and what the sweep computed. */
export interface SweepBenchReply {
  /** secs includes importSecs: the experiments' modules, imported on the first sweep. */
  engine: { loadSecs: number; secs: number; importSecs: number; windows: number; cells: number; modelSecs: number; calls: number };
  pipeline: { loadSecs: number; secs: number; calls: number };
}

const since = (t0: number) => (performance.now() - t0) / 1000;

/** Runs the app's sweep path, then the pipeline, each after its own model load. */
export async function sweepBench(q: SweepBenchRequest): Promise<SweepBenchReply> {
  configureRuntime({ localModelPath: q.root, wasmPaths: ortWasmPaths(q.baseUrl, q.device === 'webgpu' ? 'webgpu' : 'wasm'), wasmThreads: q.threads });
  let t0 = performance.now();
  const model = await loadQaModel({ kind: 'local', id: q.model }, { device: q.device, dtype: q.dtype });
  let calls = 0;
  const meter = meterRunner({ run: (rows, pad) => (calls++, model.runner.run(rows, pad)) }, () => performance.now());
  const engine = new QaEngine(model.tokenizer, meter.runner, { scope: modelScope(model), ...(q.batch ? { batchSize: q.batch } : {}) });
  const engineLoad = since(t0);
  t0 = performance.now();
  // As in the app's worker: the experiments' modules load with the first sweep, the tags come with the dataset.
  const [{ runSweep }, { enginePredictor }, { tagStoreFrom, withTagStore }] = await Promise.all([import('../core/entity/experiment.ts'), import('../core/entity/predictor.ts'), import('../core/entity/tag-store.ts')]);
  const importSecs = since(t0);
  performance.mark('qarx-sweep-bench-engine-imported');
  const r = await withTagStore(() => runSweep(q.instances, q.config, enginePredictor(engine, { versionTwo: q.versionTwo })), tagStoreFrom(q.tags));
  const engineSecs = since(t0);
  const { windows, ms } = meter.take();
  await model.dispose();
  const engineSide = { loadSecs: engineLoad, secs: engineSecs, importSecs, windows, cells: r.cells.length, modelSecs: ms / 1000, calls };
  if (q.enginesOnly) return { engine: engineSide, pipeline: { loadSecs: 0, secs: NaN, calls: 0 } };

  // A trace of the run (scratch drivers) splits the worker's CPU time at this mark.
  performance.mark('qarx-sweep-bench-engine-done');
  t0 = performance.now();
  const { pipeline } = await import('@huggingface/transformers');
  const qa = await pipeline('question-answering', q.model, { dtype: q.dtype, device: q.device });
  const pipelineLoad = since(t0);
  performance.mark('qarx-sweep-bench-pipeline-loaded');
  t0 = performance.now();
  for (const x of q.pipelineInputs) await qa(x.question, x.context);
  const pipelineSecs = since(t0);
  await qa.dispose();
  return { engine: engineSide, pipeline: { loadSecs: pipelineLoad, secs: pipelineSecs, calls: q.pipelineInputs.length } };
}
