/**
 * The robustness table's statistics (issue 27): per model row, core's experimentCi over its
 * comparison cells (src/core/experiments/robustness/ci.ts) in the stats worker, as every other
 * kind's, so a fixed seed gives `qarx audit`'s CI and p for the same questions. A finished run waits
 * for them before it is saved, so its record, exports and history carry them.
 */
import { robustnessComparisons, robustnessShares } from '../../core/experiments/robustness/ci.ts';
import type { ExperimentCi } from '../../core/stats/index.ts';
import { requestCi } from '../workers/stats-client.ts';
import { ciOptionsOf, recordWithCi } from './ci-slice.ts';
import type { AppState } from './index.ts';

/**
 * Computes the statistics of the robustness run now in the store, then calls `then` (e.g. to save
 * the run); without statistics to compute (setting off, no cell with questions) `then` runs at once.
 */
export function runRobustCi(get: () => AppState, set: (p: Partial<AppState>) => void, then: () => void): void {
  const s = get();
  const r = s.robust;
  const keys = r.keys.filter((k) => Object.keys(r.scores[k] ?? {}).length > 0);
  if (!s.ciSettings.on || keys.length === 0) {
    set({ robust: { ...r, ci: null, run: recordWithCi(r.run, null) } });
    then();
    return;
  }
  void computeRobustCi(get, set, keys).then(then);
}

/** The worker's statistics of each model row with scores (`keys`), into the store unless a newer run took over. */
async function computeRobustCi(get: () => AppState, set: (p: Partial<AppState>) => void, keys: string[]): Promise<void> {
  const s = get();
  const r = s.robust;
  const o = ciOptionsOf(s.ciSettings);
  const which = r.reqId;
  set({ robust: { ...r, ci: { status: 'running', byModel: {}, error: null } } });
  const byModel: Record<string, ExperimentCi> = {};
  try {
    // One family per model row, as the audit's overview adjusts over one model's rows.
    for (const k of keys) byModel[k] = (await requestCi(robustnessComparisons(r.scores[k] ?? {}, s.robustConfig), o, robustnessShares(r.shares[k] ?? {}))).result;
  } catch (err) {
    const now = get().robust;
    if (now.reqId === which) set({ robust: { ...now, ci: { status: 'error', byModel: {}, error: err instanceof Error ? err.message : String(err) } } });
    return;
  }
  const now = get().robust;
  // A newer run took over while this was computing.
  if (now.reqId !== which) return;
  set({ robust: { ...now, ci: { status: 'done', byModel, error: null }, run: recordWithCi(now.run, o) } });
}
