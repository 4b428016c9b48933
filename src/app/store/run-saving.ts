/** The built-in experiments' results as saved runs: payload and headline table per kind. */
import { summarizeSweep, type BudgetResult, type SweepCell } from '../../core/entity/stats.ts';
import { summarizePairs, type PairRow, type PairsDropped } from '../../core/natural/pairs.ts';
import type { RunRecord } from '../../core/run-record.ts';
import type { ResultTable } from '../../core/result-table.ts';
import { budgetTable, pairsTable, sweepTable } from '../../core/result-tables.ts';
import type { AppState } from './index.ts';

export interface SweepPayload {
  cells: SweepCell[];
}
export interface BudgetPayload {
  result: BudgetResult;
}
export interface PairsPayload {
  rows: PairRow[];
  /** Synthetic noise: passages with nothing to change; revision pairs: questions whose answer is not in the edited passage. */
  dropped: number;
  answerMissing: PairsDropped['answerMissing'];
  label: string;
}

/** The seeds a sweep planned, from its record (the seeds field may have changed since). */
export const plannedSeeds = (run: RunRecord | null | undefined, fallback = 0): number => Number(run?.settings.seeds ?? fallback);

/** The headline table of a built-in run kind, or null for another kind (its card saved its own). */
export function builtInTable(kind: string, payload: unknown, run: RunRecord): ResultTable | null {
  if (kind === 'sweep') return sweepTable(summarizeSweep((payload as SweepPayload).cells, plannedSeeds(run)));
  if (kind === 'budget') return budgetTable((payload as BudgetPayload).result);
  if (kind === 'natural' || kind === 'synthetic') {
    const p = payload as PairsPayload;
    return { ...pairsTable([{ name: kind === 'natural' ? 'natural edits' : p.label, s: summarizePairs(p.rows) }]), title: kind === 'natural' ? 'Revision pairs' : `Synthetic noise (${p.label})` };
  }
  return null;
}

/** The result of a built-in kind as it stands in the store, or null when there is none to save. */
export function builtInPayload(s: AppState, kind: 'sweep' | 'budget' | 'natural' | 'synthetic'): unknown {
  if (kind === 'sweep') return s.sweepCells.length ? ({ cells: s.sweepCells } satisfies SweepPayload) : null;
  if (kind === 'budget') return s.budgetResult && s.budgetResult.n > 0 ? ({ result: s.budgetResult } satisfies BudgetPayload) : null;
  const rows = kind === 'natural' ? s.naturalRows : s.syntheticRows;
  if (!rows.length) return null;
  return { rows, dropped: kind === 'natural' ? 0 : s.syntheticDropped, answerMissing: kind === 'natural' ? s.naturalAnswerMissing : { count: 0, ids: [] }, label: kind === 'natural' ? 'natural edits' : (rows[0]?.intent ?? 'synthetic') } satisfies PairsPayload;
}

/** Saves a built-in run that just finished or was cancelled (cancelled runs are saved marked partial). */
export function saveFinishedRun(s: AppState, kind: 'sweep' | 'budget' | 'natural' | 'synthetic'): void {
  const job = s[kind];
  const payload = builtInPayload(s, kind);
  if (!job.run || payload === null) return;
  const table = builtInTable(kind, payload, job.run);
  if (table) s.saveRun(kind, job.run, payload, table, job.status === 'cancelled');
}
