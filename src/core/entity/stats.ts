/** Scores and summaries of renaming experiments: categories, error kinds, mean ± std, sweep rows. */
import type { Score } from '../data/score.ts';
import { getTokens } from '../metrics/squad.ts';
import { dropOf } from '../metrics/drop.ts';
import type { NotRenamable } from './rename.ts';
import type { EntityChoice, NameSource, Origin, RenameTarget } from './options.ts';

import type { Category } from '../natural/categories.ts';

export { CATEGORIES, category, type Category } from '../natural/categories.ts';

/** A wrong answer is wrong-entity when it shares no word with any gold answer, else wrong-boundary; correct answers are neither. */
export type ErrorKind = 'correct' | 'wrong-entity' | 'wrong-boundary';

/** The error kind of a prediction, e.g. errorKind('Pierre Curie', ['Marie Curie'], 0) === 'wrong-boundary'. */
export function errorKind(prediction: string, golds: readonly string[], em: number): ErrorKind {
  if (em === 1) return 'correct';
  const words = new Set(getTokens(prediction));
  const shares = golds.some((g) => getTokens(g).some((t) => words.has(t)));
  return shares ? 'wrong-boundary' : 'wrong-entity';
}

export type ErrorCounts = Record<ErrorKind, number>;
export const noErrors = (): ErrorCounts => ({ correct: 0, 'wrong-entity': 0, 'wrong-boundary': 0 });

/** Mean and (population) standard deviation, e.g. meanStd([1, 3]) → { mean: 2, std: 1 }. */
export function meanStd(xs: readonly number[]): { mean: number; std: number } {
  if (xs.length === 0) return { mean: NaN, std: NaN };
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const v = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length;
  return { mean, std: Math.sqrt(v) };
}

/** Average EM/F1 of scores, in 0..100, e.g. averageScore([{ em: 1, f1: 1 }, { em: 0, f1: 0.5 }]) → { em: 50, f1: 75 }. */
export function averageScore(scores: readonly Score[]): Score {
  if (scores.length === 0) return { em: NaN, f1: NaN };
  return { em: (100 * scores.reduce((a, s) => a + s.em, 0)) / scores.length, f1: (100 * scores.reduce((a, s) => a + s.f1, 0)) / scores.length };
}

/** One (type, source, origin, seed) run over the selection. */
export interface SweepCell {
  type: EntityChoice;
  /** What was renamed ('answer' when absent). */
  target?: RenameTarget;
  source: NameSource;
  origin: Origin;
  seed: number;
  /** Instances renamed (the rest had no renamable answer entity of this type). */
  n: number;
  orig: Score;
  pert: Score;
  /** Questions per category under the run's category rule; partial is absent in runs saved before issue 38. */
  categories: Record<Category, number> & { partial?: number };
  errors: { orig: ErrorCounts; pert: ErrorCounts };
  skipped: Partial<Record<NotRenamable, number>>;
  /** Each renamed question's scores (0..1), kept so the result can be sliced by title, domain, …; absent in runs saved before. */
  questions?: QuestionScores[];
  /** Set on a cell a stop cut short (a streamed sweep's cancel: it covers only the blocks finished); its row is never complete. */
  partial?: true;
}

/** One question's original and perturbed scores in an experiment (0..1), for slice tables. */
export interface QuestionScores {
  id: string;
  dataset: string;
  original: Score;
  perturbed: Score;
}

const meanScore = (xs: readonly Score[]): Score => ({ em: xs.reduce((a, x) => a + x.em, 0) / xs.length, f1: xs.reduce((a, x) => a + x.f1, 0) / xs.length });

/**
 * Per-question rows merged by (dataset, id): the first original score and the mean of the perturbed
 * ones with their count, e.g. two seeds renaming q1 to F1 0 and 1 → one row with perturbed F1 0.5, count 2.
 * The question is the unit of every drop and its CI (a question tried twice is one observation).
 */
export function mergeQuestions(rows: readonly QuestionScores[]): (QuestionScores & { count: number })[] {
  const by = new Map<string, { first: QuestionScores; perturbed: Score[] }>();
  for (const r of rows) {
    const k = `${r.dataset}\u0000${r.id}`;
    const g = by.get(k);
    if (g) g.perturbed.push(r.perturbed);
    else by.set(k, { first: r, perturbed: [r.perturbed] });
  }
  return [...by.values()].map(({ first, perturbed }) => ({ ...first, perturbed: meanScore(perturbed), count: perturbed.length }));
}

/** How far a run is: `done` of `total` units (a sweep's are model inputs, sweep-progress.ts), during step `label`. */
export interface SweepProgress {
  done: number;
  total: number;
  label: string;
  /** The total is scaled from the questions read so far (a streamed sweep with blocks still unread). */
  estimated?: boolean;
}

/** One row of a sweep summary: mean ± std over seeds and the drop from the original. */
export interface SweepRow {
  type: EntityChoice;
  source: NameSource;
  origin: Origin;
  /** Seeds finished for this row, and how many the run planned (a cancelled run leaves rows partial). */
  seeds: number;
  plannedSeeds: number;
  /** All planned seeds finished: only complete rows go into charts and means. */
  complete: boolean;
  n: number;
  orig: Score;
  /** Wrong-entity and wrong-boundary counts of this row's cells (the paper's Table 6 is per type × source). */
  errors: { orig: ErrorCounts; pert: ErrorCounts };
  /** Mean ± std over perturbation seeds (the paper's ± is over training seeds). */
  pertEm: { mean: number; std: number };
  pertF1: { mean: number; std: number };
  dropEm: number;
  dropF1: number;
}

/**
 * Groups cells by (type, source, origin) and summarises over seeds, e.g. five seeds of PER·db·us →
 * one row; with `plannedSeeds`, a row with fewer finished seeds is marked incomplete, and so is
 * a row with a cell a stop cut short (`partial`, set by the sweep itself, so no caller can forget it).
 */
export function summarizeSweep(cells: readonly SweepCell[], plannedSeeds = 0): SweepRow[] {
  const groups = new Map<string, SweepCell[]>();
  for (const c of cells) {
    const k = `${c.type}|${c.source}|${c.origin}`;
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  return [...groups.values()].map((cs) => {
    const first = cs[0] as SweepCell;
    const valid = cs.filter((c) => c.n > 0);
    const orig = { em: meanStd(valid.map((c) => c.orig.em)).mean, f1: meanStd(valid.map((c) => c.orig.f1)).mean };
    const pertEm = meanStd(valid.map((c) => c.pert.em));
    const pertF1 = meanStd(valid.map((c) => c.pert.f1));
    const planned = Math.max(plannedSeeds, cs.length);
    return { type: first.type, source: first.source, origin: first.origin, seeds: cs.length, plannedSeeds: planned, complete: cs.length >= planned && !cs.some((c) => c.partial), n: first.n, orig, errors: errorShares(cs), pertEm, pertF1, dropEm: dropOf(orig.em, pertEm.mean), dropF1: dropOf(orig.f1, pertF1.mean) };
  });
}

/** Error kinds summed over cells, on the original and the perturbed side, e.g. for the wrong-entity chart. */
export function errorShares(cells: readonly SweepCell[]): { orig: ErrorCounts; pert: ErrorCounts } {
  const out = { orig: noErrors(), pert: noErrors() };
  for (const c of cells) {
    for (const k of ['correct', 'wrong-entity', 'wrong-boundary'] as const) {
      out.orig[k] += c.errors.orig[k];
      out.pert[k] += c.errors.pert[k];
    }
  }
  return out;
}

/** Wrong-entity and wrong-boundary shares (%) of the wrong answers, e.g. 3 entity + 1 boundary → { entity: 75, boundary: 25 }; NaN when none is wrong. */
export function wrongShares(c: ErrorCounts): { entity: number; boundary: number } {
  const wrong = c['wrong-entity'] + c['wrong-boundary'];
  return wrong ? { entity: (100 * c['wrong-entity']) / wrong, boundary: (100 * c['wrong-boundary']) / wrong } : { entity: NaN, boundary: NaN };
}

/** Scores of one condition (original, random, worst, best) and the stability over the budget. */
export interface BudgetScores {
  original: Score;
  /** Mean over every random renaming of every question. */
  random: Score;
  /** Std over the B random runs (run k = every question's k-th renaming), in the same units as `random`. */
  randomStd: Score;
  worst: Score;
  best: Score;
  /** Share of instances (0..1) whose answer, mapped back to the original passage, never changes. */
  stability: number;
}

export interface BudgetInstance {
  id: string;
  original: string;
  worst: { seed: number; em: number; f1: number; text: string };
  best: { seed: number; em: number; f1: number; text: string };
  /** Mean EM/F1 (0..1) over the B random renamings, for the random row's statistics (absent in older runs). */
  random?: Score;
  stable: boolean;
}

/** Which questions chose RESEMBLE's canonical names (§4) and which carry the figures. */
export interface ResembleSplit {
  /** The split's seed and the validation share of the eligible questions. */
  seed: number;
  share: number;
  /** Ids of the validation part (the figures are on the other, test part: perInstance). */
  validationIds: string[];
  /** Names chosen per span kind (first names by gender), M each. */
  names: Record<string, string[]>;
  /** Each probed candidate's mean F1/EM and question count on the validation part. */
  scores: Record<string, { name: string; f1: number; em: number; n: number }[]>;
}

export interface BudgetResult {
  /** Questions the figures are on: all eligible ones, or with RESEMBLE the test part of the split. */
  n: number;
  plain: BudgetScores;
  defended: BudgetScores | null;
  perInstance: BudgetInstance[];
  /** With RESEMBLE: its per-question rows (its own answers), for the RESEMBLE column's statistics (absent in older runs). */
  defendedPerInstance?: BudgetInstance[];
  cancelled: boolean;
  /** With RESEMBLE: the validation split that chose the canonical names (absent in older runs). */
  resembleSplit?: ResembleSplit;
}

/**
 * One name source's F1 drop over the entity types it renamed (MIX left out: it holds the same
 * questions again), weighted by each row's questions, with their total, e.g. rows PER·db n 20 drop 10
 * and GPE·db n 10 drop 4 → { drop: 8, n: 30 }; no row → { drop: NaN, n: 0 }.
 */
export function sourceDrop(rows: readonly Pick<SweepRow, 'type' | 'source' | 'n' | 'dropF1'>[], source: NameSource): { drop: number; n: number } {
  // A type with no renamable question has a complete row of n 0 and a NaN drop: it adds nothing.
  const rs = rows.filter((r) => r.source === source && r.type !== 'MIX' && r.n > 0 && Number.isFinite(r.dropF1));
  const n = rs.reduce((a, r) => a + r.n, 0);
  return { drop: n ? rs.reduce((a, r) => a + r.dropF1 * r.n, 0) / n : Number.NaN, n };
}

/**
 * The rows a sweep's summary charts draw: the complete rows, and of the PER · DBName rows (one per
 * person-name origin) only the run's main origin, so each source counts each question once.
 */
export function mainSweepRows<R extends Pick<SweepRow, 'type' | 'source' | 'origin' | 'complete'>>(rows: readonly R[], origin: Origin): R[] {
  return rows.filter((r) => r.complete && (r.origin === origin || !(r.type === 'PER' && r.source === 'db')));
}

/**
 * Each name source's F1 drop (sourceDrop) over a sweep's main rows, in the rows' order of sources,
 * with the entity types it covers (the origin rows add PER · DBName alone); the chart, `qarx sweep`
 * and its JSON read it.
 */
export function sourceDrops(rows: readonly Pick<SweepRow, 'type' | 'source' | 'origin' | 'complete' | 'n' | 'dropF1'>[], origin: Origin): { source: NameSource; drop: number; n: number; types: EntityChoice[] }[] {
  const main = mainSweepRows(rows, origin);
  const typesOf = (source: NameSource) => [...new Set(main.filter((r) => r.source === source && r.type !== 'MIX' && r.n > 0 && Number.isFinite(r.dropF1)).map((r) => r.type))];
  return [...new Set(main.map((r) => r.source))].map((source) => ({ source, ...sourceDrop(main, source), types: typesOf(source) }));
}

/** The entity types a run's per-source drops cover in all, in PER, ORG, GPE order (the chart's title); a source with fewer says which. */
export function sourceDropTypes(drops: readonly { types: readonly EntityChoice[] }[]): EntityChoice[] {
  const all = new Set(drops.flatMap((d) => d.types));
  return (['PER', 'ORG', 'GPE'] as const).filter((t) => all.has(t));
}
