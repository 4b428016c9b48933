/**
 * Over-sensitivity over the selected questions (DuReader-robust): DPR overall, EM/F1 on originals
 * and paraphrases, DPR by question similarity (chart) and by paraphrase kind.
 */
import { Term, TermText } from '../teach/Term.tsx';
import { ScopeLine } from '../data/ScopeLine.tsx';
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { isPooled, KIND_LABELS, kindsOf, PARAPHRASE_KINDS, type ParaphraseKind } from '../../core/sensitivity/kinds.ts';
import { summarizeDpr, type DprKindCell, type DprSummary } from '../../core/sensitivity/dpr.ts';
import { dprTable } from '../../core/results/tables.ts';
import { useApp } from '../store/index.ts';
import { useJobView } from '../store/job-view.ts';
import { RunResult } from '../results/RunResult.tsx';
import { ciText, type ExperimentCi } from '../../core/stats/index.ts';
import { DPR_CI_KEY, PARAPHRASE_CI_KEY, withParaphraseCi } from '../../core/experiments/paraphrase/ci.ts';
import { countOf } from '../../core/text/plural.ts';
import { ciFor } from '../store/ci-slice.ts';
import { CiControl, useCiError } from '../charts/CiControl.tsx';
import { CiLegend, CiStatus, DropRow, ScoreCiRow } from '../charts/CiCell.tsx';
import { ParaphraseSlices } from './ExperimentSlices.tsx';
import { Chart, pct } from '../charts/Chart.tsx';
import { SMALL_BAR_OPACITY, SmallLegend, SmallMark, smallLabel, smallTip } from '../charts/SmallMark.tsx';
import { isSmallN } from '../../core/metrics/slices.ts';
import { PCT_AXIS, WrappedTick } from '../charts/chart-axes.tsx';
import { JobBar } from '../shell/JobBar.tsx';
import { SeedBlocked, useSeedField } from './SeedInput.tsx';

/** One colour per paraphrase kind, the same in the table and the chart. */
export const KIND_COLORS: Record<ParaphraseKind, string> = {
  reorder: '#2f7fc1',
  'function-word': '#7a5195',
  synonym: '#2e8b57',
  'content-word': '#c77c02',
  combined: '#d1495b',
  dataset: '#4a5568',
  user: '#8a8f9c',
};

/** Axis labels short enough for a phone. */
const SHORT: Record<ParaphraseKind, string> = { reorder: 'reorder', 'function-word': 'function word', synonym: 'synonym', 'content-word': 'content word', combined: 'combined', dataset: 'dataset', user: 'typed' };

export function ParaphraseCard() {
  const job = useJobView('paraphrase');
  const rows = useApp((s) => s.paraRows);
  const none = useApp((s) => s.paraNone);
  const without = useApp((s) => s.paraWithout);
  const src = useApp((s) => s.paraSource);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const { startParaphrases, cancelParaphrases, setParaSource } = useApp.getState();
  const sum = rows.length ? summarizeDpr(rows) : null;
  const busy = job.status === 'running' || job.status === 'collecting';
  const ci = useApp((s) => ciFor(s, 'paraphrase'));
  const ciSeed = useCiError();
  const seed = useSeedField({ value: src.seed, testid: 'paraphrase-run-seed', onChange: (v) => setParaSource({ seed: v }) });
  return (
    <section className="card" data-testid="paraphrase-card">
      <h3>
        <Term k="over-sensitivity">Over-sensitivity</Term>: paraphrased questions (<Term k="DPR" />)
      </h3>
      <p className="hint">
        <TermText text="Each selected question is asked as written and as paraphrased, on the same passage. DPR is the share of paraphrases whose answer differs from the original question's (answers compared after the official normalisation)." />
      </p>
      <fieldset className="row wrap">
        <legend className="field-label">paraphrases from</legend>
        <label>
          <input type="checkbox" checked={src.dataset} data-testid="paraphrase-source-dataset" onChange={(e) => setParaSource({ dataset: e.target.checked })} /> the dataset
        </label>
        {PARAPHRASE_KINDS.map((k) => (
          <label key={k}>
            <input type="checkbox" checked={src.kinds.includes(k)} data-testid={`paraphrase-source-${k}`} onChange={(e) => setParaSource({ kinds: e.target.checked ? PARAPHRASE_KINDS.filter((x) => x === k || src.kinds.includes(x)) : src.kinds.filter((x) => x !== k) })} /> {KIND_LABELS[k]}
          </label>
        ))}
        <label>
          seed {seed.input}
        </label>
      </fieldset>
      <div className="row">
        <button type="button" className="primary" data-testid="paraphrase-run" disabled={!ready || busy || (!src.dataset && src.kinds.length === 0) || seed.error !== null || ciSeed !== null} onClick={startParaphrases}>
          Run paraphrases
        </button>
        <CiControl testid="paraphrase" />
        <SeedBlocked error={seed.error} ci={ciSeed} testid="paraphrase-run" />
      </div>
      <ScopeLine kind="paraphrase" testid="paraphrase" />
      <JobBar job={job} onCancel={cancelParaphrases} testid="paraphrase" unit="questions" kind="paraphrase" />
      <NoneNote none={none} without={without} />
      {job.status === 'done' && rows.length === 0 && <p className="note">No selected question has a paraphrase: tick generator kinds or pick questions tagged "paraphrase".</p>}
      {sum && job.run && (
        <RunResult kind="paraphrase" run={job.run} table={withParaphraseCi(dprTable(sum), ci?.result ?? undefined)} partial={job.status === 'cancelled'} testid="paraphrase-result">
          <CiStatus status={ci?.status} error={ci?.error} testid="paraphrase" />
          <DprResults sum={sum} ci={ci?.result} />
        </RunResult>
      )}
      {sum && job.run && <ParaphraseSlices />}
    </section>
  );
}

/** Which questions got no paraphrase of a kind, and how many got none at all. */
function NoneNote({ none, without }: { none: ReturnType<typeof useApp.getState>['paraNone']; without: number }) {
  const parts = Object.entries(none).map(([k, v]) => `${KIND_LABELS[k as ParaphraseKind]}: ${v.count} (e.g. ${v.ids.slice(0, 2).join(', ')})`);
  if (!parts.length && !without) return null;
  return (
    <p className="hint" data-testid="paraphrase-none">
      {parts.length > 0 && `No rule applied — ${parts.join('; ')}. `}
      {without > 0 && `${without} question${without === 1 ? '' : 's'} had no paraphrase at all and ${without === 1 ? 'was' : 'were'} not asked.`}
    </p>
  );
}

/** One kind's DPR and EM / F1 of both sides over its own pairs (with one kind, its DPR only: the rows above are its). */
function KindRow({ k, c, scores = false }: { k: ParaphraseKind; c: DprKindCell | undefined; scores?: boolean }) {
  return (
    <tr>
      <td>
        <span className="kind-swatch" style={{ background: KIND_COLORS[k] }} /> DPR · {KIND_LABELS[k]}
      </td>
      <td data-testid={`paraphrase-kind-${k}`}>
        {pct(100 * (c?.dpr ?? NaN))}% ({c?.changed} of {c?.n}
        <SmallMark n={c?.n ?? 0} />)
        {c && scores && (
          <span className="ci-note" data-testid={`paraphrase-kind-${k}-scores`}>
            <br />
            EM / F1 original {pct(c.original.em)} / {pct(c.original.f1)} · paraphrased {pct(c.paraphrased.em)} / {pct(c.paraphrased.f1)}
          </span>
        )}
      </td>
    </tr>
  );
}

/** DPR per kind first, then (several kinds) all kinds pooled as a labelled extra, and by similarity: a table and two charts. */
export function DprResults({ sum, ci }: { sum: DprSummary; ci?: ExperimentCi | null }) {
  const st = ci?.rows[PARAPHRASE_CI_KEY];
  const dprCi = ci?.shares?.[DPR_CI_KEY];
  const kinds = kindsOf(sum);
  // Issue 38.4: each kind is its own figure (a file's paraphrases and a generator's differ); the pool is only a labelled extra.
  const pooled = isPooled(sum);
  const pool = pooled ? 'All kinds pooled: ' : '';
  return (
    <>
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Paraphrase results (scrolls sideways)">
      <table className="results-table" data-testid="paraphrase-table">
        <tbody>
          {pooled && kinds.map((k) => <KindRow key={k} k={k} c={sum.byKind[k]} scores />)}
          <tr className={pooled ? 'pooled-row' : undefined}>
            <td>
              {pool}
              <Term k="DPR" /> (paraphrases whose answer changed)
            </td>
            <td data-testid="paraphrase-dpr">
              <strong>{pct(100 * sum.dpr)}%</strong> ({sum.changed} of {sum.n}
              <SmallMark n={sum.n} />)
              {dprCi && (
                <span className="ci-note" data-testid="paraphrase-dpr-ci">
                  <br />
                  <Term k="CI">95% CI</Term> {ciText(dprCi)} %
                </span>
              )}
            </td>
          </tr>
          <ScoreCiRow label={<>{pool}EM / F1 original questions (once per paraphrase)</>} score={sum.original} stats={st} side="original" testid="paraphrase-ci-original" scoreTestid="paraphrase-original-score" />
          <ScoreCiRow label={<>{pool}EM / F1 paraphrases</>} score={sum.paraphrased} stats={st} side="perturbed" testid="paraphrase-ci-perturbed" scoreTestid="paraphrase-paraphrased-score" />
          <DropRow stats={[st]} testid="paraphrase" />
          <tr>
            <td>{pool}EM / F1 original questions, each once ({countOf(sum.questions, 'question')}; another weighting, not compared above)</td>
            <td data-testid="paraphrase-original-questions">
              {pct(sum.originalQuestions.em)} / {pct(sum.originalQuestions.f1)}
            </td>
          </tr>
          {!pooled && kinds.map((k) => <KindRow key={k} k={k} c={sum.byKind[k]} />)}
        </tbody>
      </table>
      </div>
      <SmallLegend counts={[sum.n, ...kinds.map((k) => sum.byKind[k]?.n ?? 0), ...sum.buckets.filter((b) => b.n > 0).map((b) => b.n)]} />
      {ci && <CiLegend ci={ci} testid="paraphrase" />}
      <p className="hint" data-testid="paraphrase-unit-note">
        Every figure of this table counts (question, paraphrase) pairs, as DuReader-robust does (Tang et al. 2021, §2.1 and App. F), except the row &quot;original questions, each once&quot;: an original question with three paraphrases counts three times, so the drop is the difference of the two EM / F1 rows above it, and the DPR&apos;s CI, the drop&apos;s CI and p are over the same {countOf(sum.n, 'pair')}. The DPR&apos;s CI is a percentile bootstrap of the share (no test: it is not a before/after figure), as <code>qarx compare --ci</code> computes it.
      </p>
      <div className="charts charts-single">
        <Chart title={`DPR by question similarity${pooled ? ' (all kinds pooled)' : ''}`} testid="chart-dpr-similarity" counts={sum.buckets.filter((b) => b.n > 0).map((b) => b.n)}>
          {/* An empty bucket has no bar; a DPR of 0 keeps a sliver of one with its n=, so "no change" never looks like "no data". */}
          <BarChart data={sum.buckets.map((b) => ({ label: b.label, dpr: b.n === 0 || Number.isNaN(b.dpr) ? null : 100 * b.dpr, n: b.n }))} margin={{ top: 18, right: 12, bottom: 26, left: 18 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" interval={0} tick={{ fontSize: 11 }} label={{ value: 'question–paraphrase similarity (F1, 0–1)', position: 'insideBottom', offset: -16, fontSize: 12 }} />
            <YAxis {...PCT_AXIS} unit="%" tick={{ fontSize: 11 }} label={{ value: 'DPR (%)', angle: -90, position: 'left', offset: 4, fontSize: 12 }} />
            <Tooltip formatter={smallTip((v) => `${Number(v).toFixed(1)}%`)} />
            <Bar dataKey="dpr" name="DPR" fill="#2f5bd3" minPointSize={2} isAnimationActive={false}>
              {sum.buckets.map((b) => (
                <Cell key={b.label} fillOpacity={isSmallN(b.n) ? SMALL_BAR_OPACITY : 1} />
              ))}
              <LabelList dataKey="n" position="top" formatter={smallLabel} />
            </Bar>
          </BarChart>
        </Chart>
        <Chart title="DPR by paraphrase kind" testid="chart-dpr-kind" counts={kinds.map((k) => sum.byKind[k]?.n ?? 0)}>
          <BarChart data={kinds.map((k) => ({ kind: SHORT[k], k, dpr: 100 * (sum.byKind[k]?.dpr ?? 0), n: sum.byKind[k]?.n ?? 0 }))} margin={{ top: 18, right: 12, bottom: 26, left: 18 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="kind" interval={0} height={44} tick={<WrappedTick />} label={{ value: 'paraphrase kind', position: 'insideBottom', offset: -16, fontSize: 12 }} />
            <YAxis {...PCT_AXIS} unit="%" tick={{ fontSize: 11 }} label={{ value: 'DPR (%)', angle: -90, position: 'left', offset: 4, fontSize: 12 }} />
            <Tooltip formatter={smallTip((v) => `${Number(v).toFixed(1)}%`)} />
            <Bar dataKey="dpr" name="DPR" minPointSize={2} isAnimationActive={false}>
              {kinds.map((k) => (
                <Cell key={k} fill={KIND_COLORS[k]} fillOpacity={isSmallN(sum.byKind[k]?.n ?? 0) ? SMALL_BAR_OPACITY : 1} />
              ))}
              <LabelList dataKey="dpr" position="top" formatter={(v) => `${Number(v).toFixed(1)}%`} />
            </Bar>
          </BarChart>
        </Chart>
      </div>
    </>
  );
}
