/**
 * CI whiskers on the experiment charts (issue 27): wide and bold, so they never read as the narrow
 * thin seed-spread (± std) whiskers beside them, and a note inside the chart (exports carry it).
 */
import { Term, TermText } from '../teach/Term.tsx';
import type { ExperimentCi, Interval } from '../../core/stats/index.ts';

/** Props of a recharts ErrorBar drawn as a CI whisker: a wide cap and a bold stroke. */
export const CI_WHISKER = { width: 12, stroke: '#000', strokeWidth: 2, isAnimationActive: false } as const;

/** An interval as recharts' asymmetric error [below, above] the value, e.g. { value: 4, lo: 1, hi: 6 } → [3, 2]; undefined without one. */
export function ciWhisker(i: Interval | undefined): [number, number] | undefined {
  if (!i || !Number.isFinite(i.lo) || !Number.isFinite(i.hi)) return undefined;
  return [+Math.max(0, i.value - i.lo).toFixed(3), +Math.max(0, i.hi - i.value).toFixed(3)];
}

/** The whiskers' legend line of a chart with CI whiskers (nothing without statistics). */
export function CiWhiskerNote({ ci, what = 'drop' }: { ci: ExperimentCi | null | undefined; what?: string }) {
  if (!ci) return null;
  return (
    <p className="hint chart-note" data-testid="ci-whisker-note">
      Whiskers: narrow thin = ± <Term k="seed spread">std over perturbation seeds</Term>; wide bold = <Term k="CI">95% CI</Term> of the <TermText text={what} /> over questions
      {what === 'drop' ? ' (the inverted sign-flip test: it reaches 0 exactly when the unadjusted p ≥ 0.05)' : ` (percentile bootstrap, ${ci.settings.bootstrap.toLocaleString('en')} resamples, seed ${ci.settings.seed})`}.
    </p>
  );
}
