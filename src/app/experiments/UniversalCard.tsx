/**
 * Universal names (Balasubramanian et al. 2020, App. A.1, Algorithm 2): which single names, put in
 * place of questions' answer entities, worsen the model's answers more often than they improve them
 * (Beta weights over N iterations of B names × B questions). Progress counts name draws; a cancelled
 * run keeps what finished, marked partial.
 */
import { DROP_SUFFIX } from '../../core/metrics/drop.ts';
import { Term, TermText } from '../teach/Term.tsx';
import { ScopeLine } from '../data/ScopeLine.tsx';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { SMALL_BAR_OPACITY, SmallLegend, SmallMark, smallTip } from '../charts/SmallMark.tsx';
import { isSmallN } from '../../core/metrics/slices.ts';
import { DEFAULT_UNIVERSAL, describeIneligible, qualifiedNote, topNames, MAX_UNIVERSAL_CANDIDATES, MAX_UNIVERSAL_ITERATIONS, MAX_UNIVERSAL_SAMPLE, UNIVERSAL_SOURCES, UNIVERSAL_TYPES, type UniversalResult, type UniversalSource, type UniversalType } from '../../core/entity/universal-options.ts';
import { universalTable } from '../../core/results/tables.ts';
import { useApp } from '../store/index.ts';
import { useJobView } from '../store/job-view.ts';
import { RunResult } from '../results/RunResult.tsx';
import type { ExperimentCi } from '../../core/stats/index.ts';
import { withUniversalCi } from '../../core/experiments/universal/ci.ts';
import { ciFor } from '../store/ci-slice.ts';
import { CiControl, useCiError } from '../charts/CiControl.tsx';
import { CiCells, CiHeads, CiLegend, CiStatus } from '../charts/CiCell.tsx';
import { UniversalSlices } from './ExperimentSlices.tsx';
import { Chart, pct, SOURCE_COLORS } from '../charts/Chart.tsx';
import { JobBar } from '../shell/JobBar.tsx';
import { RenameSelects } from '../live/RenameSelects.tsx';
import { SeedBlocked, useSeedField } from './SeedInput.tsx';
import { TaggerBlocked } from '../models/TaggerSettings.tsx';
import { taggerBlock } from '../store/tagger-slice.ts';
import { dropClass } from '../shell/format.ts';

/** A whole number from a number field, clamped to [min, max]. */
const clampInt = (v: string, min: number, max: number) => Math.min(max, Math.max(min, Math.floor(Number(v) || min)));

export function UniversalCard() {
  const cfg = useApp((s) => s.universalConfig);
  const job = useJobView('universal');
  const result = useApp((s) => s.universalResult);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const blocked = useApp((s) => taggerBlock(s) !== null);
  const { setUniversalConfig, start, cancel } = useApp.getState();
  const running = job.status === 'running' || job.status === 'collecting';
  const ci = useApp((s) => ciFor(s, 'universal'));
  const ciSeed = useCiError();
  const seed = useSeedField({ value: cfg.seed, testid: 'universal-seed', onChange: (v) => setUniversalConfig({ seed: v }) });
  return (
    <section className="card" data-testid="universal-card">
      <h3>
        <Term k="universal names">Universal names</Term>: which names make the most answers worse?
      </h3>
      <p className="hint">
        <TermText text="Algorithm 2 of Balasubramanian et al. (App. A.1): K candidate names each get a Beta(α, β) weight. In each of N iterations, B names drawn by weight are each put in place of the answer entity, or of the person the question names, of B randomly drawn questions (whole name, in passage, question and answers); α grows by the questions whose F1 the name lowered minus those it raised, β by the rest. Names are ranked by the weight α/(α+β), an estimate of P(worsen) − P(improve)." />
      </p>
      <div className="row wrap">
        <label>
          type{' '}
          <Term k="entity-types">
            {(tip) => (
          <select value={cfg.target === 'question-person' ? 'PER' : cfg.type} disabled={cfg.target === 'question-person'} title={cfg.target === 'question-person' ? 'A person of the question is PER' : undefined} aria-describedby={tip} data-testid="universal-type" onChange={(e) => setUniversalConfig({ type: e.target.value as UniversalType })}>
            {UNIVERSAL_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
            )}
          </Term>
        </label>
        <RenameSelects value={cfg} onChange={(v) => setUniversalConfig({ ...(v.source ? { source: v.source as UniversalSource } : {}), ...(v.origin ? { origin: v.origin } : {}), ...(v.target ? { target: v.target, ...(v.target === 'question-person' ? { type: 'PER' as const } : {}) } : {}) })} testid="universal" withType={false} sources={UNIVERSAL_SOURCES} />
        <label>
          candidates K <input type="number" min={1} max={MAX_UNIVERSAL_CANDIDATES} value={cfg.candidates} data-testid="universal-k" onChange={(e) => setUniversalConfig({ candidates: clampInt(e.target.value, 1, MAX_UNIVERSAL_CANDIDATES) })} />
        </label>
        <label>
          iterations N <input type="number" min={1} max={MAX_UNIVERSAL_ITERATIONS} value={cfg.iterations ?? DEFAULT_UNIVERSAL.iterations} data-testid="universal-n" onChange={(e) => setUniversalConfig({ iterations: clampInt(e.target.value, 1, MAX_UNIVERSAL_ITERATIONS) })} />
        </label>
        <label>
          sample B <input type="number" min={1} max={MAX_UNIVERSAL_SAMPLE} value={cfg.sample ?? DEFAULT_UNIVERSAL.sample} data-testid="universal-b" onChange={(e) => setUniversalConfig({ sample: clampInt(e.target.value, 1, MAX_UNIVERSAL_SAMPLE) })} />
        </label>
        <label>
          top k <input type="number" min={1} max={50} value={cfg.top} data-testid="universal-top" onChange={(e) => setUniversalConfig({ top: clampInt(e.target.value, 1, 50) })} />
        </label>
        <label>
          seed {seed.input}
        </label>
      </div>
      <div className="row">
        <button type="button" className="primary" data-testid="universal-run" disabled={!ready || running || blocked || seed.error !== null || ciSeed !== null} onClick={() => start('universal')}>
          Find universal names
        </button>
        <CiControl testid="universal" />
        <SeedBlocked error={seed.error} ci={ciSeed} testid="universal-run" />
        <TaggerBlocked testid="universal-run" />
      </div>
      <ScopeLine kind="universal" testid="universal" />
      <JobBar job={job} onCancel={() => cancel('universal')} testid="universal" unit="name draws" kind="universal" />
      {result && job.run && (
        <RunResult kind="universal" run={job.run} table={withUniversalCi(universalTable(result), ci?.result ?? undefined)} partial={result.cancelled} testid="universal-result">
          <CiStatus status={ci?.status} error={ci?.error} testid="universal" />
          <UniversalResults result={result} source={String(job.run.settings.source) as UniversalSource} ci={ci?.result} />
        </RunResult>
      )}
      {result && job.run && <UniversalSlices />}
    </section>
  );
}

/** The top names as a table and a bar chart, with eligibility and the partial marking. */
export function UniversalResults({ result: r, source, ci }: { result: UniversalResult; source: UniversalSource; ci?: ExperimentCi | null }) {
  if (r.eligible === 0) return <p className="note">No question in the list has a renamable answer entity of this type.</p>;
  // Only names that worsen more answers than they improve are listed; the note says how many qualified.
  const { rows: top, qualified, drawn } = topNames(r);
  const data = top.map((x) => ({ name: x.name, weight: +(100 * (x.weight ?? 0)).toFixed(1), n: x.tried }));
  const left = describeIneligible(r.ineligible);
  return (
    <div className="results">
      {r.cancelled && (
        <p className="note" data-testid="universal-partial">
          Partial: cancelled after {r.iterations ?? 0} of {r.plannedIterations ?? 0} iterations; the ranking covers only the draws finished.
        </p>
      )}
      <p className="hint" data-testid="universal-summary">
        {r.eligible} eligible question{r.eligible === 1 ? '' : 's'} (original EM {pct(r.original.em)} / F1 {pct(r.original.f1)}){left ? `; left out: ${left}` : ''}. {r.tried} of {r.candidates} names drawn in {r.iterations ?? 0} iteration{r.iterations === 1 ? '' : 's'}; top {top.length} shown. Counts are over trials (question × iteration).
      </p>
      <p className={qualified < r.top ? 'note' : 'hint'} data-testid="universal-qualified">
        {qualifiedNote(top.length, r.top, qualified, drawn)}
      </p>
      {/* Scrolls sideways on a phone; focusable so the keyboard can scroll it too. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Top universal names">
        <table className="results-table" data-testid="universal-table">
          <thead>
            <tr>
              <th>#</th>
              <th>name</th>
              <th title="100·α/(α+β): the estimate of P(worsen) − P(improve)">weight %</th>
              <th title="Trials whose F1 the name lowered">worse</th>
              <th title="Trials whose F1 the name raised">better</th>
              <th title="Questions of the name's samples it could be put in, over its draws">tried</th>
              <th title="Trials whose predicted span, mapped back to the original passage, changed">changed</th>
              <th title="Mean over trials of F1 original − F1 renamed, in points">mean F1 drop {DROP_SUFFIX} (points)</th>
              {ci && <CiHeads />}
            </tr>
          </thead>
          <tbody>
            {top.map((x, k) => (
              <tr key={x.name} data-testid="universal-row" className={r.cancelled ? 'partial-row' : undefined}>
                <td>{k + 1}</td>
                <td>{x.name}</td>
                <td>{x.weight === undefined ? '–' : pct(100 * x.weight)}</td>
                <td>{x.worsened ?? '–'}</td>
                <td>{x.improved ?? '–'}</td>
                <td>
                  {x.tried}
                  <SmallMark n={x.tried} />
                </td>
                <td>{x.changed}</td>
                <td className={dropClass(x.meanF1Drop)}>{pct(x.meanF1Drop)}</td>
                {ci && <CiCells stats={ci.rows[x.name]} />}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SmallLegend counts={top.map((x) => x.tried)} />
      {ci && <CiLegend ci={ci} testid="universal" />}
      {ci && (
        <p className="hint" data-testid="universal-ci-note">
          The CI columns are over the questions each name was put in (each question&apos;s mean over its trials), so their drop can differ from the mean over trials.
        </p>
      )}
      {data.length > 0 && (
        <div className="charts">
          <Chart title={`Weight per name, P(worsen) − P(improve) (top ${data.length}${r.cancelled ? ', partial' : ''})`} testid="chart-universal" height={Math.max(180, 26 * data.length + 60)} counts={data.map((d) => d.n)}>
            <BarChart data={data} layout="vertical" margin={{ left: 4, right: 24, bottom: 18 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" label={{ value: 'weight (%)', position: 'insideBottom', offset: -10 }} />
              <YAxis type="category" dataKey="name" width={100} interval={0} tick={{ fontSize: 11 }} label={{ value: 'name', angle: -90, position: 'insideLeft' }} />
              <Tooltip formatter={smallTip()} />
              <Bar dataKey="weight" name="weight %" fill={SOURCE_COLORS[source]} isAnimationActive={false}>
                {data.map((d) => (
                  <Cell key={d.name} fillOpacity={isSmallN(d.n) ? SMALL_BAR_OPACITY : 1} />
                ))}
              </Bar>
            </BarChart>
          </Chart>
        </div>
      )}
    </div>
  );
}
