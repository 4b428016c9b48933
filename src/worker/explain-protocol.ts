/** The Live view's explanations as worker messages: occlusion, then input reduction, and "Find a failure". */
import type { Instance } from '../core/data/types.ts';
import type { BreakingEdit, Occlusion, OcclusionTarget, Reduction, SearchOptions, UnitKind } from '../core/explain/index.ts';
import type { QaInput } from '../core/types.ts';

export type ExplainRequest =
  /** Occlusion of `input` (and of `after`, a perturbed copy, side by side). */
  | { type: 'explain'; jobId: number; input: QaInput; after: QaInput | null; target: OcclusionTarget; kind: UnitKind; sentence?: number; versionTwo: boolean }
  /**
   * Input reduction of `input`'s target, asked once its occlusion map is on screen: it takes ~4× the
   * map's windows, and run at once it held the map back (issue 44: a first Explain ≤ 300 ms).
   */
  | { type: 'reduce-input'; jobId: number; input: QaInput; target: OcclusionTarget; versionTwo: boolean }
  /** The smallest breaking edit of a (correctly answered) instance within a budget of model calls. */
  | { type: 'find-failure'; jobId: number; instance: Instance; options: SearchOptions; versionTwo: boolean };

export type ExplainEvent =
  | { type: 'explained'; jobId: number; before: Occlusion; after: Occlusion | null; ms: number; cancelled: boolean }
  | { type: 'input-reduced'; jobId: number; reduction: Reduction; ms: number; cancelled: boolean }
  | { type: 'failure-found'; jobId: number; result: BreakingEdit; ms: number };
