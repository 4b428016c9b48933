/**
 * After a reload an experiment page starts empty: when none of its runs is on screen, this line
 * names the page's last saved run and opens it in the run history below (issue 41.6).
 */
import { kindLabel } from '../../core/experiments/registry.ts';
import { experimentOf } from '../shell/routes.ts';
import type { AppState } from '../store/index.ts';
import { useApp } from '../store/index.ts';
import { JOB_OF, type SavedKind } from '../store/run-saving.ts';
import { lastRunOf, openedRunShownOn } from '../store/runs-slice.ts';
import { runTime } from '../../core/results/run-record.ts';

/** Each saved kind's job in the store: the experiment jobs, and the robustness table's own slice. */
const ON_SCREEN: Readonly<Record<string, 'robust' | (typeof JOB_OF)[SavedKind]>> = { ...JOB_OF, robustness: 'robust' };

/** Whether a run of `kind` is on screen in its card (running, finished or failed since the page loaded). */
export function runOnScreen(s: AppState, kind: string): boolean {
  const field = ON_SCREEN[kind];
  return field !== undefined && s[field].status !== 'idle';
}

export function LastRunLine({ path }: { path: string }) {
  const kinds = experimentOf(path)?.item.kinds ?? [];
  const last = useApp((s) => lastRunOf(s.savedRuns, kinds));
  const busy = useApp((s) => kinds.some((k) => runOnScreen(s, k)) || openedRunShownOn(s.openedRun, path));
  if (!last || busy) return null;
  const open = () => {
    useApp.getState().openRun(last.id);
    // The saved run shows in the history at the page's end: bring it into view once it is drawn.
    requestAnimationFrame(() => document.querySelector('[data-testid="saved-run"]')?.scrollIntoView({ block: 'start' }));
  };
  return (
    <p className="hint last-run" data-testid="last-run">
      Your last {kindLabel(last.kind)} run ({runTime(last.run.date)}, {last.run.datasets.join(' + ')}, N = {last.run.n.toLocaleString('en')}
      {last.partial ? ', partial' : ''}) is saved in the run history.{' '}
      <button type="button" className="link" data-testid="last-run-open" onClick={open}>
        Show it
      </button>
    </p>
  );
}
