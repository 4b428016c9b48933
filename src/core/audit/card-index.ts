/**
 * The model card's `model-index` from an audit summary (issue 39 §6). Per audit dataset: one result
 * with the unperturbed scores (the audit's "original" experiment: exact_match and f1 on the answerable
 * questions), which is what a metadata reader takes as the model's score on that dataset; then one
 * result per perturbation row, its metrics named "EM/F1 after <perturbation>" and their `args`
 * holding the perturbation, its settings, n, the score before, the drop (before − after, positive =
 * worse), every 95% CI and p the summary has. Why args: the Hub stores a metric's args as given and
 * huggingface_hub reads them back per metric (EvalResult.metric_args), whereas it merges results of one
 * task × dataset × config × split into one, keeping only the first result's dataset fields — so a
 * perturbation said only in dataset.name or dataset.args would be lost; numbers stay numbers
 * (a value "60.7 [57.1, 92.9]" would no longer sort or compare). `verified: false`: self-reported.
 */
import type { AuditSummary, SummaryModel } from './format.ts';
import { DROP_SIGN } from '../metrics/drop.ts';
import { isHubDatasetId } from '../qa/hub-id.ts';
import { ciSettingsOf, details, figuresOf, isOriginal, perturbationName, rowsOf, settingsOf, unitOf, type Ci, type Row } from './card-rows.ts';
import { PERTURBATION_ARG, type ModelIndex, type ModelIndexResult } from './model-index.ts';

/** Where an audit dataset lives on the Hub: the audit config's `datasets[].hub`. */
export interface HubDataset {
  id: string;
  config?: string;
  split?: string;
  revision?: string;
}

const TASK = { type: 'question-answering', name: 'Question Answering' } as const;

/** The dataset.type of a dataset with no Hub id: a form no Hub id can take (':' is not allowed in one), so nothing links it to someone else's dataset. */
export const localDatasetType = (name: string): string => `local:${name}`;

/** The dataset fields of a result: the Hub id, config, split and revision when the config names them, else the local form. */
function datasetOf(name: string, hub: HubDataset | undefined, what: string | null): ModelIndexResult['dataset'] {
  const pretty = `${name}${what ? ` — ${what}` : ''}`;
  if (!hub) return { type: localDatasetType(name), name: pretty };
  return { type: hub.id, name: pretty, ...(hub.config ? { config: hub.config } : {}), ...(hub.split ? { split: hub.split } : {}), ...(hub.revision ? { revision: hub.revision } : {}) };
}

const r2 = (x: number): number => +x.toFixed(2);

/** CI args, e.g. { ci95_low: 53.16, ci95_high: 87.44 } (prefixed for a before or drop CI), or none. */
const ciArgs = (ci: Ci | null, prefix = ''): Record<string, number> => (ci ? { [`${prefix}ci95_low`]: r2(ci.lo), [`${prefix}ci95_high`]: r2(ci.hi) } : {});

/** Args without undefined or null entries. */
const clean = (o: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined && x !== null));

/** The unperturbed result of a dataset: exact_match and f1 with n, the questions scored and the F1's CI. */
function originalResult(r: Row, dataset: ModelIndexResult['dataset'], settings: Record<string, unknown>, ci: Record<string, unknown> | null): ModelIndexResult | null {
  const f = figuresOf(r);
  if (f.before.em === null || f.before.f1 === null) return null;
  const base = clean({ n: f.n, ...settings, ...(ci ? { ci_settings: ci } : {}) });
  return {
    task: { ...TASK },
    dataset,
    metrics: [
      { type: 'exact_match', value: r2(f.before.em), name: 'Exact match (unperturbed)', args: base, verified: false },
      { type: 'f1', value: r2(f.before.f1), name: 'F1 (unperturbed)', args: { ...base, ...ciArgs(f.before.f1Ci) }, verified: false },
    ],
  };
}

/** One perturbation row's result: EM and F1 after it, named after it, with its drop, CIs and p in args. */
function perturbedResult(r: Row, dataset: ModelIndexResult['dataset'], settings: Record<string, unknown>): ModelIndexResult | null {
  const f = figuresOf(r);
  if (!f.after || !f.drop || f.after.em === null || f.after.f1 === null) return null;
  const what = perturbationName(r);
  const common = clean({ [PERTURBATION_ARG]: what, experiment: r.experiment, variant: r.variant, row: r.row, seed: r.seed, settings: Object.keys(settings).length ? settings : undefined, n: f.n, drop_sign: DROP_SIGN });
  const d = f.drop;
  const em = clean({ ...common, before: f.before.em === null ? null : r2(f.before.em), drop: d.em === null ? null : r2(d.em), ...ciArgs(d.emCi, 'drop_'), p: d.pEm, p_holm: d.pEmHolm });
  const f1 = clean({ ...common, before: f.before.f1 === null ? null : r2(f.before.f1), ...ciArgs(f.before.f1Ci, 'before_'), ...ciArgs(f.after.f1Ci), drop: d.f1 === null ? null : r2(d.f1), ...ciArgs(d.f1Ci, 'drop_'), p: d.pF1, p_holm: d.pF1Holm, significance: d.significance, mdd: d.mdd, mdd_note: d.mddNote });
  return {
    task: { ...TASK },
    dataset,
    metrics: [
      { type: 'exact_match', value: r2(f.after.em), name: `EM after ${what}`, args: em, verified: false },
      { type: 'f1', value: r2(f.after.f1), name: `F1 after ${what}`, args: f1, verified: false },
    ],
  };
}

/** What building the index found to say: datasets without a Hub id, datasets left out for want of an unperturbed score. */
export interface IndexNotes {
  noHubId: string[];
  noOriginal: string[];
}

/**
 * The model-index of one model: per dataset its unperturbed result, then its perturbations. A dataset
 * with no unperturbed row (the audit had no "original" experiment) is left out of the metadata (its
 * perturbed F1 would be read as the model's) and named in `notes.noOriginal`.
 */
export function modelIndexOf(s: AuditSummary, m: SummaryModel, hub: ReadonlyMap<string, HubDataset>): { index: ModelIndex; notes: IndexNotes } {
  const rows = rowsOf(m);
  const ci = ciSettingsOf(s, m.name);
  const names = [...new Set(rows.map((r) => String(r.dataset)))];
  const notes: IndexNotes = { noHubId: [], noOriginal: [] };
  const results = names.flatMap((name) => {
    const given = hub.get(name);
    const h = given && isHubDatasetId(given.id) ? given : undefined;
    if (!h) notes.noHubId.push(name);
    const mine = rows.filter((r) => String(r.dataset) === name);
    const orig = mine.filter(isOriginal).map((r) => originalResult(r, datasetOf(name, h, null), settingsOf(unitOf(s, m.name, r)), ci)).find((x) => x !== null);
    if (!orig) {
      notes.noOriginal.push(name);
      return [];
    }
    const perturbed = mine.filter((r) => !isOriginal(r)).flatMap((r) => perturbedResult(r, datasetOf(name, h, details(r)), settingsOf(unitOf(s, m.name, r))) ?? []);
    return [orig, ...distinctNames(perturbed)];
  });
  return { index: [{ name: m.name, results }], notes };
}

/** Results whose metric names repeat (two rows with the same words) get " #2", " #3", … so each result's name is its own. */
function distinctNames(results: ModelIndexResult[]): ModelIndexResult[] {
  const seen = new Map<string, number>();
  return results.map((r) => {
    const key = r.metrics.map((x) => x.name).join('\u0000');
    const k = (seen.get(key) ?? 0) + 1;
    seen.set(key, k);
    return k === 1 ? r : { ...r, dataset: { ...r.dataset, name: `${r.dataset.name} #${k}` }, metrics: r.metrics.map((x) => ({ ...x, name: `${x.name ?? x.type} #${k}`, args: { ...x.args, [PERTURBATION_ARG]: `${String(x.args?.[PERTURBATION_ARG])} #${k}` } })) };
  });
}
