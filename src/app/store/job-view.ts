/**
 * An experiment job as a card renders it, without its progress (issue 44): progress arrives ten
 * times a second during a run, and a card that read it re-rendered its whole form, run record and
 * result table each time. The card takes this view; the progress line reads the progress alone.
 */
import { useShallow } from 'zustand/react/shallow';
import { useApp, type AppState } from './app.ts';
import type { ExperimentJob } from './experiment-slice.ts';
import { JOB_OF, type SavedKind } from './ci-slice.ts';

/** A job's fields but its progress, e.g. jobView(s.sweep).status; `progress` is always null here. */
export const jobView = (job: ExperimentJob): ExperimentJob => ({ ...job, progress: null });

/** The card's job, re-rendering only when something but the progress changes. */
export function useJobView(kind: SavedKind): ExperimentJob {
  return useApp(useShallow((s: AppState) => jobView(s[JOB_OF[kind]])));
}

/** The job's progress alone, for the progress line; `job`'s own when no kind is given (a job not in the store's list). */
export function useJobProgress(kind: SavedKind | undefined, job: ExperimentJob): ExperimentJob['progress'] {
  const stored = useApp((s) => (kind ? s[JOB_OF[kind]].progress : null));
  return kind ? stored : job.progress;
}
