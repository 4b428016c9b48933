/** The experiments' results as saved runs: payload and headline table per kind. */
import { summarizeSweep, type BudgetResult, type SweepCell } from '../../core/entity/stats.ts';
import type { UniversalResult } from '../../core/entity/universal.ts';
import { summarizeDpr, type DprRow } from '../../core/sensitivity/dpr.ts';
import { summarizeTraps, type TrapRow, type TrapSkipped } from '../../core/trap/summary.ts';
import type { AdversarialOutput } from '../../core/trap/adversarial.ts';
import { summarizePairs, type PairRow, type PairsDropped } from '../../core/natural/pairs.ts';
import type { RunRecord } from '../../core/results/run-record.ts';
import type { ResultTable } from '../../core/results/table.ts';
import { adversarialTable, budgetTable, dprTable, pairsTable, sweepTable, trapTable, universalTable } from '../../core/results/tables.ts';
import type { AppState } from './index.ts';
import { adversarialSliceItems, budgetSliceItems, compactItems, compactSources, paraphraseSliceItems, trapSliceItems, type SavedSliceSource } from '../../core/metrics/experiment-slices.ts';
import { joinScores, type SliceItem, type SliceTotals } from '../../core/metrics/slices.ts';
import { adversarialHeadline, budgetHeadline, dprHeadline, pairsHeadline, trapHeadline } from '../../core/metrics/experiment-headlines.ts';

/** What a saved run keeps to show its slice table after a reload: the questions' slice fields (sweep, universal names: sliced per row or name) or the items themselves. */
export interface SlicePayload {
  sliceSources?: SavedSliceSource[];
  sliceItems?: SliceItem[];
}

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

export interface UniversalPayload {
  result: UniversalResult;
}
export interface ParaphrasePayload {
  rows: DprRow[];
  none: AppState['paraNone'];
  /** Questions with no paraphrase at all (not asked). */
  without: number;
}
export interface TrapsPayload {
  rows: TrapRow[];
  skipped: TrapSkipped;
}
export interface AdversarialPayload {
  output: AdversarialOutput;
  unscorable: number;
}

/** Every kind of run the app saves. */
export type SavedKind = 'sweep' | 'budget' | 'natural' | 'synthetic' | 'universal' | 'paraphrase' | 'traps' | 'adversarial';

/** The store field holding each kind's job. */
export const JOB_OF = { sweep: 'sweep', budget: 'budget', natural: 'natural', synthetic: 'synthetic', universal: 'universal', paraphrase: 'paraphrase', traps: 'traps', adversarial: 'adversarialJob' } as const satisfies Record<SavedKind, keyof AppState>;

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
  if (kind === 'universal') return universalTable((payload as UniversalPayload).result);
  if (kind === 'paraphrase') return dprTable(summarizeDpr((payload as ParaphrasePayload).rows));
  if (kind === 'traps') return trapTable(summarizeTraps((payload as TrapsPayload).rows));
  if (kind === 'adversarial') return adversarialTable((payload as AdversarialPayload).output);
  return null;
}

/** The headline figures of a saved run of a kind sliced as a whole (not sweep, universal: those go per row or name), for its slice table's all row. */
export function savedHeadline(kind: string, payload: unknown): SliceTotals | undefined {
  if (kind === 'budget') return budgetHeadline((payload as BudgetPayload).result);
  if (kind === 'natural' || kind === 'synthetic') return pairsHeadline(summarizePairs((payload as PairsPayload).rows));
  if (kind === 'paraphrase') return dprHeadline(summarizeDpr((payload as ParaphrasePayload).rows));
  if (kind === 'traps') return trapHeadline(summarizeTraps((payload as TrapsPayload).rows));
  if (kind === 'adversarial') return adversarialHeadline((payload as AdversarialPayload).output);
  return undefined;
}

/** The slice data of a built-in kind as it stands in the store (passages kept as lengths only). */
function slicePayload(s: AppState, kind: SavedKind): SlicePayload {
  if (kind === 'sweep') return { sliceSources: compactSources(s.sweepInstances) };
  if (kind === 'universal') return { sliceSources: compactSources(s.universalInstances) };
  const items =
    kind === 'budget'
      ? s.budgetResult ? budgetSliceItems(s.budgetInstances, s.budgetResult.perInstance) : []
      : kind === 'paraphrase'
        ? paraphraseSliceItems(s.paraInstances, s.paraRows)
        : kind === 'traps'
          ? trapSliceItems(s.trapInstances, s.trapRows)
          : kind === 'adversarial'
            ? s.adversarialRun ? adversarialSliceItems(s.adversarialInstances, s.adversarialRun.output.rows) : []
            : joinScores(kind === 'natural' ? s.naturalInstances : s.syntheticInstances, kind === 'natural' ? s.naturalRows : s.syntheticRows, (r) => ({ original: r.original, perturbed: r.perturbed }));
  return { sliceItems: compactItems(items) };
}

/** The result of a built-in kind as it stands in the store, with its slice data, or null when there is none to save. */
export function builtInPayload(s: AppState, kind: SavedKind): unknown {
  const p = resultPayload(s, kind);
  return p === null ? null : { ...p, ...slicePayload(s, kind) };
}

/** The result of a built-in kind as it stands in the store, or null when there is none to save. */
function resultPayload(s: AppState, kind: SavedKind): object | null {
  if (kind === 'universal') return s.universalResult && s.universalResult.rows.length ? ({ result: s.universalResult } satisfies UniversalPayload) : null;
  if (kind === 'paraphrase') return s.paraRows.length ? ({ rows: s.paraRows, none: s.paraNone, without: s.paraWithout } satisfies ParaphrasePayload) : null;
  if (kind === 'traps') return s.trapRows.length ? ({ rows: s.trapRows, skipped: s.trapSkipped } satisfies TrapsPayload) : null;
  if (kind === 'adversarial') return s.adversarialRun ? ({ output: s.adversarialRun.output, unscorable: s.adversarialRun.unscorable } satisfies AdversarialPayload) : null;
  if (kind === 'sweep') return s.sweepCells.length ? ({ cells: s.sweepCells } satisfies SweepPayload) : null;
  if (kind === 'budget') return s.budgetResult && s.budgetResult.n > 0 ? ({ result: s.budgetResult } satisfies BudgetPayload) : null;
  const rows = kind === 'natural' ? s.naturalRows : s.syntheticRows;
  if (!rows.length) return null;
  return { rows, dropped: kind === 'natural' ? 0 : s.syntheticDropped, answerMissing: kind === 'natural' ? s.naturalAnswerMissing : { count: 0, ids: [] }, label: kind === 'natural' ? 'natural edits' : (rows[0]?.intent ?? 'synthetic') } satisfies PairsPayload;
}

/** Saves a run that just finished or was cancelled (cancelled runs are saved marked partial). */
export function saveFinishedRun(s: AppState, kind: SavedKind): void {
  const job = s[JOB_OF[kind]];
  const payload = builtInPayload(s, kind);
  if (!job.run || payload === null) return;
  const table = builtInTable(kind, payload, job.run);
  if (table) s.saveRun(kind, job.run, payload, table, job.status === 'cancelled');
}
