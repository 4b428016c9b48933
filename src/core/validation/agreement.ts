/**
 * Agreement and the decided label of a batch's judgements (Wu et al. 2025 §5.3 and App. H: two annotators,
 * Cohen's κ, a third annotator on the cases they disagree on, the majority label as ground truth).
 * The panel κ is computed on is the annotators who judged every case the panel judged in common: the
 * two with the most judgements, then each next annotator whose judgements cover the panel's common
 * cases. A third annotator who judged only the disagreements (App. H) is thus a tie-breaker, outside κ
 * but counted in the majority; a whole class that judged the whole batch is one panel (Fleiss' κ).
 */
import type { Interval } from '../stats/bootstrap.ts';
import { kappaCI, kappaOfRows, type Kappa } from './kappa.ts';
import { VALIDATION_LABELS, type Judgement, type Judgements, type ValidationLabel } from './judgements.ts';

/** The annotators κ is computed over and the cases they all judged. */
export interface Panel {
  annotators: string[];
  caseIds: string[];
  /** Annotators outside the panel (they judged only part of its cases), e.g. App. H's third annotator. */
  outside: { annotator: string; cases: number }[];
}

/** κ of one label over the panel, with its CI. */
export interface LabelAgreement {
  label: ValidationLabel;
  kappa: Kappa;
  ci: Interval | null;
  /** Bootstrap resamples left out because one label filled them (κ undefined there). */
  undefinedResamples: number;
}

/** One case the annotators did not all label alike, with every judgement and the decided labels. */
export interface Disagreement {
  caseId: string;
  labels: ValidationLabel[];
  judgements: { annotator: string; judgement: Judgement }[];
  decided: Record<ValidationLabel, boolean | null>;
}

/** A label decided by majority: true/false, or null on a tie (App. H: a third annotator is needed) or no judgement. */
export interface Decided {
  value: boolean | null;
  yes: number;
  no: number;
}

/** The cases each annotator judged. */
function casesOf(j: Judgements, annotator: string): Set<string> {
  const out = new Set<string>();
  for (const [id, row] of j.byCase) if (row.has(annotator)) out.add(id);
  return out;
}

/** The panel of a batch's judgements (see the module comment), e.g. App. H's two first annotators. */
export function panelOf(j: Judgements): Panel {
  const sets = new Map(j.annotators.map((a) => [a, casesOf(j, a)]));
  const order = [...j.annotators].sort((a, b) => (sets.get(b) as Set<string>).size - (sets.get(a) as Set<string>).size);
  const panel = order.slice(0, 2);
  let common = [...j.byCase.keys()].filter((id) => panel.every((a) => (sets.get(a) as Set<string>).has(id)));
  const outside: Panel['outside'] = [];
  for (const a of order.slice(2)) {
    const s = sets.get(a) as Set<string>;
    if (common.length > 0 && common.every((id) => s.has(id))) panel.push(a);
    else outside.push({ annotator: a, cases: s.size });
  }
  common = common.filter((id) => panel.every((a) => (sets.get(a) as Set<string>).has(id)));
  return { annotators: panel, caseIds: common, outside };
}

/** The panel's labels of one label as rows (one per common case), "yes"/"no". */
function rowsOf(j: Judgements, panel: Panel, label: ValidationLabel): string[][] {
  return panel.caseIds.map((id) => panel.annotators.map((a) => ((j.byCase.get(id)?.get(a) as Judgement)[label] ? 'yes' : 'no')));
}

/** κ of `label` over the panel (Cohen's for 2 annotators, Fleiss' for more) with its seeded bootstrap CI over cases. */
export function labelAgreement(j: Judgements, label: ValidationLabel, opts: { b: number; seed: number }, panel = panelOf(j)): LabelAgreement {
  if (panel.annotators.length < 2) return { label, kappa: { method: 'cohen', kappa: null, observed: NaN, expected: NaN, n: 0, raters: panel.annotators.length, degenerate: 'no-cases' }, ci: null, undefinedResamples: 0 };
  const rows = rowsOf(j, panel, label);
  const kappa = kappaOfRows(rows);
  const ci = kappaCI(rows, opts);
  return { label, kappa, ci: ci.interval, undefinedResamples: ci.undefinedResamples };
}

/** The majority of one label over every judgement of a case (the panel and any tie-breaker), e.g. 2 yes 1 no → true. */
export function decide(row: ReadonlyMap<string, Judgement> | undefined, label: ValidationLabel): Decided {
  let yes = 0;
  let no = 0;
  for (const jd of row?.values() ?? []) if (jd[label]) yes++;
  else no++;
  return { value: yes > no ? true : no > yes ? false : null, yes, no };
}

/** Every case's decided labels, by case id. */
export function decideAll(j: Judgements): Map<string, Record<ValidationLabel, Decided>> {
  const out = new Map<string, Record<ValidationLabel, Decided>>();
  for (const [id, row] of j.byCase) out.set(id, { correct: decide(row, 'correct'), meaningKept: decide(row, 'meaningKept'), valid: decide(row, 'valid') });
  return out;
}

/** The cases whose annotators did not all agree on some label, in batch order. */
export function disagreements(j: Judgements): Disagreement[] {
  const out: Disagreement[] = [];
  for (const [id, row] of j.byCase) {
    if (row.size < 2) continue;
    const all = [...row.values()];
    const labels = VALIDATION_LABELS.filter((l) => all.some((x) => x[l] !== all[0]?.[l]));
    if (labels.length === 0) continue;
    const decided = { correct: decide(row, 'correct').value, meaningKept: decide(row, 'meaningKept').value, valid: decide(row, 'valid').value };
    out.push({ caseId: id, labels, judgements: [...row].map(([annotator, judgement]) => ({ annotator, judgement })), decided });
  }
  return out;
}

/** The cases that need another annotator: judged by one only, or tied on "valid" (App. H's third-annotator rule). */
export function needsAnotherAnnotator(j: Judgements): string[] {
  return [...j.byCase].filter(([, row]) => row.size > 0 && (row.size < 2 || decide(row, 'valid').value === null)).map(([id]) => id);
}
