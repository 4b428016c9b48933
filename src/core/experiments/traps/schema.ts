/** The trap sentences' settings: the audit config entry, with defaults (valibot), and what a saved run keeps. */
import * as v from 'valibot';
import { TRAP_POSITIONS } from '../../trap/insert.ts';
import { TRAP_SOURCES, type TrapRow, type TrapSkipped } from '../../trap/summary.ts';

export interface TrapsPayload {
  rows: TrapRow[];
  skipped: TrapSkipped;
}

export const Traps = v.strictObject({ kind: v.literal('traps'), source: v.optional(v.picklist(TRAP_SOURCES), 'generated'), position: v.optional(v.picklist(TRAP_POSITIONS), 'after') });
export type TrapsExperiment = v.InferOutput<typeof Traps>;
