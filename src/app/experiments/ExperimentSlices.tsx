/**
 * "By slice" under the sweep, universal-names, DPR, trap and adversarial results: each result's
 * per-question scores, original beside perturbed, per title, domain, question word, … (the
 * revision-pair and budget ones are in SliceTable.tsx).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { adversarialSliceItems, paraphraseSliceItems, sweepRowKey, sweepSliceItems, trapSliceItems, universalSliceItems, type SavedSliceSource } from '../../core/metrics/experiment-slices.ts';
import type { SweepCell } from '../../core/entity/stats.ts';
import { topNames, type UniversalResult } from '../../core/entity/universal-options.ts';
import type { SlicePayload } from '../store/run-saving.ts';
import type { SliceItem } from '../../core/metrics/slices.ts';
import type { RunRecord } from '../../core/results/run-record.ts';
import { useApp } from '../store/index.ts';
import { SliceTable } from './SliceTable.tsx';
import type { SliceTotals } from '../../core/metrics/slices.ts';
import { adversarialHeadline, dprHeadline, sweepRowHeadline, trapHeadline, universalHeadline } from '../../core/metrics/experiment-headlines.ts';
import { summarizeSweep } from '../../core/entity/stats.ts';
import { summarizeDpr } from '../../core/sensitivity/dpr.ts';
import { summarizeTraps } from '../../core/trap/summary.ts';
import { plannedSeeds, savedHeadline } from '../store/run-saving.ts';
import { kindOf } from '../../core/experiments/registry.ts';
import { rowLabel } from '../../core/results/column-titles.ts';

/** A collapsed box holding one slice table (and an optional picker above it). */
function SliceBox({ title, testid, items, headline, kind, run, perturbedLabel, picker }: { title: string; testid: string; items: readonly SliceItem[]; headline: SliceTotals | undefined; kind: string; run: RunRecord | null; perturbedLabel: string; picker?: ReactNode }) {
  return (
    <details className="slices" data-testid={`${testid}-box`}>
      <summary>{title}</summary>
      {picker}
      {items.length > 0 ? <SliceTable items={items} headline={headline} testid={testid} perturbedLabel={perturbedLabel} kind={kind} run={run} /> : <p className="hint">No question of this choice has per-question scores (a run saved before slicing existed).</p>}
    </details>
  );
}

/** A labelled select of the result part to slice (a sweep row, a universal name), each option in words (`labelOf`). */
function Picker({ id, label, value, options, onChange, labelOf = (o) => o }: { id: string; label: string; value: string; options: readonly string[]; onChange: (v: string) => void; labelOf?: (o: string) => string }) {
  return (
    <div className="row wrap">
      <label htmlFor={id}>{label}</label>
      <select id={id} data-testid={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {labelOf(o)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The sweep by slice: one row (type · source · origin) at a time, original vs renamed (mean over its seeds). */
export function SweepSlices() {
  const cells = useApp((s) => s.sweepCells);
  const instances = useApp((s) => s.sweepInstances);
  const run = useApp((s) => s.sweep.run);
  return <SweepSlicesView cells={cells} instances={instances} run={run} testid="sweep-slices" />;
}

/** A sweep's slice box over given cells and questions (the live result or a saved run). */
function SweepSlicesView({ cells, instances, run, testid }: { cells: readonly SweepCell[]; instances: readonly SavedSliceSource[]; run: RunRecord | null; testid: string }) {
  const keys = useMemo(() => [...new Set(cells.map(sweepRowKey))], [cells]);
  const [picked, setPicked] = useState('');
  const key = keys.includes(picked) ? picked : (keys[0] ?? '');
  const items = useMemo(() => sweepSliceItems(instances, cells, key), [instances, cells, key]);
  const headline = useMemo(() => {
    const row = summarizeSweep(cells, plannedSeeds(run)).find((r) => sweepRowKey(r) === key);
    return row && sweepRowHeadline(row);
  }, [cells, run, key]);
  if (keys.length === 0) return null;
  return (
    <SliceBox title="Original vs renamed by slice" testid={testid} items={items} headline={headline} kind="sweep" run={run && { ...run, settings: { ...run.settings, sweepRow: key } }} perturbedLabel="renamed (mean over seeds)" picker={<Picker id={`${testid}-pick`} label="Sweep row" value={key} options={keys} onChange={setPicked} labelOf={rowLabel} />} />
  );
}

/** Universal names by slice: one name at a time, original vs the name put in. */
export function UniversalSlices() {
  const result = useApp((s) => s.universalResult);
  const instances = useApp((s) => s.universalInstances);
  const run = useApp((s) => s.universal.run);
  return <UniversalSlicesView result={result} instances={instances} run={run} testid="universal-slices" />;
}

/** Universal names' slice box over a given result and questions (the live result or a saved run). */
function UniversalSlicesView({ result, instances, run, testid }: { result: UniversalResult | null; instances: readonly SavedSliceSource[]; run: RunRecord | null; testid: string }) {
  const names = useMemo(() => (result ? topNames(result).rows.map((r) => r.name) : []), [result]);
  const [picked, setPicked] = useState('');
  const name = names.includes(picked) ? picked : (names[0] ?? '');
  const row = result?.rows.find((r) => r.name === name);
  const items = useMemo(() => universalSliceItems(instances, row), [instances, row]);
  if (names.length === 0) return null;
  return (
    <SliceBox title="Original vs renamed by slice" testid={testid} items={items} headline={row && universalHeadline(row)} kind="universal" run={run && { ...run, settings: { ...run.settings, name } }} perturbedLabel={`with ${name}`} picker={<Picker id={`${testid}-pick`} label="Name" value={name} options={names} onChange={setPicked} />} />
  );
}

/** DPR run by slice: original questions vs their paraphrases (mean over a question's paraphrases). */
export function ParaphraseSlices() {
  const rows = useApp((s) => s.paraRows);
  const instances = useApp((s) => s.paraInstances);
  const run = useApp((s) => s.paraphrase.run);
  const items = useMemo(() => paraphraseSliceItems(instances, rows), [instances, rows]);
  const headline = useMemo(() => dprHeadline(summarizeDpr(rows)), [rows]);
  if (items.length === 0) return null;
  return <SliceBox title="Originals vs paraphrases by slice" testid="paraphrase-slices" items={items} headline={headline} kind="paraphrase" run={run} perturbedLabel="paraphrased" />;
}

/** Trap run by slice: original vs trapped passage. */
export function TrapSlices() {
  const rows = useApp((s) => s.trapRows);
  const instances = useApp((s) => s.trapInstances);
  const run = useApp((s) => s.traps.run);
  const items = useMemo(() => trapSliceItems(instances, rows), [instances, rows]);
  const headline = useMemo(() => trapHeadline(summarizeTraps(rows)), [rows]);
  if (items.length === 0) return null;
  return <SliceBox title="Original vs trapped by slice" testid="trap-slices" items={items} headline={headline} kind="traps" run={run} perturbedLabel="trapped" />;
}

/** Adversarial SQuAD by slice: each original question vs its worst variant (Jia & Liang's unit; the all row is their four figures). */
export function AdversarialSlices() {
  const result = useApp((s) => s.adversarialRun);
  const instances = useApp((s) => s.adversarialInstances);
  const run = useApp((s) => s.adversarialJob.run);
  const items = useMemo(() => (result ? adversarialSliceItems(instances, result.output.rows) : []), [instances, result]);
  if (items.length === 0 || !result) return null;
  return <SliceBox title="Original vs adversarial by slice" testid="adversarial-slices" items={items} headline={adversarialHeadline(result.output)} kind="adversarial" run={run} perturbedLabel="adversarial (worst variant)" />;
}

/** The saved-run slice boxes of the kinds sliced per row or name (the others are sliced as a whole, labelled by their descriptor). */
const PER_PART: Partial<Record<string, (p: SlicePayload & { cells?: SweepCell[]; result?: UniversalResult }, run: RunRecord) => ReactNode>> = {
  sweep: (p, run) => p.sliceSources && p.cells && <SweepSlicesView cells={p.cells} instances={p.sliceSources} run={run} testid="saved-slices" />,
  universal: (p, run) => p.sliceSources && p.result && <UniversalSlicesView result={p.result} instances={p.sliceSources} run={run} testid="saved-slices" />,
};

/** A reopened saved run's slice table, from the slice data saved with it (none for runs saved before). */
export function SavedRunSlices({ kind, payload, run }: { kind: string; payload: unknown; run: RunRecord }) {
  const p = payload as SlicePayload & { cells?: SweepCell[]; result?: UniversalResult };
  const part = PER_PART[kind]?.(p, run);
  if (part) return part;
  const labels = kindOf(kind)?.slices;
  if (!labels || !p.sliceItems?.length) return null;
  return <SliceBox title={labels.title} testid="saved-slices" items={p.sliceItems} headline={savedHeadline(kind, payload)} kind={kind} run={run} perturbedLabel={labels.perturbed} />;
}
