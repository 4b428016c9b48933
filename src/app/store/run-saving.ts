/** The experiments' results as saved runs: each kind's payload from the store; tables and headlines are the kinds' descriptors' (src/core/experiments). */
import type { PairRow, PairsDropped } from '../../core/natural/pairs.ts';
import type { RunRecord } from '../../core/results/run-record.ts';
import type { ResultTable } from '../../core/results/table.ts';
import type { AppState } from './index.ts';
import type { CiOptions, ExperimentCi } from '../../core/stats/index.ts';
import { ciFor, ciOptionsOf, isCiKind, recordWithCi } from './ci-slice.ts';
import { adversarialSliceItems, budgetSliceItems, compactItems, compactSources, paraphraseSliceItems, trapSliceItems, type SavedSliceSource } from '../../core/metrics/experiment-slices.ts';
import { joinScores, type SliceItem, type SliceTotals } from '../../core/metrics/slices.ts';
import { kindOf } from '../../core/experiments/registry.ts';
import type { SweepPayload } from '../../core/experiments/sweep/schema.ts';
import type { BudgetPayload } from '../../core/experiments/budget/schema.ts';
import type { PairsPayload } from '../../core/experiments/natural/schema.ts';
import type { UniversalPayload } from '../../core/experiments/universal/schema.ts';
import type { ParaphrasePayload } from '../../core/experiments/paraphrase/schema.ts';
import type { TrapsPayload } from '../../core/experiments/traps/schema.ts';
import type { AdversarialPayload } from '../../core/experiments/adversarial/schema.ts';

export type { SweepPayload, BudgetPayload, PairsPayload, UniversalPayload, ParaphrasePayload, TrapsPayload, AdversarialPayload };

/** What a saved run keeps to show its slice table after a reload: the questions' slice fields (sweep, universal names: sliced per row or name) or the items themselves. */
export interface SlicePayload {
  sliceSources?: SavedSliceSource[];
  sliceItems?: SliceItem[];
}

/** Every kind of run the app saves. */
export type SavedKind = 'sweep' | 'budget' | 'natural' | 'synthetic' | 'universal' | 'paraphrase' | 'traps' | 'adversarial';

/** The store field holding each kind's job. */
export const JOB_OF = { sweep: 'sweep', budget: 'budget', natural: 'natural', synthetic: 'synthetic', universal: 'universal', paraphrase: 'paraphrase', traps: 'traps', adversarial: 'adversarialJob' } as const satisfies Record<SavedKind, keyof AppState>;

/** The seeds a sweep planned, from its record (the seeds field may have changed since). */
export const plannedSeeds = (run: RunRecord | null | undefined, fallback = 0): number => Number(run?.settings.seeds ?? fallback);

/** The headline table of a built-in run kind (its descriptor's), or null for another kind (its card saved its own). */
export function builtInTable(kind: string, payload: unknown, run: RunRecord): ResultTable | null {
  return kindOf(kind)?.table?.(payload, run) ?? null;
}

/** The headline figures of a saved run of a kind sliced as a whole (not sweep, universal: those go per row or name), for its slice table's all row. */
export function savedHeadline(kind: string, payload: unknown): SliceTotals | undefined {
  return kindOf(kind)?.headline?.(payload);
}

/** Where each kind's result and slice data stand in the store (passages kept as lengths only): the store's side of a kind, its descriptor has the rest. */
/** The run's CI and p as the stats worker left them, when confidence intervals were on. */
const ciOf = (s: AppState, kind: 'sweep' | 'budget'): { ci?: ExperimentCi } => {
  const ci = isCiKind(kind) ? ciFor(s, kind)?.result : undefined;
  return ci ? { ci } : {};
};

const IN_STORE: Record<SavedKind, { result: (s: AppState) => object | null; slices: (s: AppState) => SlicePayload }> = {
  sweep: { result: (s) => (s.sweepCells.length ? ({ cells: s.sweepCells, ...ciOf(s, 'sweep') } satisfies SweepPayload) : null), slices: (s) => ({ sliceSources: compactSources(s.sweepInstances) }) },
  budget: { result: (s) => (s.budgetResult && s.budgetResult.n > 0 ? ({ result: s.budgetResult, ...ciOf(s, 'budget') } satisfies BudgetPayload) : null), slices: (s) => items(s.budgetResult ? budgetSliceItems(s.budgetInstances, s.budgetResult.perInstance) : []) },
  natural: { result: (s) => pairs(s.naturalRows, 0, s.naturalAnswerMissing, 'natural edits'), slices: (s) => items(joinScores(s.naturalInstances, s.naturalRows, originalPerturbed)) },
  synthetic: { result: (s) => pairs(s.syntheticRows, s.syntheticDropped, { count: 0, ids: [] }, s.syntheticRows[0]?.intent ?? 'synthetic'), slices: (s) => items(joinScores(s.syntheticInstances, s.syntheticRows, originalPerturbed)) },
  universal: { result: (s) => (s.universalResult && s.universalResult.rows.length ? ({ result: s.universalResult } satisfies UniversalPayload) : null), slices: (s) => ({ sliceSources: compactSources(s.universalInstances) }) },
  paraphrase: { result: (s) => (s.paraRows.length ? ({ rows: s.paraRows, none: s.paraNone, without: s.paraWithout } satisfies ParaphrasePayload) : null), slices: (s) => items(paraphraseSliceItems(s.paraInstances, s.paraRows)) },
  traps: { result: (s) => (s.trapRows.length ? ({ rows: s.trapRows, skipped: s.trapSkipped } satisfies TrapsPayload) : null), slices: (s) => items(trapSliceItems(s.trapInstances, s.trapRows)) },
  adversarial: { result: (s) => (s.adversarialRun ? ({ output: s.adversarialRun.output, unscorable: s.adversarialRun.unscorable } satisfies AdversarialPayload) : null), slices: (s) => items(s.adversarialRun ? adversarialSliceItems(s.adversarialInstances, s.adversarialRun.output.rows) : []) },
};

/** Slice items kept compact (passages as lengths). */
const items = (xs: SliceItem[]): SlicePayload => ({ sliceItems: compactItems(xs) });
/** A revision-pair row's two scores. */
const originalPerturbed = (r: PairRow) => ({ original: r.original, perturbed: r.perturbed });
/** A pairs run's payload, or null without rows. */
const pairs = (rows: PairRow[], dropped: number, answerMissing: PairsDropped['answerMissing'], label: string) => (rows.length ? ({ rows, dropped, answerMissing, label } satisfies PairsPayload) : null);

/** The result of a built-in kind as it stands in the store, with its slice data, or null when there is none to save. */
export function builtInPayload(s: AppState, kind: SavedKind): unknown {
  const p = IN_STORE[kind].result(s);
  return p === null ? null : { ...p, ...IN_STORE[kind].slices(s) };
}

/**
 * Saves a run that just finished or was cancelled (cancelled runs are saved marked partial); with
 * confidence intervals on, once the stats worker has computed them, so the saved run carries them.
 */
export function saveFinishedRun(s: AppState, kind: SavedKind): void {
  if (isCiKind(kind) && s.ciSettings.on) {
    // Saved from the store as the run finished (`s`): a multi-model run starts the next model at
    // once, so the store may hold another model's run by the time the statistics arrive.
    const o = ciOptionsOf(s.ciSettings);
    void s.runCi(kind).then((ci) => saveNow(s, kind, ci ? { ci, options: o } : null));
    return;
  }
  saveNow(s, kind, null);
}

/** Saves the run of `kind` as the store holds it now. */
function saveNow(s: AppState, kind: SavedKind, stats: { ci: ExperimentCi; options: CiOptions } | null): void {
  const job = s[JOB_OF[kind]];
  const found = builtInPayload(s, kind);
  if (!job.run || found === null) return;
  const payload = stats ? { ...found, ci: stats.ci } : found;
  const run = stats ? recordWithCi(job.run, stats.options) : job.run;
  if (!run) return;
  const table = builtInTable(kind, payload, run);
  if (table) s.saveRun(kind, run, payload, table, job.status === 'cancelled');
}
