/**
 * The failure gallery: correct-to-wrong (C2W) cases collected from every run that answers a
 * question on an original and a perturbed passage — C2W by the one category rule (categories.ts),
 * so a partly right answer (F1 ≥ 0.4 under the script rule) is never collected — keyed so a case seen again is not duplicated,
 * grouped by perturbation and model, and exported as JSON or formula-safe CSV.
 */
import Papa from 'papaparse';
import type { Instance } from '../data/types.ts';
import { FORMULA_START } from '../formats/pairs-csv.ts';
import { MAX_FOUND_CASES, type FoundCase } from './found-case.ts';
import type { AdversarialRow } from '../trap/adversarial.ts';
import { isC2W, type CategoryRule } from '../natural/categories.ts';
import type { PairRow } from '../natural/pairs.ts';
import type { Permalink, PermalinkPerturbation } from './permalink.ts';
import type { TrapRow } from '../trap/summary.ts';
import { caseRunKey, type CaseRun } from './case-run.ts';

/** What made a case's perturbed side: 'adversarial' an Adversarial SQuAD variant, 'attack' a found smallest breaking edit (Find a failure). */
export type CaseKind = 'revision' | 'noise' | 'trap' | 'rename' | 'universal' | 'paraphrase' | 'adversarial' | 'attack';

/** Case kinds whose runs hand over at most MAX_FOUND_CASES cases (found by a batch experiment in the worker); the others hand over every C2W row. */
export const CAPPED_CASE_KINDS: ReadonlySet<CaseKind> = new Set<CaseKind>(['rename', 'universal', 'paraphrase', 'adversarial']);

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
  /** The gold answers in the perturbed passage, when the perturbation changed them (a renamed answer entity). */
  perturbedGold?: string[];
  original: { passage: string; answer: string };
  /** The perturbed question, when the perturbation changed it (paraphrases, renamed question persons). */
  perturbedQuestion?: string;
  /** The perturbed passage, or null when it is only made again live (synthetic noise before it is computed). */
  perturbed: { passage: string | null; answer: string };
  /** Opens the case live; null when the question is not stored (free text is carried in the link). */
  link: Permalink | null;
  starred: boolean;
  /** When it was first collected (ISO 8601). */
  found: string;
  /** The run that found it and its scoring settings (absent in cases collected before runs were named). */
  run?: CaseRun;
  /** Later runs that found the same case again: it stays under every run that found it. */
  alsoRuns?: CaseRun[];
  /** The run whose answers and words the case holds, when that is a later run than `run`: its scoring ("no answer", metric, C2W rule) may differ from the first run's. */
  answersRun?: CaseRun;
}

/** What every collector is told about the run whose cases it makes. */
export interface CaseOpts {
  allowNull: boolean;
  found: string;
  run?: CaseRun;
}

/** The run field of a case, when the collector knows the run. */
const runField = (opts: CaseOpts): Pick<FailureCase, 'run'> => (opts.run ? { run: opts.run } : {});

/** The model a case's link loads: the shipped model is local, everything else is a Hub id. */
export type ModelRef = Permalink['models'][number];

const gold = (inst: Instance) => [...new Set(inst.answers.map((a) => a.text))];

/** A permalink that opens `inst` with perturbation `p` on `model`: a stored question as itself (dataset, id, gold), free text as its text. */
function linkOf(inst: Pick<Instance, 'id' | 'dataset' | 'context' | 'question' | 'tags'>, model: ModelRef, p: PermalinkPerturbation, allowNull: boolean): Permalink {
  if (inst.id === 'live' || inst.tags.includes('free-text')) return { v: 1, models: [model], q: { kind: 'text', passage: inst.context, question: inst.question }, p, allowNull };
  return { v: 1, models: [model], q: { kind: 'instance', dataset: inst.dataset, id: inst.id }, p, allowNull };
}

/**
 * The link of a case whose perturbed side has no live control (a paraphrase, a universal name, a found
 * edit): it opens the original question — stored ones with their dataset and gold — and the reopened
 * case beside it shows the perturbed side as the run answered it.
 */
export function originalLink(c: { stored: boolean; dataset: string; id: string; question: string; passage: string }, model: ModelRef, allowNull: boolean): Permalink {
  return linkOf({ id: c.stored ? c.id : 'live', dataset: c.dataset, context: c.passage, question: c.question, tags: [] }, model, { kind: 'none' }, allowNull);
}

/** The fields a pair row and a trap row share: enough to find the instance and fill the original side. */
type C2wRow = Pick<PairRow, 'dataset' | 'id' | 'question'> & { original: { text: string } };

/** Instances by dataset and id, so a row finds the instance it was run on. */
const byInstanceKey = (instances: readonly Instance[]) => new Map(instances.map((i) => [`${i.dataset}\u0000${i.id}`, i]));

/** One case for row `r` run on stored instance `inst`; `settings` ends the key, so one failure is one case. */
function caseOf(
  r: C2wRow,
  inst: Instance,
  model: ModelRef,
  p: Extract<PermalinkPerturbation, { kind: 'revision' | 'noise' | 'trap' }>,
  opts: CaseOpts & { perturbation: string },
  settings: string,
  perturbed: FailureCase['perturbed'],
): FailureCase {
  return {
    key: [p.kind, model.id, r.dataset, r.id, settings].join('|'),
    kind: p.kind,
    perturbation: opts.perturbation,
    model: model.id,
    dataset: r.dataset,
    id: r.id,
    question: r.question,
    gold: gold(inst),
    original: { passage: inst.context, answer: r.original.text },
    perturbed,
    link: linkOf(inst, model, p, opts.allowNull),
    starred: false,
    found: opts.found,
    ...runField(opts),
  };
}

/** The C2W rows of a revision-pair or synthetic-noise run as cases, e.g. casesFromPairs(rows, instances, model, { kind: 'revision' }, …). */
export function casesFromPairs(
  rows: readonly PairRow[],
  instances: readonly Instance[],
  model: ModelRef,
  p: Extract<PermalinkPerturbation, { kind: 'revision' | 'noise' }>,
  opts: CaseOpts & { perturbation: string; noisyPassage?: (inst: Instance) => string | null },
): FailureCase[] {
  const byKey = byInstanceKey(instances);
  const out: FailureCase[] = [];
  for (const r of rows) {
    if (r.category !== 'C2W') continue;
    const inst = byKey.get(`${r.dataset}\u0000${r.id}`);
    if (!inst) continue;
    const passage = p.kind === 'revision' ? (inst.revision?.context ?? null) : (opts.noisyPassage?.(inst) ?? null);
    const settings = p.kind === 'noise' ? `${p.noise}|${p.rate}|${p.seed}` : '';
    out.push(caseOf(r, inst, model, p, opts, settings, { passage, answer: r.perturbed.text }));
  }
  return out;
}

/** The C2W rows of a trap run (under `rule`, the script's by default) as cases; `trapped` makes the passage with the trap inserted. */
export function casesFromTraps(
  rows: readonly TrapRow[],
  instances: readonly Instance[],
  model: ModelRef,
  p: Extract<PermalinkPerturbation, { kind: 'trap' }>,
  opts: CaseOpts & { perturbation: string; trapped: (inst: Instance, row: TrapRow) => string | null; rule?: CategoryRule },
): FailureCase[] {
  const byKey = byInstanceKey(instances);
  const out: FailureCase[] = [];
  for (const r of rows) {
    if (!isC2W(r.original, r.trapped, opts.rule)) continue;
    const inst = byKey.get(`${r.dataset}\u0000${r.id}`);
    if (!inst) continue;
    // The link opens the live trap panel, which makes the same trap from the same source, position and seed.
    out.push(caseOf(r, inst, model, p, opts, r.sentence, { passage: opts.trapped(inst, r), answer: r.trapped.text }));
  }
  return out;
}

/**
 * Cases found by a batch experiment (sweep, budget, universal names, paraphrases) as gallery cases.
 * A seeded renaming of a stored question opens live as that renaming; a fixed name or a paraphrase
 * opens its original question (originalLink) and the case shows the perturbed side.
 */
export function casesFromFound(
  found: readonly FoundCase[],
  model: ModelRef,
  kind: Extract<CaseKind, 'rename' | 'universal' | 'paraphrase'>,
  opts: CaseOpts & { perturbation: (c: FoundCase) => string },
): FailureCase[] {
  return found.map((c) => {
    const o = c.rename;
    const where = c.stored ? c.id : c.original.passage;
    const settings = o ? [o.type, o.target ?? 'answer', o.source, o.origin, o.seed] : kind === 'universal' ? [c.name ?? ''] : [c.perturbed.question];
    const link: Permalink = o
      ? {
          v: 1,
          models: [model],
          q: c.stored ? { kind: 'instance', dataset: c.dataset, id: c.id } : { kind: 'text', passage: c.original.passage, question: c.question },
          p: { kind: 'rename', type: o.type, ...(o.target ? { target: o.target } : {}), source: o.source, origin: o.origin, seed: o.seed, resemble: false },
          allowNull: opts.allowNull,
        }
      : originalLink({ stored: c.stored, dataset: c.dataset, id: c.id, question: c.question, passage: c.original.passage }, model, opts.allowNull);
    return {
      // The same key as a live renaming with the same settings, so one failure is one case.
      key: [kind, model.id, c.dataset, where, ...settings].join('|'),
      kind,
      perturbation: opts.perturbation(c),
      model: model.id,
      dataset: c.dataset,
      id: c.id,
      question: c.question,
      gold: c.gold,
      ...(c.perturbedGold ? { perturbedGold: c.perturbedGold } : {}),
      original: { ...c.original },
      perturbed: { passage: c.perturbed.passage, answer: c.perturbed.answer },
      ...(c.perturbed.question !== c.question ? { perturbedQuestion: c.perturbed.question } : {}),
      link,
      starred: false,
      found: opts.found,
      ...runField(opts),
    };
  });
}

/**
 * The originals an Adversarial SQuAD run broke (answered exactly, its worst variant C2W under `rule`) as trap
 * cases, at most `max`. The link opens the variant itself: the live view shows an adversarial
 * variant beside its original passage with the inserted sentence (AdversarialPanel), so the
 * question opens with the same perturbation.
 */
export function casesFromAdversarial(
  run: { output: { rows: readonly AdversarialRow[] }; predictions: Readonly<Record<string, string>> },
  instances: readonly Instance[],
  model: ModelRef,
  opts: CaseOpts & { rule?: CategoryRule },
  max = MAX_FOUND_CASES,
): FailureCase[] {
  const byId = new Map(instances.map((i) => [i.id, i]));
  const out: FailureCase[] = [];
  for (const r of run.output.rows) {
    if (out.length >= max) break;
    if (!r.original || !r.adversarial || !isC2W(r.original, r.adversarial, opts.rule) || !r.worstId || r.worstId === r.originalId) continue;
    const variant = byId.get(r.worstId);
    const originalPassage = variant?.adversarial?.originalContext ?? byId.get(r.originalId)?.context;
    if (!variant || originalPassage === undefined) continue;
    out.push({
      key: ['adversarial', model.id, variant.dataset, variant.id].join('|'),
      kind: 'adversarial',
      perturbation: 'Adversarial SQuAD sentence (Jia & Liang 2017)',
      model: model.id,
      dataset: variant.dataset,
      id: variant.id,
      question: variant.question,
      gold: gold(variant),
      original: { passage: originalPassage, answer: run.predictions[r.originalId] ?? '' },
      perturbed: { passage: variant.context, answer: run.predictions[variant.id] ?? '' },
      link: linkOf(variant, model, { kind: 'none' }, opts.allowNull),
      starred: false,
      found: opts.found,
      ...runField(opts),
    });
  }
  return out;
}

/** Every run that found a case, the first one first, e.g. a sweep's case a later budget run found again → [sweep, budget]. */
export function caseRuns(c: Pick<FailureCase, 'run' | 'alsoRuns'>): CaseRun[] {
  return c.run ? [c.run, ...(c.alsoRuns ?? [])] : [...(c.alsoRuns ?? [])];
}

/** The run whose answers a case holds (the latest that found it), e.g. a sweep's case a budget run found again → the budget run. */
export function answersRun(c: Pick<FailureCase, 'run' | 'answersRun'>): CaseRun | undefined {
  return c.answersRun ?? c.run;
}

/**
 * `old` found again as `again`: the first run stays the case's run and the new one is added to its
 * runs, so no run loses a case it found. The case's words, answers and link are the latest finding's (a
 * budget's "worst-case renaming" of a seed a sweep renamed the same way), and so is the run they are
 * scored as (answersRun); its star and first-seen time are the first's.
 */
function foundAgain(old: FailureCase, again: FailureCase): FailureCase {
  const runs = caseRuns(old);
  const seen = new Set(runs.map((r) => caseRunKey(r, old.model)));
  for (const r of caseRuns(again)) {
    if (seen.has(caseRunKey(r, old.model))) continue;
    seen.add(caseRunKey(r, old.model));
    runs.push(r);
  }
  const [run, ...alsoRuns] = runs;
  const { run: _r, alsoRuns: _a, answersRun: _s, ...data } = again;
  const latest = answersRun(again);
  const later = latest && run && caseRunKey(latest, old.model) !== caseRunKey(run, old.model) ? { answersRun: latest } : {};
  return { ...data, ...(run ? { run } : {}), ...(alsoRuns.length ? { alsoRuns } : {}), ...later, starred: old.starred, found: old.found };
}

/** Adds new cases to the gallery: a case already there keeps its star, first-seen time and first run, and adds the new run; newest first. */
export function mergeCases(existing: readonly FailureCase[], found: readonly FailureCase[], max = 500): FailureCase[] {
  const have = new Map(existing.map((c) => [c.key, c]));
  const fresh: FailureCase[] = [];
  for (const c of found) {
    const old = have.get(c.key);
    if (old) have.set(c.key, foundAgain(old, c));
    else if (!fresh.some((f) => f.key === c.key)) fresh.push(c);
  }
  const all = [...fresh, ...existing.map((c) => have.get(c.key)!)];
  // Over the cap, unstarred cases go first (oldest first); starred ones are kept.
  if (all.length <= max) return all;
  const starred = all.filter((c) => c.starred);
  return [...all.filter((c) => !c.starred).slice(0, Math.max(0, max - starred.length)), ...starred];
}

/** The seed of a case's seeded perturbation (a renaming, noise, a trap), or null, e.g. 3 for a renaming drawn with seed 3. */
export function caseSeed(c: Pick<FailureCase, 'link'>): number | null {
  const p: Record<string, unknown> | undefined = c.link?.p;
  return p && typeof p.seed === 'number' ? p.seed : null;
}

/** "seed 3" when a case's perturbation is seeded and its words leave the seed out, else null: it tells apart one question broken under several seeds. */
export function seedNote(c: Pick<FailureCase, 'perturbation' | 'link'>): string | null {
  const seed = caseSeed(c);
  return seed === null || /\bseed \d/.test(c.perturbation) ? null : `seed ${seed}`;
}

/** A case's perturbation in words with its seed when the words leave it out, e.g. "entity renaming: PER, DBName (US names), seed 3". */
export function caseLabel(c: Pick<FailureCase, 'perturbation' | 'link'>): string {
  const note = seedNote(c);
  return note ? `${c.perturbation}, ${note}` : c.perturbation;
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
