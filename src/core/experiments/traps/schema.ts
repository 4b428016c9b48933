/** The trap sentences' settings: the audit config entry, with defaults (valibot), and what a saved run keeps. */
import type { ExperimentCi } from '../../stats/index.ts';
import * as v from 'valibot';
import { TRAP_POSITIONS } from '../../trap/insert.ts';
import { TRAP_SOURCES, type TrapRow, type TrapSkipped } from '../../trap/summary.ts';

export interface TrapsPayload {
  rows: TrapRow[];
  skipped: TrapSkipped;
  /** Paired statistics over questions, when confidence intervals were on (issue 27). */
  ci?: ExperimentCi;
}

export const Traps = v.strictObject({ kind: v.literal('traps'), source: v.optional(v.picklist(TRAP_SOURCES), 'generated'), position: v.optional(v.picklist(TRAP_POSITIONS), 'after') });
export type TrapsExperiment = v.InferOutput<typeof Traps>;
