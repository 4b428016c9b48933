/** The paraphrases' audit unit: the DPR over the generated (and, if asked, the dataset's own) paraphrases. */
import { paraphraseSliceItems } from '../../metrics/experiment-slices.ts';
import { dprTable } from '../../results/tables.ts';
import { runParaphrases, summarizeDpr } from '../../sensitivity/dpr.ts';
import { paraphraseItems, type GeneratedKind } from '../../sensitivity/paraphrase.ts';
import { countNote, headlineRow, type ExperimentOutcome, type HeadlineRow, type UnitRunContext } from '../outcome.ts';
import { isPooled, kindsOf } from '../../sensitivity/kinds.ts';
import type { DprKindCell, DprSummary } from '../../sensitivity/dpr.ts';
import { populationOf } from '../scope.ts';
import type { ParaphraseUnit } from './schema.ts';

/** Runs a paraphrase unit. */
export async function run(exp: ParaphraseUnit, { seed, instances, predict, onProgress, per }: UnitRunContext): Promise<ExperimentOutcome> {
  const s = seed ?? 1;
  const source = { dataset: exp.dataset, kinds: exp.kinds as GeneratedKind[], seed: s };
  // The answerable questions, as the app's robustness table measures DPR (its audit config is this experiment); units planned before the rule ran on all.
  const answerable = exp.questions === 'answerable' ? populationOf(exp.kind, instances) : [...instances];
  const { items, none } = paraphraseItems(answerable, source);
  const r = await runParaphrases(items, predict, onProgress);
  const sum = summarizeDpr(r.rows);
  per?.push(() => paraphraseSliceItems(answerable, r.rows));
  const asked = new Set(items.map((i) => i.instance));
  const settings = { datasetParaphrases: exp.dataset, kinds: exp.kinds.join(', ') || 'none', seed: s, paraphrases: items.length };
  const notes = Object.entries(none).flatMap(([k, c]) => countNote(`questions no ${k} rule fits`, c));
  return { kind: 'paraphrase', settings, n: asked.size, payload: { rows: r.rows, none, without: answerable.length - asked.size }, table: dprTable(sum), headline: dprHeadlineRows(sum), notes, partial: r.cancelled };
}

/** One headline row per paraphrase kind (issue 38.4), e.g. 'paraphrased · reorder (DPR 25.0%)', the first the headlineKind (the robustness table's column); with several kinds, the pool after them, labelled so. */
export function dprHeadlineRows(sum: DprSummary): HeadlineRow[] {
  const row = (label: string, c: DprKindCell) => headlineRow(`paraphrased${label} (DPR ${c.n ? (100 * c.dpr).toFixed(1) : '–'}%)`, c.n, c.original, c.paraphrased);
  const pooled = isPooled(sum);
  const kinds = kindsOf(sum).map((k) => row(` · ${k}`, sum.byKind[k] as DprKindCell));
  return pooled ? [...kinds, row(' · all kinds pooled', sum)] : kinds.length ? kinds : [row('', sum)];
}
