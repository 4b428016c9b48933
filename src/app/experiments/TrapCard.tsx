/**
 * Over-stability experiments over the instance list: trap sentences (F1 by question–trap
 * similarity, share of answers inside the trap) and, for an Adversarial SQuAD file, Jia & Liang's
 * four figures.
 */
import { Term, TermText } from '../teach/Term.tsx';
import { ScopeLine } from '../data/ScopeLine.tsx';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { adversarialCounts, type AdversarialOutput } from '../../core/trap/adversarial.ts';
import { adversarialTable, trapTable } from '../../core/results/tables.ts';
import { summarizeTraps, TRAP_SOURCES, type TrapSkipped, type TrapSource, type TrapSummary } from '../../core/trap/summary.ts';
import { useApp } from '../store/index.ts';
import { useJobView } from '../store/job-view.ts';
import { Chart, pct } from '../charts/Chart.tsx';
import { SMALL_BAR_OPACITY, SmallLegend, SmallMark, smallLabel, smallTip } from '../charts/SmallMark.tsx';
import { isSmallN } from '../../core/metrics/slices.ts';
import { PCT_AXIS } from '../charts/chart-axes.tsx';
import { JobBar } from '../shell/JobBar.tsx';
import { SeedBlocked, useSeedField } from './SeedInput.tsx';
import { PositionSelect } from '../live/TrapPanel.tsx';
import { RunResult } from '../results/RunResult.tsx';
import { AdversarialSlices, TrapSlices } from './ExperimentSlices.tsx';
import { countOf } from '../../core/text/plural.ts';
import type { ExperimentCi } from '../../core/stats/index.ts';
import { TRAPS_CI_KEY, withTrapCi } from '../../core/experiments/traps/ci.ts';
import { ADVERSARIAL_CI_KEY, withAdversarialCi } from '../../core/experiments/adversarial/ci.ts';
import { ciFor } from '../store/ci-slice.ts';
import { CiControl, useCiError } from '../charts/CiControl.tsx';
import { CiLegend, CiStatus, DropCi, DropRow, FigureCi, ScoreCiRow } from '../charts/CiCell.tsx';
import { inBarOrder } from '../charts/nothing-to-draw.ts';

/** Bar colours: the original passage in the shared grey, the trapped one in the trap colour's line. */
const COLORS = { original: '#8a8f9c', trapped: '#b0417a' };

const SOURCE_LABELS: Record<TrapSource, string> = { generated: 'generated (AddSent-like)', dataset: "the dataset's trap variants" };

/** "3 no rewriting rule (q1, q2, q3)" per reason. */
function skippedText(skipped: TrapSkipped): string {
  return Object.entries(skipped)
    .map(([why, s]) => `${s.count} ${why} (e.g. ${s.ids.slice(0, 3).join(', ')})`)
    .join('; ');
}

export function TrapCard() {
  const cfg = useApp((s) => s.trapConfig);
  const job = useJobView('traps');
  const rows = useApp((s) => s.trapRows);
  const skipped = useApp((s) => s.trapSkipped);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const { setTrapConfig, startTraps, cancelTraps } = useApp.getState();
  const running = job.status === 'running' || job.status === 'collecting';
  const ciSeed = useCiError();
  const seed = useSeedField({ value: cfg.seed, testid: 'traps-seed', onChange: (v) => setTrapConfig({ seed: v }) });
  const sum = rows.length ? summarizeTraps(rows) : null;
  const ci = useApp((s) => ciFor(s, 'traps'));
  return (
    <section className="card" data-testid="trap-card">
      <h3>
        <Term k="over-stability">Over-stability</Term>: <Term k="trap sentence">trap sentences</Term>
      </h3>
      <p className="hint">
        <TermText text="Each answerable question is answered on its passage and with a trap sentence that shares words with the question and holds a fake answer of the answer's type. Similarity = token F1 between question and trap (DuReader character F1 for Chinese)." />
      </p>
      <div className="row wrap">
        <label>
          traps{' '}
          <select value={cfg.source} data-testid="traps-source" onChange={(e) => setTrapConfig({ source: e.target.value as TrapSource })}>
            {TRAP_SOURCES.map((s) => (
              <option key={s} value={s}>
                {SOURCE_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <PositionSelect value={cfg.position} testid="traps-position" disabled={cfg.source === 'dataset'} onChange={(position) => setTrapConfig({ position })} />
        <label>
          seed {seed.input}
        </label>
        <button type="button" className="primary" data-testid="traps-run" disabled={!ready || running || seed.error !== null || ciSeed !== null} onClick={() => startTraps('traps')}>
          Run traps
        </button>
        <CiControl testid="traps" />
        <SeedBlocked error={seed.error} ci={ciSeed} testid="traps-run" />
      </div>
      <ScopeLine kind="traps" testid="traps" />
      <JobBar job={job} onCancel={() => cancelTraps('traps')} testid="traps" unit="passages" kind="traps" />
      {Object.keys(skipped).length > 0 && (
        <p className="hint" data-testid="traps-skipped">
          Left out: {skippedText(skipped)}.
        </p>
      )}
      {job.status === 'cancelled' && sum && (
        <p className="note" data-testid="traps-partial">
          Partial: {sum.n} question{sum.n === 1 ? '' : 's'} finished before the {job.stopReason ? 'worker stopped' : 'cancel'}.
        </p>
      )}
      {sum && job.run && (
        <RunResult kind="traps" run={job.run} table={withTrapCi(trapTable(sum), ci?.result ?? undefined)} partial={job.status === 'cancelled'} testid="traps-result">
          <CiStatus status={ci?.status} error={ci?.error} testid="traps" />
          <TrapResults sum={sum} ci={ci?.result} />
        </RunResult>
      )}
      {sum && job.run && <TrapSlices />}
      <AdversarialResults />
    </section>
  );
}

/** Jia & Liang's figures for the adversarial SQuAD questions in the list. */
function AdversarialResults() {
  const job = useJobView('adversarial');
  const run = useApp((s) => s.adversarialRun);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const { startTraps, cancelTraps } = useApp.getState();
  const running = job.status === 'running' || job.status === 'collecting';
  const ci = useApp((s) => ciFor(s, 'adversarial'));
  const ciSeed = useCiError();
  return (
    <div className="adversarial-results">
      <h4>
        <Term k="Adversarial SQuAD" /> (Jia &amp; Liang 2017)
      </h4>
      <p className="hint">
        <TermText text="For an imported AddSent / AddOneSent file: ids <original id>-<suffix> are variants, and each original question scores its worst variant (lowest F1), as in the authors' evaluation script (the same as qarx eval --adversarial)." />
      </p>
      <div className="row">
        <button type="button" data-testid="adversarial-run" disabled={!ready || running || ciSeed !== null} onClick={() => startTraps('adversarialJob')}>
          Evaluate adversarial SQuAD
        </button>
        <CiControl testid="adversarial" />
        <SeedBlocked error={null} ci={ciSeed} testid="adversarial-run" />
      </div>
      <ScopeLine kind="adversarial" testid="adversarial" />
      <JobBar job={job} onCancel={() => cancelTraps('adversarialJob')} testid="adversarial" unit="questions" kind="adversarial" />
      {job.status === 'done' && !run && <p className="note">No question in the list has gold answers.</p>}
      {run && job.run && (
        <RunResult kind="adversarial" run={job.run} table={withAdversarialCi(adversarialTable(run.output), ci?.result ?? undefined)} partial={run.cancelled} testid="adversarial-result">
          <CiStatus status={ci?.status} error={ci?.error} testid="adversarial" />
          <AdversarialTable output={run.output} partial={run.cancelled} ci={ci?.result} />
        </RunResult>
      )}
      {run && job.run && <AdversarialSlices />}
    </div>
  );
}

/** Jia & Liang's four figures with the question counts they rest on. */
export function AdversarialTable({ output, partial, ci }: { output: AdversarialOutput; partial: boolean; ci?: ExperimentCi | null }) {
  const r = output.result;
  const st = ci?.rows[ADVERSARIAL_CI_KEY];
  const counts = adversarialCounts(output.rows);
  return (
    <>
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Adversarial SQuAD results (scrolls sideways)">
    <table className="results-table" data-testid="adversarial-table">
      <thead>
        <tr>
          <th>
            {countOf(counts.originals, 'original question')}
            <SmallMark n={counts.originals} />, {counts.attacked} with variants ({countOf(counts.variants, 'variant')}){partial ? ' — partial (cancelled)' : ''}
          </th>
          <th>EM</th>
          <th>F1</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>original</td>
          <td data-testid="adv-orig-em">{pct(r.orig_exact_match)}</td>
          <td>
            <span data-testid="adv-orig-f1">{pct(r.orig_f1)}</span>
            <FigureCi stats={st} side="original" testid="adversarial-ci-original" />
          </td>
        </tr>
        <tr>
          <td>adversarial (worst variant)</td>
          <td data-testid="adv-adv-em">{pct(r.adv_exact_match)}</td>
          <td>
            <span data-testid="adv-adv-f1">{pct(r.adv_f1)}</span>
            <FigureCi stats={st} side="perturbed" testid="adversarial-ci-perturbed" />
          </td>
        </tr>
        {st && (
          <tr data-testid="adversarial-drop-row">
            <td>
              drop (original − adversarial), 95% <Term k="CI" />, <Term k="p-value">p</Term> F1 / EM
            </td>
            <td colSpan={2}>
              <DropCi stats={st} testid="adversarial-drop" />
            </td>
          </tr>
        )}
      </tbody>
    </table>
    </div>
    <SmallLegend counts={[counts.originals]} />
    {ci && <CiLegend ci={ci} testid="adversarial" />}
    </>
  );
}

/** The trap run's figures: EM/F1 without and with the trap, the trap-hit share, and two charts by similarity. */
export function TrapResults({ sum, ci }: { sum: TrapSummary; ci?: ExperimentCi | null }) {
  const st = ci?.rows[TRAPS_CI_KEY];
  return (
    <>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Trap results (scrolls sideways)">
      <table className="results-table" data-testid="traps-table">
        <thead>
          <tr>
            <th>
              {countOf(sum.n, 'question')}
              <SmallMark n={sum.n} />
            </th>
            <th>EM / F1</th>
          </tr>
        </thead>
        <tbody>
          <ScoreCiRow label="original passage" score={sum.original} stats={st} side="original" testid="traps-ci-original" />
          <ScoreCiRow label="with the trap" score={sum.trapped} stats={st} side="perturbed" testid="traps-ci-perturbed" scoreTestid="traps-trapped" />
          <DropRow stats={[st]} testid="traps" />
          <tr>
            <td>answers inside the trap</td>
            <td data-testid="traps-hit">{pct(100 * sum.hitShare)}%</td>
          </tr>
          <tr>
            <td>mean question–trap similarity</td>
            <td>{pct(100 * sum.similarity)}%</td>
          </tr>
        </tbody>
      </table>
      </div>
      <SmallLegend counts={[sum.n, ...sum.buckets.filter((b) => b.n > 0).map((b) => b.n)]} />
      {ci && <CiLegend ci={ci} testid="traps" />}
      <div className="charts">
        <Chart title="F1 by question–trap similarity" testid="chart-similarity" counts={sum.buckets.filter((b) => b.n > 0).map((b) => b.n)}>
          {/* An empty bucket has no bar; a 0 keeps a sliver of one, so a total loss never looks like no data. */}
          <BarChart data={sum.buckets.map((b) => ({ bucket: b.label, questions: b.n, n: b.n, original: b.n ? +b.original.f1.toFixed(1) : null, trapped: b.n ? +b.trapped.f1.toFixed(1) : null }))} margin={{ bottom: 24, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="bucket" interval={0} tick={{ fontSize: 10 }} label={{ value: 'question–trap similarity (F1, 0–1)', position: 'insideBottom', offset: -16, fontSize: 11 }} />
            <YAxis {...PCT_AXIS} unit="%" label={{ value: 'F1 (%)', angle: -90, position: 'insideLeft', fontSize: 11 }} />
            <Tooltip formatter={smallTip()} />
            <Legend verticalAlign="top" height={26} wrapperStyle={{ fontSize: 12 }} itemSorter={inBarOrder(['original', 'trapped'])} />
            <Bar dataKey="questions" name="questions" hide legendType="none" />
            <Bar dataKey="original" name="original passage" fill={COLORS.original} minPointSize={2} isAnimationActive={false}>
              {sum.buckets.map((b) => (
                <Cell key={b.label} fillOpacity={isSmallN(b.n) ? SMALL_BAR_OPACITY : 1} />
              ))}
            </Bar>
            <Bar dataKey="trapped" name="with the trap" fill={COLORS.trapped} minPointSize={2} isAnimationActive={false}>
              {sum.buckets.map((b) => (
                <Cell key={b.label} fillOpacity={isSmallN(b.n) ? SMALL_BAR_OPACITY : 1} />
              ))}
            </Bar>
          </BarChart>
        </Chart>
        <Chart title="Answers inside the trap, by similarity" testid="chart-hits" counts={sum.buckets.filter((b) => b.n > 0).map((b) => b.n)}>
          <BarChart data={sum.buckets.map((b) => ({ bucket: b.label, n: b.n, hit: b.n ? +(100 * b.hitShare).toFixed(1) : null }))} margin={{ top: 18, bottom: 24, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="bucket" interval={0} tick={{ fontSize: 10 }} label={{ value: 'question–trap similarity (F1, 0–1)', position: 'insideBottom', offset: -16, fontSize: 11 }} />
            <YAxis {...PCT_AXIS} unit="%" label={{ value: 'share (%)', angle: -90, position: 'insideLeft', fontSize: 11 }} />
            <Tooltip formatter={smallTip()} />
            <Bar dataKey="hit" name="answers inside the trap (%)" fill={COLORS.trapped} minPointSize={2} isAnimationActive={false}>
              {sum.buckets.map((b) => (
                <Cell key={b.label} fillOpacity={isSmallN(b.n) ? SMALL_BAR_OPACITY : 1} />
              ))}
              <LabelList dataKey="n" position="top" formatter={smallLabel} />
            </Bar>
          </BarChart>
        </Chart>
      </div>
    </>
  );
}
