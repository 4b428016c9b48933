/** The one app store: every slice composed into one zustand store (index.ts folds worker events into it). */
import { create } from 'zustand';
import { createAuditSlice, type AuditSlice } from './audit-slice.ts';
import { createCiSlice, type CiSlice } from './ci-slice.ts';
import { createDataSlice, type DataSlice } from './data-slice.ts';
import { createEntitySlice, type EntitySlice } from './entity-slice.ts';
import { createExperimentSlice, type ExperimentSlice } from './experiment-slice.ts';
import { createExplainSlice, type ExplainSlice } from './explain-slice.ts';
import { createHealthSlice, type HealthSlice } from './health-slice.ts';
import { createLiveSlice, type LiveSlice } from './live-slice.ts';
import { createMultiSlice, type MultiSlice } from './multi-slice.ts';
import { createNavSlice, type NavSlice } from './nav-slice.ts';
import { createParaphraseSlice, type ParaphraseSlice } from './paraphrase-slice.ts';
import { createPerModelSlice, type PerModelSlice } from './per-model-slice.ts';
import { createRunsSlice, type RunsSlice } from './runs-slice.ts';
import { createRuntimeSlice, type RuntimeSlice } from './runtime-slice.ts';
import { createScopeSlice, type ScopeSlice } from './scope-slice.ts';
import { createTaggerSlice, type TaggerSlice } from './tagger-slice.ts';
import { createTeachSlice, type TeachSlice } from './teach-slice.ts';
import { createTrapSlice, type TrapSlice } from './trap-slice.ts';
import { createValidateSlice, type ValidateSlice } from './validate-slice.ts';

export type AppState = RuntimeSlice & LiveSlice & DataSlice & EntitySlice & ExperimentSlice & HealthSlice & ParaphraseSlice & TrapSlice & RunsSlice & MultiSlice & AuditSlice & TeachSlice & PerModelSlice & ScopeSlice & ExplainSlice & TaggerSlice & NavSlice & CiSlice & ValidateSlice;

export const useApp = create<AppState>()((...a) => ({
  ...createRuntimeSlice(...a),
  ...createLiveSlice(...a),
  ...createDataSlice(...a),
  ...createEntitySlice(...a),
  ...createExperimentSlice(...a),
  ...createHealthSlice(...a),
  ...createParaphraseSlice(...a),
  ...createTrapSlice(...a),
  ...createRunsSlice(...a),
  ...createMultiSlice(...a),
  ...createAuditSlice(...a),
  ...createTeachSlice(...a),
  ...createPerModelSlice(...a),
  ...createScopeSlice(...a),
  ...createExplainSlice(...a),
  ...createTaggerSlice(...a),
  ...createNavSlice(...a),
  ...createCiSlice(...a),
  ...createValidateSlice(...a),
}));
