/** The progress line shared by every experiment card, with the record of what produced its result. */
import { TermText } from '../teach/Term.tsx';
import { describeRun } from '../../core/results/run-record.ts';
import { progressCount } from '../../core/entity/sweep-progress.ts';
import type { ExperimentJob } from '../store/experiment-slice.ts';
import type { SavedKind } from '../store/run-saving.ts';
import { ModelResults } from '../models/ModelResults.tsx';
import { useJobProgress } from '../store/job-view.ts';

/** Progress and Cancel of an experiment job, or how it ended, e.g. <JobBar job={s.sweep} onCancel={…} testid="sweep" />; with `kind`, the tabs of its models. */
export function JobBar(props: { job: ExperimentJob; onCancel: () => void; testid: string; unit?: string; kind?: SavedKind }) {
  const { job, testid, kind } = props;
  return (
    <>
      {job.run && (
        // data-status and data-date: a test waits for this run's end (a new date, then "done"), not for a quiet moment.
        <p className="run-record" data-testid={`${testid}-record`} data-status={job.status} data-date={job.run.date} title={job.run.versionTwoReason}>
          <TermText text={describeRun(job.run)} />
        </p>
      )}
      {kind && <ModelResults kind={kind} testid={testid} />}
      <JobStatusLine {...props} />
    </>
  );
}

/** The job's progress, or how it ended. */
function JobStatusLine({ job, onCancel, testid, unit = 'predictions', kind }: { job: ExperimentJob; onCancel: () => void; testid: string; unit?: string; kind?: SavedKind }) {
  // Read here, not from `job`: a card passes its job without the progress (store/job-view.ts).
  const p = useJobProgress(kind, job);
  if (job.status === 'collecting') return <div className="progress-block">Reading the selected questions…</div>;
  if (job.status === 'error') return <div className="error">{job.error}</div>;
  if (job.status === 'cancelled' && job.stopReason) {
    return (
      <div className="note" data-testid={`${testid}-stopped`}>
        Stopped: {job.stopReason} The results below are what finished before, marked partial and saved to the run history.
      </div>
    );
  }
  if (job.status === 'cancelled') return <div className="note">Cancelled: the results below are what finished before.</div>;
  if (job.status !== 'running') return null;
  return (
    <div className="progress-block" data-testid={`${testid}-progress`}>
      <div className="progress-line">
        <span>{p ? `${p.label} · ${progressCount(p)} ${unit}` : 'Starting…'}</span>
        <button type="button" className="link" data-testid={`${testid}-cancel`} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <progress max={p?.total ?? 1} value={p?.done ?? 0} />
    </div>
  );
}
