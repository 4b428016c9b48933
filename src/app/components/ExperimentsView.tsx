/**
 * Entity-renaming experiments over the instance browser's current list: a sweep (seeds × sources
 * × entity types) with charts, worst/best over a budget with and without RESEMBLE, and an export.
 */
import { Bar, BarChart, CartesianGrid, Cell, ErrorBar, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Chart, pct, SOURCE_COLORS } from './Chart.tsx';
import { ENTITY_CHOICES, MAX_BUDGET, NAME_SOURCES, NOT_RENAMABLE, ORIGIN_LABELS, ORIGINS, SOURCE_LABELS, type Origin } from '../../core/entity/options.ts';
import { summarizeSweep, wrongShares, type BudgetScores, type SweepCell, type SweepRow } from '../../core/entity/stats.ts';
import { useApp } from '../store/index.ts';
import { RenameSelects, TargetSelect } from './RenameSelects.tsx';
import { SeedInput } from './SeedInput.tsx';
import { JobBar } from './JobBar.tsx';
import { NaturalCard } from './NaturalCard.tsx';
import { UniversalCard } from './UniversalCard.tsx';
import { ParaphraseCard } from './ParaphraseCard.tsx';
import { BudgetSlices } from './SliceTable.tsx';
import { TrapCard } from './TrapCard.tsx';



export function ExperimentsView() {
  const total = useApp((s) => s.total);
  const status = useApp((s) => s.modelStatus);
  const model = useApp((s) => s.model);
  return (
    <div className="experiments" data-testid="experiments">
      <p className="hint">
        Runs on the <strong>{total.toLocaleString()}</strong> question{total === 1 ? '' : 's'} in the list (set the dataset, filters and search in the middle column), with{' '}
        <strong>{model?.label ?? 'no model'}</strong>. Entity renaming counts only questions whose answer is a renamable PER, ORG or GPE entity (Chinese ones by name and place lists).
      </p>
      {status !== 'ready' && <p className="note">Load a model first.</p>}
      <NaturalCard />
      <ParaphraseCard />
      <SweepCard />
      <BudgetCard />
      <UniversalCard />
      <ExportCard />
      <TrapCard />
    </div>
  );
}


function Checks<T extends string>({ all, value, onChange, label, testid }: { all: readonly T[]; value: T[]; onChange: (v: T[]) => void; label: (t: T) => string; testid: string }) {
  return (
    <span className="checks">
      {all.map((t) => (
        <label key={t}>
          <input type="checkbox" data-testid={`${testid}-${t}`} checked={value.includes(t)} onChange={(e) => onChange(e.target.checked ? all.filter((x) => x === t || value.includes(x)) : value.filter((x) => x !== t))} /> {label(t)}
        </label>
      ))}
    </span>
  );
}

function SweepCard() {
  const cfg = useApp((s) => s.sweepConfig);
  const job = useApp((s) => s.sweep);
  const cells = useApp((s) => s.sweepCells);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const { setSweepConfig, start, cancel } = useApp.getState();
  const running = job.status === 'running' || job.status === 'collecting';
  // Planned seeds come from the run's record: the seeds field may have changed since the run started.
  const planned = Number(job.run?.settings.seeds ?? cfg.seeds);
  const rows = summarizeSweep(cells, planned);
  return (
    <section className="card" data-testid="sweep-card">
      <h3>Sweep: how much does renaming cost?</h3>
      <div className="form-grid">
        <span className="field-label">rename</span>
        <span>
          <TargetSelect value={cfg.target} onChange={(target) => setSweepConfig({ target })} testid="sweep" labelled={false} />
        </span>
        <span className="field-label">entity types</span>
        {cfg.target === 'question-person' ? <span className="hint">PER (a person named in the question)</span> : <Checks all={ENTITY_CHOICES} value={cfg.types} onChange={(types) => setSweepConfig({ types })} label={(t) => t} testid="sweep-type" />}
        <span className="field-label">name sources</span>
        <Checks all={NAME_SOURCES} value={cfg.sources} onChange={(sources) => setSweepConfig({ sources })} label={(s) => SOURCE_LABELS[s]} testid="sweep-source" />
        <span className="field-label">seeds</span>
        <input type="number" min={1} max={20} value={cfg.seeds} data-testid="sweep-seeds" onChange={(e) => setSweepConfig({ seeds: Math.min(20, Math.max(1, Math.floor(Number(e.target.value) || 1))) })} />
        <span className="field-label">DBName person origins</span>
        <Checks all={ORIGINS} value={cfg.origins} onChange={(origins) => setSweepConfig({ origins, origin: origins.includes(cfg.origin) ? cfg.origin : (origins[0] ?? 'us') })} label={(o) => ORIGIN_LABELS[o]} testid="sweep-origin" />
      </div>
      <div className="row">
        <button type="button" className="primary" data-testid="sweep-run" disabled={!ready || running || cfg.types.length === 0 || cfg.sources.length === 0} onClick={() => start('sweep')}>
          Run sweep
        </button>
      </div>
      <JobBar job={job} onCancel={() => cancel('sweep')} testid="sweep" />
      {rows.length > 0 && <SweepResults rows={rows} />}
      {cells.length > 0 && <LeftOut cells={cells} />}
    </section>
  );
}

/** Questions each cell left out, per reason ('long-name': a person name of more than two words), from the first seed run of each type × source. */
function LeftOut({ cells }: { cells: SweepCell[] }) {
  const first = new Map<string, SweepCell>();
  for (const c of cells) if (!first.has(`${c.type}·${c.source}`)) first.set(`${c.type}·${c.source}`, c);
  return (
    <details className="hint" data-testid="sweep-left-out">
      <summary>Questions left out, per reason (seed {cells[0]?.seed} of each cell)</summary>
      <ul>
        {[...first.values()].map((c) => (
          <li key={`${c.type}·${c.source}`}>
            {c.type} · {SOURCE_LABELS[c.source]}: {c.n} renamed, {NOT_RENAMABLE.filter((r) => c.skipped[r]).map((r) => `${c.skipped[r]} ${r}`).join(', ') || 'none left out'}
          </li>
        ))}
      </ul>
    </details>
  );
}

function SweepResults({ rows: all }: { rows: SweepRow[] }) {
  // Rows a cancelled run left short of their seeds are listed but kept out of charts and means.
  const rows = all.filter((r) => r.complete);
  const partial = all.length - rows.length;
  const main = rows.filter((r) => r.origin === useApp.getState().sweepConfig.origin || !(r.type === 'PER' && r.source === 'db'));
  const types = [...new Set(main.map((r) => r.type))];
  const sources = [...new Set(main.map((r) => r.source))];
  // Drop in F1 per entity type, one bar per source, error bars = std over seeds.
  const byType = types.map((t) => {
    const d: Record<string, number | string> = { type: t };
    for (const s of sources) {
      const r = main.find((x) => x.type === t && x.source === s && x.origin === useApp.getState().sweepConfig.origin) ?? main.find((x) => x.type === t && x.source === s);
      if (r) {
        d[s] = +r.dropF1.toFixed(2);
        d[`${s}-std`] = +r.pertF1.std.toFixed(2);
      }
    }
    return d;
  });
  const bySource = sources.map((s) => {
    const rs = main.filter((r) => r.source === s && r.type !== 'MIX');
    const n = rs.reduce((a, r) => a + r.n, 0);
    const drop = n ? rs.reduce((a, r) => a + r.dropF1 * r.n, 0) / n : 0;
    return { source: SOURCE_LABELS[s], drop: +drop.toFixed(2), fill: SOURCE_COLORS[s] };
  });
  const origins = rows.filter((r) => r.type === 'PER' && r.source === 'db');
  const byOrigin = origins.map((r) => ({ origin: ORIGIN_LABELS[r.origin as Origin], em: +r.pertEm.mean.toFixed(2), std: +r.pertEm.std.toFixed(2), original: +r.orig.em.toFixed(2) }));
  // Wrong entity vs wrong boundary per cell (type × source), renamed side, as the paper's Table 6.
  const errorData = main
    .filter((r) => r.type !== 'MIX')
    .map((r) => {
      const sh = wrongShares(r.errors.pert);
      return { cell: `${r.type} ${SOURCE_LABELS[r.source]}`, entity: Number.isNaN(sh.entity) ? 0 : +sh.entity.toFixed(1), boundary: Number.isNaN(sh.boundary) ? 0 : +sh.boundary.toFixed(1) };
    });
  return (
    <div className="results">
      <table className="results-table" data-testid="sweep-table">
        <thead>
          <tr>
            <th>type</th>
            <th>source</th>
            <th>origin</th>
            <th>n</th>
            <th>seeds</th>
            <th>orig. EM / F1</th>
            <th>renamed EM ±</th>
            <th>renamed F1 ±</th>
            <th>drop F1</th>
            <th title="Wrong renamed answers: another entity vs a wrong boundary">wrong ent. / bound. %</th>
          </tr>
        </thead>
        <tbody>
          {all.map((r) => (
            <tr key={`${r.type}-${r.source}-${r.origin}`} className={r.complete ? undefined : 'partial-row'} data-testid={r.complete ? 'sweep-row' : 'sweep-row-partial'}>
              <td>{r.type}</td>
              <td>{SOURCE_LABELS[r.source]}</td>
              <td>{r.source === 'db' ? ORIGIN_LABELS[r.origin as Origin] : '–'}</td>
              <td>{r.n}</td>
              <td>
                {r.seeds}/{r.plannedSeeds}
                {r.complete ? '' : ' (partial)'}
              </td>
              <td>
                {pct(r.orig.em)} / {pct(r.orig.f1)}
              </td>
              <td>
                {pct(r.pertEm.mean)} ± {pct(r.pertEm.std)}
              </td>
              <td>
                {pct(r.pertF1.mean)} ± {pct(r.pertF1.std)}
              </td>
              <td className={r.dropF1 > 0.05 ? 'drop' : 'gain'}>{pct(r.dropF1)}</td>
              <td>{fmtShares(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint" data-testid="sweep-std-note">
        ± is the standard deviation over perturbation seeds (the papers' ± is over training seeds). Wrong ent. / bound.: of the wrong renamed answers, the share naming another entity and the share with a wrong boundary.
        {partial > 0 && ` ${partial} row${partial === 1 ? '' : 's'} of a cancelled run ${partial === 1 ? 'is' : 'are'} marked partial and left out of the charts.`}
      </p>
      <div className="charts">
        <Chart title="Drop in F1 per entity type" testid="chart-type">
          <BarChart data={byType}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="type" interval={0} />
            <YAxis unit="" />
            <Tooltip />
            <Legend />
            {sources.map((s) => (
              <Bar key={s} dataKey={s} name={SOURCE_LABELS[s]} fill={SOURCE_COLORS[s]} isAnimationActive={false}>
                <ErrorBar dataKey={`${s}-std`} width={4} stroke="#333" />
              </Bar>
            ))}
          </BarChart>
        </Chart>
        <Chart title="Drop in F1 per name source (PER, ORG, GPE)" testid="chart-source">
          <BarChart data={bySource}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="source" interval={0} />
            <YAxis />
            <Tooltip />
            <Bar dataKey="drop" name="drop in F1" isAnimationActive={false}>
              {bySource.map((d) => (
                <Cell key={d.source} fill={d.fill} />
              ))}
            </Bar>
          </BarChart>
        </Chart>
        {byOrigin.length > 0 && (
          <Chart title="EM by person-name origin (PER, DBName)" testid="chart-origin">
            <BarChart data={byOrigin}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="origin" interval={0} />
              <YAxis domain={[0, 100]} />
              <Tooltip />
              <Legend />
              <Bar dataKey="original" name="original" fill={SOURCE_COLORS.original} isAnimationActive={false} />
              <Bar dataKey="em" name="renamed" fill={SOURCE_COLORS.db} isAnimationActive={false}>
                <ErrorBar dataKey="std" width={4} stroke="#333" />
              </Bar>
            </BarChart>
          </Chart>
        )}
        <Chart title="Wrong renamed answers per cell: wrong entity vs wrong boundary (%)" testid="chart-errors">
          <BarChart data={errorData}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="cell" interval={0} angle={-25} textAnchor="end" height={60} tick={{ fontSize: 11 }} />
            <YAxis domain={[0, 100]} />
            <Tooltip />
            <Legend />
            <Bar dataKey="entity" name="wrong entity" stackId="e" fill="var(--c2w)" isAnimationActive={false} />
            <Bar dataKey="boundary" name="wrong boundary" stackId="e" fill="#e0a030" isAnimationActive={false} />
          </BarChart>
        </Chart>
      </div>
    </div>
  );
}


function BudgetCard() {
  const cfg = useApp((s) => s.budgetConfig);
  const job = useApp((s) => s.budget);
  const result = useApp((s) => s.budgetResult);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const { setBudgetConfig, start, cancel } = useApp.getState();
  const running = job.status === 'running' || job.status === 'collecting';
  const res = cfg.resemble;
  return (
    <section className="card" data-testid="budget-card">
      <h3>Worst and best case over a budget of renamings</h3>
      <div className="row wrap">
        <RenameSelects value={cfg} onChange={(v) => setBudgetConfig(v)} testid="budget" />
        <label>
          budget B{' '}
          <input type="number" min={1} max={MAX_BUDGET} value={cfg.budget} data-testid="budget-b" onChange={(e) => setBudgetConfig({ budget: Math.min(MAX_BUDGET, Math.max(1, Math.floor(Number(e.target.value) || 1))) })} />
        </label>
        <label className="toggle">
          <input type="checkbox" checked={res !== null} data-testid="budget-resemble" onChange={(e) => setBudgetConfig({ resemble: e.target.checked ? { m: 3, temperature: 2, type: 'MIX' } : null })} /> RESEMBLE
        </label>
        {res && (
          <>
            <label>
              M{' '}
              <select value={res.m} data-testid="budget-m" onChange={(e) => setBudgetConfig({ resemble: { ...res, m: Number(e.target.value) as 1 | 3 } })}>
                <option value={1}>1</option>
                <option value={3}>3</option>
              </select>
            </label>
            <label>
              T{' '}
              <input type="number" min={0.1} step={0.5} value={res.temperature} className="seed" onChange={(e) => setBudgetConfig({ resemble: { ...res, temperature: Math.max(0.1, Number(e.target.value) || 2) } })} />
            </label>
          </>
        )}
      </div>
      <div className="row">
        <button type="button" className="primary" data-testid="budget-run" disabled={!ready || running} onClick={() => start('budget')}>
          Run budget
        </button>
      </div>
      <JobBar job={job} onCancel={() => cancel('budget')} testid="budget" />
      {result && result.n > 0 && (
        <table className="results-table" data-testid="budget-table">
          <thead>
            <tr>
              <th>{result.n} questions, B = {cfg.budget}</th>
              <th>model</th>
              {result.defended && <th>+ RESEMBLE</th>}
            </tr>
          </thead>
          <tbody>
            {(['original', 'random', 'worst', 'best'] as const).map((k) => (
              <tr key={k}>
                <td>{k === 'random' ? `random renaming, mean ± std over the ${cfg.budget} runs` : k === 'original' ? 'original' : `D_${k}`} (EM / F1)</td>
                <td>{fmtScore(result.plain, k)}</td>
                {result.defended && <td>{fmtScore(result.defended, k)}</td>}
              </tr>
            ))}
            <tr>
              <td>stability (answer never changes)</td>
              <td data-testid="budget-stability">{pct(100 * result.plain.stability)}%</td>
              {result.defended && <td>{pct(100 * result.defended.stability)}%</td>}
            </tr>
          </tbody>
        </table>
      )}
      {result && result.n > 0 && <BudgetSlices />}
      {result && result.n === 0 && <p className="note">No question in the list has a renamable answer entity of this type.</p>}
    </section>
  );
}

/** "EM / F1" of one row; the random row adds ± its std over runs. */
/** "wrong entity / wrong boundary" shares of a row's renamed wrong answers, or – when none is wrong. */
function fmtShares(r: SweepRow): string {
  const sh = wrongShares(r.errors.pert);
  return Number.isNaN(sh.entity) ? '–' : `${pct(sh.entity)} / ${pct(sh.boundary)}`;
}

const fmtScore = (s: BudgetScores, k: 'original' | 'random' | 'worst' | 'best') =>
  k === 'random' ? `${pct(s.random.em)} ± ${pct(s.randomStd.em)} / ${pct(s.random.f1)} ± ${pct(s.randomStd.f1)}` : `${pct(s[k].em)} / ${pct(s[k].f1)}`;

function ExportCard() {
  const o = useApp((s) => s.exportOptions);
  const job = useApp((s) => s.exportJob);
  const msg = useApp((s) => s.exportMessage);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const { setExportOptions, start } = useApp.getState();
  return (
    <section className="card" data-testid="export-card">
      <h3>Export the renamed set</h3>
      <div className="row wrap">
        <RenameSelects value={o} onChange={(v) => setExportOptions(v)} testid="export" />
        <label>
          seed <SeedInput value={o.seed} testid="export-seed" onChange={(seed) => setExportOptions({ seed })} />
        </label>
        <button type="button" data-testid="export-run" disabled={!ready || job.status === 'running' || job.status === 'collecting'} onClick={() => start('export')}>
          Export SQuAD JSON
        </button>
      </div>
      <p className="hint">Each question records its entity and substitutions; the same as `qarx perturb entity`.</p>
      {msg && (
        <p className="success" data-testid="export-message">
          {msg}
        </p>
      )}
      {job.status === 'error' && <p className="error">{job.error}</p>}
    </section>
  );
}
