/**
 * Natural perturbations over the instance list: every revision pair answered on both passages
 * (categories, EM/F1, relative F1 change, edit intentions), beside the same questions with
 * synthetic noise.
 */
import { Term, TermText } from '../teach/Term.tsx';
import { ScopeLine } from '../data/ScopeLine.tsx';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Chart, pct } from '../charts/Chart.tsx';
import { CATEGORY_RULES, PAIR_CATEGORIES, RULE_TEXT, type CategoryRule } from '../../core/natural/categories.ts';
import { describeNoise, NOISE_KINDS, NOISE_LABELS, type NoiseKind } from '../../core/natural/noise-kinds.ts';
import { summarizePairs, type PairRow, type PairSummary } from '../../core/natural/pairs.ts';
import { intentDistribution } from '../../core/natural/intents.ts';
import { JobBar } from '../shell/JobBar.tsx';
import { SeedBlocked, useSeedField } from './SeedInput.tsx';
import { ChallengeCard } from './ChallengeCard.tsx';
import { PairSlices } from './SliceTable.tsx';
import { faint, SmallLegend, SmallMark, smallLabel, smallTip } from '../charts/SmallMark.tsx';
import { isSmallN } from '../../core/metrics/slices.ts';
import { useApp } from '../store/index.ts';
import { useJobView } from '../store/job-view.ts';
import { builtInPayload, builtInTable } from '../store/run-saving.ts';
import type { ResultTable } from '../../core/results/table.ts';
import { ResultActions, RunResult } from '../results/RunResult.tsx';
import type { ExperimentCi } from '../../core/stats/index.ts';
import { PAIRS_CI_KEY } from '../../core/experiments/natural/ci.ts';
import { ciFor } from '../store/ci-slice.ts';
import { CiControl, useCiError } from '../charts/CiControl.tsx';
import { RELATIVE_SIGN } from '../../core/metrics/drop.ts';
import { CiLegend, CiStatus, DropRow, FigureCi } from '../charts/CiCell.tsx';

/** One colour per category, the same as the CSS variables (--c2c …). */
import { CATEGORY_COLORS } from '../charts/palette.ts';
import { categoryMinWidth, WrappedTick, xTitle, yTitle } from '../charts/chart-axes.tsx';
import { inBarOrder } from '../charts/nothing-to-draw.ts';
import { relativeChangeText } from '../../core/text/figures.ts';
export { CATEGORY_COLORS };



export function NaturalCard() {
  const job = useJobView('natural');
  const rows = useApp((s) => s.naturalRows);
  const syn = useJobView('synthetic');
  const synRows = useApp((s) => s.syntheticRows);
  const noise = useApp((s) => s.noiseOptions);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const rule = useApp((s) => s.categoryRule);
  const missing = useApp((s) => s.naturalAnswerMissing);
  const { start, cancel, setNoiseOptions, setCategoryRule } = useApp.getState();
  const nat = rows.length ? summarizePairs(rows) : null;
  const sy = synRows.length ? summarizePairs(synRows) : null;
  const ciSeed = useCiError();
  const seed = useSeedField({ value: noise.seed, testid: 'synthetic-seed', onChange: (v) => setNoiseOptions({ seed: v }) });
  return (
    <section className="card" data-testid="natural-card">
      <h3>
        <Term k="natural perturbation">Natural perturbations</Term>: real edits between revisions
      </h3>
      <p className="hint">
        <TermText text="Each question with a revision pair is answered on the original and on the edited passage (same question, same answers)." />
      </p>
      <div className="row">
        <button type="button" className="primary" data-testid="natural-run" disabled={!ready || job.status === 'running' || job.status === 'collecting' || ciSeed !== null} onClick={() => start('natural')}>
          Run revision pairs
        </button>
        <button type="button" data-testid="pairs-export" onClick={() => start('pairs-export')}>
          Export pairs (CSV, with intentions)
        </button>
        <CiControl testid="natural" />
        <SeedBlocked error={null} ci={ciSeed} testid="natural-run" />
      </div>
      <div className="row wrap">
        <label>
          <Term k="category rule" />{' '}
          <Term k={['EM', 'F1']}>
            {(tip) => (
              <select value={rule} data-testid="category-rule" aria-describedby={tip} onChange={(e) => setCategoryRule(e.target.value as CategoryRule)}>
                {CATEGORY_RULES.map((r) => (
                  <option key={r} value={r}>
                    {r === 'script' ? 'released script (EM 1 / F1 < 0.4)' : 'exact match only'}
                  </option>
                ))}
              </select>
            )}
          </Term>
        </label>
        <span className="hint" data-testid="category-rule-text">
          <TermText text={RULE_TEXT[rule]} />
        </span>
      </div>
      <ScopeLine kind="natural" testid="natural" />
      <JobBar job={job} onCancel={() => cancel('natural')} testid="natural" unit="passages" kind="natural" />
      {missing.count > 0 && (
        <p className="hint" data-testid="natural-answer-missing">
          {missing.count} question{missing.count === 1 ? '' : 's'} left out: a gold answer does not occur in the edited passage (e.g. {missing.ids.join(', ')}).
        </p>
      )}
      {job.status === 'done' && rows.length === 0 && <p className="note">No question in the list has a revision pair.</p>}
      <div className="row wrap">
        <span>
          <TermText text="compare with synthetic noise:" />
        </span>
        <Term k="synthetic noise">
          {(tip) => (
        <select value={noise.kind} aria-label="synthetic noise kind" aria-describedby={tip} data-testid="noise-kind" onChange={(e) => setNoiseOptions({ kind: e.target.value as NoiseKind })}>
          {NOISE_KINDS.map((k) => (
            <option key={k} value={k}>
              {NOISE_LABELS[k]}
            </option>
          ))}
        </select>
          )}
        </Term>
        <label>
          rate <input type="number" min={0.05} max={1} step={0.05} className="seed" value={noise.rate} onChange={(e) => setNoiseOptions({ rate: Math.min(1, Math.max(0.05, Number(e.target.value) || 0.3)) })} />
        </label>
        <label>
          seed {seed.input}
        </label>
        <button type="button" data-testid="synthetic-run" disabled={!ready || syn.status === 'running' || syn.status === 'collecting' || seed.error !== null || ciSeed !== null} onClick={() => start('synthetic')}>
          Run synthetic
        </button>
        <SeedBlocked error={seed.error} ci={ciSeed} testid="synthetic-run" />
      </div>
      <p className="hint" data-testid="noise-params">
        <TermText text={describeNoise(noise.kind, noise.rate)} />
      </p>
      <ScopeLine kind="synthetic" testid="synthetic" />
      <JobBar job={syn} onCancel={() => cancel('synthetic')} testid="synthetic" unit="passages" kind="synthetic" />
      {(nat || sy) && <PairResultsWithExports />}
      {(nat || sy) && <PairSlices />}
      <ChallengeCard />
    </section>
  );
}

/** Revision-pair and synthetic-noise results, each with its exports (charts take the first run's name). */
function PairResultsWithExports() {
  const nat = useJobView('natural');
  const syn = useJobView('synthetic');
  const rows = useApp((s) => s.naturalRows);
  const synRows = useApp((s) => s.syntheticRows);
  const dropped = useApp((s) => s.syntheticDropped);
  const natCi = useApp((s) => ciFor(s, 'natural'));
  const synCi = useApp((s) => ciFor(s, 'synthetic'));
  // The same payloads the run history saves, so an export of the live result equals the saved one's.
  const of = (kind: 'natural' | 'synthetic', job: typeof nat) => {
    const payload = builtInPayload(useApp.getState(), kind);
    return payload && job.run ? { kind, run: job.run, partial: job.status === 'cancelled', payload } : null;
  };
  const natPayload = of('natural', nat);
  const synPayload = of('synthetic', syn);
  const first = natPayload ?? synPayload;
  if (!first) return null;
  const table = (p: NonNullable<typeof first>) => builtInTable(p.kind, p.payload, p.run) as ResultTable;
  return (
    <RunResult kind={first.kind} run={first.run} table={table(first)} partial={first.partial} testid={first.kind} label={natPayload && synPayload ? 'Revision pairs' : undefined}>
      {natPayload && synPayload && <ResultActions kind="synthetic" run={synPayload.run} table={table(synPayload)} partial={synPayload.partial} testid="synthetic" label="Synthetic noise" />}
      <CiStatus status={natCi?.status} error={natCi?.error} testid="natural" />
      <CiStatus status={synCi?.status} error={synCi?.error} testid="synthetic" />
      <PairResults rows={rows} synRows={synRows} dropped={dropped} natCi={natCi?.result} synCi={synCi?.result} />
    </RunResult>
  );
}

/** The summary table of revision pairs and/or synthetic noise side by side, with the category and intention charts. */
export function PairResults({ rows, synRows, dropped, natCi, synCi }: { rows: PairRow[]; synRows: PairRow[]; dropped: number; natCi?: ExperimentCi | null; synCi?: ExperimentCi | null }) {
  const nat = rows.length ? summarizePairs(rows) : null;
  const sy = synRows.length ? summarizePairs(synRows) : null;
  const synLabel = synRows[0]?.intent ?? 'synthetic';
  const cats = categoryChart(nat, sy);
  return (
    <>
      <SummaryTable nat={nat} syn={sy} synLabel={synLabel} dropped={dropped} natCi={natCi} synCi={synCi} />
      <div className="charts">
          <Chart title={`Questions per category: ${[nat ? 'natural edits' : '', sy ? synLabel : ''].filter(Boolean).join(' (solid) vs ')}${nat && sy ? ' (light)' : ''}`} testid="chart-categories" counts={cats.counts} smallWhich={cats.small}>
              <BarChart data={cats.data}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="c" interval={0} height={40} tick={<WrappedTick />} label={xTitle('category (original → perturbed)')} />
                <YAxis allowDecimals={false} label={yTitle('questions (count)')} />
                <Tooltip formatter={smallTip()} />
                {nat && (
                  <Bar dataKey="natural" name={cats.names.natural} isAnimationActive={false}>
                    {PAIR_CATEGORIES.map((c) => (
                      <Cell key={c} fill={CATEGORY_COLORS[c]} />
                    ))}
                  </Bar>
                )}
                {sy && (
                  <Bar dataKey="synthetic" name={cats.names.synthetic} isAnimationActive={false}>
                    {PAIR_CATEGORIES.map((c) => (
                      <Cell key={c} fill={CATEGORY_COLORS[c]} fillOpacity={0.45} />
                    ))}
                  </Bar>
                )}
              </BarChart>
          </Chart>
          {rows.length > 0 && <IntentChart rows={rows} />}
      </div>
    </>
  );
}

function SummaryTable({ nat, syn, synLabel, dropped, natCi, synCi }: { nat: PairSummary | null; syn: PairSummary | null; synLabel: string; dropped: number; natCi?: ExperimentCi | null | undefined; synCi?: ExperimentCi | null | undefined }) {
  type Col = { name: string; s: PairSummary; id: 'natural' | 'synthetic'; ci: ExperimentCi | null | undefined };
  const cols = [nat ? { name: 'natural edits', s: nat, id: 'natural', ci: natCi } : null, syn ? { name: synLabel, s: syn, id: 'synthetic', ci: synCi } : null].filter((x): x is Col => x !== null);
  const stats = (c: Col) => c.ci?.rows[PAIRS_CI_KEY];
  return (
    <>
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Revision pair results (scrolls sideways)">
    <table className="results-table" data-testid="natural-table">
      <thead>
        <tr>
          <th />
          {cols.map((c) => (
            <th key={c.name}>{c.name}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <td>questions</td>
          {cols.map((c) => (
            <td key={c.name}>
              {c.s.n}
              <SmallMark n={c.s.n} />
            </td>
          ))}
        </tr>
        {PAIR_CATEGORIES.map((k) => (
          <tr key={k}>
            <td>
              <span className={`cat cat-${k}`}>
                <Term k={k} />
              </span>
            </td>
            {cols.map((c) => (
              <td key={c.name} data-testid={`${c === cols[0] && nat ? 'natural' : 'synthetic'}-${k}`}>
                {c.s.categories[k]}
              </td>
            ))}
          </tr>
        ))}
        <tr>
          <td>EM / F1 original</td>
          {cols.map((c) => (
            <td key={c.name}>
              {pct(c.s.original.em)} / {pct(c.s.original.f1)}
              <FigureCi stats={stats(c)} side="original" testid={`${c.id}-ci-original`} />
            </td>
          ))}
        </tr>
        <tr>
          <td>EM / F1 changed</td>
          {cols.map((c) => (
            <td key={c.name}>
              {pct(c.s.perturbed.em)} / {pct(c.s.perturbed.f1)}
              <FigureCi stats={stats(c)} side="perturbed" testid={`${c.id}-ci-perturbed`} />
            </td>
          ))}
        </tr>
        <DropRow stats={cols.map(stats)} testid="natural" />
        <tr>
          <td>answer sentence unmodified (share of each category's answerable questions)</td>
          {cols.map((c) => (
            <td key={c.name} data-testid={`${c === cols[0] && nat ? 'natural' : 'synthetic'}-unmodified`}>
              {(['C2W', 'C2C', 'W2C'] as const).map((k) => `${k} ${Number.isNaN(c.s.unmodified[k]) ? '–' : `${pct(100 * c.s.unmodified[k])}% of ${c.s.answerable[k]}`}`).join(' · ')}
            </td>
          ))}
        </tr>
        <tr>
          <td>prediction changed</td>
          {cols.map((c) => (
            <td key={c.name} data-testid={`${c === cols[0] && nat ? 'natural' : 'synthetic'}-changed`}>
              {pct(100 * c.s.predictionChangeRate)}%
            </td>
          ))}
        </tr>
        <tr>
          <td>
            <Term k="relative F1 change" /> ({RELATIVE_SIGN})
          </td>
          {cols.map((c) => (
            <td key={c.name} className={c.s.relativeF1Change < 0 ? 'drop' : c.s.relativeF1Change > 0 ? 'gain' : undefined}>
              {/* Undefined when the original F1 is 0: a dash, not "0%". */}
              {relativeChangeText(c.s.relativeF1Change)}
            </td>
          ))}
        </tr>
        {syn && dropped > 0 && (
          <tr>
            <td colSpan={cols.length + 1} className="hint">
              {dropped} question{dropped === 1 ? '' : 's'} left out: {dropped === 1 ? 'its' : 'their'} passage had nothing outside the answers to change (noise is drawn once per passage).
            </td>
          </tr>
        )}
      </tbody>
    </table>
    </div>
    <SmallLegend counts={cols.map((c) => c.s.n)} />
    {(() => {
      const first = cols.find((c) => c.ci)?.ci;
      return first ? <CiLegend ci={first} testid="natural" /> : null;
    })()}
    </>
  );
}

/**
 * The category chart's bars, series names and small-n marks: a series is the questions of one run,
 * so a small one is named in the chart's note (its bars keep the solid/light of the two series), e.g.
 * categoryChart(summary of 14 pairs, null).small === 'natural edits, n=14'.
 */
export function categoryChart(nat: PairSummary | null, sy: PairSummary | null): { data: { c: string; natural: number; synthetic: number }[]; names: { natural: string; synthetic: string }; counts: number[]; small: string } {
  const series = [nat ? { key: 'natural' as const, name: 'natural edits', n: nat.n } : null, sy ? { key: 'synthetic' as const, name: 'synthetic noise', n: sy.n } : null].filter((x) => x !== null);
  const named = (key: 'natural' | 'synthetic', name: string) => {
    const s = series.find((x) => x.key === key);
    return s ? `${name} (${smallLabel(s.n)})` : name;
  };
  return {
    data: PAIR_CATEGORIES.map((c) => ({ c, natural: nat?.categories[c] ?? 0, synthetic: sy?.categories[c] ?? 0 })),
    names: { natural: named('natural', 'natural edits'), synthetic: named('synthetic', 'synthetic noise') },
    counts: series.map((s) => s.n),
    small: series.filter((s) => isSmallN(s.n)).map((s) => `${s.name}, n=${s.n}`).join('; '),
  };
}

/** The intention chart's bars with each intention's question count `n` (C2W + C2C + W2C), which marks it small, e.g. [{ intent: 'clarification', C2W: 1, C2C: 3, W2C: 0, n: 4 }]. */
export function intentChartData(rows: readonly { intent: string | null; category: string }[]): { intent: string; C2W: number; C2C: number; W2C: number; n: number }[] {
  // Tags in Yang et al.'s 13 intentions are counted under the paper's 8 categories they map to.
  return intentDistribution(rows).map((d) => ({ ...d, n: d.C2W + d.C2C + d.W2C }));
}

/** Edit intentions in the paper's 8 categories, split by C2W, C2C and W2C (its Fig. 3); an intention of few questions has lighter bars. */
function IntentChart({ rows }: { rows: PairRow[] }) {
  const data = intentChartData(rows);
  return (
    <Chart title="Edit intentions by category" testid="chart-intents" counts={data.map((d) => d.n)} minWidth={categoryMinWidth(data.length)}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="intent" interval={0} height={58} tick={<WrappedTick />} label={xTitle('edit intention')} />
          <YAxis allowDecimals={false} label={yTitle('questions (count)')} />
          <Tooltip formatter={smallTip()} />
          <Legend itemSorter={inBarOrder(['C2W', 'C2C', 'W2C'])} />
          {(['C2W', 'C2C', 'W2C'] as const).map((c) => (
            <Bar key={c} dataKey={c} stackId="i" fill={CATEGORY_COLORS[c]} isAnimationActive={false}>
              {data.map((d) => (
                <Cell key={d.intent} fillOpacity={faint(d.n)} />
              ))}
            </Bar>
          ))}
        </BarChart>
    </Chart>
  );
}
