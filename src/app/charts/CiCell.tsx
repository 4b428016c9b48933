/**
 * The uncertainty columns of an experiment table (issue 27): the 95% CI of a figure and of its drop
 * over questions, the drop's p (Holm-adjusted when the run has several rows), "n.s." on a drop that
 * is not significant, and the minimal detectable drop where n is small or the drop is n.s.; plus the
 * legend line under the table. Numbers come from the stats worker (src/core/stats via the store).
 */
import { DROP_SUFFIX } from '../../core/metrics/drop.ts';
import type { ReactNode } from 'react';
import { Term, TermText } from '../teach/Term.tsx';
import { ALPHA, budgetKey, ciText, dropCiText, dropNote, mddText, NOT_SIGNIFICANT, pLabelled, significant, type DropStats, type ExperimentCi, type PairedStats } from '../../core/stats/index.ts';
import { isSmallN } from '../../core/metrics/slices.ts';
import { pct } from './Chart.tsx';

/** The header cells the CI columns add, after a table's own drop column. */
export function CiHeads() {
  return (
    <>
      <th>
        F1 <Term k="CI">95% CI</Term> orig. → pert.
      </th>
      <th>
        drop F1 {DROP_SUFFIX} <Term k="CI">CI</Term>
      </th>
      <th>
        <Term k="p-value">p</Term> F1 / EM (<Term k="Holm">Holm p</Term>)
      </th>
    </>
  );
}

/** "n.s." with its glossary help, on a drop whose (adjusted) p is at least 0.05, with the row's note when its marks alone could mislead (n.s. only after Holm). */
export function NotSignificant({ d }: { d?: DropStats }) {
  const note = d ? dropNote(d) : '';
  return (
    <span className="ns-mark" data-testid="ns-mark">
      {' '}
      {note ? <span data-testid="ci-note">{note}</span> : <Term k="n.s.">{NOT_SIGNIFICANT}</Term>}
    </span>
  );
}

/** A drop's p as the table shows it: the unadjusted p (± its Monte-Carlo error), then the Holm p when the run adjusts, e.g. "0.012, Holm p 0.09". */
const pCell = (d: DropStats) => pLabelled(d);

/** A drop's mdd in parentheses: its value at the verdict's α, or "no variation in this sample". */
function Mdd({ d, testid }: { d: DropStats; testid?: string }) {
  return (
    <span className="mdd" {...(testid ? { 'data-testid': testid } : {})}>
      {' '}
      ({d.mdd === null ? '' : <Term k="mdd" />}
      {d.mdd === null ? '' : ' '}
      {mddText(d)})
    </span>
  );
}

/** Whether a row's marks need a note: not significant, or significant with a Monte-Carlo p still within error of α. */
const marked = (d: DropStats) => !significant(d) || Boolean(d.unresolved);

/** The CI cells of one row; `stats` null (no question, or still computing) shows dashes. */
export function CiCells({ stats }: { stats: PairedStats | null | undefined }) {
  if (!stats) {
    return (
      <>
        <td className="ci-cell">–</td>
        <td className="ci-cell">–</td>
        <td className="ci-cell">–</td>
      </>
    );
  }
  const f1 = stats.drop.f1;
  const ns = !significant(f1);
  const showMdd = ns || isSmallN(stats.n);
  return (
    <>
      <td className="ci-cell" data-testid="ci-f1">
        {ciText(stats.original.f1)} → {ciText(stats.perturbed.f1)}
      </td>
      <td className={ns ? 'ci-cell ns' : 'ci-cell'} data-testid="ci-drop">
        {ciText(f1)}
        {marked(f1) && <NotSignificant d={f1} />}
        {showMdd && <Mdd d={f1} testid="ci-mdd" />}
      </td>
      <td className={ns ? 'ci-cell ns' : 'ci-cell'} data-testid="ci-p">
        {pCell(f1)} / {pCell(stats.drop.em)}
      </td>
    </>
  );
}

/** The legend under a table with CI columns: what the interval, p, n.s. and mdd are, with the settings. */
export function CiLegend({ ci, seedSpread = false, testid }: { ci: ExperimentCi; seedSpread?: boolean; testid: string }) {
  const s = ci.settings;
  const unit = s.resample === 'passage' ? 'passages' : 'questions';
  const holm = ci.family > 2;
  return (
    <p className="hint ci-legend" data-testid={`${testid}-ci-legend`}>
      Drop = original − perturbed. Its <Term k="CI">95% CI</Term>: {dropCiText(unit)}. The scores&apos; 95% CIs: percentile bootstrap over {unit} ({s.bootstrap.toLocaleString('en')} resamples, seed {s.seed}).{' '}
      <Term k="p-value">p</Term>: unadjusted, of that test (<TermText text={s.resample === 'passage' ? 'over passage sums, EM and F1' : "McNemar's exact test for EM of single answers"} />), exact when few
      differences are non-zero, else Monte-Carlo ± its error, with rounds added until the error cannot move it across {ALPHA} (a row says when it could).
      {holm ? ` Holm p: adjusted over the ${ci.family} tests of this run; ` : ' '}
      <Term k="n.s.">{NOT_SIGNIFICANT}</Term> = {holm ? 'Holm p' : 'p'} ≥ {ALPHA}: these questions cannot tell the drop from chance{holm ? ' (a row significant only before Holm says so)' : ''}.{' '}
      <Term k="mdd" /> = the smallest drop this n detects at 80% power at α = {holm ? `${ALPHA}/${ci.family}, the strictest Holm step` : ALPHA}, shown where n is small or the drop is n.s.
      {seedSpread ? ' The CI is over questions; ± is the spread over perturbation seeds, a different thing.' : ''}
    </p>
  );
}

/** A status line while the stats worker computes, or its error. */
export function CiStatus({ status, error, testid }: { status: 'running' | 'done' | 'error' | undefined; error: string | null | undefined; testid: string }) {
  if (status === 'running') return <p className="hint" data-testid={`${testid}-ci-running`} role="status">Computing confidence intervals and p-values…</p>;
  if (status === 'error') return <p className="error" data-testid={`${testid}-ci-error`}>Confidence intervals failed: {error}</p>;
  return null;
}

/**
 * One budget cell's statistics under its figures: for `original`, the F1 CI; for a case (random,
 * D_worst, D_best), the paired CI of its F1 drop from the original answers, p (F1 / EM) and n.s.
 */
export function BudgetCiNote({ ci, side, k }: { ci: ExperimentCi; side: 'model' | 'resemble'; k: 'original' | 'random' | 'worst' | 'best' }) {
  const st = ci.rows[budgetKey(side, k === 'original' ? 'worst' : k)];
  if (!st) return null;
  if (k === 'original') {
    return (
      <span className="ci-note" data-testid={`budget-ci-${side}-original`}>
        <br />F1 <Term k="CI">CI</Term> {ciText(st.original.f1)}
      </span>
    );
  }
  const f1 = st.drop.f1;
  const ns = !significant(f1);
  return (
    <span className={ns ? 'ci-note ns' : 'ci-note'} data-testid={`budget-ci-${side}-${k}`}>
      <br />
      drop F1 {pct(f1.value)} {ciText(f1)}, <Term k="p-value">p</Term> {pCell(f1)} / {pCell(st.drop.em)}
      {marked(f1) && <NotSignificant d={f1} />}
      {(ns || isSmallN(st.n)) && <Mdd d={f1} />}
    </span>
  );
}

/** A figure's F1 CI under it, for the original or perturbed side of a comparison (nothing without statistics). */
export function FigureCi({ stats, side, testid }: { stats: PairedStats | null | undefined; side: 'original' | 'perturbed'; testid: string }) {
  if (!stats) return null;
  return (
    <span className="ci-note" data-testid={testid}>
      <br />F1 <Term k="CI">CI</Term> {ciText(stats[side].f1)}
    </span>
  );
}

/** A table row of one side's EM / F1 with its F1 CI, e.g. the original or the trapped passage of a trap run. */
export function ScoreCiRow({ label, score, stats, side, testid, scoreTestid }: { label: ReactNode; score: { em: number; f1: number }; stats: PairedStats | null | undefined; side: 'original' | 'perturbed'; testid: string; scoreTestid?: string }) {
  return (
    <tr>
      <td>{label}</td>
      <td>
        <span data-testid={scoreTestid}>
          {pct(score.em)} / {pct(score.f1)}
        </span>
        <FigureCi stats={stats} side={side} testid={testid} />
      </td>
    </tr>
  );
}

/** A comparison's drop as a table cell shows it: ΔF1 with its paired CI, p (F1 / EM), n.s. and mdd where n is small or the drop n.s. */
export function DropCi({ stats, testid }: { stats: PairedStats; testid: string }) {
  const f1 = stats.drop.f1;
  const ns = !significant(f1);
  return (
    <span className={ns ? 'ci-note ns' : 'ci-note'} data-testid={testid}>
      F1 {pct(f1.value)} {ciText(f1)} · EM {pct(stats.drop.em.value)} {ciText(stats.drop.em)}
      <br />
      <Term k="p-value">p</Term> {pCell(f1)} / {pCell(stats.drop.em)}
      {marked(f1) && <NotSignificant d={f1} />}
      {(ns || isSmallN(stats.n)) && <Mdd d={f1} testid={`${testid}-mdd`} />}
    </span>
  );
}

/** The drop row of a figures table: one cell per run (`stats` null: that run has none); `span` empty cells after it. */
export function DropRow({ stats, testid, span = 0 }: { stats: readonly (PairedStats | null | undefined)[]; testid: string; span?: number }) {
  if (!stats.some(Boolean)) return null;
  return (
    <tr data-testid={`${testid}-drop-row`}>
      <td>
        drop (original − perturbed), 95% <Term k="CI" />, <Term k="p-value">p</Term> F1 / EM
      </td>
      {stats.map((st, i) => (
        <td key={i}>{st ? <DropCi stats={st} testid={`${testid}-drop`} /> : '–'}</td>
      ))}
      {span > 0 && <td colSpan={span} />}
    </tr>
  );
}
