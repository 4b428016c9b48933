/** Starting a validation batch: a run's broken cases, a stratified sample of a run's perturbed questions, or a batch file someone handed out. */
import { useMemo, useState } from 'react';
import { Term } from '../teach/Term.tsx';
import { useShallow } from 'zustand/react/shallow';
import { useApp } from '../store/index.ts';
import { RouteLink } from '../shell/MainNav.tsx';
import { brokenSources, sampleSources } from './batch-sources.ts';
import { batchFromBroken, batchFromSample } from './make-batch.ts';
import { sampleSizeNote } from '../../core/validation/sample.ts';
import { readBatchText } from './read-files.ts';
import { countOf } from '../../core/text/plural.ts';
import { runTime } from '../../core/results/run-record.ts';

/** The run in words, e.g. "Synthetic noise · Demo set · 2026-12-02 08:10 · 64 perturbed questions". */
const runWords = (label: string, datasets: readonly string[], date: string, n: number) => `${label} · ${datasets.join(' + ')} · ${runTime(date)} · ${countOf(n, 'perturbed question')}`;

/** A sample of one run of this session: the size and seed the user sets, with what that size can show. */
function SampleForm() {
  // The runs' rows, not a new list per render: the sources are made again only when a run changes.
  const [a, b, c, d] = useApp(useShallow((s) => [s.naturalRows, s.syntheticRows, s.trapRows, s.paraRows]));
  const sources = useMemo(() => (a || b || c || d ? sampleSources(useApp.getState()) : []), [a, b, c, d]);
  const [kind, setKind] = useState<string>(() => useApp.getState().validateFrom ?? '');
  const [size, setSize] = useState(20);
  const [seed, setSeed] = useState(1);
  const [busy, setBusy] = useState(false);
  const src = sources.find((s) => s.kind === kind) ?? sources[0];
  if (!src) {
    return (
      <p className="hint" data-testid="vq-no-sample-source">
        No run of this session to sample from yet: run <Term k="revision-pair">revision pairs</Term>, <Term k="synthetic-noise" />, <Term k="trap-span">trap sentences</Term> or paraphrases in <RouteLink to={{ section: 'experiments', experiment: null }} current={false}>Experiments</RouteLink>, then come back.
      </p>
    );
  }
  const draw = async () => {
    setBusy(true);
    try {
      const batch = await batchFromSample(src, size, seed, new Date().toISOString());
      await useApp.getState().createBatch(batch, `${src.label}, ${runTime(src.run.date)}: sample of ${batch.cases.length}, seed ${seed}`, src.runRate);
    } finally {
      setBusy(false);
    }
  };
  const sizeOk = Number.isInteger(size) && size >= 1 && size <= src.units.length;
  return (
    <div className="vq-sample" data-testid="vq-sample">
      <label className="field">
        Run
        <select value={src.kind} data-testid="vq-sample-run" onChange={(e) => setKind(e.target.value)}>
          {sources.map((s) => (
            <option key={s.kind} value={s.kind}>
              {runWords(s.label, s.run.datasets, s.run.date, s.units.length)}
            </option>
          ))}
        </select>
      </label>
      <div className="row wrap">
        <label className="field">
          Cases
          <input type="number" min={1} max={src.units.length} value={size} data-testid="vq-sample-size" onChange={(e) => setSize(Number(e.target.value))} />
        </label>
        <label className="field">
          <Term k="seed">Seed</Term>
          <input type="number" min={0} value={seed} data-testid="vq-sample-seed" onChange={(e) => setSeed(Number(e.target.value))} />
        </label>
        <button type="button" className="primary" data-testid="vq-sample-draw" disabled={busy || !sizeOk} onClick={() => void draw()}>
          Draw the sample
        </button>
      </div>
      <p className="hint" data-testid="vq-sample-note">
        Strata: the run’s categories (<Term k="c2w">C2W</Term>, <Term k="c2c">C2C</Term>, <Term k="w2c">W2C</Term>, <Term k="w2w">W2W</Term>, <Term k="partial">partial</Term>), each drawn in proportion. {sizeOk ? `What this size can show: ${sampleSizeNote(size)}.` : `Choose 1 to ${src.units.length} cases.`}
      </p>
    </div>
  );
}

export function NewBatch() {
  const failures = useApp((s) => s.failures);
  const broken = useMemo(() => brokenSources(failures), [failures]);
  const readFile = async (f: File) => {
    const r = readBatchText(await f.text(), f.name);
    useApp.setState({ validateMessages: r.messages.map((text) => ({ kind: r.batch ? 'ok' : 'error', text })) });
    if (r.batch) await useApp.getState().createBatch(r.batch, `${f.name}: ${countOf(r.batch.cases.length, 'case')} (${r.batch.source.kind})`, null);
  };
  return (
    <section className="card" aria-labelledby="vq-new-title" data-testid="vq-new">
      <h3 id="vq-new-title">New batch</h3>
      <h4>A run’s broken cases</h4>
      {broken.length === 0 ? (
        <p className="hint">The failure gallery has no case yet: every run collects its <Term k="c2w">C2W</Term> cases there.</p>
      ) : (
        <ul className="vq-sources" data-testid="vq-broken-sources">
          {broken.map((b) => (
            <li key={b.key}>
              <span>{b.label}: {countOf(b.cases.length, 'broken case')}</span>{' '}
              <button type="button" className="small" data-testid="vq-broken-validate" onClick={() => void useApp.getState().createBatch(batchFromBroken(b, new Date().toISOString()), `${b.label}: ${countOf(b.cases.length, 'broken case')}`, null)}>
                Validate these
              </button>
            </li>
          ))}
        </ul>
      )}
      <h4>A stratified random sample of a run</h4>
      <SampleForm />
      <h4>A batch file handed out</h4>
      <label className="file-btn file-pick">
        Open a batch file…
        <input type="file" accept=".json,application/json" data-testid="vq-batch-input" onChange={(e) => { const f = e.target.files?.[0]; if (f) void readFile(f).then(() => (e.target.value = '')); }} />
      </label>
    </section>
  );
}
