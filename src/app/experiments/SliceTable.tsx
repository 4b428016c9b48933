/**
 * "Slice by": an experiment's per-question scores averaged per title, question word, passage
 * length, answer type or any metadata key of the data, with counts, original beside perturbed.
 * Labels come from the data and are rendered as text (React escapes them), never as HTML.
 */
import { Term } from '../teach/Term.tsx';
import { useMemo, useState } from 'react';
import { availableSliceKeys, SMALL_MARK, SMALL_NOTE, sliceKeyLabel, sliceTable, type SliceItem, type SliceKey, type SliceRow, type SliceTotals } from '../../core/metrics/slices.ts';
import { budgetHeadline, pairsHeadline } from '../../core/metrics/experiment-headlines.ts';
import { summarizePairs } from '../../core/natural/pairs.ts';
import { joinScores } from '../../core/metrics/slices.ts';
import { budgetSliceItems } from '../../core/metrics/experiment-slices.ts';
import { useApp } from '../store/index.ts';
import { pct } from '../charts/Chart.tsx';
import { dropClass, signed } from '../shell/format.ts';
import { ResultActions } from '../results/RunResult.tsx';
import type { RunRecord } from '../../core/results/run-record.ts';
import { sliceResultTable } from '../../core/results/tables.ts';
import { DROP_SUFFIX } from '../../core/metrics/drop.ts';

/** A signed drop with one decimal, e.g. delta(-3.21) → '-3.2' (a gain). */
const delta = (x: number) => signed(x);

/** The slice table of one experiment result; `perturbedLabel` names the perturbed side (e.g. "edited", "D_worst"). */
export function SliceTable({ items: raw, headline, testid, perturbedLabel = 'perturbed', initialKey = 'qword', kind, run }: { items: readonly SliceItem[]; headline?: SliceTotals | undefined; testid: string; perturbedLabel?: string; initialKey?: SliceKey; kind: string; run: RunRecord | null }) {
  // Stored questions carry their dataset's id; the table shows the name it was imported as.
  const datasets = useApp((s) => s.datasets);
  const items = useMemo(() => {
    const names = new Map(datasets.map((d) => [d.id, d.name]));
    return raw.map((i) => (names.has(i.source.dataset) ? { ...i, source: { ...i.source, dataset: names.get(i.source.dataset) ?? i.source.dataset } } : i));
  }, [raw, datasets]);
  const keys = useMemo(() => availableSliceKeys(items.map((i) => i.source)), [items]);
  const [key, setKey] = useState<SliceKey>(initialKey);
  const current = keys.includes(key) ? key : (keys[0] as SliceKey);
  const table = useMemo(() => sliceTable(items, current, headline), [items, current, headline]);
  const selectId = `${testid}-key`;
  const cells = (r: SliceRow, all: boolean) => (
    <>
      <td>{r.n}</td>
      <td>
        {pct(r.original.em)} / {pct(r.original.f1)}
      </td>
      {table.perturbed && r.perturbed && r.drop && (
        <>
          <td>
            {pct(r.perturbed.em)} / {pct(r.perturbed.f1)}
          </td>
          <td className={dropClass(r.drop.f1)} data-testid={all ? `${testid}-all-drop` : undefined}>
            {delta(r.drop.em)} / {delta(r.drop.f1)}
          </td>
        </>
      )}
    </>
  );
  return (
    <div className="slice-table" data-testid={testid}>
      <div className="row wrap">
        <label htmlFor={selectId}>
          <Term k="generalization slice">Slice</Term> by
        </label>
        <select id={selectId} value={current} data-testid={`${testid}-key`} onChange={(e) => setKey(e.target.value as SliceKey)}>
          {keys.map((k) => (
            <option key={k} value={k}>
              {sliceKeyLabel(k)}
            </option>
          ))}
        </select>
        <span className="hint">
          {table.rows.length} slice{table.rows.length === 1 ? '' : 's'} of {table.all.n} question{table.all.n === 1 ? '' : 's'}{table.perturbed && table.all.perturbedN !== table.all.n ? ` (${perturbedLabel} EM / F1 over their ${table.all.perturbedN} perturbed answers, as the result above)` : ''}; EM / F1 in %{table.rows.some((r) => r.small) ? `; ${SMALL_MARK} ${SMALL_NOTE}` : ''}
        </span>
      </div>
      {run && <ResultActions kind={kind} run={{ ...run, settings: { ...run.settings, sliceBy: current } }} table={sliceResultTable(table, perturbedLabel)} partial={false} testid={testid} part={`slices-${current}`} />}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`Scores by ${sliceKeyLabel(current)}`}>
        <table className="results-table">
          <thead>
            <tr>
              <th scope="col">{sliceKeyLabel(current)}</th>
              <th scope="col">n</th>
              <th scope="col">
                original <Term k="EM" /> / <Term k="F1" />
              </th>
              {table.perturbed && <th scope="col">{perturbedLabel} EM / F1</th>}
              {table.perturbed && <th scope="col">drop EM / F1 {DROP_SUFFIX}</th>}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((r) => (
              <tr key={r.value} data-testid={`${testid}-row`} className={r.small ? 'small-slice' : undefined}>
                <th scope="row" className="slice-value" title={r.value}>
                  {r.value}
                  {r.small && <span aria-label={SMALL_NOTE}> {SMALL_MARK}</span>}
                </th>
                {cells(r, false)}
              </tr>
            ))}
            <tr className="slice-all" data-testid={`${testid}-all`}>
              <th scope="row">all</th>
              {cells(table.all, true)}
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Slice tables of the revision-pair and synthetic-noise runs, original vs perturbed per slice of their questions. */
export function PairSlices() {
  const rows = useApp((s) => s.naturalRows);
  const natural = useApp((s) => s.naturalInstances);
  const synRows = useApp((s) => s.syntheticRows);
  const synthetic = useApp((s) => s.syntheticInstances);
  const natRun = useApp((s) => s.natural.run);
  const synRun = useApp((s) => s.synthetic.run);
  const nat = useMemo(() => joinScores(natural, rows, (r) => ({ original: r.original, perturbed: r.perturbed })), [natural, rows]);
  const syn = useMemo(() => joinScores(synthetic, synRows, (r) => ({ original: r.original, perturbed: r.perturbed })), [synthetic, synRows]);
  const natHead = useMemo(() => (rows.length ? pairsHeadline(summarizePairs(rows)) : undefined), [rows]);
  const synHead = useMemo(() => (synRows.length ? pairsHeadline(summarizePairs(synRows)) : undefined), [synRows]);
  return (
    <>
      {nat.length > 0 && (
        <details className="slices" open data-testid="natural-slices-box">
          <summary>Natural edits by slice</summary>
          <SliceTable items={nat} headline={natHead} testid="natural-slices" perturbedLabel="edited" kind="natural" run={natRun} />
        </details>
      )}
      {syn.length > 0 && (
        <details className="slices" data-testid="synthetic-slices-box">
          <summary>Synthetic noise by slice</summary>
          <SliceTable items={syn} headline={synHead} testid="synthetic-slices" perturbedLabel="noisy" kind="synthetic" run={synRun} />
        </details>
      )}
    </>
  );
}

/** The budget run by slice: original vs D_worst (each question's lowest-F1 renaming). */
export function BudgetSlices() {
  const result = useApp((s) => s.budgetResult);
  const instances = useApp((s) => s.budgetInstances);
  const run = useApp((s) => s.budget.run);
  const items = useMemo(() => {
    return result ? budgetSliceItems(instances, result.perInstance) : [];
  }, [result, instances]);
  if (items.length === 0) return null;
  return (
    <details className="slices" data-testid="budget-slices-box">
      <summary>Original vs D_worst by slice</summary>
      <SliceTable items={items} headline={result ? budgetHeadline(result) : undefined} testid="budget-slices" perturbedLabel="D_worst" kind="budget" run={run} />
    </details>
  );
}
