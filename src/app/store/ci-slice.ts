/**
 * Confidence intervals in the app (issue 27): the setting (on by default, B = 1,000, seed 1) and
 * each result's statistics, computed in the stats worker from the same comparisons `qarx … --ci`
 * builds (src/core/stats/experiment-ci.ts). A finished run waits for them before it is saved, so
 * its record, table, exports and history carry the CI and p.
 */
import type { StateCreator } from 'zustand';
import { parseSeed } from '../../core/text/random.ts';
import { budgetComparisons, DEFAULT_BOOTSTRAP, DEFAULT_CI_SEED, sweepComparisons, sweepRowKeys, type CiComparison, type CiOptions, type ExperimentCi, type ShareInput } from '../../core/stats/index.ts';
import { summarizeSweep } from '../../core/entity/stats.ts';
import { pairsComparisons } from '../../core/experiments/natural/ci.ts';
import { dprShares, paraphraseComparisons } from '../../core/experiments/paraphrase/ci.ts';
import { trapComparisons } from '../../core/experiments/traps/ci.ts';
import { adversarialComparisons } from '../../core/experiments/adversarial/ci.ts';
import { universalComparisons } from '../../core/experiments/universal/ci.ts';
import type { RunRecord } from '../../core/results/run-record.ts';
import { requestCi } from '../workers/stats-client.ts';
import type { AppState } from './index.ts';

/** Every kind of run the app saves. */
export type SavedKind = 'sweep' | 'budget' | 'natural' | 'synthetic' | 'universal' | 'paraphrase' | 'traps' | 'adversarial';

/** The store field holding each kind's job. */
export const JOB_OF = { sweep: 'sweep', budget: 'budget', natural: 'natural', synthetic: 'synthetic', universal: 'universal', paraphrase: 'paraphrase', traps: 'traps', adversarial: 'adversarialJob' } as const satisfies Record<SavedKind, keyof AppState>;

/** The results that carry statistics in the app: every saved kind (the robustness table's cells have none yet). */
export type CiKind = SavedKind;
export const CI_KINDS = Object.keys(JOB_OF) as readonly CiKind[];
export const isCiKind = (k: string): k is CiKind => (CI_KINDS as readonly string[]).includes(k);

/** Most resamples the app offers (10,000 questions × 10,000 resamples stays a few seconds in the worker). */
export const MAX_BOOTSTRAP = 10_000;

export interface CiSettingsState {
  on: boolean;
  bootstrap: number;
  seed: number;
}

/** One result's statistics: for which run (its job id), and the worker's answer. */
export interface CiEntry {
  jobId: number | null;
  /** Which request this is: only the latest one's answer is kept. */
  req: number;
  status: 'running' | 'done' | 'error';
  result: ExperimentCi | null;
  error: string | null;
}

export interface CiSlice {
  ciSettings: CiSettingsState;
  /** Changes the setting; results on screen are computed again with it (saved runs keep theirs). */
  setCiSettings(p: Partial<CiSettingsState>): void;
  ci: Partial<Record<CiKind, CiEntry>>;
  /** The CI seed field's text while it is not a valid seed (every card's field shows it, every card's Run waits); null when it shows the seed applied. */
  ciSeedText: string | null;
  /** The CI seed field's new text: a valid seed is applied, anything else kept to show with its error. */
  setCiSeedText(text: string): void;
  /** Why the typed B cannot be used (Run buttons are off while it is set), or null. */
  ciBError: string | null;
  setCiBError(e: string | null): void;
  /** Computes a result's statistics in the worker (nothing when off or empty); resolves with the store once they are in. */
  runCi(kind: CiKind): Promise<ExperimentCi | null>;
}

/** The CI options of the setting, as qarx's --ci --bootstrap N --seed S. */
export const ciOptionsOf = (c: CiSettingsState): CiOptions => ({ bootstrap: c.bootstrap, seed: c.seed, byPassage: false });

/** A result's comparisons as the store holds it, in the CLI's order; null when there is no result. */
export const comparisonsOf = (s: AppState, kind: CiKind): CiComparison[] | null => COMPARISONS[kind](s);

/** Each CI kind's comparisons from the store (a table, not a switch: kinds are the registry's). */
const COMPARISONS: Record<CiKind, (s: AppState) => CiComparison[] | null> = {
  sweep: (s) => (s.sweepCells.length ? sweepComparisons(s.sweepInstances, s.sweepCells, sweepRowKeys(summarizeSweep(s.sweepCells, Number(s.sweep.run?.settings.seeds ?? 0)))) : null),
  budget: (s) => (s.budgetResult && s.budgetResult.n > 0 ? budgetComparisons(s.budgetInstances, s.budgetResult) : null),
  natural: (s) => (s.naturalRows.length ? pairsComparisons(s.naturalInstances, s.naturalRows) : null),
  synthetic: (s) => (s.syntheticRows.length ? pairsComparisons(s.syntheticInstances, s.syntheticRows) : null),
  universal: (s) => (s.universalResult && s.universalResult.rows.length ? universalComparisons(s.universalInstances, s.universalResult) : null),
  paraphrase: (s) => (s.paraRows.length ? paraphraseComparisons(s.paraInstances, s.paraRows) : null),
  traps: (s) => (s.trapRows.length ? trapComparisons(s.trapInstances, s.trapRows) : null),
  adversarial: (s) => (s.adversarialRun ? adversarialComparisons(s.adversarialRun.output.rows) : null),
};

/** Each kind's shares with a CI besides its comparisons (the paraphrases' DPR), as `qarx compare --ci` computes them. */
export const sharesOf = (s: AppState, kind: CiKind): ShareInput[] => SHARES[kind]?.(s) ?? [];

/** The kinds with shares (a table, like COMPARISONS). */
const SHARES: Partial<Record<CiKind, (s: AppState) => ShareInput[]>> = {
  paraphrase: (s) => (s.paraRows.length ? dprShares(s.paraRows) : []),
};

/** The record with the CI settings it was computed with (the `ci` the CLI's --json record has), or without them. */
export const recordWithCi = (run: RunRecord | null, o: CiOptions | null): RunRecord | null => {
  if (!run) return run;
  const { ci: _, ...rest } = run.settings;
  return { ...run, settings: o ? { ...rest, ci: o } : rest };
};

/** The statistics of a result shown for the job now on screen, or null (off, stale, not computed). */
export function ciFor(s: Pick<AppState, 'ci' | (typeof JOB_OF)[CiKind]>, kind: CiKind): CiEntry | null {
  const e = s.ci[kind];
  return e && e.jobId === s[JOB_OF[kind]].jobId ? e : null;
}

let lastReq = 0;

/** Why Run waits for the CI seed (its field's error, parseSeed's), or null: a bad seed never runs as the last valid one (issue 40.4). */
export function ciSeedError(s: Pick<AppState, 'ciSettings' | 'ciSeedText'>): string | null {
  if (!s.ciSettings.on || s.ciSeedText === null) return null;
  const r = parseSeed(s.ciSeedText, 'CI seed');
  return 'error' in r ? r.error : null;
}

/** What every Run with statistics says while it waits (a bad CI seed or B), or null: one reason for every card. */
export function ciRunBlock(s: Pick<AppState, 'ciSettings' | 'ciSeedText' | 'ciBError'>): string | null {
  if (!s.ciSettings.on) return null;
  if (ciSeedError(s) !== null) return 'Not run: fix the CI seed first.';
  return s.ciBError === null ? null : 'Not run: fix the number of bootstrap resamples first.';
}

export const createCiSlice: StateCreator<AppState, [], [], CiSlice> = (set, get) => ({
  ciSettings: { on: true, bootstrap: DEFAULT_BOOTSTRAP, seed: DEFAULT_CI_SEED },
  ci: {},
  ciSeedText: null,
  setCiSeedText(text) {
    const r = parseSeed(text, 'CI seed');
    if ('error' in r) return set({ ciSeedText: text });
    set({ ciSeedText: null });
    if (r.seed !== get().ciSettings.seed) get().setCiSettings({ seed: r.seed });
  },
  ciBError: null,
  setCiBError(e) {
    if (get().ciBError !== e) set({ ciBError: e });
  },
  setCiSettings(p) {
    set({ ciSettings: { ...get().ciSettings, ...p } });
    const s = get();
    for (const k of CI_KINDS) if (s[JOB_OF[k]].status === 'done' || s[JOB_OF[k]].status === 'cancelled') void s.runCi(k);
    s.recomputeRobustCi();
  },
  async runCi(kind) {
    const s = get();
    const field = JOB_OF[kind];
    const job = s[field];
    const comparisons = s.ciSettings.on ? comparisonsOf(s, kind) : null;
    if (!comparisons) {
      lastReq++;
      set({ ci: { ...s.ci, [kind]: undefined }, [field]: { ...job, run: recordWithCi(job.run, null) } } as Partial<AppState>);
      return null;
    }
    const o = ciOptionsOf(s.ciSettings);
    const jobId = job.jobId;
    const req = ++lastReq;
    set({ ci: { ...s.ci, [kind]: { jobId, req, status: 'running', result: null, error: null } } });
    try {
      const { result } = await requestCi(comparisons, o, sharesOf(s, kind));
      const now = get();
      // A newer run (or setting) took over while this was computing: its own request sets the store.
      if (now[field].jobId !== jobId || now.ci[kind]?.req !== req) return result;
      set({ ci: { ...now.ci, [kind]: { jobId, req, status: 'done', result, error: null } }, [field]: { ...now[field], run: recordWithCi(now[field].run, o) } } as Partial<AppState>);
      return result;
    } catch (err) {
      const now = get();
      if (now.ci[kind]?.req === req) set({ ci: { ...now.ci, [kind]: { jobId, req, status: 'error', result: null, error: err instanceof Error ? err.message : String(err) } } });
    }
    return null;
  },
});
