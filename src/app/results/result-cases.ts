/**
 * Which failure-gallery cases belong under which experiment page (pure, tested without a browser):
 * the experiment registry says which run kinds list their cases on a page (a descriptor's `cases`),
 * and each case names the run it came from, so the list groups the cases by run.
 */
import { allKinds } from '../../core/experiments/registry.ts';
import { caseRunKey, type CaseRun } from '../../core/results/case-run.ts';
import { caseRuns, type FailureCase } from '../../core/results/gallery.ts';

/** How many questions show before "Show all". */
export const FIRST = 8;

/** Whether some run kind lists its cases on the experiment page `path`. */
export const pageListsCases = (path: string): boolean => allKinds().some((k) => k.cases?.page === path);

/** The run kinds whose runs a page lists, and the case kinds of cases collected before runs were named. */
function pageKinds(path: string): { runKinds: Set<string>; caseKinds: Set<string> } {
  const kinds = allKinds().filter((k) => k.cases?.page === path);
  return { runKinds: new Set(kinds.map((k) => k.id)), caseKinds: new Set(kinds.flatMap((k) => k.cases?.kinds ?? [])) };
}

/**
 * The cases a page lists, newest first: those found by a run of the page's kinds (a case found by
 * several runs is one case); a case collected before runs were named goes by its case kind. Cases
 * found in Live are in the gallery, not under a run.
 */
export function pageCases(cases: readonly FailureCase[], path: string): FailureCase[] {
  const { runKinds, caseKinds } = pageKinds(path);
  const mine = (c: FailureCase) => (c.run ? caseRuns(c).some((r) => runKinds.has(r.kind)) : caseKinds.has(c.kind));
  return cases.filter(mine).sort((a, b) => (a.found < b.found ? 1 : a.found > b.found ? -1 : 0));
}

/** One run's cases in a page's list. */
export interface RunCases {
  key: string;
  run: CaseRun | undefined;
  model: string;
  cases: FailureCase[];
}

/**
 * Cases grouped by the run (and model) that found them, in the order of each run's first case. A
 * case found by several runs is under each of them (of the page's kinds when `path` is given), so a
 * run's list does not change when a later run finds one of its cases again.
 */
export function casesByRun(cases: readonly FailureCase[], path?: string): RunCases[] {
  const runKinds = path === undefined ? null : pageKinds(path).runKinds;
  const groups = new Map<string, RunCases>();
  const put = (c: FailureCase, run: CaseRun | undefined) => {
    const key = caseRunKey(run, c.model);
    const g = groups.get(key) ?? { key, run, model: c.model, cases: [] };
    g.cases.push(c);
    groups.set(key, g);
  };
  for (const c of cases) {
    const runs = caseRuns(c).filter((r) => runKinds === null || runKinds.has(r.kind));
    if (runs.length === 0) put(c, c.run);
    for (const r of runs) put(c, r);
  }
  return [...groups.values()];
}
