/**
 * Entity-renaming experiments over the instance browser's current list: a sweep (seeds × sources
 * × entity types) with charts, worst/best over a budget with and without RESEMBLE, and an export.
 */
import { firstUse, Term, TermText } from '../teach/Term.tsx';
import { ScopeLine } from '../data/ScopeLine.tsx';
import { useEffect, useMemo, type ReactNode } from 'react';
import { ShareLink } from '../results/ShareLink.tsx';
import { experimentOf } from '../shell/routes.ts';
import { ExperimentNav, ExperimentOverview } from './ExperimentNav.tsx';
import { ResultCases } from '../results/ResultCases.tsx';
import { ENTITY_CHOICES, leftOutText, leftOutTotal, MAX_BUDGET, NAME_SOURCES, ORIGIN_LABELS, ORIGINS, SOURCE_LABELS, type Origin } from '../../core/entity/options.ts';
import { summarizeSweep, type SweepCell } from '../../core/entity/stats.ts';
import { budgetTable, sweepTable } from '../../core/results/tables.ts';
import { RunResult } from '../results/RunResult.tsx';
import { SweepResults } from './SweepResults.tsx';
import { BudgetTable } from './BudgetTable.tsx';
import { useApp } from '../store/index.ts';
import { useJobView } from '../store/job-view.ts';
import { send } from '../workers/worker-client.ts';
import { RenameSelects, TargetSelect } from '../live/RenameSelects.tsx';
import { SeedBlocked, useSeedField } from './SeedInput.tsx';
import { JobBar } from '../shell/JobBar.tsx';
import { NaturalCard } from './NaturalCard.tsx';
import { UniversalCard } from './UniversalCard.tsx';
import { ParaphraseCard } from './ParaphraseCard.tsx';
import { BudgetSlices } from './SliceTable.tsx';
import { SweepSlices } from './ExperimentSlices.tsx';
import { TrapCard } from './TrapCard.tsx';
import { RunHistory } from '../results/RunHistory.tsx';
import { LastRunLine } from '../results/LastRunLine.tsx';
import { RobustnessCard } from './RobustnessCard.tsx';
import { AuditCard } from '../results/AuditCard.tsx';
import { readyKeys } from '../store/model-keys.ts';
import { TaggerBlocked, TaggerSettings } from '../models/TaggerSettings.tsx';
import { taggerBlock } from '../store/tagger-slice.ts';
import { ciFor } from '../store/ci-slice.ts';
import { withBudgetCi, withSweepCi } from '../../core/results/ci-tables.ts';
import { CiControl, useCiError } from '../charts/CiControl.tsx';
import { CiStatus } from '../charts/CiCell.tsx';

/** The page of each experiment path (see routes.ts). */
const PAGES: Record<string, () => ReactNode> = {
  'entity/sweep': () => <SweepCard />,
  'entity/budget': () => <BudgetCard />,
  'entity/universal': () => <UniversalCard />,
  'entity/export': () => <ExportCard />,
  'natural/pairs': () => <NaturalCard />,
  'sensitivity/paraphrases': () => <ParaphraseCard />,
  'stability/traps': () => <TrapCard />,
  'generalization/table': () => <RobustnessCard />,
  'audit/results': () => <AuditCard />,
  'audit/runs': () => <RunHistory />,
};

export function ExperimentsView() {
  const status = useApp((s) => s.modelStatus);
  const model = useApp((s) => s.model);
  const others = useApp((s) => readyKeys(s).length - 1);
  const path = useApp((s) => s.route.experiment);
  const here = path ? experimentOf(path) : null;
  // Counted afresh when the view opens (the list's changes recount it while it is open).
  useEffect(() => useApp.getState().refreshScope(), []);
  // A run's code loads in the worker while the user sets the run up, not when Run is pressed: the open experiment's.
  const kinds = here?.item.kinds?.join(',') ?? (here?.item.id === 'export' ? 'export' : '');
  useEffect(() => send({ type: 'preload-experiments', kinds: kinds ? kinds.split(',') : [] }), [kinds]);
  return (
    <div className="experiments-layout">
      <ExperimentNav />
      <div className="experiments" data-testid="experiments">
        {here && path ? (
          <>
            <header className="exp-head">
              <p className="exp-family-name">{here.group.title}</p>
              <h2 data-testid="exp-title">
                <TermText text={here.item.label} />
              </h2>
              <p className="hint">
                <TermText text={here.group.question} />
              </p>
            </header>
            <p className="hint">
              The card states the questions it will run on beside its Run button (one scope for all: the Questions list's dataset and filters; its search only when you include it), with{' '}
              <strong>{model?.label ?? 'no model'}</strong>
              {others > 0 && (
                <>
                  {' '}
                  (A) and then on each of the <strong>{others}</strong> other loaded model{others === 1 ? '' : 's'} in turn; each card shows every model's result
                </>
              )}
              .{here.group.id === 'entity' && <TermText text=" Entity renaming counts only questions whose answer is a renamable PER, ORG or GPE entity (Chinese ones by name and place lists)." />}
            </p>
            {status !== 'ready' && here.group.id !== 'audit' && <p className="note">Load a model first (Models).</p>}
            {/* A link to this page with its model, the list's search (the runs' scope) and the open question. */}
            <ShareLink />
            {/* The entity tagger serves every renaming run (sweep, worst/best, universal). */}
            {here.group.id === 'entity' && path !== 'entity/export' && <TaggerSettings />}
            <LastRunLine path={path} />
            {PAGES[path]?.()}
            <ResultCases path={path} />
            {/* Every run of every experiment, under each one: reopen, compare, delete. */}
            {path !== 'audit/runs' && <RunHistory />}
          </>
        ) : (
          <ExperimentOverview />
        )}
      </div>
    </div>
  );
}

/** A checkbox per choice; `term` names the glossary entry of a choice, whose tip the checkbox and its label show on focus and hover. */
function Checks<T extends string>({ all, value, onChange, label, testid, term }: { all: readonly T[]; value: T[]; onChange: (v: T[]) => void; label: (t: T) => string; testid: string; term?: (t: T) => string }) {
  const check = (t: T, tip?: string) => (
    <label key={t}>
      <input type="checkbox" data-testid={`${testid}-${t}`} aria-describedby={tip} checked={value.includes(t)} onChange={(e) => onChange(e.target.checked ? all.filter((x) => x === t || value.includes(x)) : value.filter((x) => x !== t))} /> {label(t)}
    </label>
  );
  return (
    <span className="checks">
      {all.map((t) =>
        term ? (
          <Term key={t} k={term(t)}>
            {(tip) => check(t, tip)}
          </Term>
        ) : (
          check(t)
        ),
      )}
    </span>
  );
}

function SweepCard() {
  const cfg = useApp((s) => s.sweepConfig);
  const job = useJobView('sweep');
  const cells = useApp((s) => s.sweepCells);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const blocked = useApp((s) => taggerBlock(s) !== null);
  const { setSweepConfig, start, cancel } = useApp.getState();
  const running = job.status === 'running' || job.status === 'collecting';
  // Planned seeds come from the run's record: the seeds field may have changed since the run started.
  const planned = Number(job.run?.settings.seeds ?? cfg.seeds);
  // Memoized: progress events re-render the card many times a second, the charts only when cells change.
  const rows = useMemo(() => summarizeSweep(cells, planned), [cells, planned]);
  const ci = useApp((s) => ciFor(s, 'sweep'));
  const ciSeed = useCiError();
  const table = useMemo(() => withSweepCi(sweepTable(rows), ci?.result ?? undefined), [rows, ci]);
  return (
    <section className="card" data-testid="sweep-card">
      <h3>Sweep: how much does renaming cost?</h3>
      <div className="form-grid">
        <span className="field-label">rename</span>
        <span>
          <TargetSelect value={cfg.target} onChange={(target) => setSweepConfig({ target })} testid="sweep" labelled={false} />
        </span>
        <span className="field-label">
          <Term k="entity type">entity types</Term>
        </span>
        {cfg.target === 'question-person' ? (
          <span className="hint">
            <Term k="PER" /> (a person named in the question)
          </span>
        ) : (
          <Checks all={ENTITY_CHOICES} value={cfg.types} onChange={(types) => setSweepConfig({ types })} label={(t) => t} testid="sweep-type" term={(t) => (t === 'MIX' ? 'mix' : 'entity-types')} />
        )}
        <span className="field-label">
          <Term k="name source">name sources</Term>
        </span>
        <Checks all={NAME_SOURCES} value={cfg.sources} onChange={(sources) => setSweepConfig({ sources })} label={(s) => SOURCE_LABELS[s]} testid="sweep-source" term={(s) => s} />
        <span className="field-label">seeds</span>
        <input type="number" min={1} max={20} value={cfg.seeds} aria-label="seeds" data-testid="sweep-seeds" onChange={(e) => setSweepConfig({ seeds: Math.min(20, Math.max(1, Math.floor(Number(e.target.value) || 1))) })} />
        <span className="field-label">
          <Term k="DBName" /> person <Term k="origin">origins</Term>
        </span>
        <Checks all={ORIGINS} value={cfg.origins} onChange={(origins) => setSweepConfig({ origins, origin: origins.includes(cfg.origin) ? cfg.origin : (origins[0] ?? 'us') })} label={(o) => ORIGIN_LABELS[o]} testid="sweep-origin" />
      </div>
      <div className="row">
        <button type="button" className="primary" data-testid="sweep-run" disabled={!ready || running || blocked || ciSeed !== null || cfg.types.length === 0 || cfg.sources.length === 0} onClick={() => start('sweep')}>
          Run sweep
        </button>
        <CiControl testid="sweep" />
        <SeedBlocked error={null} ci={ciSeed} testid="sweep-run" />
        <TaggerBlocked testid="sweep-run" />
      </div>
      <ScopeLine kind="sweep" testid="sweep" />
      <JobBar job={job} onCancel={() => cancel('sweep')} testid="sweep" kind="sweep" />
      {rows.length > 0 && job.run && (
        <RunResult kind="sweep" run={job.run} table={table} partial={job.status === 'cancelled'} testid="sweep">
          <CiStatus status={ci?.status} error={ci?.error} testid="sweep" />
          <SweepResults rows={rows} origin={(job.run.settings.origin as Origin | undefined) ?? cfg.origin} ci={ci?.result} running={job.status === 'running'} />
        </RunResult>
      )}
      {/* Slice tables score every question: drawn once the run ends, not per finished cell (issue 44). */}
      {cells.length > 0 && job.status !== 'running' && <SweepSlices />}
      {cells.length > 0 && <LeftOut cells={cells} />}
    </section>
  );
}

/** Questions each cell left out, per reason in words, from the first seed run of each type × source. */
function LeftOut({ cells }: { cells: SweepCell[] }) {
  const first = new Map<string, SweepCell>();
  for (const c of cells) if (!first.has(`${c.type}·${c.source}`)) first.set(`${c.type}·${c.source}`, c);
  const term = firstUse();
  return (
    <details className="hint" data-testid="sweep-left-out">
      <summary>Questions left out, per reason (seed {cells[0]?.seed} of each cell)</summary>
      <ul>
        {[...first.values()].map((c) => (
          <li key={`${c.type}·${c.source}`}>
            {term(c.type === 'MIX' ? 'mix' : c.type, c.type)} · {term(c.source, SOURCE_LABELS[c.source])}: {c.n} renamed, {leftOutText(c.skipped) || 'none left out'} ({c.n + leftOutTotal(c.skipped)} in all)
          </li>
        ))}
      </ul>
    </details>
  );
}
function BudgetCard() {
  const cfg = useApp((s) => s.budgetConfig);
  const job = useJobView('budget');
  const result = useApp((s) => s.budgetResult);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const blocked = useApp((s) => taggerBlock(s) !== null);
  const { setBudgetConfig, start, cancel } = useApp.getState();
  const running = job.status === 'running' || job.status === 'collecting';
  const ci = useApp((s) => ciFor(s, 'budget'));
  const ciSeed = useCiError();
  const res = cfg.resemble;
  // RESEMBLE's 30% validation split is drawn by this seed (§4.2); the record and qarx --seed carry it.
  const splitSeed = useSeedField({ value: res?.seed ?? 1, testid: 'budget-resemble-seed', onChange: (v) => res && setBudgetConfig({ resemble: { ...res, seed: v } }) });
  return (
    <section className="card" data-testid="budget-card">
      <h3>
        <Term k="d-worst-best">Worst and best case</Term> over a <Term k="budget">budget</Term> of renamings
      </h3>
      <div className="row wrap">
        <RenameSelects value={cfg} onChange={(v) => setBudgetConfig(v)} testid="budget" />
        <label>
          <Term k="budget" />{' '}
          <input type="number" min={1} max={MAX_BUDGET} value={cfg.budget} data-testid="budget-b" onChange={(e) => setBudgetConfig({ budget: Math.min(MAX_BUDGET, Math.max(1, Math.floor(Number(e.target.value) || 1))) })} />
        </label>
        <label className="toggle">
          <input type="checkbox" checked={res !== null} data-testid="budget-resemble" onChange={(e) => setBudgetConfig({ resemble: e.target.checked ? { m: 3, temperature: 2, type: 'MIX', seed: 1 } : null })} /> <Term k="RESEMBLE" />
        </label>
        {res && (
          <>
            <label>
              <Term k="resemble-m">M</Term>{' '}
              <select value={res.m} data-testid="budget-m" onChange={(e) => setBudgetConfig({ resemble: { ...res, m: Number(e.target.value) as 1 | 3 } })}>
                <option value={1}>1</option>
                <option value={3}>3</option>
              </select>
            </label>
            <label>
              <Term k="resemble-t">T</Term>{' '}
              <input type="number" min={0.1} step={0.5} value={res.temperature} className="seed" onChange={(e) => setBudgetConfig({ resemble: { ...res, temperature: Math.max(0.1, Number(e.target.value) || 2) } })} />
            </label>
            <label title="Draws the 30% validation split on which RESEMBLE's canonical names are chosen; figures are on the other 70%">
              split seed {splitSeed.input}
            </label>
          </>
        )}
      </div>
      <div className="row">
        <button type="button" className="primary" data-testid="budget-run" disabled={!ready || running || blocked || ciSeed !== null || (res !== null && splitSeed.error !== null)} onClick={() => start('budget')}>
          Run budget
        </button>
        <CiControl testid="budget" />
        <SeedBlocked error={res ? splitSeed.error : null} ci={ciSeed} testid="budget-run" />
        <TaggerBlocked testid="budget-run" />
      </div>
      <ScopeLine kind="budget" testid="budget" />
      <JobBar job={job} onCancel={() => cancel('budget')} testid="budget" kind="budget" />
      {result && result.n > 0 && job.run && (
        <RunResult kind="budget" run={job.run} table={withBudgetCi(budgetTable(result), ci?.result ?? undefined)} partial={job.status === 'cancelled'} testid="budget">
          <CiStatus status={ci?.status} error={ci?.error} testid="budget" />
          <BudgetTable result={result} budget={Number(job.run.settings.budget ?? cfg.budget)} ci={ci?.result} />
        </RunResult>
      )}
      {result && result.n > 0 && <BudgetSlices />}
      {result && result.n === 0 && <p className="note">No question in the list has a renamable answer entity of this type.</p>}
    </section>
  );
}

function ExportCard() {
  const o = useApp((s) => s.exportOptions);
  const job = useApp((s) => s.exportJob);
  const msg = useApp((s) => s.exportMessage);
  const ready = useApp((s) => s.modelStatus === 'ready');
  const { setExportOptions, start } = useApp.getState();
  const seed = useSeedField({ value: o.seed, testid: 'export-seed', onChange: (v) => setExportOptions({ seed: v }) });
  return (
    <section className="card" data-testid="export-card">
      <h3>Export the renamed set</h3>
      <div className="row wrap">
        <RenameSelects value={o} onChange={(v) => setExportOptions(v)} testid="export" />
        <label>
          seed {seed.input}
        </label>
        <button type="button" data-testid="export-run" disabled={!ready || job.status === 'running' || job.status === 'collecting' || seed.error !== null} onClick={() => start('export')}>
          Export SQuAD JSON
        </button>
        <SeedBlocked error={seed.error} testid="export-run" />
      </div>
      <ScopeLine kind="export" testid="export" />
      <p className="hint">Each question records its entity and substitutions; the same as the command <code>qarx perturb entity</code>.</p>
      {msg && (
        <p className="success" data-testid="export-message">
          {msg}
        </p>
      )}
      {job.status === 'error' && <p className="error">{job.error}</p>}
    </section>
  );
}
