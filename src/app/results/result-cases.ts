/**
 * Which failure-gallery cases belong under which experiment page (pure, tested without a browser):
 * the experiment registry says which run kinds list their cases on a page (a descriptor's `cases`),
 * and each case names the run it came from, so the list groups the cases by run.
 */
import { allKinds } from '../../core/experiments/registry.ts';
import { caseRunKey, type CaseRun } from '../../core/results/case-run.ts';
import type { FailureCase } from '../../core/results/gallery.ts';

/** How many questions show before "Show all". */
export const FIRST = 8;

/** Whether some run kind lists its cases on the experiment page `path`. */
export const pageListsCases = (path: string): boolean => allKinds().some((k) => k.cases?.page === path);

/**
 * The cases a page lists, newest first: those of runs of the page's kinds; a case collected before
 * runs were named goes by its case kind. Cases found in Live are in the gallery, not under a run.
 */
export function pageCases(cases: readonly FailureCase[], path: string): FailureCase[] {
  const kinds = allKinds().filter((k) => k.cases?.page === path);
  const runKinds = new Set(kinds.map((k) => k.id));
  const caseKinds = new Set(kinds.flatMap((k) => k.cases?.kinds ?? []));
  const mine = (c: FailureCase) => (c.run ? runKinds.has(c.run.kind) : caseKinds.has(c.kind));
  return cases.filter(mine).sort((a, b) => (a.found < b.found ? 1 : a.found > b.found ? -1 : 0));
}

/** One run's cases in a page's list. */
export interface RunCases {
  key: string;
  run: CaseRun | undefined;
  model: string;
  cases: FailureCase[];
}

/** Cases grouped by the run (and model) that found them, in the order of each run's first case. */
export function casesByRun(cases: readonly FailureCase[]): RunCases[] {
  const groups = new Map<string, RunCases>();
  for (const c of cases) {
    const key = caseRunKey(c.run, c.model);
    const g = groups.get(key) ?? { key, run: c.run, model: c.model, cases: [] };
    g.cases.push(c);
    groups.set(key, g);
  }
  return [...groups.values()];
}
