/**
 * The failure gallery: correct-to-wrong (C2W) cases collected from every run that answers a
 * question on an original and a perturbed passage, keyed so a case seen again is not duplicated,
 * grouped by perturbation and model, and exported as JSON or formula-safe CSV.
 */
import Papa from 'papaparse';
import type { Instance } from './data/types.ts';
import { FORMULA_START } from './formats/pairs-csv.ts';
import type { PairRow } from './natural/pairs.ts';
import type { Permalink, PermalinkPerturbation } from './permalink.ts';
import type { TrapRow } from './trap/summary.ts';

export type CaseKind = 'revision' | 'noise' | 'trap' | 'rename';

/** One C2W case: the question, both passages and both answers, and the link that opens it live. */
export interface FailureCase {
  /** kind, model, dataset, id and the perturbation's settings: the same failure seen twice is one case. */
  key: string;
  kind: CaseKind;
  /** The perturbation in words, e.g. "keyboard typo 30%, seed 1"; cases are grouped by it. */
  perturbation: string;
  model: string;
  dataset: string;
  id: string;
  question: string;
  gold: string[];
  original: { passage: string; answer: string };
  /** The perturbed passage, or null when it is only made again live (synthetic noise before it is computed). */
  perturbed: { passage: string | null; answer: string };
  /** Opens the case live; null when the question is not stored (free text is carried in the link). */
  link: Permalink | null;
  starred: boolean;
  /** When it was first collected (ISO 8601). */
  found: string;
}

/** The model a case's link loads: the shipped model is local, everything else is a Hub id. */
export type ModelRef = Permalink['models'][number];

const gold = (inst: Instance) => [...new Set(inst.answers.map((a) => a.text))];

/** A permalink that opens `inst` with perturbation `p` on `model` (stored instances only). */
function linkOf(inst: Instance, model: ModelRef, p: PermalinkPerturbation, allowNull: boolean): Permalink | null {
  if (inst.id === 'live' || inst.tags.includes('free-text')) return { v: 1, models: [model], q: { kind: 'text', passage: inst.context, question: inst.question }, p, allowNull };
  return { v: 1, models: [model], q: { kind: 'instance', dataset: inst.dataset, id: inst.id }, p, allowNull };
}

/** The C2W rows of a revision-pair or synthetic-noise run as cases, e.g. casesFromPairs(rows, instances, model, { kind: 'revision' }, …). */
export function casesFromPairs(
  rows: readonly PairRow[],
  instances: readonly Instance[],
  model: ModelRef,
  p: Extract<PermalinkPerturbation, { kind: 'revision' | 'noise' }>,
  opts: { allowNull: boolean; found: string; perturbation: string; noisyPassage?: (inst: Instance) => string | null },
): FailureCase[] {
  const byKey = new Map(instances.map((i) => [`${i.dataset}\u0000${i.id}`, i]));
  const out: FailureCase[] = [];
  for (const r of rows) {
    if (r.category !== 'C2W') continue;
    const inst = byKey.get(`${r.dataset}\u0000${r.id}`);
    if (!inst) continue;
    const passage = p.kind === 'revision' ? (inst.revision?.context ?? null) : (opts.noisyPassage?.(inst) ?? null);
    const settings = p.kind === 'noise' ? `${p.noise}|${p.rate}|${p.seed}` : '';
    out.push({
      key: [p.kind, model.id, r.dataset, r.id, settings].join('|'),
      kind: p.kind,
      perturbation: opts.perturbation,
      model: model.id,
      dataset: r.dataset,
      id: r.id,
      question: r.question,
      gold: gold(inst),
      original: { passage: inst.context, answer: r.original.text },
      perturbed: { passage, answer: r.perturbed.text },
      link: linkOf(inst, model, p, opts.allowNull),
      starred: false,
      found: opts.found,
    });
  }
  return out;
}

/** The C2W rows of a trap run as cases; `trapped` makes the passage with the trap inserted. */
export function casesFromTraps(
  rows: readonly TrapRow[],
  instances: readonly Instance[],
  model: ModelRef,
  p: Extract<PermalinkPerturbation, { kind: 'trap' }>,
  opts: { allowNull: boolean; found: string; perturbation: string; trapped: (inst: Instance, row: TrapRow) => string | null },
): FailureCase[] {
  const byKey = new Map(instances.map((i) => [`${i.dataset}\u0000${i.id}`, i]));
  const out: FailureCase[] = [];
  for (const r of rows) {
    if (!(r.original.em === 1 && r.trapped.em === 0)) continue;
    const inst = byKey.get(`${r.dataset}\u0000${r.id}`);
    if (!inst) continue;
    out.push({
      key: ['trap', model.id, r.dataset, r.id, r.sentence].join('|'),
      kind: 'trap',
      perturbation: opts.perturbation,
      model: model.id,
      dataset: r.dataset,
      id: r.id,
      question: r.question,
      gold: gold(inst),
      original: { passage: inst.context, answer: r.original.text },
      perturbed: { passage: opts.trapped(inst, r), answer: r.trapped.text },
      // The live trap panel makes the same trap from the same source, position and seed.
      link: linkOf(inst, model, p, opts.allowNull),
      starred: false,
      found: opts.found,
    });
  }
  return out;
}

/** Adds new cases to the gallery: a case already there keeps its star and first-seen time; newest first. */
export function mergeCases(existing: readonly FailureCase[], found: readonly FailureCase[], max = 500): FailureCase[] {
  const have = new Map(existing.map((c) => [c.key, c]));
  const fresh: FailureCase[] = [];
  for (const c of found) {
    const old = have.get(c.key);
    if (old) have.set(c.key, { ...c, starred: old.starred, found: old.found });
    else if (!fresh.some((f) => f.key === c.key)) fresh.push(c);
  }
  const all = [...fresh, ...existing.map((c) => have.get(c.key)!)];
  // Over the cap, unstarred cases go first (oldest first); starred ones are kept.
  if (all.length <= max) return all;
  const starred = all.filter((c) => c.starred);
  return [...all.filter((c) => !c.starred).slice(0, Math.max(0, max - starred.length)), ...starred];
}

/** Cases grouped by perturbation, then by model, in first-seen order, e.g. [{ perturbation, models: [{ model, cases }] }]. */
export function groupCases(cases: readonly FailureCase[]): { perturbation: string; models: { model: string; cases: FailureCase[] }[] }[] {
  const groups: { perturbation: string; models: { model: string; cases: FailureCase[] }[] }[] = [];
  for (const c of cases) {
    let g = groups.find((x) => x.perturbation === c.perturbation);
    if (!g) groups.push((g = { perturbation: c.perturbation, models: [] }));
    let m = g.models.find((x) => x.model === c.model);
    if (!m) g.models.push((m = { model: c.model, cases: [] }));
    m.cases.push(c);
  }
  return groups;
}

const CSV_COLUMNS = ['kind', 'perturbation', 'model', 'dataset', 'id', 'question', 'gold', 'original_answer', 'perturbed_answer', 'original_passage', 'perturbed_passage', 'starred', 'found'] as const;

/** The cases as CSV (one row each, gold answers joined by " | "), formula-safe for spreadsheets. */
export function casesToCsv(cases: readonly FailureCase[]): string {
  const data = cases.map((c) => [c.kind, c.perturbation, c.model, c.dataset, c.id, c.question, c.gold.join(' | '), c.original.answer, c.perturbed.answer, c.original.passage, c.perturbed.passage ?? '', c.starred, c.found]);
  return Papa.unparse({ fields: [...CSV_COLUMNS], data }, { newline: '\r\n', escapeFormulae: FORMULA_START });
}

/** The cases as a JSON document, e.g. { format: 'qarx-failure-gallery', version: 1, cases: [...] }. */
export function casesToJson(cases: readonly FailureCase[]): string {
  return JSON.stringify({ format: 'qarx-failure-gallery', version: 1, cases }, null, 2);
}
