/**
 * The one message union between the UI and the inference worker. Both sides import these types,
 * so a renamed field is a compile error on both ends.
 */
import type { ModelErrorCode, PredictProgress, QaInput, QaPrediction } from '../core/index.ts';
import type { AnswerEntityType, GoldAnswer, Instance } from '../core/data/types.ts';
import type { BudgetConfig, BudgetResult, SweepCell, SweepConfig, SweepProgress } from '../core/entity/experiment.ts';
import type { LiveRename } from '../core/entity/live.ts';
import type { FoundCase } from '../core/results/found-case.ts';
import type { TaggerCoverage } from '../core/ner/coverage.ts';
import type { UniversalConfig, UniversalResult } from '../core/entity/universal.ts';
import type { TagStoreData } from '../core/entity/tag-store.ts';
import type { NamePool, RenameOptions } from '../core/entity/rename.ts';
import type { CategoryRule, PairRow, PairsDropped } from '../core/natural/pairs.ts';
import type { NoiseOptions } from '../core/natural/noise.ts';
import type { DprRow, ParaphraseItem } from '../core/sensitivity/index.ts';
import type { AdversarialRun, TrapConfig, TrapRow, TrapSkipped } from '../core/trap/experiment.ts';
import type { LiveTrap, TrapSpec } from '../core/trap/live.ts';
import type { ExplainRequest, ExplainEvent } from './explain-protocol.ts';
import type { DeviceChoice, ModelInfo, ModelSourceMsg } from './model-facts.ts';
import type { DtypeChoice, MultiEvent, MultiRequest } from './multi-protocol.ts';
export type { LiveRename };
// The model facts both protocols use live in their own module, so protocol.ts and multi-protocol.ts do not import each other.
export type { DeviceChoice, ModelInfo, ModelSourceMsg };


/** What the worker found out about the browser. */
export interface Capabilities {
  webgpu: boolean;
  shaderF16: boolean;
  crossOriginIsolated: boolean;
  threads: number;
  adapter: string | null;
  /** The software renderer behind the WebGPU adapter (SwiftShader, llvmpipe …), null for hardware. */
  softwareAdapter: string | null;
}

export interface LoadProgress {
  file: string;
  loaded: number;
  total: number;
  /** 0..100 over all files seen so far. */
  progress: number;
}

/** `key` on an experiment request: the loaded model to run it on (multi-protocol.ts; absent: the primary). */
export type WorkerRequest =
  /** webgpuRuntime: start ONNX Runtime's WebGPU-capable build even for a WASM load (a WebGPU load needed it before). */
  | { type: 'init'; remoteHost: string; baseUrl: string; memoryBudgetMb?: number; webgpuRuntime?: boolean }
  | { type: 'load'; jobId: number; source: ModelSourceMsg; device: DeviceChoice; dtype?: DtypeChoice }
  /** Sent by the page's entry before the app has loaded: open this model now; the first matching 'load' adopts it (prewarm.ts). */
  | { type: 'prewarm'; source: ModelSourceMsg; device: DeviceChoice; dtype: DtypeChoice }
  /** Sent when the Experiments section opens: import the experiments' code now (after any model load), not when Run is pressed. */
  /** The experiment page open (its kinds; none: the section's own page, whose first experiment is the entity sweep). */
  | { type: 'preload-experiments'; kinds?: readonly string[] }
  | { type: 'predict'; jobId: number; inputs: QaInput[]; versionTwo: boolean }
  | { type: 'cancel'; jobId: number }
  | { type: 'rename'; jobId: number; instance: Instance; options: RenameOptions; pool: NamePool | null; versionTwo: boolean; resemble: { m: 1 | 3; temperature: number } | null; rule: CategoryRule }
  // pool: the InDistName pool of every question of the selection's datasets (null: none needed)
  // tags: the datasets' entity tags saved at import (core/entity/tag-store.ts); none: tagged during the sweep
  // tagger: the id of the loaded entity tagger that finds the answer entities (absent: the built-in tagger)
  | { type: 'sweep'; jobId: number; key?: string; instances: Instance[]; config: SweepConfig; versionTwo: boolean; pool: NamePool | null; tags?: TagStoreData[]; tagger?: string; rule: CategoryRule }
  | { type: 'budget'; jobId: number; key?: string; instances: Instance[]; config: BudgetConfig; pool: NamePool | null; tagger?: string; rule: CategoryRule }
  | { type: 'export-renamed'; jobId: number; instances: Instance[]; options: RenameOptions; pool: NamePool | null; versionTwo: boolean }
  /** Universal names: K candidate names, each put in every eligible question, ranked by predictions changed. */
  | { type: 'universal'; jobId: number; key?: string; instances: Instance[]; config: UniversalConfig; versionTwo: boolean; tagger?: string; rule: CategoryRule }
  /** A Hub token-classification model as the entity tagger of sweep, budget and universal names (replaces the one loaded). */
  | { type: 'load-tagger'; jobId: number; source: ModelSourceMsg }
  /**
   * One question on both passages of its pair; with `noise`, on its passage and its noisy copy instead,
   * the noise keeping `passageAnswers` (every answer of the passage's questions) so it is the copy every surface draws.
   */
  | { type: 'pair'; jobId: number; instance: Instance; versionTwo: boolean; rule: CategoryRule; noise?: NoiseOptions; passageAnswers?: GoldAnswer[] }
  /** Revision pairs of many questions (natural), or the same questions with synthetic noise. */
  | { type: 'pairs'; jobId: number; key?: string; instances: Instance[]; noise: NoiseOptions | null; versionTwo: boolean; rule: CategoryRule; among?: Instance[] }
  /** Original questions and their paraphrases on the same passages (over-sensitivity; one item for the live control). */
  | { type: 'paraphrases'; jobId: number; key?: string; items: ParaphraseItem[]; versionTwo: boolean; live: boolean }
  /** One question on its passage and with a trap sentence (live view). */
  | { type: 'trap-live'; jobId: number; instance: Instance; spec: TrapSpec; versionTwo: boolean }
  /** Traps over many questions (F1 by similarity, trap hits). */
  | { type: 'traps'; jobId: number; key?: string; instances: Instance[]; config: TrapConfig; versionTwo: boolean }
  /** Every question of an adversarial SQuAD selection, scored as Jia & Liang's script does. */
  | { type: 'adversarial'; jobId: number; key?: string; instances: Instance[]; versionTwo: boolean }
  | ExplainRequest
  /** Several models side by side (multi-protocol.ts). */
  | MultiRequest;

/** The event that ends an experiment run (finished or cancelled): one per kind the inference worker runs. */
export type ExperimentDoneEvent =
  | { type: 'pairs-done'; jobId: number; rows: PairRow[]; cancelled: boolean; dropped: number; answerMissing: PairsDropped['answerMissing'] }
  | { type: 'sweep-done'; jobId: number; cancelled: boolean; n: number; cases: FoundCase[] }
  | { type: 'budget-done'; jobId: number; result: BudgetResult; cases: FoundCase[] }
  | { type: 'universal-done'; jobId: number; result: UniversalResult; cases: FoundCase[] }
  | { type: 'paraphrases-done'; jobId: number; rows: DprRow[]; cancelled: boolean }
  | { type: 'traps-done'; jobId: number; rows: TrapRow[]; skipped: TrapSkipped; cancelled: boolean }
  | { type: 'adversarial-done'; jobId: number; run: AdversarialRun | null };

export type WorkerEvent =
  | MultiEvent
  | ExperimentDoneEvent
  /** What a Cancel of the running job would give now (src/core/experiments/checkpoint.ts): the page ends the run with it if the worker dies. */
  | { type: 'checkpoint'; jobId: number; done: ExperimentDoneEvent }
  | { type: 'ready'; capabilities: Capabilities }
  | { type: 'load-progress'; jobId: number; progress: LoadProgress }
  | { type: 'loaded'; jobId: number; model: ModelInfo; loadMs: number }
  /** Windows the active model computed in the job that just finished, and the time they took. */
  | { type: 'throughput'; modelId: string; windows: number; ms: number }
  | { type: 'predict-progress'; jobId: number; progress: PredictProgress }
  | { type: 'prediction'; jobId: number; prediction: QaPrediction }
  | { type: 'predicted'; jobId: number; predictions: QaPrediction[]; cancelled: boolean; inferenceMs: number; computed: number; cached: number }
  | { type: 'renamed'; jobId: number; result: LiveRename }
  | { type: 'tagger-loaded'; jobId: number; id: string; labels: string[] }
  /** A renaming run's tagger coverage (issue 24.8): answerable questions whose answer got an entity; tagger null = built-in. */
  | { type: 'tagger-coverage'; jobId: number; tagger: string | null; coverage: TaggerCoverage; hubTypes?: [string, string, AnswerEntityType][] }
  | { type: 'paired'; jobId: number; row: PairRow | null; instance: Instance | null }
  | { type: 'experiment-progress'; jobId: number; progress: SweepProgress }
  | { type: 'sweep-cell'; jobId: number; cell: SweepCell }
  | { type: 'exported'; jobId: number; json: string; renamed: number; total: number }
  | { type: 'trap-answered'; jobId: number; result: LiveTrap }
  | ExplainEvent
  | {
      type: 'error';
      jobId: number | null;
      code: ModelErrorCode | 'bad-request';
      message: string;
      /** The worker's runtime is unusable after this error: the page must start a new worker. */
      restart: boolean;
      /** A WebGPU load under 'auto' failed: retry the same model on WASM in the new worker. */
      retryOnWasm?: boolean;
      /** A WebGPU load in a worker whose runtime started WASM-only: retry it in a worker started with the WebGPU build. */
      webgpuRuntime?: boolean;
    };
