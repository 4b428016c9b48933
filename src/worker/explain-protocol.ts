/** The Live view's explanations as worker messages: occlusion (with input reduction) and "Find a failure". */
import type { Instance } from '../core/data/types.ts';
import type { BreakingEdit, Occlusion, OcclusionTarget, Reduction, SearchOptions, UnitKind } from '../core/explain/index.ts';
import type { QaInput } from '../core/types.ts';

export type ExplainRequest =
  /** Occlusion of `input` (and of `after`, a perturbed copy, side by side) and optionally input reduction. */
  | { type: 'explain'; jobId: number; input: QaInput; after: QaInput | null; target: OcclusionTarget; kind: UnitKind; sentence?: number; reduce: OcclusionTarget | null; versionTwo: boolean }
  /** The smallest breaking edit of a (correctly answered) instance within a budget of model calls. */
  | { type: 'find-failure'; jobId: number; instance: Instance; options: SearchOptions; versionTwo: boolean };

export type ExplainEvent =
  | { type: 'explained'; jobId: number; before: Occlusion; after: Occlusion | null; reduction: Reduction | null; ms: number; cancelled: boolean }
  | { type: 'failure-found'; jobId: number; result: BreakingEdit; ms: number };
