/**
 * Universal names (Balasubramanian et al. 2020, Algorithm 2): which single names, put in place of
 * every question's answer entity, change the model's answer on the most questions. Progress counts
 * names tried; a cancelled run keeps the names finished, marked partial.
 */
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { describeIneligible, idleNote, topNames, MAX_UNIVERSAL_CANDIDATES, UNIVERSAL_SOURCES, UNIVERSAL_TYPES, type UniversalResult, type UniversalSource, type UniversalType } from '../../core/entity/universal.ts';
import { universalTable } from '../../core/result-tables.ts';
import { useApp } from '../store/index.ts';
import { RunResult } from './RunResult.tsx';
import { UniversalSlices } from './ExperimentSlices.tsx';
import { Chart, pct, SOURCE_COLORS } from './Chart.tsx';
import { JobBar } from './JobBar.tsx';
import { RenameSelects } from './RenameSelects.tsx';
import { SeedInput } from './SeedInput.tsx';

/** A whole number from a number field, clamped to [min, max]. */
const clampInt = (v: string, min: number, max: number) => Math.min(max, Math.max(min, Math.floor(Number(v) || min)));

export function UniversalCard() {
  const cfg = useApp((s) => s.universalConfig);
  const job = useApp((s) => s.universal);
  const result = useApp((s) => s.universalResult);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const { setUniversalConfig, start, cancel } = useApp.getState();
  const running = job.status === 'running' || job.status === 'collecting';
  return (
    <section className="card" data-testid="universal-card">
      <h3>Universal names: which names change the most answers?</h3>
      <p className="hint">Each of K candidate names is put in place of every question&apos;s answer entity, or of the person the question names (whole name, in passage, question and answers); names are ranked by how many predicted answers change.</p>
      <div className="row wrap">
        <label>
          type{' '}
          <select value={cfg.target === 'question-person' ? 'PER' : cfg.type} disabled={cfg.target === 'question-person'} title={cfg.target === 'question-person' ? 'A person of the question is PER' : undefined} data-testid="universal-type" onChange={(e) => setUniversalConfig({ type: e.target.value as UniversalType })}>
            {UNIVERSAL_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        <RenameSelects value={cfg} onChange={(v) => setUniversalConfig({ ...(v.source ? { source: v.source as UniversalSource } : {}), ...(v.origin ? { origin: v.origin } : {}), ...(v.target ? { target: v.target, ...(v.target === 'question-person' ? { type: 'PER' as const } : {}) } : {}) })} testid="universal" withType={false} sources={UNIVERSAL_SOURCES} />
        <label>
          candidates K <input type="number" min={1} max={MAX_UNIVERSAL_CANDIDATES} value={cfg.candidates} data-testid="universal-k" onChange={(e) => setUniversalConfig({ candidates: clampInt(e.target.value, 1, MAX_UNIVERSAL_CANDIDATES) })} />
        </label>
        <label>
          top k <input type="number" min={1} max={50} value={cfg.top} data-testid="universal-top" onChange={(e) => setUniversalConfig({ top: clampInt(e.target.value, 1, 50) })} />
        </label>
        <label>
          seed <SeedInput value={cfg.seed} testid="universal-seed" onChange={(seed) => setUniversalConfig({ seed })} />
        </label>
      </div>
      <div className="row">
        <button type="button" className="primary" data-testid="universal-run" disabled={!ready || running} onClick={() => start('universal')}>
          Find universal names
        </button>
      </div>
      <JobBar job={job} onCancel={() => cancel('universal')} testid="universal" unit="names tried" kind="universal" />
      {result && job.run && (
        <RunResult kind="universal" run={job.run} table={universalTable(result)} partial={result.cancelled} testid="universal-result">
          <UniversalResults result={result} source={String(job.run.settings.source) as UniversalSource} />
        </RunResult>
      )}
      {result && job.run && <UniversalSlices />}
    </section>
  );
}

/** The top names as a table and a bar chart, with eligibility and the partial marking. */
export function UniversalResults({ result: r, source }: { result: UniversalResult; source: UniversalSource }) {
  if (r.eligible === 0) return <p className="note">No question in the list has a renamable answer entity of this type.</p>;
  // Names that changed nothing never fill the list: fewer are shown, and the note says why.
  const { rows: top, idle } = topNames(r);
  const data = top.map((x) => ({ name: x.name, changed: x.changed }));
  const left = describeIneligible(r.ineligible);
  return (
    <div className="results">
      {r.cancelled && (
        <p className="note" data-testid="universal-partial">
          Partial: cancelled after {r.tried} of {r.candidates} names; the ranking covers only the names tried.
        </p>
      )}
      <p className="hint" data-testid="universal-summary">
        {r.eligible} eligible question{r.eligible === 1 ? '' : 's'} (original EM {pct(r.original.em)} / F1 {pct(r.original.f1)}){left ? `; left out: ${left}` : ''}. {r.tried} of {r.candidates} names tried; top {top.length} shown.
      </p>
      {idle > 0 && (
        <p className="note" data-testid="universal-idle">
          {idleNote(top.length, r.top, idle)}
        </p>
      )}
      {/* Scrolls sideways on a phone; focusable so the keyboard can scroll it too. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Top universal names">
        <table className="results-table" data-testid="universal-table">
          <thead>
            <tr>
              <th>#</th>
              <th>name</th>
              <th title="Questions whose predicted span, mapped back to the original passage, changed">changed</th>
              <th title="Eligible questions the name could be put in">tried</th>
              <th>share %</th>
              <th title="Mean over tried questions of F1 original − F1 renamed, in points">mean F1 drop (points)</th>
            </tr>
          </thead>
          <tbody>
            {top.map((x, k) => (
              <tr key={x.name} data-testid="universal-row" className={r.cancelled ? 'partial-row' : undefined}>
                <td>{k + 1}</td>
                <td>{x.name}</td>
                <td>{x.changed}</td>
                <td>{x.tried}</td>
                <td>{pct(100 * x.share)}</td>
                <td className={x.meanF1Drop > 0.05 ? 'drop' : 'gain'}>{pct(x.meanF1Drop)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.length > 0 && (
        <div className="charts">
          <Chart title={`Answers changed per name (top ${data.length}${r.cancelled ? ', partial' : ''})`} testid="chart-universal" height={Math.max(180, 26 * data.length + 60)}>
            <BarChart data={data} layout="vertical" margin={{ left: 4, right: 24, bottom: 18 }}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} label={{ value: 'answers changed (count)', position: 'insideBottom', offset: -10 }} />
              <YAxis type="category" dataKey="name" width={100} interval={0} tick={{ fontSize: 11 }} label={{ value: 'name', angle: -90, position: 'insideLeft' }} />
              <Tooltip />
              <Bar dataKey="changed" name="answers changed" fill={SOURCE_COLORS[source]} isAnimationActive={false} />
            </BarChart>
          </Chart>
        </div>
      )}
    </div>
  );
}
