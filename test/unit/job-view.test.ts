/**
 * Issue 44: a card's job view leaves the progress out, so the ten progress events a second of a run
 * re-render the progress line only, not the card's form, run record and result table.
 */
import { describe, expect, it } from 'vitest';
import { shallow } from 'zustand/shallow';
import { jobView } from '../../src/app/store/job-view.ts';
import type { ExperimentJob } from '../../src/app/store/experiment-slice.ts';

const job: ExperimentJob = { status: 'running', jobId: 7, progress: { done: 1, total: 1764, label: 'original predictions' }, selected: 100, error: null, run: null };

describe('jobView (issue 44: no card re-render per progress event)', () => {
  it.each([
    ['a progress event', { ...job, progress: { done: 64, total: 1764, label: 'PER · db · us · seed 1' } }, true],
    ['the progress cleared', { ...job, progress: null }, true],
    ['the run ending', { ...job, status: 'done' as const }, false],
    ['a new job', { ...job, jobId: 8 }, false],
  ])('after %s the view is shallow-equal: %s', (_what, next, same) => {
    expect(shallow(jobView(job), jobView(next))).toBe(same);
  });

  it('never carries the progress', () => {
    expect(jobView(job).progress).toBeNull();
  });
});
