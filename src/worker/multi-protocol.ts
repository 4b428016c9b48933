/**
 * Messages for several models side by side. The model loaded with 'load' is the primary (key
 * PRIMARY); 'load-model' adds more, each under its own key with its own device and dtype.
 */
import type { QaInput, QaPrediction } from '../core/types.ts';
import type { Instance } from '../core/data/types.ts';
import type { MergedCandidate, TokenView } from '../core/qa/token-view.ts';
import type { RobustnessConfig, RobustnessRow, RobustQuestion } from '../core/results/robustness.ts';
import type { NamePool } from '../core/entity/rename.ts';
import type { SweepProgress } from '../core/entity/stats.ts';
import type { DeviceChoice, ModelInfo, ModelSourceMsg } from './model-facts.ts';

/** The key of the model loaded with 'load' (the single-model flows' model). */
export const PRIMARY = 'primary';

/** Precision asked for a model: 'auto' follows the device. */
export type { DtypeChoice } from '../core/runtime/dtypes.ts';
import type { DtypeChoice } from '../core/runtime/dtypes.ts';

/** One model's answer to one side (before or after a perturbation), with its token view. */
export interface ModelSide {
  prediction: QaPrediction;
  view: TokenView;
  nbest: MergedCandidate[];
}

export interface ModelAnswer {
  key: string;
  before: ModelSide | null;
  after: ModelSide;
  /** Windows per second measured on this call's computed windows (null when all came from the cache). */
  windowsPerSecond: number | null;
}

export type MultiRequest =
  | { type: 'load-model'; jobId: number; key: string; source: ModelSourceMsg; device: DeviceChoice; dtype: DtypeChoice }
  | { type: 'unload'; jobId: number; key: string }
  /** The same question on every listed model: `after` is what is shown, `before` the unperturbed original. */
  | { type: 'compare'; jobId: number; keys: string[]; before: QaInput | null; after: QaInput; versionTwo: boolean }
  | { type: 'robustness'; jobId: number; keys: string[]; instances: Instance[]; config: RobustnessConfig; pool: NamePool | null };

export type MultiEvent =
  | { type: 'model-loaded'; jobId: number; key: string; model: ModelInfo; loadMs: number; bytes: number | null }
  | { type: 'unloaded'; jobId: number; key: string }
  | { type: 'compared'; jobId: number; answers: ModelAnswer[] }
  /** A model's row after each step; `complete` once every experiment ran on it. */
  | { type: 'robustness-row'; jobId: number; key: string; row: RobustnessRow; complete: boolean }
  | { type: 'robustness-progress'; jobId: number; key: string; progress: SweepProgress }
  /** One comparison cell's per-question scores (0..1, before and after) of model `key`, for its CI and p (cell: robustCellKeys). */
  | { type: 'robustness-scores'; jobId: number; key: string; cell: string; questions: RobustQuestion[] }
  /** A share cell's items (the DPR: 1 per pair whose answer changed) of model `key`, for its CI. */
  | { type: 'robustness-share'; jobId: number; key: string; cell: string; values: number[] }
  | { type: 'robustness-done'; jobId: number; cancelled: boolean };
